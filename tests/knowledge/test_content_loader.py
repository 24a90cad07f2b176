"""The content loader: front matter validated field by field, ids equal file names, reading time computed,
related articles that exist, and the tour's steps."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from knowledge.content import (
    ContentError,
    load_article,
    load_knowledge_base,
    load_topic,
    load_tour,
    plain_text,
)

TOPIC = """---
id: {id}
title: What is my FIRE number?
category: {category}
tags: [fire number, 4% rule]
video_url: null
---
Your **FIRE number** is 25 times your yearly spending. Open [the dashboard](/fire-dashboard) to see it.
"""

ARTICLE = """---
id: {id}
title: The TFSA, explained
category: Registered Accounts
level: beginner
summary: Tax-free growth, explained.
tags: [tfsa, celi]
related: {related}
sources:
  - title: RC4466
    url: https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/rc4466.html
updated: 2026-11-23
---
## What it is
{body}
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_help_topic_loads_with_its_markdown_body(tmp_path: Path) -> None:
    topic = load_topic(_write(tmp_path / "help" / "fire-number.md", TOPIC.format(id="fire-number",
                                                                                  category="FIRE Basics")))
    assert (topic.id, topic.category, topic.tags, topic.video_url) == (
        "fire-number", "FIRE Basics", ["fire number", "4% rule"], None)
    assert topic.content.startswith("Your **FIRE number**")


def test_an_id_that_differs_from_the_file_name_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path / "help" / "other-name.md", TOPIC.format(id="fire-number", category="FIRE Basics"))
    with pytest.raises(ContentError, match=r"other-name\.md: id: 'fire-number' must equal the file name"):
        load_topic(path)


def test_an_unknown_category_names_the_field(tmp_path: Path) -> None:
    path = _write(tmp_path / "help" / "fire-number.md", TOPIC.format(id="fire-number", category="Misc"))
    with pytest.raises(ContentError, match=r"fire-number\.md: category: .*unknown help category 'Misc'"):
        load_topic(path)


def test_an_unexpected_front_matter_key_is_refused(tmp_path: Path) -> None:
    text = TOPIC.format(id="fire-number", category="FIRE Basics").replace("video_url: null", "videoUrl: null")
    with pytest.raises(ContentError, match="videoUrl"):
        load_topic(_write(tmp_path / "help" / "fire-number.md", text))


def test_a_file_without_front_matter_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="missing front matter"):
        load_topic(_write(tmp_path / "help" / "x.md", "just text"))


def test_reading_time_is_words_over_200_rounded_up(tmp_path: Path) -> None:
    body = " ".join(["word"] * 401)
    article = load_article(_write(tmp_path / "articles" / "tfsa-basics.md",
                                  ARTICLE.format(id="tfsa-basics", related="[]", body=body)))
    assert article.word_count == 401 + 3  # the heading's words count too
    assert article.reading_minutes == math.ceil(404 / 200) == 3
    assert article.level == "beginner" and article.sources[0].title == "RC4466"


def test_related_articles_must_exist(tmp_path: Path) -> None:
    _write(tmp_path / "articles" / "tfsa-basics.md", ARTICLE.format(id="tfsa-basics", related="[rrsp-basics]",
                                                                    body="Text."))
    with pytest.raises(ContentError, match="related: 'rrsp-basics' is not another article"):
        load_knowledge_base(tmp_path)
    _write(tmp_path / "articles" / "rrsp-basics.md", ARTICLE.format(id="rrsp-basics", related="[tfsa-basics]",
                                                                    body="Text."))
    kb = load_knowledge_base(tmp_path)
    assert [a.id for a in kb.articles] == ["rrsp-basics", "tfsa-basics"]
    assert kb.article("tfsa-basics") is not None and kb.topic("nope") is None


def test_the_tour_is_validated_step_by_step(tmp_path: Path) -> None:
    good = ("- {id: welcome, title: Welcome to FIRE Path, content: Hi., target: body, route: /fire-dashboard,\n"
            "   position: center, skipable: true, waitForElement: false, autoNavigate: true, tab: null}\n")
    steps = load_tour(_write(tmp_path / "tour.yaml", good))
    assert steps[0].title == "Welcome to FIRE Path" and steps[0].autoNavigate is True
    with pytest.raises(ContentError, match="step 2: position"):
        load_tour(_write(tmp_path / "tour.yaml", good + good.replace("welcome", "two").replace("center", "middle")))


def test_plain_text_keeps_words_and_drops_markdown() -> None:
    markdown = "## Heading\n\n- **Bold** and _italic_ and `code`\n- [a link](https://x.y)\n\n> quoted"
    assert plain_text(markdown) == "Heading\n\nBold and italic and code\na link\n\nquoted"
