"""The knowledge-base endpoints in English and French: the `lang` parameter (en, fr, en-CA, fr-CA), else the
Accept-Language header, else English; every response says its language (body and Content-Language) and varies by
Accept-Language; search finds a document by a query in either language and shows it in the one asked for."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.core.db import Database
from api.knowledge.language import from_accept_language
from api.main import create_app
from knowledge.content import KnowledgeBase
from knowledge.ingest import IngestReport

ENDPOINTS = ["/api/v1/help/search", "/api/v1/help/topics", "/api/v1/help/topics/emergency-fund",
             "/api/v1/help/categories", "/api/v1/articles", "/api/v1/articles/tfsa-basics", "/api/v1/tour"]


@pytest.fixture(scope="module")
def client(database: Database, ingested_kb: IngestReport) -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def french(shipped_kb: KnowledgeBase) -> KnowledgeBase:
    return shipped_kb.in_language("fr")


def _get(client: TestClient, path: str, **kwargs: Any) -> dict[str, Any]:
    response = client.get(path, **kwargs)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize(("params", "headers", "lang"), [
    ({}, {}, "en"),
    ({"lang": "fr"}, {}, "fr"),
    ({"lang": "fr-CA"}, {}, "fr"),
    ({"lang": "en-CA"}, {"Accept-Language": "fr-CA"}, "en"),  # the parameter wins over the header
    ({}, {"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8"}, "fr"),
    ({}, {"Accept-Language": "de-DE,de;q=0.9"}, "en"),
])
def test_every_endpoint_answers_in_the_language_asked_and_says_so(
        client: TestClient, path: str, params: dict[str, str], headers: dict[str, str], lang: str) -> None:
    query = {"q": "budget"} if path.endswith("/search") else {}
    response = client.get(path, params={**query, **params}, headers=headers)
    assert response.status_code == 200, response.text
    assert response.json()["lang"] == lang
    assert response.headers["content-language"] == {"en": "en-CA", "fr": "fr-CA"}[lang]
    assert "accept-language" in response.headers["vary"].lower()


def test_an_unknown_lang_parameter_is_422_naming_it(client: TestClient) -> None:
    response = client.get("/api/v1/help/topics", params={"lang": "de"})
    assert response.status_code == 422
    assert response.json()["message"].startswith("lang: ")


def test_french_topics_articles_and_tour_are_the_french_files(client: TestClient, french: KnowledgeBase,
                                                              shipped_kb: KnowledgeBase) -> None:
    topic = _get(client, "/api/v1/help/topics/emergency-fund", params={"lang": "fr"})
    expected = french.topic("emergency-fund")
    assert expected is not None
    assert (topic["title"], topic["content"], topic["tags"], topic["lang"]) == (
        expected.title, expected.content, expected.tags, "fr")
    assert topic["category"] == "Savings"  # an identifier: clients translate its label

    article = _get(client, "/api/v1/articles/tfsa-basics", headers={"Accept-Language": "fr-CA"})
    english = shipped_kb.article("tfsa-basics")
    expected_article = french.article("tfsa-basics")
    assert english is not None and expected_article is not None
    assert (article["title"], article["summary"]) == (expected_article.title, expected_article.summary)
    assert [s["url"] for s in article["sources"]] == [s.url for s in english.sources]  # every source kept
    assert [r["id"] for r in article["related"]] == english.related
    assert {r["lang"] for r in article["related"]} == {"fr"}
    assert article["reading_minutes"] == expected_article.reading_minutes

    tour = _get(client, "/api/v1/tour", params={"lang": "fr"})
    assert tour["total"] == 38 and tour["steps"][0]["title"] == "Bienvenue dans FIRE Path"
    assert tour["steps"][-1]["title"] == "Visite terminée!"
    english_tour = _get(client, "/api/v1/tour")
    assert [(s["id"], s["target"], s["route"], s["tab"]) for s in tour["steps"]] == [
        (s["id"], s["target"], s["route"], s["tab"]) for s in english_tour["steps"]]


def test_french_topic_lists_keep_the_categories_and_their_order(client: TestClient) -> None:
    english = _get(client, "/api/v1/help/topics")
    french_list = _get(client, "/api/v1/help/topics", params={"lang": "fr"})
    assert [g["category"] for g in french_list["groups"]] == [g["category"] for g in english["groups"]]
    assert french_list["total"] == english["total"]
    first = french_list["groups"][0]
    assert first["category"] == "Getting Started" and first["topics"][0]["id"] == "welcome-to-fire-path"
    assert first["topics"][0]["title"] == "Premiers pas avec FIRE Path"
    assert all(t["lang"] == "fr" and len(t["preview"]) <= 80 for g in french_list["groups"] for t in g["topics"])
    categories = _get(client, "/api/v1/help/categories", params={"lang": "fr"})["categories"]
    assert categories == _get(client, "/api/v1/help/categories")["categories"]


def test_search_in_french_shows_french_results(client: TestClient, french: KnowledgeBase) -> None:
    body = _get(client, "/api/v1/help/search", params={"q": "plafond de cotisation CELI", "lang": "fr"})
    assert body["lang"] == "fr" and body["results"]
    top = body["results"][0]
    assert "tfsa" in top["id"] or top["id"] == "registered-account-room"
    shown = french.article(top["id"]) or french.topic(top["id"])
    assert shown is not None and top["title"] == shown.title and top["lang"] == "fr"
    assert "<mark>" in top["snippet"]


def test_search_finds_a_document_from_a_query_in_the_other_language(client: TestClient) -> None:
    crossed = _get(client, "/api/v1/help/search", params={"q": "rainy day fund"},
                   headers={"Accept-Language": "fr-CA"})
    assert crossed["results"][0]["id"] == "emergency-fund" and crossed["results"][0]["lang"] == "fr"
    back = _get(client, "/api/v1/help/search", params={"q": "coussin pour les imprévus", "lang": "en"})
    assert "emergency-fund" in [r["id"] for r in back["results"][:3]] or "emergency-fund-guide" in [
        r["id"] for r in back["results"][:3]]
    assert {r["lang"] for r in back["results"]} == {"en"}


def test_articles_search_takes_the_language_too(client: TestClient, french: KnowledgeBase) -> None:
    found = _get(client, "/api/v1/articles", params={"q": "RRSP", "lang": "fr"})
    assert found["lang"] == "fr" and "rrsp" in found["articles"][0]["id"]
    article = french.article(found["articles"][0]["id"])
    assert article is not None and found["articles"][0]["title"] == article.title


def test_operation_ids_did_not_change(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {paths[p]["get"]["operationId"] for p in (
        "/api/v1/help/search", "/api/v1/help/topics", "/api/v1/help/topics/{topic_id}", "/api/v1/help/categories",
        "/api/v1/articles", "/api/v1/articles/{article_id}", "/api/v1/tour")} == {
        "help-search", "help-list-topics", "help-get-topic", "help-list-categories", "articles-list",
        "articles-get", "tour-get"}
    lang = next(p for p in paths["/api/v1/tour"]["get"]["parameters"] if p["name"] == "lang")
    assert lang["in"] == "query" and lang["schema"]["anyOf"][0]["enum"] == ["en", "fr", "en-CA", "fr-CA"]


@pytest.mark.parametrize(("header", "lang"), [
    (None, "en"), ("", "en"), ("fr", "fr"), ("fr-CA", "fr"), ("FR-ca", "fr"), ("en-US,en;q=0.9", "en"),
    ("en;q=0.5, fr;q=0.9", "fr"), ("de, fr;q=0.1", "fr"), ("fr;q=0, en", "en"), ("*", "en"),
    ("fr;q=abc, en;q=0.2", "en"), ("es-MX, en-CA;q=0.7, fr-CA;q=0.7", "en"),
])
def test_accept_language_picks_the_most_wanted_language_we_have(header: str | None, lang: str) -> None:
    assert from_accept_language(header) == lang
