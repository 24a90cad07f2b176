"""Product events (signed in and anonymous) and track_feature_usage; admins are left out of both."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select

from api.analytics.models import AnalyticsEvent, FeatureUsage
from api.core.db import privileged_session
from tests.support.members import join

EVENT = {"event_type": "navigation", "event_name": "page_view", "page_path": "/fire-dashboard",
         "event_data": {"from": "/analysis"}}


def _events(session_id: str) -> list[AnalyticsEvent]:
    with privileged_session() as s:
        return list(s.scalars(select(AnalyticsEvent).where(AnalyticsEvent.session_id == session_id)).all())


def test_signed_in_events_are_attributed_to_the_user(api: TestClient) -> None:
    me = join(api)
    response = api.post("/api/v1/analytics/events", headers={**me.headers, "User-Agent": "FirePathTest/1.0"},
                        json={**EVENT, "session_id": f"s-{me.id}"})
    assert response.status_code == 202 and response.json() == {"recorded": True}
    [event] = _events(f"s-{me.id}")
    assert event.user_id == me.id and event.event_name == "page_view" and event.event_data == {"from": "/analysis"}
    assert event.user_agent == "FirePathTest/1.0" and event.page_path == "/fire-dashboard"
    mine = api.get("/api/v1/analytics/events", headers=me.headers).json()
    assert [e["event_name"] for e in mine] == ["page_view"] and mine[0]["session_id"] == f"s-{me.id}"


def test_anonymous_events_need_a_session_id_and_belong_to_no_one(api: TestClient) -> None:
    refused = api.post("/api/v1/analytics/events", json=EVENT)
    assert refused.status_code == 422 and refused.json()["message"].startswith("session_id:")
    accepted = api.post("/api/v1/analytics/events", json={**EVENT, "session_id": "anon-visitor-1"})
    assert accepted.status_code == 202 and accepted.json() == {"recorded": True}
    [event] = _events("anon-visitor-1")
    assert event.user_id is None
    # Anonymous visitors cannot read events back, and a bad token is not treated as anonymous.
    assert api.get("/api/v1/analytics/events").status_code == 401
    bad = api.post("/api/v1/analytics/events", headers={"Authorization": "Bearer nonsense"},
                   json={**EVENT, "session_id": "anon-visitor-2"})
    assert bad.status_code == 401 and _events("anon-visitor-2") == []


def test_admins_events_and_feature_use_are_dropped(api: TestClient) -> None:
    admin = join(api, role="admin")
    response = api.post("/api/v1/analytics/events", headers=admin.headers,
                        json={**EVENT, "session_id": f"s-{admin.id}"})
    assert response.status_code == 202 and response.json() == {"recorded": False}
    assert _events(f"s-{admin.id}") == []
    used = api.post("/api/v1/analytics/feature-usage", headers=admin.headers, json={"feature_name": "fire-calculator"})
    assert used.status_code == 202 and used.json() == {"recorded": False, "usage_count": None}
    with privileged_session() as s:
        assert s.scalars(select(FeatureUsage).where(FeatureUsage.user_id == admin.id)).all() == []
    # Moderators are not admins: their events count.
    moderator = join(api, role="moderator")
    counted = api.post("/api/v1/analytics/events", headers=moderator.headers, json=EVENT)
    assert counted.json() == {"recorded": True}


def test_event_bounds_are_422_naming_the_field(api: TestClient) -> None:
    me = join(api)
    cases = [
        ({**EVENT, "event_type": "x" * 51}, "event_type"),
        ({**EVENT, "event_name": ""}, "event_name"),
        ({**EVENT, "page_path": "/" * 501}, "page_path"),
        ({**EVENT, "session_id": "s" * 101}, "session_id"),
        ({**EVENT, "event_data": {"blob": "x" * 9000}}, "event_data"),
        ({**EVENT, "event_data": ["not", "an", "object"]}, "event_data"),
        ({**EVENT, "colour": "red"}, "colour"),
        ({"event_name": "page_view"}, "event_type"),
    ]
    for body, field in cases:
        response = api.post("/api/v1/analytics/events", headers=me.headers, json=body)
        assert response.status_code == 422, (field, response.text)
        assert response.json()["message"].startswith(f"{field}:"), response.json()
    assert api.get("/api/v1/analytics/events?limit=0", headers=me.headers).json()["message"].startswith("limit:")


def test_feature_usage_counts_uses_per_feature(api: TestClient) -> None:
    me = join(api)
    url = "/api/v1/analytics/feature-usage"
    first = api.post(url, headers=me.headers, json={"feature_name": "fire-calculator",
                                                    "feature_category": "calculators", "metadata": {"inputs": 4}})
    assert first.status_code == 202 and first.json() == {"recorded": True, "usage_count": 1}
    second = api.post(url, headers=me.headers, json={"feature_name": "fire-calculator", "metadata": {"inputs": 6}})
    assert second.json() == {"recorded": True, "usage_count": 2}
    api.post(url, headers=me.headers, json={"feature_name": "tax-advice"})
    counters = {c["feature_name"]: c for c in api.get(url, headers=me.headers).json()}
    assert set(counters) == {"fire-calculator", "tax-advice"}
    calculator = counters["fire-calculator"]
    assert calculator["usage_count"] == 2
    assert calculator["feature_category"] == "calculators"  # a use without a category keeps the earlier one
    assert calculator["metadata"] == {"inputs": 6}  # the latest use's metadata
    assert calculator["last_used_at"] >= calculator["first_used_at"]
    for body, field in (({"feature_name": ""}, "feature_name"), ({"feature_name": "f" * 101}, "feature_name"),
                        ({"feature_name": "a", "feature_category": "c" * 101}, "feature_category"),
                        ({"feature_name": "a", "metadata": {"k": "v" * 9000}}, "metadata")):
        response = api.post(url, headers=me.headers, json=body)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")
    assert api.post(url, json={"feature_name": "fire-calculator"}).status_code == 401
