"""The knowledge base's content files, loaded and validated: help topics, education articles, the tour.

Formats (front matter between `---` lines, then a Markdown body):
- `content/help/<id>.md`: id, title, category, tags, video_url.
- `content/articles/<id>.md`: id, title, category, level, summary, tags, related, sources, updated.
- `content/tour.yaml`: the guided tour's 38 steps.
A file that breaks its format raises `ContentError` naming the file and the field.

English is the reference. Each other language has a folder of its own with the same layout and file names
(`content/fr/help/<id>.md`, `content/fr/articles/<id>.md`, `content/fr/tour.yaml`): the same front-matter
keys, with `title`, `summary`, `tags` and the body translated and every other field (`category`, `level`,
`related`, `sources`, `updated`, `video_url`; a tour step's target, route, position, flags and tab) as in
English. A translation with no English original, or whose kept fields differ from it, raises `ContentError`
naming the file and the field; a document not yet translated is served in English (`untranslated` lists
them, and a test keeps that list empty).
"""

from __future__ import annotations

import math
import re
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

CONTENT_DIR = Path(__file__).resolve().parent / "content"

HELP_CATEGORIES: tuple[str, ...] = (
    "Getting Started", "FIRE Basics", "Budgeting", "Savings", "Investing", "Settings", "Dashboard & Analysis",
    "Calculators", "Tax & Accounts", "AI Coach", "Community", "Privacy & Account", "Accessibility",
)
ARTICLE_CATEGORIES: tuple[str, ...] = (
    "FIRE Fundamentals", "Saving & Budgeting", "Registered Accounts", "Investing", "Retirement Income", "Tax",
    "Housing", "Debt & Credit",
)
LEVELS: tuple[str, ...] = ("beginner", "intermediate", "advanced")
Lang = Literal["en", "fr"]
LANGUAGES: tuple[Lang, ...] = ("en", "fr")
DEFAULT_LANG: Lang = "en"  # the reference language: its files sit at the content folder's top
TOUR_STEPS = 38
WORDS_PER_MINUTE = 200

Kind = Literal["help", "article"]
Level = Literal["beginner", "intermediate", "advanced"]
Position = Literal["top", "bottom", "left", "right", "center"]

_ID = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n?(.*)\Z", re.DOTALL)


def language(value: str | None) -> Lang | None:
    """The content language a tag names: "fr", "fr-CA", "FR_ca" -> "fr"; "en", "en-CA" -> "en"; else None."""
    primary = (value or "").strip().replace("_", "-").split("-")[0].lower()
    return next((lang for lang in LANGUAGES if lang == primary), None)


class ContentError(ValueError):
    """A content file that does not follow its format."""


class HelpTopic(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID, max_length=120)
    title: str = Field(min_length=1, max_length=200)
    category: str
    tags: list[str] = Field(default_factory=list)
    video_url: str | None = None
    content: str = Field(min_length=1)
    lang: Lang = DEFAULT_LANG  # set by the folder the file is in, never by its front matter

    @field_validator("category")
    @classmethod
    def _known_category(cls, value: str) -> str:
        if value not in HELP_CATEGORIES:
            raise ValueError(f"unknown help category {value!r}; use one of {', '.join(HELP_CATEGORIES)}")
        return value

    @field_validator("tags")
    @classmethod
    def _clean_tags(cls, value: list[str]) -> list[str]:
        return [str(tag).strip() for tag in value if str(tag).strip()]


class Source(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1)
    url: str = Field(pattern=r"^https?://")


class Article(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID, max_length=120)
    title: str = Field(min_length=1, max_length=200)
    category: str
    level: Level
    summary: str = Field(min_length=1)
    tags: list[str] = Field(default_factory=list)
    related: list[str] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list)
    updated: date
    content: str = Field(min_length=1)
    lang: Lang = DEFAULT_LANG  # set by the folder the file is in, never by its front matter

    @field_validator("category")
    @classmethod
    def _known_category(cls, value: str) -> str:
        if value not in ARTICLE_CATEGORIES:
            raise ValueError(f"unknown article category {value!r}; use one of {', '.join(ARTICLE_CATEGORIES)}")
        return value

    @field_validator("tags")
    @classmethod
    def _clean_tags(cls, value: list[str]) -> list[str]:
        return [str(tag).strip() for tag in value if str(tag).strip()]

    @property
    def word_count(self) -> int:
        return count_words(self.content)

    @property
    def reading_minutes(self) -> int:
        """Words / 200, rounded up (at least one minute)."""
        return max(1, math.ceil(self.word_count / WORDS_PER_MINUTE))


class TourStep(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=120)
    title: str = Field(min_length=1)
    content: str = Field(min_length=1)
    target: str = Field(min_length=1)
    route: str = Field(pattern=r"^/")
    position: Position
    skipable: bool
    waitForElement: bool  # the spec's field names, served as they are
    autoNavigate: bool
    tab: str | None = None


class Translation(BaseModel):
    """One language's translated files as found on disk (possibly not all of them yet)."""

    model_config = ConfigDict(frozen=True)

    lang: Lang
    topics: list[HelpTopic]
    articles: list[Article]
    tour: list[TourStep]  # empty when the tour is not translated


class KnowledgeBase(BaseModel):
    """Everything in one content folder, cross-checked (unique ids, related articles that exist, translations
    that match their English original).

    `topics`, `articles` and `tour` are in `lang`. The loaded base is English and holds the translations;
    `in_language` gives the same content in another language (each document's translation, or the English one
    where there is none), one object per language, so caches keyed by it stay warm."""

    model_config = ConfigDict(frozen=True)

    topics: list[HelpTopic]
    articles: list[Article]
    tour: list[TourStep]
    lang: Lang = DEFAULT_LANG
    translations: dict[str, Translation] = Field(default_factory=dict)  # on the English base only
    _views: dict[str, KnowledgeBase] = PrivateAttr(default_factory=dict)
    _base: KnowledgeBase | None = PrivateAttr(default=None)

    def topic(self, topic_id: str) -> HelpTopic | None:
        return next((t for t in self.topics if t.id == topic_id), None)

    def article(self, article_id: str) -> Article | None:
        return next((a for a in self.articles if a.id == article_id), None)

    @property
    def base(self) -> KnowledgeBase:
        """The English content with every translation (this object, unless it is a language's view)."""
        return self._base or self

    def in_language(self, lang: str) -> KnowledgeBase:
        """This content in `lang` (English for a language it does not have)."""
        base = self.base
        translation = base.translations.get(lang)
        if translation is None:
            return base
        view = base._views.get(lang)
        if view is None:
            topics = {t.id: t for t in translation.topics}
            articles = {a.id: a for a in translation.articles}
            view = KnowledgeBase(lang=translation.lang, topics=[topics.get(t.id, t) for t in base.topics],
                                 articles=[articles.get(a.id, a) for a in base.articles],
                                 tour=translation.tour or base.tour)
            view._base = base
            base._views[lang] = view
        return view

    def untranslated(self, lang: str) -> list[str]:
        """The files `lang` still lacks, as paths under the content folder (`fr/articles/tfsa-basics.md`)."""
        translation = self.base.translations.get(lang)
        topics = {t.id for t in translation.topics} if translation else set()
        articles = {a.id for a in translation.articles} if translation else set()
        missing = [f"{lang}/help/{t.id}.md" for t in self.base.topics if t.id not in topics]
        missing += [f"{lang}/articles/{a.id}.md" for a in self.base.articles if a.id not in articles]
        if self.base.tour and not (translation and translation.tour):
            missing.append(f"{lang}/tour.yaml")
        return missing


def count_words(markdown: str) -> int:
    return len(plain_text(markdown).split())


@lru_cache(maxsize=8192)
def plain_text(markdown: str) -> str:
    """Markdown reduced to its words: links keep their text, emphasis and code marks go, headings lose `#`."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"^[ \t]{0,3}#{1,6}[ \t]*", "", text, flags=re.MULTILINE)
    text = re.sub(r"^[ \t]{0,3}>[ \t]?", "", text, flags=re.MULTILINE)
    text = re.sub(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+", "", text, flags=re.MULTILINE)
    text = re.sub(r"^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$", "", text, flags=re.MULTILINE)
    text = text.replace("|", " ")
    text = re.sub(r"(\*\*|__|`+|~~)", "", text)
    # Emphasis may wrap onto the next line, never across a paragraph.
    text = re.sub(r"(?<![\w*])\*(?=\S)((?:(?!\n\s*\n)[^*])+?)(?<=\S)\*(?!\w)", r"\1", text)
    text = re.sub(r"(?<!\w)_(?=\S)((?:(?!\n\s*\n)[^_])+?)(?<=\S)_(?!\w)", r"\1", text)
    text = re.sub(r"[ \t]+", " ", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _split_front_matter(path: Path) -> tuple[dict[str, object], str]:
    raw = path.read_text(encoding="utf-8").replace("\r\n", "\n").lstrip("\ufeff")
    match = _FRONT_MATTER.match(raw)
    if not match:
        raise ContentError(f"{path}: missing front matter (a block between '---' lines at the top)")
    try:
        meta = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError as exc:
        raise ContentError(f"{path}: front matter is not valid YAML: {exc}") from exc
    if not isinstance(meta, dict):
        raise ContentError(f"{path}: front matter must be a mapping of keys to values")
    return {str(k): v for k, v in meta.items()}, match.group(2).strip()


def _describe(path: Path, exc: ValidationError) -> ContentError:
    first = exc.errors()[0]
    field = ".".join(str(p) for p in first["loc"]) or "file"
    return ContentError(f"{path}: {field}: {first['msg']}")


def _check_id(path: Path, found: str) -> None:
    if found != path.stem:
        raise ContentError(f"{path}: id: {found!r} must equal the file name {path.stem!r}")


def _no_lang_key(path: Path, meta: dict[str, object]) -> None:
    if "lang" in meta:
        raise ContentError(f"{path}: lang: not a front-matter key (the folder a file is in sets its language)")


def load_topic(path: Path, lang: Lang = DEFAULT_LANG) -> HelpTopic:
    meta, body = _split_front_matter(path)
    _no_lang_key(path, meta)
    try:
        topic = HelpTopic.model_validate({**meta, "content": body, "lang": lang})
    except ValidationError as exc:
        raise _describe(path, exc) from exc
    _check_id(path, topic.id)
    return topic


def load_article(path: Path, lang: Lang = DEFAULT_LANG) -> Article:
    meta, body = _split_front_matter(path)
    _no_lang_key(path, meta)
    try:
        article = Article.model_validate({**meta, "content": body, "lang": lang})
    except ValidationError as exc:
        raise _describe(path, exc) from exc
    _check_id(path, article.id)
    return article


def load_tour(path: Path) -> list[TourStep]:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ContentError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(raw, list):
        raise ContentError(f"{path}: the tour must be a YAML list of steps")
    steps = []
    for index, item in enumerate(raw):
        try:
            steps.append(TourStep.model_validate(item))
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "step"
            raise ContentError(f"{path}: step {index + 1}: {field}: {first['msg']}") from exc
    ids = [s.id for s in steps]
    if len(set(ids)) != len(ids):
        raise ContentError(f"{path}: step ids must be unique")
    return steps


# What a translation keeps exactly as in English: everything but the words.
TOPIC_KEPT = ("category", "video_url")
ARTICLE_KEPT = ("category", "level", "related", "sources", "updated")
TOUR_KEPT = ("target", "route", "position", "skipable", "waitForElement", "autoNavigate", "tab")


def _same_fields(path: Path, label: str, translated: BaseModel, english: BaseModel, fields: tuple[str, ...]) -> None:
    for name in fields:
        mine, theirs = getattr(translated, name), getattr(english, name)
        if mine != theirs:
            shown = [s.model_dump() for s in mine] if name == "sources" else mine
            wanted = [s.model_dump() for s in theirs] if name == "sources" else theirs
            raise ContentError(f"{path}: {label}{name}: {shown!r} differs from the English file's {wanted!r} "
                               "(a translation keeps it as in English)")


def load_translation(content_dir: Path, lang: Lang, english: KnowledgeBase) -> Translation:
    """`content_dir/<lang>/`, each file checked against its English original."""
    folder = content_dir / lang
    english_topics = {t.id: t for t in english.topics}
    english_articles = {a.id: a for a in english.articles}

    def no_original(path: Path, kind: str) -> ContentError:
        return ContentError(f"{path}: id: {path.stem!r} has no English original "
                            f"({content_dir / kind / path.name} does not exist)")

    topics: list[HelpTopic] = []
    for path in sorted((folder / "help").glob("*.md")):
        topic = load_topic(path, lang)
        if topic.id not in english_topics:
            raise no_original(path, "help")
        _same_fields(path, "", topic, english_topics[topic.id], TOPIC_KEPT)
        topics.append(topic)
    articles: list[Article] = []
    for path in sorted((folder / "articles").glob("*.md")):
        article = load_article(path, lang)
        if article.id not in english_articles:
            raise no_original(path, "articles")
        _same_fields(path, "", article, english_articles[article.id], ARTICLE_KEPT)
        articles.append(article)
    tour_path = folder / "tour.yaml"
    tour = load_tour(tour_path) if tour_path.exists() else []
    if tour:
        if [s.id for s in tour] != [s.id for s in english.tour]:
            raise ContentError(f"{tour_path}: id: the steps must be the English tour's, in its order "
                               f"({', '.join(s.id for s in english.tour)})")
        for index, (step, original) in enumerate(zip(tour, english.tour, strict=True)):
            _same_fields(tour_path, f"step {index + 1} ({step.id}): ", step, original, TOUR_KEPT)
    return Translation(lang=lang, topics=topics, articles=articles, tour=tour)


def load_knowledge_base(content_dir: Path = CONTENT_DIR) -> KnowledgeBase:
    """Read and cross-check every content file under `content_dir` (missing parts are empty), with the
    translations in its language folders (`fr/`) where there are any."""
    topics = [load_topic(p) for p in sorted((content_dir / "help").glob("*.md"))]
    articles = [load_article(p) for p in sorted((content_dir / "articles").glob("*.md"))]
    tour_path = content_dir / "tour.yaml"
    tour = load_tour(tour_path) if tour_path.exists() else []
    article_ids = {a.id for a in articles}
    for article in articles:
        for related in article.related:
            if related not in article_ids or related == article.id:
                raise ContentError(
                    f"{content_dir / 'articles' / article.id}.md: related: {related!r} is not another article"
                )
    english = KnowledgeBase(topics=topics, articles=articles, tour=tour)
    translations = {lang: load_translation(content_dir, lang, english)
                    for lang in LANGUAGES if lang != DEFAULT_LANG and (content_dir / lang).is_dir()}
    return KnowledgeBase(topics=topics, articles=articles, tour=tour, translations=translations)


@lru_cache(maxsize=1)
def shipped_knowledge_base() -> KnowledgeBase:
    """The content shipped with FIRE Path, loaded once per process."""
    return load_knowledge_base(CONTENT_DIR)
