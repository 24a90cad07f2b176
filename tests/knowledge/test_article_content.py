"""Checks on the education articles shipped in knowledge/content/articles/.

The files are parsed here with yaml.safe_load alone, so the content is held to its agreed format
independently of the loader that serves it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ARTICLES_DIR = Path(__file__).resolve().parents[2] / "knowledge" / "content" / "articles"

CATEGORIES = {
    "FIRE Fundamentals",
    "Saving & Budgeting",
    "Registered Accounts",
    "Investing",
    "Retirement Income",
    "Tax",
    "Housing",
    "Debt & Credit",
}
LEVELS = {"beginner", "intermediate", "advanced"}
KEYS = {"id", "title", "category", "level", "summary", "tags", "related", "sources", "updated"}
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _split(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.DOTALL)
    assert match, f"{path.name}: no front matter delimited by '---' lines"
    meta = yaml.safe_load(match.group(1))
    assert isinstance(meta, dict), f"{path.name}: front matter is not a mapping"
    return meta, match.group(2)


ARTICLE_FILES = sorted(ARTICLES_DIR.glob("*.md"))
ARTICLES = {path.stem: _split(path) for path in ARTICLE_FILES}


def test_there_are_at_least_forty_articles() -> None:
    assert len(ARTICLE_FILES) >= 40, f"only {len(ARTICLE_FILES)} articles"


def test_ids_match_file_names_and_are_unique() -> None:
    ids = [meta.get("id") for meta, _ in ARTICLES.values()]
    assert len(ids) == len(set(ids))
    for stem, (meta, _) in ARTICLES.items():
        assert meta.get("id") == stem, f"{stem}: id {meta.get('id')!r} differs from the file name"
        assert ID_PATTERN.match(stem), f"{stem}: not kebab-case"


@pytest.mark.parametrize("stem", sorted(ARTICLES))
def test_front_matter(stem: str) -> None:
    meta, _ = ARTICLES[stem]
    assert set(meta) == KEYS, f"{stem}: keys {sorted(set(meta) ^ KEYS)} missing or unexpected"
    assert meta["category"] in CATEGORIES, f"{stem}: category {meta['category']!r}"
    assert meta["level"] in LEVELS, f"{stem}: level {meta['level']!r}"
    assert isinstance(meta["title"], str) and meta["title"].strip()
    assert isinstance(meta["summary"], str) and len(meta["summary"].split()) >= 8, f"{stem}: summary too short"
    assert isinstance(meta["tags"], list) and meta["tags"], f"{stem}: no tags"
    sources = meta["sources"]
    assert isinstance(sources, list) and sources, f"{stem}: no sources"
    for source in sources:
        assert isinstance(source, dict) and str(source.get("title", "")).strip(), f"{stem}: source without title"
        assert str(source.get("url", "")).startswith("https://"), f"{stem}: source URL {source.get('url')!r}"


@pytest.mark.parametrize("stem", sorted(ARTICLES))
def test_related_articles_exist(stem: str) -> None:
    related = ARTICLES[stem][0]["related"]
    assert isinstance(related, list) and 2 <= len(related) <= 5, f"{stem}: needs 2 to 5 related ids"
    assert len(related) == len(set(related)), f"{stem}: duplicate related ids"
    for other in related:
        assert other != stem, f"{stem}: relates to itself"
        assert other in ARTICLES, f"{stem}: related article {other!r} does not exist"


@pytest.mark.parametrize("stem", sorted(ARTICLES))
def test_body_length_and_headings(stem: str) -> None:
    body = ARTICLES[stem][1]
    words = len(body.split())
    assert 500 <= words <= 1100, f"{stem}: body has {words} words"
    headings = [line for line in body.splitlines() if line.startswith("## ")]
    assert len(headings) >= 3, f"{stem}: {len(headings)} '## ' headings"
