"""The public knowledge-base endpoints: search, help topics and categories, articles, the tour; unknown
ids are 404 and bad parameters 422 in the project's error shape, naming the parameter."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient

from api.core.db import Database
from api.knowledge.schemas import ArticleCategoryName, HelpCategoryName
from api.main import create_app
from knowledge.content import ARTICLE_CATEGORIES, HELP_CATEGORIES, KnowledgeBase
from knowledge.ingest import IngestReport


@pytest.fixture(scope="module")
def client(database: Database, ingested_kb: IngestReport) -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def _error(response: Any, status: int) -> dict[str, object]:
    assert response.status_code == status, response.text
    body: dict[str, object] = response.json()
    assert set(body) == {"code", "message", "details", "request_id"}
    return body


def test_search_returns_the_right_topic_first_without_sign_in(client: TestClient) -> None:
    response = client.get("/api/v1/help/search", params={"q": "rainy day fund"})
    assert response.status_code == 200
    body = response.json()
    assert body["query"] == "rainy day fund"
    first = body["results"][0]
    assert (first["kind"], first["id"], first["category"]) == ("help", "emergency-fund", "Savings")
    assert "<mark>" in first["snippet"] and first["score"] > 0


# "CELI limit": the contribution-room topic (TFSA, RRSP and FHSA room) or the TFSA article, both about the TFSA
@pytest.mark.parametrize(("query", "expected"), [("CELI limit", ("registered-account-room", "tfsa-basics")),
                                                 ("when can I retire", ("fire-number",))])
def test_search_understands_french_names_and_questions(client: TestClient, query: str,
                                                       expected: tuple[str, ...]) -> None:
    first = client.get("/api/v1/help/search", params={"q": query}).json()["results"][0]
    assert first["id"] in expected


def test_search_filters_by_kind_category_and_limit(client: TestClient) -> None:
    body = client.get("/api/v1/help/search", params={"q": "RRSP", "kind": "article", "limit": 3}).json()
    assert len(body["results"]) == 3 and {r["kind"] for r in body["results"]} == {"article"}
    assert all(r["level"] in ("beginner", "intermediate", "advanced") for r in body["results"])
    body = client.get("/api/v1/help/search", params={"q": "budget", "category": "Budgeting"}).json()
    assert body["results"] and {r["category"] for r in body["results"]} == {"Budgeting"}


@pytest.mark.parametrize(("params", "field"), [
    ({}, "q"),
    ({"q": ""}, "q"),
    ({"q": "x" * 201}, "q"),
    ({"q": "tfsa", "kind": "video"}, "kind"),
    ({"q": "tfsa", "limit": 0}, "limit"),
    ({"q": "tfsa", "limit": 51}, "limit"),
    ({"q": "tfsa", "category": "Nope"}, "category"),
])
def test_bad_search_parameters_are_422_naming_the_field(client: TestClient, params: dict[str, str | int],
                                                        field: str) -> None:
    body = _error(client.get("/api/v1/help/search", params=params), 422)
    assert body["code"] == "validation_error"
    assert str(body["message"]).startswith(f"{field}: ")


def test_a_query_of_spaces_finds_nothing(client: TestClient) -> None:
    response = client.get("/api/v1/help/search", params={"q": "   "})
    assert response.status_code == 200 and response.json()["results"] == []


def test_a_category_of_the_other_kind_matches_nothing(client: TestClient) -> None:
    response = client.get("/api/v1/help/search", params={"q": "tfsa", "kind": "help",
                                                         "category": "Registered Accounts"})
    assert response.status_code == 200 and response.json()["results"] == []


def test_the_documented_categories_are_the_contents(client: TestClient) -> None:
    parameters = client.get("/openapi.json").json()["paths"]["/api/v1/articles"]["get"]["parameters"]
    category = next(p for p in parameters if p["name"] == "category")["schema"]["anyOf"][0]
    assert tuple(category["enum"]) == ARTICLE_CATEGORIES
    assert get_args(HelpCategoryName) == HELP_CATEGORIES and get_args(ArticleCategoryName) == ARTICLE_CATEGORIES


def test_topics_are_grouped_by_category_with_80_character_previews(client: TestClient,
                                                                   shipped_kb: KnowledgeBase) -> None:
    body = client.get("/api/v1/help/topics").json()
    assert body["total"] == len(shipped_kb.topics) >= 40
    categories = [g["category"] for g in body["groups"]]
    assert categories == [c for c in HELP_CATEGORIES if c in categories]
    topics = {t["id"]: (g["category"], t) for g in body["groups"] for t in g["topics"]}
    for topic_id, category in {"fire-number": "FIRE Basics", "savings-rate": "Budgeting",
                               "emergency-fund": "Savings", "compound-interest": "Investing"}.items():
        assert topics[topic_id][0] == category
    assert all(0 < len(t["preview"]) <= 80 for _, t in topics.values())
    assert not topics["emergency-fund"][1]["preview"].startswith("**")


def test_a_topic_by_id_and_an_unknown_one(client: TestClient) -> None:
    topic = client.get("/api/v1/help/topics/emergency-fund").json()
    assert topic["title"] and topic["category"] == "Savings" and "rainy day fund" in topic["tags"]
    assert "video_url" in topic and len(topic["content"]) > 200
    body = _error(client.get("/api/v1/help/topics/no-such-topic"), 404)
    assert body["code"] == "not_found" and "no-such-topic" in str(body["message"])


def test_categories_list_every_help_category_with_counts(client: TestClient, shipped_kb: KnowledgeBase) -> None:
    categories = client.get("/api/v1/help/categories").json()["categories"]
    assert [c["name"] for c in categories] == list(HELP_CATEGORIES)
    assert sum(c["topic_count"] for c in categories) == len(shipped_kb.topics)


def test_articles_list_and_filters(client: TestClient, shipped_kb: KnowledgeBase) -> None:
    body = client.get("/api/v1/articles").json()
    assert body["total"] == len(shipped_kb.articles) >= 40
    assert all(a["reading_minutes"] >= 1 and a["category"] in ARTICLE_CATEGORIES for a in body["articles"])
    beginners = client.get("/api/v1/articles", params={"level": "beginner"}).json()["articles"]
    assert beginners and {a["level"] for a in beginners} == {"beginner"}
    registered = client.get("/api/v1/articles", params={"category": "Registered Accounts"}).json()["articles"]
    assert registered and {a["category"] for a in registered} == {"Registered Accounts"}
    found = client.get("/api/v1/articles", params={"q": "REER"}).json()["articles"]
    assert "rrsp" in found[0]["id"]


@pytest.mark.parametrize(("params", "field"), [({"level": "expert"}, "level"), ({"category": "Misc"}, "category"),
                                               ({"q": ""}, "q")])
def test_bad_article_filters_are_422(client: TestClient, params: dict[str, str], field: str) -> None:
    assert str(_error(client.get("/api/v1/articles", params=params), 422)["message"]).startswith(f"{field}: ")


def test_an_article_with_sources_and_related(client: TestClient, shipped_kb: KnowledgeBase) -> None:
    article = client.get("/api/v1/articles/tfsa-basics").json()
    expected = shipped_kb.article("tfsa-basics")
    assert expected is not None
    assert article["reading_minutes"] == expected.reading_minutes == -(-expected.word_count // 200)
    assert [r["id"] for r in article["related"]] == expected.related and 2 <= len(article["related"]) <= 5
    assert article["sources"] and article["sources"][0]["url"].startswith("https://")
    assert article["content"].count("## ") >= 3
    _error(client.get("/api/v1/articles/no-such-article"), 404)


def test_the_tour_has_38_steps_from_welcome_to_complete(client: TestClient) -> None:
    body = client.get("/api/v1/tour").json()
    steps = body["steps"]
    assert body["total"] == len(steps) == 38
    assert steps[0]["title"] == "Welcome to FIRE Path" and steps[-1]["title"] == "Tour Complete!"
    assert {"id", "title", "content", "target", "route", "position", "skipable", "waitForElement",
            "autoNavigate", "tab"} == set(steps[0])
    assert any(s["tab"] for s in steps)


def test_operation_ids_are_stable(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert paths["/api/v1/help/search"]["get"]["operationId"] == "help-search"
    assert paths["/api/v1/help/topics/{topic_id}"]["get"]["operationId"] == "help-get-topic"
    assert paths["/api/v1/articles/{article_id}"]["get"]["operationId"] == "articles-get"
    assert paths["/api/v1/tour"]["get"]["operationId"] == "tour-get"
