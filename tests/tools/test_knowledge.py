"""The coach's knowledge-base tool: validated input, plain passages and links it can cite, in English or French."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from sqlalchemy.orm import Session

from knowledge.content import KnowledgeBase
from tools.knowledge import KnowledgeSearchInput, search_knowledge_base

pytestmark = pytest.mark.usefixtures("ingested_kb")


def test_the_tool_returns_articles_with_plain_passages_and_links(session: Session) -> None:
    output = search_knowledge_base(KnowledgeSearchInput(query="CELI contribution room", kind="article", limit=3),
                                   session=session)
    assert len(output.results) == 3 and {r.kind for r in output.results} == {"article"}
    first = output.results[0]
    assert "tfsa" in first.id and first.link == f"/educational-resources?article={first.id}"
    assert first.passage and "<mark>" not in first.passage and "&quot;" not in first.passage


def test_help_topics_have_no_page_link(session: Session) -> None:
    output = search_knowledge_base(KnowledgeSearchInput(query="change the theme to dark mode", kind="help"),
                                   session=session)
    assert output.results and all(r.kind == "help" and r.link is None for r in output.results)


def test_the_input_is_bounded() -> None:
    with pytest.raises(ValidationError):
        KnowledgeSearchInput(query="")
    with pytest.raises(ValidationError):
        KnowledgeSearchInput(query="tfsa", limit=50)


def test_a_french_question_with_lang_fr_returns_french_passages(session: Session, shipped_kb: KnowledgeBase) -> None:
    output = search_knowledge_base(KnowledgeSearchInput(query="plafond de cotisation CELI", kind="article", lang="fr"),
                                   session=session)
    assert output.lang == "fr" and output.results
    first = output.results[0]
    french = shipped_kb.in_language("fr").article(first.id)
    assert "tfsa" in first.id and french is not None and first.title == french.title
    assert first.link == f"/educational-resources?article={first.id}"


def test_without_a_language_the_tool_answers_in_english(session: Session, shipped_kb: KnowledgeBase) -> None:
    output = search_knowledge_base(KnowledgeSearchInput(query="plafond de cotisation CELI", kind="article"),
                                   session=session)
    assert output.lang == "en"
    english = shipped_kb.article(output.results[0].id)
    assert english is not None and output.results[0].title == english.title
    with pytest.raises(ValidationError):
        KnowledgeSearchInput.model_validate({"query": "tfsa", "lang": "de"})
