"""The help centre, education articles and guided tour: read from the shipped content files, searched
through the knowledge base's index (`knowledge.search`). Public content: no user is involved.

Everything is served in a language (`lang`, English by default): each document's translation in it, or the
English text while there is none. Search finds documents by a query in either language."""

from __future__ import annotations

from sqlalchemy.orm import Session

from api.core.errors import Invalid, NotFound
from api.knowledge.schemas import (
    ArticleList,
    ArticleRead,
    ArticleSource,
    ArticleSummary,
    HelpCategory,
    HelpCategoryList,
    HelpTopicGroup,
    HelpTopicList,
    HelpTopicRead,
    HelpTopicSummary,
    SearchQuery,
    SearchResponse,
    SearchResult,
    TourRead,
    TourStepRead,
)
from knowledge import search as kb_search
from knowledge.content import (
    ARTICLE_CATEGORIES,
    DEFAULT_LANG,
    HELP_CATEGORIES,
    Article,
    HelpTopic,
    KnowledgeBase,
    Lang,
    plain_text,
    shipped_knowledge_base,
)

PREVIEW_CHARACTERS = 80


def _kb(kb: KnowledgeBase | None, lang: Lang = DEFAULT_LANG) -> KnowledgeBase:
    return (kb or shipped_knowledge_base()).in_language(lang)


def search_help(*, session: Session, query: SearchQuery, kb: KnowledgeBase | None = None) -> SearchResponse:
    """Hybrid search over help topics and articles; help topics win near ties (this is the Help Center)."""
    text = query.q.strip()  # only spaces or control characters: no results
    # A category of the other kind (help topics in "Tax") simply matches nothing.
    hits = kb_search.search(session=session, query=text, kind=query.kind, category=query.category,
                            limit=query.limit, prefer=None if query.kind else "help", lang=query.lang, kb=kb)
    return SearchResponse(query=text, lang=query.lang,
                          results=[SearchResult.model_validate(hit, from_attributes=True) for hit in hits])


def _preview(topic: HelpTopic) -> str:
    return " ".join(plain_text(topic.content).split())[:PREVIEW_CHARACTERS]


def _topic_summary(topic: HelpTopic) -> HelpTopicSummary:
    return HelpTopicSummary(id=topic.id, title=topic.title, category=topic.category, tags=topic.tags,
                            preview=_preview(topic), video_url=topic.video_url, lang=topic.lang)


def _in_category_order(category: str, topic: HelpTopic, kb: KnowledgeBase) -> tuple[bool, str]:
    """A category opens with its overview, the topic named after it ("Getting started with FIRE Path" under
    Getting Started, judged by the English title in every language); the others follow by title."""
    english = kb.base.topic(topic.id) or topic
    return not english.title.lower().startswith(category.lower()), topic.title.lower()


def list_topics(*, lang: Lang = DEFAULT_LANG, kb: KnowledgeBase | None = None) -> HelpTopicList:
    """Help topics grouped by category, in the Help Center's category order."""
    kb = _kb(kb, lang)
    groups = []
    for category in HELP_CATEGORIES:
        members = sorted((t for t in kb.topics if t.category == category),
                         key=lambda t: _in_category_order(category, t, kb))
        if members:
            groups.append(HelpTopicGroup(category=category, topics=[_topic_summary(t) for t in members]))
    return HelpTopicList(lang=lang, groups=groups, total=len(kb.topics))


def get_topic(*, topic_id: str, lang: Lang = DEFAULT_LANG, kb: KnowledgeBase | None = None) -> HelpTopicRead:
    topic = _kb(kb, lang).topic(topic_id)
    if topic is None:
        raise NotFound(f"No help topic with id {topic_id!r}")
    return HelpTopicRead(id=topic.id, title=topic.title, category=topic.category, tags=topic.tags,
                         content=topic.content, video_url=topic.video_url, lang=topic.lang)


def list_categories(*, lang: Lang = DEFAULT_LANG, kb: KnowledgeBase | None = None) -> HelpCategoryList:
    topics = _kb(kb, lang).topics
    return HelpCategoryList(lang=lang, categories=[
        HelpCategory(name=name, topic_count=sum(1 for t in topics if t.category == name)) for name in HELP_CATEGORIES
    ])


def _article_summary(article: Article) -> ArticleSummary:
    return ArticleSummary(id=article.id, title=article.title, category=article.category, level=article.level,
                          summary=article.summary, tags=article.tags, reading_minutes=article.reading_minutes,
                          updated=article.updated, lang=article.lang)


def list_articles(*, session: Session, category: str | None = None, level: str | None = None,
                  q: str | None = None, lang: Lang = DEFAULT_LANG, kb: KnowledgeBase | None = None) -> ArticleList:
    """Articles, filtered; with `q`, in order of relevance (hybrid search), else by category then level."""
    kb = _kb(kb, lang)
    if category is not None and category not in ARTICLE_CATEGORIES:
        raise Invalid(f"category: unknown article category {category!r}", details={"allowed": list(ARTICLE_CATEGORIES)})
    articles = [a for a in kb.articles if (category is None or a.category == category)
                and (level is None or a.level == level)]
    if q is not None and q.strip():
        by_id = {a.id: a for a in articles}
        hits = kb_search.search(session=session, query=q.strip(), kind="article", category=category,
                                limit=50, lang=lang, kb=kb)
        articles = [by_id[h.id] for h in hits if h.id in by_id]
    else:
        levels = ("beginner", "intermediate", "advanced")
        articles.sort(key=lambda a: (ARTICLE_CATEGORIES.index(a.category), levels.index(a.level), a.title.lower()))
    return ArticleList(lang=lang, articles=[_article_summary(a) for a in articles], total=len(articles))


def get_article(*, article_id: str, lang: Lang = DEFAULT_LANG, kb: KnowledgeBase | None = None) -> ArticleRead:
    kb = _kb(kb, lang)
    article = kb.article(article_id)
    if article is None:
        raise NotFound(f"No article with id {article_id!r}")
    related = [found for found in (kb.article(r) for r in article.related) if found is not None]
    return ArticleRead(**_article_summary(article).model_dump(), content=article.content,
                       word_count=article.word_count,
                       sources=[ArticleSource(title=s.title, url=s.url) for s in article.sources],
                       related=[_article_summary(r) for r in related])


def get_tour(*, lang: Lang = DEFAULT_LANG, kb: KnowledgeBase | None = None) -> TourRead:
    view = _kb(kb, lang)
    translation = view.base.translations.get(lang)
    steps = [TourStepRead.model_validate(step.model_dump()) for step in view.tour]
    return TourRead(lang=lang if translation and translation.tour else DEFAULT_LANG, steps=steps, total=len(steps))
