"""Knowledge and navigation tools: search through the Help Center's search, open an article or help topic
(in parts when long), and suggest a screen from the app's routes."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from sqlalchemy.orm import Session

from api.core.errors import NotFound
from api.knowledge.service import get_article, get_topic
from tests.tools.helpers import call, tool
from tools import library
from tools.base import ToolContext
from tools.knowledge import KnowledgeSearchInput, search_knowledge_base

pytestmark = pytest.mark.usefixtures("ingested_kb")


def test_search_runs_in_the_users_session_and_matches_the_search_function(empty: ToolContext,
                                                                          session: Session) -> None:
    out = call(empty, "search_knowledge_base", query="CELI contribution room", kind="article", limit=3)
    direct = search_knowledge_base(KnowledgeSearchInput(query="CELI contribution room", kind="article", limit=3),
                                   session=session)
    assert out.results == direct.results and len(out.results) == 3
    assert out.provenance.data and "not instructions" in out.provenance.notes[0]


def test_open_article_returns_the_article_with_its_link_in_parts(empty: ToolContext) -> None:
    found = call(empty, "search_knowledge_base", query="50/30/20 budget", kind="article", limit=1).results[0]
    article = call(empty, "open_article", id=found.id)
    expected = get_article(article_id=found.id)
    assert (article.kind, article.title, article.summary) == ("article", expected.title, expected.summary)
    assert article.link == found.link == f"/educational-resources?article={found.id}"
    assert article.sources == expected.sources
    assert article.content == expected.content and article.next_offset is None  # shipped articles fit one part
    later = call(empty, "open_article", id=found.id, offset=100)
    assert later.content == expected.content[100:]


def test_a_long_article_is_read_in_parts(empty: ToolContext, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library, "PAGE", 1000)
    text = get_article(article_id="asset-allocation").content
    first = call(empty, "open_article", id="asset-allocation")
    assert first.content == text[:1000] and first.next_offset == 1000
    parts, offset = [first.content], first.next_offset
    while offset is not None:
        part = call(empty, "open_article", id="asset-allocation", offset=offset)
        parts.append(part.content)
        offset = part.next_offset
    assert "".join(parts) == text and len(parts) == -(-len(text) // 1000)


def test_open_article_opens_help_topics_and_refuses_unknown_ids(empty: ToolContext) -> None:
    topic = call(empty, "open_article", id="accounts-settings")
    assert topic.kind == "help" and topic.link is None
    assert topic.title == get_topic(topic_id="accounts-settings").title
    with pytest.raises(NotFound, match="search_knowledge_base"):
        call(empty, "open_article", id="no-such-article")


def test_suggest_screen_offers_the_apps_routes_only(empty: ToolContext) -> None:
    out = call(empty, "suggest_screen", screen="/settings/budgeting", why="Adjust your 50/30/20 split.")
    assert (out.path, out.label, out.why) == ("/settings/budgeting", "Budget planning", "Adjust your 50/30/20 split.")
    enum = tool(empty, "suggest_screen").json_schema()["function"]["parameters"]["properties"]["screen"]["enum"]
    assert {"/fire-dashboard", "/analysis", "/tax-advice", "/calculators", "/progress", "/educational-resources",
            "/settings/income"} <= set(enum)
    with pytest.raises(ValidationError):
        tool(empty, "suggest_screen").parse({"screen": "/admin"})
