"""Ingestion: everything embedded once, then only what changed; removed files leave the index; a new model
re-embeds everything. Runs inside the test's rolled-back transaction on a small content folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from api.knowledge.models import KbChunk, KbDocument
from knowledge.chunking import KEYWORDS_ORDINAL
from knowledge.content import load_knowledge_base
from knowledge.embeddings import DIMENSIONS, Embedder
from knowledge.ingest import ingest, pending_changes
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
