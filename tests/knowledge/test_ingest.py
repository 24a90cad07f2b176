"""Ingestion: everything embedded once, then only what changed; removed files leave the index; a new model
re-embeds everything; translations are documents of their own language, stemmed by its text-search configuration.
Runs inside the test's rolled-back transaction on a small content folder."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from api.knowledge.models import KbChunk, KbDocument
from knowledge.chunking import KEYWORDS_ORDINAL
from knowledge.content import load_knowledge_base
from knowledge.embeddings import DIMENSIONS, Embedder
from knowledge.ingest import CHUNKER_VERSION, SourceDocument, ingest, pending_changes
from tests.knowledge.fixtures import CountingEmbedder

HELP = """---
id: {id}
title: {title}
category: Savings
tags: [{tags}]
video_url: null
---
{body}
"""

ARTICLE = """---
id: tfsa-basics
title: The TFSA, explained
category: Registered Accounts
level: beginner
summary: Tax-free growth for every adult resident.
tags: [tfsa, celi]
related: []
sources: []
updated: 2026-11-23
---
## What it is
{what}

## Contribution room
{room}

## Withdrawals
{withdrawals}
"""


def _sentences(topic: str, n: int = 8) -> str:
    return " ".join(f"Sentence {i} explains {topic} in plain words for Canadians." for i in range(n))


@pytest.fixture
def content(tmp_path: Path, session: Session) -> Path:
    session.execute(delete(KbDocument))  # start from an empty index (rolled back with the test)
    (tmp_path / "help").mkdir()
    (tmp_path / "articles").mkdir()
    (tmp_path / "help" / "emergency-fund.md").write_text(HELP.format(
        id="emergency-fund", title="How big should my emergency fund be?", tags="rainy day fund",
        body=_sentences("the emergency fund")))
    (tmp_path / "help" / "savings-rate.md").write_text(HELP.format(
        id="savings-rate", title="What is my savings rate?", tags="savings rate", body=_sentences("savings rate")))
    (tmp_path / "articles" / "tfsa-basics.md").write_text(ARTICLE.format(
        what=_sentences("what a TFSA is"), room=_sentences("contribution room"),
        withdrawals=_sentences("withdrawals")))
    return tmp_path


def _chunks(session: Session) -> dict[tuple[str, int], tuple[str, str]]:
    rows = session.execute(select(KbDocument.slug, KbChunk.ordinal, KbChunk.id, KbChunk.content_hash)
                           .join(KbDocument, KbDocument.id == KbChunk.document_id))
    return {(slug, ordinal): (str(chunk_id), digest) for slug, ordinal, chunk_id, digest in rows}


def test_first_ingestion_embeds_every_chunk_with_model_and_dimension(
        session: Session, content: Path, embedder: Embedder) -> None:
    counting = CountingEmbedder(embedder)
    report = ingest(session=session, kb=load_knowledge_base(content), embedder=counting)
    assert (report.added, report.updated, report.removed, report.unchanged) == (3, 0, 0, 0)
    chunks = session.execute(select(KbChunk.embedding_model, KbChunk.embedding_dimensions,
                                    func.vector_dims(KbChunk.embedding))).all()
    assert len(chunks) == report.chunks_embedded == len(counting.texts) >= 5
    assert set(chunks) == {(embedder.name, DIMENSIONS, DIMENSIONS)}
    article = session.scalars(select(KbDocument).where(KbDocument.slug == "tfsa-basics")).one()
    assert (article.kind, article.level, article.tags) == ("article", "beginner", ["tfsa", "celi"])
    sections = session.execute(select(KbChunk.ordinal, KbChunk.heading, KbChunk.text)
                               .where(KbChunk.document_id == article.id).order_by(KbChunk.ordinal)).all()
    assert [heading for ordinal, heading, _ in sections if ordinal >= 0] == [
        "What it is", "Contribution room", "Withdrawals"]
    # The summary and tags make a keywords chunk of their own (ordinal -1), kept out of the body's chunks.
    keywords = [text for ordinal, _, text in sections if ordinal == KEYWORDS_ORDINAL]
    assert len(keywords) == 1 and keywords[0].endswith("tfsa; celi")
    assert not any("tfsa; celi" in text for ordinal, _, text in sections if ordinal >= 0)
    matches = session.scalar(select(func.count()).select_from(KbChunk).where(
        KbChunk.search_vector.op("@@")(func.plainto_tsquery("english", "withdrawals"))))
    assert matches == 1  # the generated full-text column is filled


def test_re_ingesting_unchanged_content_embeds_nothing(session: Session, content: Path, embedder: Embedder) -> None:
    kb = load_knowledge_base(content)
    ingest(session=session, kb=kb, embedder=embedder)
    assert not pending_changes(session=session, kb=kb, model=embedder.name)
    counting = CountingEmbedder(embedder)
    report = ingest(session=session, kb=load_knowledge_base(content), embedder=counting)
    assert (report.unchanged, report.chunks_embedded, counting.texts) == (3, 0, [])


def test_editing_one_file_re_embeds_only_its_changed_chunks(
        session: Session, content: Path, embedder: Embedder) -> None:
    ingest(session=session, kb=load_knowledge_base(content), embedder=embedder)
    before = _chunks(session)
    article = content / "articles" / "tfsa-basics.md"
    article.write_text(article.read_text().replace("Sentence 3 explains withdrawals",
                                                   "Sentence 3 now says withdrawals return as room next year"))
    kb = load_knowledge_base(content)
    assert pending_changes(session=session, kb=kb, model=embedder.name)
    counting = CountingEmbedder(embedder)
    report = ingest(session=session, kb=kb, embedder=counting)

    assert (report.updated, report.unchanged, report.changed_documents) == (1, 2, ["article:tfsa-basics"])
    assert len(counting.texts) == report.chunks_embedded == 1
    assert "withdrawals return as room next year" in counting.texts[0]
    assert report.chunks_reused == 3  # the article's other sections and its keywords kept their vectors
    after = _chunks(session)
    assert set(after) == set(before)
    for key, (chunk_id, digest) in before.items():
        if key[0] != "tfsa-basics":
            assert after[key] == (chunk_id, digest)  # other documents untouched
    assert after[("tfsa-basics", 2)][1] != before[("tfsa-basics", 2)][1]
    assert after[("tfsa-basics", 0)][1] == before[("tfsa-basics", 0)][1]


def test_a_removed_file_leaves_the_index(session: Session, content: Path, embedder: Embedder) -> None:
    ingest(session=session, kb=load_knowledge_base(content), embedder=embedder)
    (content / "help" / "savings-rate.md").unlink()
    report = ingest(session=session, kb=load_knowledge_base(content), embedder=embedder)
    assert report.removed == 1
    assert {slug for slug, _ in _chunks(session)} == {"emergency-fund", "tfsa-basics"}


def test_a_new_model_re_embeds_everything(session: Session, content: Path, embedder: Embedder) -> None:
    kb = load_knowledge_base(content)
    first = ingest(session=session, kb=kb, embedder=embedder)
    assert pending_changes(session=session, kb=kb, model="another-model")
    renamed = CountingEmbedder(embedder, name="another-model")
    report = ingest(session=session, kb=kb, embedder=renamed)
    assert report.updated == 3 and len(renamed.texts) == first.chunks_embedded
    assert set(session.scalars(select(KbChunk.embedding_model).distinct())) == {"another-model"}


def test_force_re_embeds_unchanged_content(session: Session, content: Path, embedder: Embedder) -> None:
    kb = load_knowledge_base(content)
    first = ingest(session=session, kb=kb, embedder=embedder)
    counting = CountingEmbedder(embedder)
    report = ingest(session=session, kb=kb, embedder=counting, force=True)
    assert report.chunks_embedded == first.chunks_embedded == len(counting.texts)


# --- languages ------------------------------------------------------------------------------------------------------

FRENCH_ARTICLE = """---
id: tfsa-basics
title: Le CELI, expliqué
category: Registered Accounts
level: beginner
summary: Une croissance libre d'impôt pour chaque adulte résident.
tags: [celi, tfsa]
related: []
sources: []
updated: 2026-11-23
---
## Ce que c'est
{what}

## Droits de cotisation
Les cotisations versées chaque année s'ajoutent aux droits inutilisés des années passées. {room}

## Retraits
{withdrawals}
"""


@pytest.fixture
def bilingual(content: Path) -> Path:
    """The small content folder with a French translation of its article and one of its topics."""
    (content / "fr" / "articles").mkdir(parents=True)
    (content / "fr" / "help").mkdir()
    (content / "fr" / "articles" / "tfsa-basics.md").write_text(FRENCH_ARTICLE.format(
        what=_sentences("ce qu'est un CELI"), room=_sentences("les droits"), withdrawals=_sentences("les retraits")))
    (content / "fr" / "help" / "emergency-fund.md").write_text(HELP.format(
        id="emergency-fund", title="Quelle taille pour mon fonds d'urgence?", tags="fonds d'urgence",
        body=_sentences("le fonds d'urgence")))
    return content


def test_each_translation_is_a_document_of_its_own_language_with_french_stemming(
        session: Session, bilingual: Path, embedder: Embedder) -> None:
    report = ingest(session=session, kb=load_knowledge_base(bilingual), embedder=embedder)
    assert (report.added, report.documents) == (5, 5)
    rows = session.execute(select(KbDocument.slug, KbDocument.lang, KbDocument.title)).all()
    assert {(slug, lang) for slug, lang, _ in rows} == {
        ("emergency-fund", "en"), ("savings-rate", "en"), ("tfsa-basics", "en"),
        ("emergency-fund", "fr"), ("tfsa-basics", "fr")}
    french = session.scalars(select(KbDocument).where(KbDocument.slug == "tfsa-basics", KbDocument.lang == "fr")).one()
    assert french.title == "Le CELI, expliqué"
    chunk_langs = set(session.scalars(select(KbChunk.lang).where(KbChunk.document_id == french.id)))
    assert chunk_langs == {"fr"}

    def matching(config: str, words: str) -> set[tuple[str, str]]:
        return set(session.execute(
            select(KbDocument.slug, KbChunk.lang).join(KbDocument, KbDocument.id == KbChunk.document_id)
            .where(KbChunk.ordinal >= 0, KbChunk.search_vector.op("@@")(func.to_tsquery(config, words)))))

    # 'french' stems "cotisations" and "versées" as "cotiser" and "verser" do; English chunks keep 'english' stems.
    assert matching("french", "cotiser & verser") == {("tfsa-basics", "fr")}
    assert matching("english", "withdrawals") == {("tfsa-basics", "en")}


def test_re_ingesting_two_languages_skips_both_and_a_french_edit_re_embeds_only_french(
        session: Session, bilingual: Path, embedder: Embedder) -> None:
    ingest(session=session, kb=load_knowledge_base(bilingual), embedder=embedder)
    assert not pending_changes(session=session, kb=load_knowledge_base(bilingual), model=embedder.name)
    counting = CountingEmbedder(embedder)
    unchanged = ingest(session=session, kb=load_knowledge_base(bilingual), embedder=counting)
    assert (unchanged.unchanged, unchanged.chunks_embedded, counting.texts) == (5, 0, [])

    article = bilingual / "fr" / "articles" / "tfsa-basics.md"
    article.write_text(article.read_text().replace("Sentence 3 explains les retraits",
                                                   "Sentence 3 dit que les retraits redeviennent des droits"))
    counting = CountingEmbedder(embedder)
    report = ingest(session=session, kb=load_knowledge_base(bilingual), embedder=counting)
    assert report.changed_documents == ["article:tfsa-basics:fr"] and report.unchanged == 4
    assert len(counting.texts) == 1 and "redeviennent des droits" in counting.texts[0]


def test_a_removed_translation_leaves_the_index_and_the_english_stays(
        session: Session, bilingual: Path, embedder: Embedder) -> None:
    ingest(session=session, kb=load_knowledge_base(bilingual), embedder=embedder)
    (bilingual / "fr" / "help" / "emergency-fund.md").unlink()
    report = ingest(session=session, kb=load_knowledge_base(bilingual), embedder=embedder)
    assert report.removed == 1
    assert {(r.slug, r.lang) for r in session.execute(select(KbDocument.slug, KbDocument.lang))} == {
        ("emergency-fund", "en"), ("savings-rate", "en"), ("tfsa-basics", "en"), ("tfsa-basics", "fr")}


def test_english_documents_hash_as_before_languages_came() -> None:
    """An upgrade to migration 0013 marks the indexed rows English; their hashes must not change, or every
    existing installation would re-embed its whole index once for nothing."""
    document = SourceDocument(kind="help", slug="x", title="T", category="Savings", level=None, tags=[],
                              summary=None, content="Body.")
    payload = json.dumps([CHUNKER_VERSION, "help", "x", "T", "Savings", None, [], None, "Body."], ensure_ascii=False)
    assert document.content_hash == hashlib.sha256(payload.encode("utf-8")).hexdigest()
    french = SourceDocument(kind="help", slug="x", title="T", category="Savings", level=None, tags=[], summary=None,
                            content="Body.", lang="fr")
    assert french.content_hash != document.content_hash
