"""Checks on the help topics (knowledge/content/help/) and the guided tour (knowledge/content/tour.yaml).

The files are parsed here with yaml.safe_load alone, so the content is held to its agreed format
independently of the loader that serves it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

CONTENT_DIR = Path(__file__).resolve().parents[2] / "knowledge" / "content"
HELP_DIR = CONTENT_DIR / "help"
TOUR_FILE = CONTENT_DIR / "tour.yaml"

CATEGORIES = {
    "Getting Started", "FIRE Basics", "Budgeting", "Savings", "Investing", "Settings", "Dashboard & Analysis",
    "Calculators", "Tax & Accounts", "AI Coach", "Community", "Privacy & Account", "Accessibility",
}
BUILT_INS = {
    "fire-number": "FIRE Basics",
    "savings-rate": "Budgeting",
    "emergency-fund": "Savings",
    "compound-interest": "Investing",
}
HELP_KEYS = {"id", "title", "category", "tags", "video_url"}
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MIN_WORDS, MAX_WORDS = 80, 350

TOUR_KEYS = {"id", "title", "content", "target", "route", "position", "skipable", "waitForElement", "autoNavigate",
             "tab"}
POSITIONS = {"top", "bottom", "left", "right", "center"}
TOUR_LENGTH = 38
NUMBERED_STEPS = 20
# The tab groups the spec lists (section 2 "Tabs seen via the tour"), as the tab values the tour clicks.
TAB_GROUPS = {
    "/settings/expenses": ["needs", "wants"],
    "/settings/savings": ["emergency", "short-term", "investments"],
    "/settings/credit": ["cards", "lines-of-credit", "score"],
    "/analysis": ["overview", "fire-projections", "optimization"],
    "/calculators": ["fire", "mortgage", "investment"],
    "/strategies": ["fire-methods", "investment", "tax"],
}
DATA_TOUR_TARGET = re.compile(r'^\[data-tour="[a-z0-9]+(?:-[a-z0-9]+)*"\]$')


def _split(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.DOTALL)
    assert match, f"{path.name}: no front matter delimited by '---' lines"
    meta = yaml.safe_load(match.group(1))
    assert isinstance(meta, dict), f"{path.name}: front matter is not a mapping"
    return meta, match.group(2)


HELP_FILES = sorted(HELP_DIR.glob("*.md"))
TOPICS = {path.stem: _split(path) for path in HELP_FILES}


def _tour() -> list[dict[str, Any]]:
    steps = yaml.safe_load(TOUR_FILE.read_text(encoding="utf-8"))
    assert isinstance(steps, list), "tour.yaml is not a list of steps"
    assert all(isinstance(step, dict) for step in steps), "every tour step is a mapping"
    return steps


def test_there_are_at_least_forty_topics() -> None:
    assert len(TOPICS) >= 40, f"only {len(TOPICS)} help topics"


def test_the_four_built_ins_exist_with_their_categories() -> None:
    for topic_id, category in BUILT_INS.items():
        assert topic_id in TOPICS, f"built-in topic {topic_id} is missing"
        assert TOPICS[topic_id][0]["category"] == category, f"{topic_id} must be in {category!r}"


def test_ids_equal_file_names_and_are_unique() -> None:
    ids = [meta["id"] for meta, _ in TOPICS.values()]
    assert len(ids) == len(set(ids)), "duplicate help topic ids"
    for stem, (meta, _) in TOPICS.items():
        assert meta["id"] == stem, f"{stem}.md declares id {meta['id']!r}"
        assert ID_PATTERN.match(stem), f"{stem}: id is not kebab-case"


@pytest.mark.parametrize("path", HELP_FILES, ids=lambda path: path.stem)
def test_topic_front_matter(path: Path) -> None:
    meta, _ = TOPICS[path.stem]
    assert set(meta) == HELP_KEYS, f"{path.name}: keys {sorted(meta)} differ from {sorted(HELP_KEYS)}"
    assert isinstance(meta["title"], str) and meta["title"].strip(), f"{path.name}: empty title"
    assert meta["category"] in CATEGORIES, f"{path.name}: unknown category {meta['category']!r}"
    tags = meta["tags"]
    assert isinstance(tags, list) and tags, f"{path.name}: tags must be a non-empty list"
    assert all(isinstance(tag, str) and tag.strip() for tag in tags), f"{path.name}: every tag is a non-empty string"
    assert len({tag.lower() for tag in tags}) == len(tags), f"{path.name}: repeated tags"
    video = meta["video_url"]
    assert video is None or (isinstance(video, str) and video.startswith("https://")), f"{path.name}: bad video_url"


@pytest.mark.parametrize("path", HELP_FILES, ids=lambda path: path.stem)
def test_topic_body_length(path: Path) -> None:
    _, body = TOPICS[path.stem]
    words = len(body.split())
    assert MIN_WORDS <= words <= MAX_WORDS, f"{path.name}: {words} words, expected {MIN_WORDS} to {MAX_WORDS}"


def test_titles_are_unique() -> None:
    titles = [meta["title"].lower() for meta, _ in TOPICS.values()]
    assert len(titles) == len(set(titles)), "two help topics share a title"


def test_tour_has_thirty_eight_well_formed_steps() -> None:
    steps = _tour()
    assert len(steps) == TOUR_LENGTH
    ids = [step.get("id") for step in steps]
    assert len(set(ids)) == len(ids), "duplicate tour step ids"
    for step in steps:
        assert set(step) == TOUR_KEYS, f"step {step.get('id')}: keys {sorted(step)}"
        assert ID_PATTERN.match(step["id"]), f"step {step['id']}: id is not kebab-case"
        assert isinstance(step["title"], str) and step["title"].strip()
        assert isinstance(step["content"], str) and step["content"].strip()
        assert step["position"] in POSITIONS, f"step {step['id']}: position {step['position']!r}"
        assert step["route"].startswith("/"), f"step {step['id']}: route {step['route']!r}"
        for flag in ("skipable", "waitForElement", "autoNavigate"):
            assert isinstance(step[flag], bool), f"step {step['id']}: {flag} is not a boolean"
        assert step["target"] == "body" or DATA_TOUR_TARGET.match(step["target"]), (
            f"step {step['id']}: target {step['target']!r} is neither body nor a data-tour selector")


def test_tour_starts_with_welcome_and_ends_complete() -> None:
    steps = _tour()
    first, last = steps[0], steps[-1]
    assert first["title"] == "Welcome to FIRE Path"
    assert last["title"] == "Tour Complete!"
    for step in (first, last):
        assert step["target"] == "body" and step["position"] == "center" and step["tab"] is None


def test_tour_numbered_steps_and_sub_tabs() -> None:
    middle = _tour()[1:-1]
    numbered = [step for step in middle if step["tab"] is None]
    sub_tabs = [step for step in middle if step["tab"] is not None]
    assert [step["title"].split(".")[0] for step in numbered] == [str(n) for n in range(1, NUMBERED_STEPS + 1)]
    assert len(sub_tabs) == TOUR_LENGTH - 2 - NUMBERED_STEPS

    # Each sub-tab step follows the numbered step of its own screen (or another sub-tab step of it), in the
    # screen's tab order; at most the first tab of a group is left to the numbered step itself.
    owner: dict[str, Any] | None = None
    for step in middle:
        if step["tab"] is None:
            owner = step
            continue
        assert owner is not None and step["route"] == owner["route"], f"step {step['id']} is not after its screen"
    for route, tabs in TAB_GROUPS.items():
        shown = [step["tab"] for step in sub_tabs if step["route"] == route]
        assert shown in (tabs, tabs[1:]), f"{route}: sub-tab steps {shown}, expected {tabs}"
    assert {step["route"] for step in sub_tabs} <= set(TAB_GROUPS)
