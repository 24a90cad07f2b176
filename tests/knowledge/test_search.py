"""Hybrid search over the real shipped content: meaning, French account names, typos, filters, snippets,
the substring fallback before the first ingestion, and both languages (results shown in the language asked for,
found by a query in either)."""

from __future__ import annotations

import html

import pytest
from sqlalchemy import delete
from sqlalchemy.orm import Session

from api.knowledge.models import KbDocument
from knowledge.content import Article, HelpTopic, KnowledgeBase
from knowledge.ingest import IngestReport, source_documents
from knowledge.search import search, substring_search

pytestmark = pytest.mark.usefixtures("ingested_kb")


def _ids(session: Session, query: str, **filters: object) -> list[str]:
    return [hit.id for hit in search(session=session, query=query, **filters)]  # type: ignore[arg-type]


def test_the_whole_shipped_content_is_indexed(ingested_kb: IngestReport, shipped_kb: KnowledgeBase) -> None:
    english = len(shipped_kb.topics) + len(shipped_kb.articles)
    assert ingested_kb.documents == len(source_documents(shipped_kb)) == 2 * english >= 160  # English and French


def test_rainy_day_fund_finds_the_emergency_fund_topic_first(session: Session) -> None:
    assert _ids(session, "rainy day fund", prefer="help")[0] == "emergency-fund"


def test_a_plain_words_question_finds_the_emergency_fund(session: Session) -> None:
    hits = search(session=session, query="how much should I keep for emergencies?", prefer="help")
    assert hits[0].id == "emergency-fund" and hits[0].kind == "help"
    assert {"vector", "text"} <= set(hits[0].matched_by)


def test_celi_limit_finds_tfsa_content_first(session: Session) -> None:
    """The TFSA's limit: the contribution-room topic (tagged "tfsa limit") or the TFSA article."""
    hits = search(session=session, query="CELI limit")
    assert hits[0].id in ("registered-account-room", "tfsa-basics") and "TFSA" in hits[0].title
    assert "<mark>" in hits[0].snippet


def test_reer_finds_rrsp_content_first(session: Session) -> None:
    assert "rrsp" in _ids(session, "REER")[0]


def test_when_can_i_retire_finds_fire_number_or_retirement_content(session: Session) -> None:
    top = search(session=session, query="when can I retire", prefer="help")[0]
    assert top.id == "fire-number" or "retire" in (top.title + top.id).lower()


def test_a_typo_still_finds_the_topic(session: Session) -> None:
    assert "emergency-fund" in _ids(session, "emergancy fund", prefer="help")[:2]


def test_one_result_per_document(session: Session) -> None:
    ids = _ids(session, "TFSA contribution room withdrawals", limit=20)
    assert len(ids) == len(set(ids)) > 5


def test_the_kind_filter_narrows_results(session: Session) -> None:
    articles = search(session=session, query="emergency fund", kind="article")
    topics = search(session=session, query="emergency fund", kind="help")
    assert articles and {h.kind for h in articles} == {"article"}
    assert topics and {h.kind for h in topics} == {"help"}
    assert topics[0].id == "emergency-fund"


def test_the_category_filter_narrows_results(session: Session) -> None:
    hits = search(session=session, query="TFSA", category="Registered Accounts", limit=20)
    assert hits and {h.category for h in hits} == {"Registered Accounts"}
    assert "tfsa" in hits[0].id


def test_a_filter_with_few_rows_still_returns_its_best_matches(session: Session) -> None:
    hits = search(session=session, query="screen reader and keyboard", kind="help", category="Accessibility")
    assert hits and {h.category for h in hits} == {"Accessibility"}


def test_snippets_are_escaped_and_marked(session: Session) -> None:
    hit = search(session=session, query="compound interest")[0]
    assert "<mark>" in hit.snippet and "<script" not in hit.snippet
    assert hit.snippet.replace("<mark>", "").replace("</mark>", "").count("<") == 0


@pytest.mark.parametrize("query", ["immobilier", "condo", "purchase price", "propriété", "rrsp deadline", "celi"])
def test_snippets_are_body_prose_never_the_tag_list(session: Session, shipped_kb: KnowledgeBase, query: str) -> None:
    documents: list[HelpTopic | Article] = [*shipped_kb.topics, *shipped_kb.articles]
    tag_lists = ["; ".join(doc.tags) for doc in documents if len(doc.tags) > 1]
    hits = search(session=session, query=query, prefer="help")
    assert hits
    for hit in hits:
        text = html.unescape(hit.snippet.replace("<mark>", "").replace("</mark>", ""))
        assert text.strip(), f"{hit.id}: empty snippet"
        assert not any(tags[:40] in text or "; ".join(tags.split("; ")[-2:]) in text for tags in tag_lists), (
            f"{hit.id}: snippet quotes the tags: {text}")


def test_a_word_only_in_the_tags_finds_the_topic_with_a_snippet_from_its_body(session: Session) -> None:
    hit = search(session=session, query="immobilier", kind="help")[0]
    assert hit.id == "properties-settings"
    assert "immobilier" not in hit.snippet and "Settings → Properties" in html.unescape(hit.snippet)


def test_rrsp_deadline_reaches_the_articles_deadline_section(session: Session) -> None:
    hits = search(session=session, query="rrsp deadline", prefer="help")  # as the Help Center asks
    article = next(h for h in hits if h.id == "rrsp-basics")
    assert hits.index(article) < 3
    assert article.heading == "The contribution deadline"
    assert "60 days" in article.snippet and "<mark>deadline</mark>" in article.snippet.lower()


@pytest.mark.parametrize("query", ["Getting started", "getting started", "how do I get started"])
def test_getting_started_finds_the_getting_started_topic_first(session: Session, query: str) -> None:
    assert _ids(session, query, prefer="help")[0] == "welcome-to-fire-path"
    assert _ids(session, query, kind="help")[0] == "welcome-to-fire-path"


def test_nothing_for_an_empty_query(session: Session) -> None:
    assert search(session=session, query="   ") == []


def test_before_ingestion_search_falls_back_to_substring_matching(session: Session,
                                                                  shipped_kb: KnowledgeBase) -> None:
    session.execute(delete(KbDocument))  # rolled back with the test
    hits = search(session=session, query="Emergency Fund", kb=shipped_kb)
    assert hits and hits[0].matched_by == ["substring"]
    assert all("emergency fund" in (h.title + h.snippet).lower() or h.id for h in hits)
    assert hits[0].title.lower().count("emergency fund") == 1  # title matches first
    assert substring_search(query="zzzz-not-there", kb=shipped_kb) == []


@pytest.mark.parametrize("query", ["the", "!!!", "'", "\\", "%_", ":*", "&|!", "a\x00b", "\x01"])
def test_odd_queries_neither_fail_nor_match_everything(session: Session, query: str) -> None:
    hits = search(session=session, query=query)
    assert isinstance(hits, list) and len(hits) <= 10


@pytest.mark.parametrize("query", ["zzzzqqq", "asdfgh", "xyzzy"])
def test_gibberish_finds_nothing_rather_than_the_least_unrelated(session: Session, query: str) -> None:
    assert search(session=session, query=query) == []


def test_a_question_in_plain_words_is_not_taken_for_gibberish(session: Session) -> None:
    """A paraphrase that shares no word with its topic is still found by meaning."""
    hits = search(session=session, query="bad market right after I quit my job")
    assert "sequence-of-returns-risk" in [hit.id for hit in hits[:5]]


def test_before_ingestion_snippets_start_at_a_sentence_and_name_their_section(session: Session,
                                                                             shipped_kb: KnowledgeBase) -> None:
    session.execute(delete(KbDocument))  # rolled back with the test
    hits = search(session=session, query="rrsp deadline", kb=shipped_kb)
    article = next(h for h in hits if h.id == "rrsp-basics")
    assert article.heading == "The contribution deadline"
    assert article.snippet.startswith("The <mark>RRSP deadline</mark> for a tax year is 60 days")
    assert article.snippet.endswith(" …") and "  " not in article.snippet


# --- languages ------------------------------------------------------------------------------------------------------

def test_a_french_query_finds_the_topic_shown_in_french(session: Session, shipped_kb: KnowledgeBase) -> None:
    hits = search(session=session, query="fonds d'urgence", kind="help", lang="fr")
    top = hits[0]
    french = shipped_kb.in_language("fr").topic("emergency-fund")
    assert french is not None and french.lang == "fr"
    assert (top.id, top.lang, top.title) == ("emergency-fund", "fr", french.title)
    assert {hit.lang for hit in hits} == {"fr"}
    text = html.unescape(top.snippet)
    assert "<mark>" in top.snippet and ("urgence" in text.lower() or "fonds" in text.lower())
    assert "emergency" not in text.lower()  # the snippet is the French text's


def test_an_english_query_with_lang_fr_finds_the_document_and_shows_it_in_french(
        session: Session, shipped_kb: KnowledgeBase) -> None:
    hits = search(session=session, query="rainy day fund", prefer="help", lang="fr")
    assert hits[0].id == "emergency-fund" and hits[0].lang == "fr"
    assert hits[0].title == shipped_kb.in_language("fr").topic("emergency-fund").title  # type: ignore[union-attr]
    assert "rainy" not in html.unescape(hits[0].snippet).lower()


def test_a_french_query_with_lang_en_finds_the_english_document(session: Session) -> None:
    hits = search(session=session, query="de combien d'argent ai-je besoin pour arrêter de travailler", lang="en",
                  prefer="help")
    assert "fire-number" in [hit.id for hit in hits[:3]]
    assert {hit.lang for hit in hits} == {"en"}
    top = next(hit for hit in hits if hit.id == "fire-number")
    assert top.title == "What is my FIRE number?"


def test_the_same_query_ranks_alike_in_both_languages(session: Session) -> None:
    """The language asked for changes what is shown, not what is found."""
    for query in ("REER ou CELI", "mortgage stress test", "impôt sur les gains en capital"):
        english = [(h.id, h.score) for h in search(session=session, query=query, lang="en")]
        french = [(h.id, h.score) for h in search(session=session, query=query, lang="fr")]
        assert english == french, query


def test_a_french_section_is_quoted_with_its_french_heading(session: Session, shipped_kb: KnowledgeBase) -> None:
    hits = search(session=session, query="date limite de cotisation au REER", lang="fr", prefer="help")
    article = next(hit for hit in hits if hit.id == "rrsp-basics")
    french = shipped_kb.in_language("fr").article("rrsp-basics")
    assert french is not None and article.lang == "fr" and article.title == french.title
    assert article.heading is not None and f"## {article.heading}" in french.content
    assert "60 jours" in html.unescape(article.snippet)


def test_french_words_typed_without_accents_still_match_the_french_text(session: Session) -> None:
    hits = search(session=session, query="interets composes", lang="fr", prefer="help")
    assert hits[0].id in ("compound-interest", "compound-growth")
    assert "<mark>intérêts</mark>" in hits[0].snippet.lower() or "<mark>composés</mark>" in hits[0].snippet.lower()


def test_before_ingestion_the_substring_fallback_shows_the_french_version(session: Session,
                                                                          shipped_kb: KnowledgeBase) -> None:
    session.execute(delete(KbDocument))  # rolled back with the test
    french = search(session=session, query="fonds d'urgence", lang="fr", kb=shipped_kb)
    assert french and french[0].lang == "fr" and "fonds d'urgence" in french[0].title.lower()
    # An English phrase finds the document through its English text, and shows the French version.
    crossed = search(session=session, query="emergency fund", lang="fr", kb=shipped_kb)
    assert crossed and {hit.lang for hit in crossed} == {"fr"} and "emergency-fund" in [h.id for h in crossed]


# French account names, in French: the topic or article that answers comes first, shown in French (issue 22) ------

@pytest.mark.parametrize(("query", "expected"), [
    ("CELI plafond", ("help", "registered-account-room")),  # the tag "plafond du CELI", the other way round
    ("plafond du REER", ("help", "registered-account-room")),
    ("récupération de la SV", ("article", "oas-recovery-tax")),
    ("compte d'épargne libre d'impôt", ("article", "tfsa-basics")),  # the TFSA's name spelled out in French
])
def test_a_french_account_question_finds_its_answer_first_in_french(
        session: Session, shipped_kb: KnowledgeBase, query: str, expected: tuple[str, str]) -> None:
    hits = search(session=session, query=query, lang="fr", prefer="help")  # as the Help Center asks
    kind, doc_id = expected
    assert (hits[0].kind, hits[0].id) == expected, [hit.id for hit in hits]
    french = shipped_kb.in_language("fr")
    document = french.topic(doc_id) if kind == "help" else french.article(doc_id)
    assert document is not None and (hits[0].lang, hits[0].title) == ("fr", document.title)
    assert {hit.lang for hit in hits} == {"fr"}
