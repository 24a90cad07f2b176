"""The coach's knowledge-base tool: search FIRE Path's help topics and education articles to cite them.

It wraps the same hybrid search as the Help Center (`knowledge.search`). The content is public, so the
tool needs no user; it takes a database session from the run's context like every other tool. A query in
English or French finds the same documents; `lang` chooses the language of the titles and passages returned.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from knowledge.search import search

TOOL_NAME = "search_knowledge_base"
TOOL_DESCRIPTION = (
    "Search FIRE Path's help topics (how to use the app's screens) and education articles (Canadian "
    "personal finance: TFSA/CELI, RRSP/REER, FHSA/CELIAPP, taxes, FIRE, retirement income). Use it before "
    "answering a factual question about Canadian accounts or rules, or about how FIRE Path works, and cite "
    "the articles you rely on by title. Returns the best passages, most relevant first."
)


class KnowledgeSearchInput(BaseModel):
    """What the coach asks the knowledge base."""

    query: str = Field(min_length=1, max_length=200,
                       description="The question or keywords, in plain English or French (e.g. 'CELI limit 2025').")
    kind: Literal["help", "article"] | None = Field(
        default=None, description="'article' for financial education, 'help' for how to use FIRE Path; "
                                  "omit to search both.")
    limit: int = Field(default=4, ge=1, le=8, description="How many documents to return.")
    lang: Literal["en", "fr"] = Field(
        default="en", description="The language of the titles and passages returned: 'fr' when the person writes "
                                  "in French. The query may be in either language.")


class KnowledgeSource(BaseModel):
    kind: Literal["help", "article"]
    id: str
    title: str
    category: str
    section: str | None = Field(description="The heading of the passage, if any")
    passage: str = Field(description="Plain-text excerpt of the most relevant passage")
    link: str | None = Field(description="The article's page in the app; None for help topics, which open "
                                         "in the Help Center panel")


class KnowledgeSearchOutput(BaseModel):
    query: str
    lang: Literal["en", "fr"] = Field(default="en", description="The language the results are in")
    results: list[KnowledgeSource]


def _plain(snippet: str) -> str:
    import html

    return html.unescape(re.sub(r"</?mark>", "", snippet))


def _link(kind: str, document_id: str) -> str | None:
    return f"/educational-resources?article={document_id}" if kind == "article" else None


def search_knowledge_base(data: KnowledgeSearchInput, *, session: Session) -> KnowledgeSearchOutput:
    """Run the search for the coach; results carry plain passages and in-app links to cite."""
    hits = search(session=session, query=data.query, kind=data.kind, limit=data.limit,
                  prefer=None if data.kind else "article", lang=data.lang)
    return KnowledgeSearchOutput(query=data.query, lang=data.lang, results=[
        KnowledgeSource(kind="article" if hit.kind == "article" else "help", id=hit.id, title=hit.title,
                        category=hit.category, section=hit.heading, passage=_plain(hit.snippet),
                        link=_link(hit.kind, hit.id))
        for hit in hits
    ])
