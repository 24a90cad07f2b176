"""Request and response models of the help centre, education articles and guided tour.

Every response says the language it is in (`lang`), and each document the language of its own text: the one
asked for, or English while its translation is missing. Categories are the English names in both languages
(they are identifiers; clients show them translated)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

Kind = Literal["help", "article"]
Lang = Literal["en", "fr"]
DOCUMENT_LANG = "The language of this document's text: the one asked for, or English while it is not translated"
Level = Literal["beginner", "intermediate", "advanced"]
# Written out so that OpenAPI lists them; a test keeps them equal to knowledge.content's tuples.
HelpCategoryName = Literal[
    "Getting Started", "FIRE Basics", "Budgeting", "Savings", "Investing", "Settings", "Dashboard & Analysis",
    "Calculators", "Tax & Accounts", "AI Coach", "Community", "Privacy & Account", "Accessibility",
]
ArticleCategoryName = Literal[
    "FIRE Fundamentals", "Saving & Budgeting", "Registered Accounts", "Investing", "Retirement Income", "Tax",
    "Housing", "Debt & Credit",
]


class SearchQuery(BaseModel):
    """GET /api/v1/help/search parameters."""

    q: str = Field(min_length=1, max_length=200, description="What to look for, in plain words")
    kind: Kind | None = Field(default=None, description="Only help topics or only articles")
    category: HelpCategoryName | ArticleCategoryName | None = Field(
        default=None, description="A help or article category (with a kind, one of that kind's)")
    limit: int = Field(default=10, ge=1, le=50)
    lang: Lang = Field(default="en", description="The language to show results in (the query may be in either)")


class SearchResult(BaseModel):
    kind: Kind
    id: str
    title: str
    category: str
    level: Level | None = None
    score: float = Field(description="Fused relevance (reciprocal rank fusion); higher is better")
    heading: str | None = Field(default=None, description="The section the best passage comes from")
    snippet: str = Field(description="HTML-escaped passage with matched words in <mark></mark>")
    matched_by: list[Literal["vector", "text", "substring"]]
    lang: Lang = Field(description=DOCUMENT_LANG)


class SearchResponse(BaseModel):
    query: str
    lang: Lang = Field(description="The language the results are shown in")
    results: list[SearchResult]


class HelpTopicSummary(BaseModel):
    id: str
    title: str
    category: str
    tags: list[str]
    preview: str = Field(description="The first 80 characters of the content")
    video_url: str | None = None
    lang: Lang = Field(description=DOCUMENT_LANG)


class HelpTopicGroup(BaseModel):
    category: str
    topics: list[HelpTopicSummary]


class HelpTopicList(BaseModel):
    lang: Lang
    groups: list[HelpTopicGroup]
    total: int


class HelpTopicRead(BaseModel):
    id: str
    title: str
    category: str
    tags: list[str]
    content: str = Field(description="Markdown")
    video_url: str | None = None
    lang: Lang = Field(description=DOCUMENT_LANG)


class HelpCategory(BaseModel):
    name: str
    topic_count: int


class HelpCategoryList(BaseModel):
    lang: Lang
    categories: list[HelpCategory]


class ArticleSource(BaseModel):
    title: str
    url: str


class ArticleSummary(BaseModel):
    id: str
    title: str
    category: str
    level: Level
    summary: str
    tags: list[str]
    reading_minutes: int = Field(description="Words / 200, rounded up")
    updated: date
    lang: Lang = Field(description=DOCUMENT_LANG)


class ArticleList(BaseModel):
    lang: Lang
    articles: list[ArticleSummary]
    total: int


class ArticleRead(ArticleSummary):
    content: str = Field(description="Markdown")
    word_count: int
    sources: list[ArticleSource]
    related: list[ArticleSummary]


class TourStepRead(BaseModel):
    id: str
    title: str
    content: str
    target: str = Field(description='CSS selector; "body" for a centred step')
    route: str
    position: Literal["top", "bottom", "left", "right", "center"]
    skipable: bool
    waitForElement: bool  # the spec's field names
    autoNavigate: bool
    tab: str | None = None


class TourRead(BaseModel):
    lang: Lang = Field(description="The language of the steps' titles and text")
    steps: list[TourStepRead]
    total: int
