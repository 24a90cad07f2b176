"""Sizes and floods, as the probe found them: 900 KB of sign-up metadata made a 1.2 MB token that locked its
owner out, and anonymous error reports and analytics events were accepted 300 a second. Metadata is capped at
8 KiB; events and reports are rate limited per user or, signed out, per client address."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from fastapi.testclient import TestClient

from api.core.config import get_settings


def test_large_metadata_is_refused_at_sign_up(api_url: str, email: str) -> None:
    response = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "correct-horse-9",
                                                              "data": {"bio": "x" * 900_000}})
    assert response.status_code == 400 and response.json()["error_code"] == "validation_failed"
    assert "8 KB" in response.json()["message"]
    # Nothing was created: the address is still free.
    ok = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "correct-horse-9",
                                                        "data": {"display_name": "Maya"}})
    assert ok.status_code == 200 and ok.json()["user"]["user_metadata"]["display_name"] == "Maya"


def test_metadata_cannot_grow_past_the_cap_by_updates(api_url: str, email: str) -> None:
    signed = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"}).json()
    headers = {"Authorization": f"Bearer {signed['access_token']}"}
    for i in range(2):
        ok = httpx.put(f"{api_url}/auth/v1/user", json={"data": {f"note{i}": "y" * 3000}}, headers=headers)
        assert ok.status_code == 200
    refused = httpx.put(f"{api_url}/auth/v1/user", json={"data": {"note2": "y" * 3000}, "password": "new-pass-456x"},
                        headers=headers)
    assert refused.status_code == 400
    # The refused request changed nothing: not the metadata, not the password.
    user = httpx.get(f"{api_url}/auth/v1/user", headers=headers).json()
    assert set(user["user_metadata"]) == {"note0", "note1"}
    assert httpx.post(f"{api_url}/auth/v1/token?grant_type=password",
                      json={"email": email, "password": "correct-horse-9"}).status_code == 200


def test_anonymous_events_and_reports_are_rate_limited(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    monkeypatch.setattr(settings, "rate_limit_events", 5)
    monkeypatch.setattr(settings, "rate_limit_reports", 3)
    monkeypatch.setattr(settings, "rate_limit_window_seconds", 3600)
    event = {"event_type": "page_view", "event_name": "dashboard", "session_id": "s-flood"}
    codes = [api.post("/api/v1/analytics/events", json=event).status_code for _ in range(8)]
    assert codes[0] == 202 and 429 in codes and codes.count(202) <= 5
    limited = api.post("/api/v1/analytics/events", json=event)
    assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
    assert int(limited.headers["retry-after"]) >= 1
    report = {"error_summary": "TypeError: x is undefined", "feedback": "it broke"}
    reports = [api.post("/api/v1/error-reports", json=report).status_code for _ in range(5)]
    assert reports[0] == 201 and reports[-1] == 429 and reports.count(201) <= 3
    # A signed-in member has a count of their own.
    member = sign_up()
    assert api.post("/api/v1/analytics/events", headers=member, json=event).status_code == 202
