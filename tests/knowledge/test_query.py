"""Query preparation: French account names gain their English names, typos are corrected to known words, the
query's language is read from its words, and French words gain accents and English counterparts."""

from __future__ import annotations

import pytest

from knowledge.content import KnowledgeBase
from knowledge.query import fold, prepare


def test_french_acronyms_are_expanded(shipped_kb: KnowledgeBase) -> None:
    prepared = prepare("plafond CELI", shipped_kb)
    assert "tfsa" in prepared.terms and "limit" in prepared.terms
    assert "tax-free savings account" in prepared.expanded
    assert "rrsp" in prepare("REER ou CELI?", shipped_kb).terms
    assert "fhsa" in prepare("celiapp", shipped_kb).terms


def test_full_text_looks_an_account_up_by_its_acronyms_not_the_words_of_its_name(shipped_kb: KnowledgeBase) -> None:
    """"tax", "free", "savings" and "account" are in most documents: as full-text terms they bury the answer."""
    prepared = prepare("CELI plafond", shipped_kb, reader="fr")
    assert prepared.terms == ("celi", "plafond", "tfsa", "limit")
    assert "tax-free savings account" in prepared.english  # still embedded, for the model


def test_account_names_spelled_out_in_either_language_stand_for_their_acronyms(shipped_kb: KnowledgeBase) -> None:
    french = prepare("compte d'épargne libre d'impôt", shipped_kb, reader="fr")
    assert "tfsa" in french.terms and "celi" in french.french_terms
    assert "oas" in prepare("pension de la sécurité de la vieillesse", shipped_kb).terms
    assert "sv" in prepare("old age security clawback", shipped_kb).french_terms
    # The FHSA's French name begins with the TFSA's: it is the FHSA's.
    fhsa = prepare("compte d'épargne libre d'impôt pour l'achat d'une première propriété", shipped_kb)
    assert "fhsa" in fhsa.terms and "tfsa" not in fhsa.terms


def test_a_query_saying_what_a_tag_says_in_either_language_labels_its_document(shipped_kb: KnowledgeBase) -> None:
    room = ("help", "registered-account-room")  # tagged "plafond du CELI" in French and "tfsa limit" in English
    for query in ("CELI plafond", "plafond du celi", "TFSA limit", "limite CELI"):
        assert room in prepare(query, shipped_kb, reader="fr").labelled, query
    assert room not in prepare("CELI plafond 2026 retrait", shipped_kb).labelled  # not what any tag says


def test_typos_are_corrected_to_words_of_the_knowledge_base(shipped_kb: KnowledgeBase) -> None:
    prepared = prepare("emergancy fund", shipped_kb)
    assert prepared.corrected == "emergency fund"
    assert prepare("contribtion room", shipped_kb).corrected == "contribution room"


def test_stopwords_leave_the_full_text_terms(shipped_kb: KnowledgeBase) -> None:
    assert prepare("how much should I keep for emergencies?", shipped_kb).terms == ("much", "keep", "emergencies")
    assert prepare("the", shipped_kb).terms == ()


def test_fold_removes_accents_and_case() -> None:
    assert fold("Épargne Québec\u2019s") == "epargne quebec's"


# --- languages ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("query", "lang"), [
    ("how much should I keep for emergencies?", "en"), ("rainy day fund", "en"), ("4% rule", "en"),
    ("de combien j'ai besoin pour prendre ma retraite", "fr"), ("coussin pour les imprévus", "fr"), ("REER", "fr"),
    ("plafond de cotisation CELI", "fr"), ("CELI limit", None), ("budget", None),
])
def test_the_query_language_is_read_from_its_words(shipped_kb: KnowledgeBase, query: str, lang: str | None) -> None:
    assert prepare(query, shipped_kb).lang == lang


def test_french_words_get_back_their_accents_unless_typed_with_other_ones(shipped_kb: KnowledgeBase) -> None:
    """The 'french' configuration keeps accents: "epargne" must be looked up as "épargne", while "côté" (side), typed
    with its accent, must not become "cote" (a credit score)."""
    assert prepare("epargne retraite", shipped_kb, reader="fr").french_terms == ("épargne", "retraite")
    assert "côté" in prepare("quelle part de ma paie je mets de côté", shipped_kb, reader="fr").french_terms
    assert "celi" in prepare("TFSA limit", shipped_kb).french_terms  # English acronyms gain their French names


def test_typos_are_corrected_toward_the_query_language_else_the_readers(shipped_kb: KnowledgeBase) -> None:
    assert prepare("reinitialiser mot de pase", shipped_kb, reader="fr").corrected == "reinitialiser mot de passe"
    assert prepare("je suis nouveau", shipped_kb, reader="fr").corrected == "je suis nouveau"  # not "suits"
    assert prepare("fond d'urgense", shipped_kb, reader="fr").corrected == "fonds d urgence"
    assert prepare("emergancy fund", shipped_kb, reader="fr").corrected == "emergency fund"


def test_a_french_query_gains_english_counterparts_and_an_english_reading(shipped_kb: KnowledgeBase) -> None:
    prepared = prepare("coussin pour les imprévus", shipped_kb, reader="fr")
    assert "rainy" in prepared.terms and "rainy" in prepared.expanded
    assert "rainy" in prepared.english and "coussin" not in prepared.english
    english = prepare("rainy day fund", shipped_kb, reader="en")
    assert english.expanded == english.english == "rainy day fund"  # an English query is left alone
