"""The Help Center's topic list: each category opens with its overview topic (the one named after it)."""

from __future__ import annotations

from api.knowledge.service import list_topics


def test_getting_started_opens_with_the_getting_started_topic() -> None:
    groups = list_topics().groups
    assert groups[0].category == "Getting Started"
    assert groups[0].topics[0].id == "welcome-to-fire-path"
    rest = [t.title.lower() for t in groups[0].topics[1:]]
    assert rest == sorted(rest)  # the others by title


def test_categories_without_an_overview_stay_in_title_order() -> None:
    for group in list_topics().groups[1:]:
        titles = [t.title.lower() for t in group.topics]
        assert titles == sorted(titles), group.category
