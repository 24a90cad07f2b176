"""/api/v1/help, /api/v1/articles, /api/v1/tour: public (no sign-in), read-only, in English or French (the `lang`
parameter, else Accept-Language; `api.knowledge.language`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from sqlalchemy.orm import Session

from api.core.db import bind_user, get_database
from api.core.errors import ErrorBody
from api.knowledge import service
from api.knowledge.language import LanguageDep
from api.knowledge.schemas import (
    ArticleCategoryName,
    ArticleList,
    ArticleRead,
    HelpCategoryList,
    HelpCategoryName,
    HelpTopicList,
    HelpTopicRead,
    Kind,
    Level,
    SearchQuery,
    SearchResponse,
    TourRead,
)


def public_session() -> Iterator[Session]:
    """A read transaction on the app path with no user bound: public tables only (per-user rows stay hidden)."""
    with get_database().app_sessions() as session, session.begin():
        bind_user(session, None)
        yield session


PublicSessionDep = Annotated[Session, Depends(public_session, scope="function")]
ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "No such topic or article"},
    422: {"model": ErrorBody, "description": "Invalid query; the message names the parameter"},
}

help_router = APIRouter(prefix="/api/v1/help", tags=["help"], responses=ERRORS)
articles_router = APIRouter(prefix="/api/v1/articles", tags=["articles"], responses=ERRORS)
tour_router = APIRouter(prefix="/api/v1/tour", tags=["tour"], responses=ERRORS)


@help_router.get("/search", operation_id="help-search", response_model=SearchResponse)
def search(session: PublicSessionDep,
           q: Annotated[str, Query(min_length=1, max_length=200, description="What to look for")],
           kind: Annotated[Kind | None, Query(description="Only help topics or only articles")] = None,
           category: Annotated[HelpCategoryName | ArticleCategoryName | None, Query()] = None,
           limit: Annotated[int, Query(ge=1, le=50)] = 10, *, lang: LanguageDep) -> SearchResponse:
    """Search help topics and articles by meaning and words, the query in English or French; results are shown
    in the language asked for, each with a highlighted snippet."""
    return service.search_help(session=session,
                               query=SearchQuery(q=q, kind=kind, category=category, limit=limit, lang=lang))


@help_router.get("/topics", operation_id="help-list-topics", response_model=HelpTopicList)
def list_topics(lang: LanguageDep) -> HelpTopicList:
    """Every help topic, grouped by category, with an 80-character preview."""
    return service.list_topics(lang=lang)


@help_router.get("/topics/{topic_id}", operation_id="help-get-topic", response_model=HelpTopicRead)
def get_topic(topic_id: str, lang: LanguageDep) -> HelpTopicRead:
    return service.get_topic(topic_id=topic_id, lang=lang)


@help_router.get("/categories", operation_id="help-list-categories", response_model=HelpCategoryList)
def list_categories(lang: LanguageDep) -> HelpCategoryList:
    return service.list_categories(lang=lang)


@articles_router.get("", operation_id="articles-list", response_model=ArticleList)
def list_articles(session: PublicSessionDep,
                  category: Annotated[ArticleCategoryName | None, Query()] = None,
                  level: Annotated[Level | None, Query()] = None,
                  q: Annotated[str | None, Query(min_length=1, max_length=200)] = None, *,
                  lang: LanguageDep) -> ArticleList:
    """Education articles; with `q` (in English or French), the matching ones by relevance."""
    return service.list_articles(session=session, category=category, level=level, q=q, lang=lang)


@articles_router.get("/{article_id}", operation_id="articles-get", response_model=ArticleRead)
def get_article(article_id: str, lang: LanguageDep) -> ArticleRead:
    """One article with its sources and related articles."""
    return service.get_article(article_id=article_id, lang=lang)


@tour_router.get("", operation_id="tour-get", response_model=TourRead)
def get_tour(lang: LanguageDep) -> TourRead:
    """The guided tour's steps, in order."""
    return service.get_tour(lang=lang)


__all__ = ["articles_router", "help_router", "tour_router"]
