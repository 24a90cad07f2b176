"""Query preparation: French account names gain their English names, typos are corrected to known words."""

from __future__ import annotations

from knowledge.content import KnowledgeBase
from knowledge.query import fold, prepare


def test_french_acronyms_are_expanded(shipped_kb: KnowledgeBase) -> None:
    prepared = prepare("plafond CELI", shipped_kb)
    assert "tfsa" in prepared.terms and "limit" in prepared.terms
    assert "tax-free savings account" in prepared.expanded
    assert "rrsp" in prepare("REER ou CELI?", shipped_kb).terms
    assert "fhsa" in prepare("celiapp", shipped_kb).terms


def test_typos_are_corrected_to_words_of_the_knowledge_base(shipped_kb: KnowledgeBase) -> None:
    prepared = prepare("emergancy fund", shipped_kb)
    assert prepared.corrected == "emergency fund"
    assert prepare("contribtion room", shipped_kb).corrected == "contribution room"


def test_stopwords_leave_the_full_text_terms(shipped_kb: KnowledgeBase) -> None:
    assert prepare("how much should I keep for emergencies?", shipped_kb).terms == ("much", "keep", "emergencies")
    assert prepare("the", shipped_kb).terms == ()


def test_fold_removes_accents_and_case() -> None:
    assert fold("Épargne Québec\u2019s") == "epargne quebec's"
