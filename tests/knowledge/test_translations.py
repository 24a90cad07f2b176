"""Translations: each language's folder (`content/fr/`) mirrors the English files, keeps every field but the words,
and is complete; a document not yet translated is served in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from knowledge.content import (
    CONTENT_DIR,
    ContentError,
    KnowledgeBase,
    language,
    load_knowledge_base,
    shipped_knowledge_base,
)

TOPIC = """---
id: {id}
title: {title}
category: {category}
tags: [{tags}]
video_url: null
---
{body}
"""

ARTICLE = """---
id: {id}
title: {title}
category: Registered Accounts
level: {level}
summary: {summary}
tags: [tfsa]
related: [{related}]
sources:
  - title: RC4466
    url: {url}
updated: 2026-11-23
---
## {heading}
{body}
"""
RC4466 = "https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/rc4466.html"

TOUR = """- {{id: welcome, title: {title}, content: {content}, target: body, route: {route},
   position: center, skipable: true, waitForElement: false, autoNavigate: true, tab: null}}
"""


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _article(**overrides: str) -> str:
    fields = {"id": "tfsa-basics", "title": "The TFSA", "level": "beginner", "summary": "Tax-free growth.",
              "related": "rrsp-basics", "url": RC4466, "heading": "What it is", "body": "Tax-free growth."}
    return ARTICLE.format(**{**fields, **overrides})


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """An English folder of one topic, two articles and the tour, and a French folder translating some of it."""
    _write(tmp_path / "help" / "emergency-fund.md", TOPIC.format(
        id="emergency-fund", title="How big should my emergency fund be?", category="Savings",
        tags="emergency fund", body="Keep 3 to 6 months of expenses."))
    _write(tmp_path / "articles" / "tfsa-basics.md", _article())
    _write(tmp_path / "articles" / "rrsp-basics.md", _article(id="rrsp-basics", title="The RRSP",
                                                              related="tfsa-basics"))
    _write(tmp_path / "tour.yaml", TOUR.format(title="Welcome to FIRE Path", content="Hi.", route="/fire-dashboard"))
    _write(tmp_path / "fr" / "help" / "emergency-fund.md", TOPIC.format(
        id="emergency-fund", title="Quelle taille pour mon fonds d'urgence?", category="Savings",
        tags="fonds d'urgence", body="Gardez de 3 à 6 mois de dépenses."))
    _write(tmp_path / "fr" / "articles" / "tfsa-basics.md", _article(
        title="Le CELI", summary="Une croissance libre d'impôt.", heading="Ce que c'est", body="Libre d'impôt."))
    _write(tmp_path / "fr" / "tour.yaml", TOUR.format(title="Bienvenue dans FIRE Path", content="Bonjour.",
                                                      route="/fire-dashboard"))
    return tmp_path


def test_a_translation_is_served_in_its_language(content: Path) -> None:
    kb = load_knowledge_base(content)
    french = kb.in_language("fr")
    topic, article = french.topic("emergency-fund"), french.article("tfsa-basics")
    assert topic is not None and article is not None
    assert (topic.title, topic.lang, topic.category) == ("Quelle taille pour mon fonds d'urgence?", "fr", "Savings")
    assert (article.title, article.lang, article.level, article.related) == ("Le CELI", "fr", "beginner",
                                                                            ["rrsp-basics"])
    assert french.tour[0].title == "Bienvenue dans FIRE Path" and french.tour[0].route == "/fire-dashboard"
    english = kb.in_language("en")
    assert english is kb and kb.topic("emergency-fund").title.startswith("How big")  # type: ignore[union-attr]


def test_a_document_not_yet_translated_is_served_in_english_and_listed(content: Path) -> None:
    kb = load_knowledge_base(content)
    untranslated = kb.in_language("fr").article("rrsp-basics")
    assert untranslated is not None and (untranslated.title, untranslated.lang) == ("The RRSP", "en")
    assert kb.untranslated("fr") == ["fr/articles/rrsp-basics.md"]
    (content / "fr" / "tour.yaml").unlink()
    assert load_knowledge_base(content).untranslated("fr") == ["fr/articles/rrsp-basics.md", "fr/tour.yaml"]


def test_a_language_view_is_one_object_and_leads_back_to_the_base(content: Path) -> None:
    """Caches keyed by the knowledge base (query vocabularies) must not see a new object per request."""
    kb = load_knowledge_base(content)
    assert kb.in_language("fr") is kb.in_language("fr") is kb.in_language("fr").in_language("fr")
    assert kb.in_language("fr").base is kb and kb.in_language("fr").in_language("en") is kb
    assert kb.in_language("de") is kb


@pytest.mark.parametrize(("path", "old", "new", "field"), [
    ("fr/help/emergency-fund.md", "category: Savings", "category: Budgeting", "category"),
    ("fr/help/emergency-fund.md", "video_url: null", "video_url: https://example.com/v", "video_url"),
    ("fr/articles/tfsa-basics.md", "level: beginner", "level: advanced", "level"),
    ("fr/articles/tfsa-basics.md", "related: [rrsp-basics]", "related: []", "related"),
    ("fr/articles/tfsa-basics.md", "rc4466.html", "rc4466-fra.html", "sources"),
    ("fr/articles/tfsa-basics.md", "updated: 2026-11-23", "updated: 2026-12-01", "updated"),
])
def test_a_translation_keeps_the_english_fields_and_the_error_names_file_and_field(
        content: Path, path: str, old: str, new: str, field: str) -> None:
    target = content / path
    target.write_text(target.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError, match=rf"{re.escape(path)}: {field}: .* differs from the English file's"):
        load_knowledge_base(content)


def test_a_translation_without_an_english_original_is_refused(content: Path) -> None:
    _write(content / "fr" / "help" / "fire-number.md", TOPIC.format(
        id="fire-number", title="Mon nombre FIRE", category="FIRE Basics", tags="fire", body="25 fois."))
    with pytest.raises(ContentError, match=r"fr/help/fire-number\.md: id: 'fire-number' has no English original"):
        load_knowledge_base(content)


def test_the_language_comes_from_the_folder_not_the_front_matter(content: Path) -> None:
    target = content / "fr" / "help" / "emergency-fund.md"
    target.write_text(target.read_text(encoding="utf-8").replace("video_url: null", "video_url: null\nlang: fr"))
    with pytest.raises(ContentError, match=r"emergency-fund\.md: lang: not a front-matter key"):
        load_knowledge_base(content)


def test_a_translated_tour_keeps_the_steps_targets_and_routes(content: Path) -> None:
    _write(content / "fr" / "tour.yaml", TOUR.format(title="Bienvenue", content="Bonjour.", route="/analysis"))
    with pytest.raises(ContentError, match=r"fr/tour\.yaml: step 1 \(welcome\): route: '/analysis' differs"):
        load_knowledge_base(content)
    _write(content / "fr" / "tour.yaml", TOUR.format(title="Bienvenue", content="Bonjour.", route="/fire-dashboard")
           .replace("id: welcome", "id: bienvenue"))
    with pytest.raises(ContentError, match=r"fr/tour\.yaml: id: the steps must be the English tour's"):
        load_knowledge_base(content)


@pytest.mark.parametrize(("tag", "expected"), [("fr", "fr"), ("fr-CA", "fr"), ("FR_ca", "fr"), ("en-CA", "en"),
                                               ("en", "en"), ("de", None), ("", None), (None, None)])
def test_language_tags_name_a_content_language(tag: str | None, expected: str | None) -> None:
    assert language(tag) == expected


# --- the shipped content ------------------------------------------------------------------------------------------

def _front_matter(path: Path) -> tuple[dict[str, object], str]:
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", path.read_text(encoding="utf-8"), re.DOTALL)
    assert match, f"{path}: no front matter"
    meta = yaml.safe_load(match.group(1))
    assert isinstance(meta, dict)
    return meta, match.group(2)


def test_every_help_topic_article_and_the_tour_has_its_french_translation(shipped_kb: KnowledgeBase) -> None:
    """The completeness check: a missing French file fails here (an extra one fails the loader itself)."""
    assert shipped_kb.untranslated("fr") == [], "not yet translated into French"
    french = shipped_knowledge_base().in_language("fr")
    assert {t.lang for t in french.topics} == {a.lang for a in french.articles} == {"fr"}


@pytest.mark.parametrize("kind", ["help", "articles"])
def test_the_french_files_have_the_english_front_matter_keys_and_sections(kind: str) -> None:
    """Parsed with yaml.safe_load alone: the same keys, the words translated, the body whole (its sections kept and
    about as long as the English one; a summary of it would be shorter)."""
    for path in sorted((CONTENT_DIR / "fr" / kind).glob("*.md")):
        meta, body = _front_matter(path)
        english_meta, english_body = _front_matter(CONTENT_DIR / kind / path.name)
        assert list(meta) == list(english_meta), f"{path.name}: keys {list(meta)} differ from {list(english_meta)}"
        assert meta["title"] != english_meta["title"], f"{path.name}: the title is not translated"
        assert meta["tags"] and meta["tags"] != english_meta["tags"], f"{path.name}: the tags are not translated"
        headings = re.findall(r"^#{1,3} ", body, re.MULTILINE)
        assert len(headings) == len(re.findall(r"^#{1,3} ", english_body, re.MULTILINE)), (
            f"{path.name}: {len(headings)} headings; the English file has another number of sections")
        ratio = len(body.split()) / len(english_body.split())
        assert ratio >= 0.85, f"{path.name}: {ratio:.0%} of the English length; is it all translated?"
