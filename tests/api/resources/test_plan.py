"""/api/v1/plan/savings-needed on the household plan; the old month-by-month GET /api/v1/plan is gone (one plan,
one answer)."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session
from api.demo.service import seed_demo


def test_savings_needed_is_the_least_saving_that_makes_the_household_plan_independent(api: TestClient,
                                                                                    database: Database) -> None:
    """GET /api/v1/plan/savings-needed for the demo household: by its retirement age, within some years, by a
    year, on the household plan the dashboard shows (its FI date and FIRE number), with bad targets refused."""
    email = f"needed-{uuid.uuid4().hex[:8]}@example.com"
    with privileged_session(database) as s:
        account = seed_demo(session=s, email=email, password="demo-password-1")
    token = api.post("/auth/v1/token?grant_type=password", json={"email": email, "password": "demo-password-1"})
    me = {"Authorization": f"Bearer {token.json()['access_token']}"}
    try:
        body = api.get("/api/v1/plan/savings-needed", headers=me).json()
        summary = api.get("/api/v1/plan/summary", headers=me).json()
        assert body["target"] == "by age 52" and body["months"] == (52 - 34) * 12
        assert body["target_age"] == pytest.approx(52, abs=0.1)
        assert body["fi_date"] == summary["fi_date"] and body["fire_number"] == summary["fire_number"]
        assert body["on_track"] == bool(summary["target"]["met"])
        if not body["on_track"]:
            assert body["savings_difference"] == pytest.approx(summary["target"]["extra_monthly"])
        assert body["monthly_savings_needed"] == pytest.approx(body["current_monthly_savings"]
                                                               + body["savings_difference"])
        sooner = api.get("/api/v1/plan/savings-needed?fi_age=38", headers=me).json()
        assert not sooner["on_track"] and (sooner["savings_difference"] or 0) >= (body["savings_difference"] or 0)
        assert api.get("/api/v1/plan/savings-needed?years=10", headers=me).json()["target"] == "within 10 years"
        year = api.get("/api/v1/plan/savings-needed?by_year=2045", headers=me).json()
        assert year["target"] == "by January 2045" and year["target_date"] == "2045-01-01"
        for query, field in (("fi_age=20", "fi_age"), ("by_year=2000", "by_year"), ("fi_age=500", "fi_age"),
                             ("years=0", "years"), ("years=ten", "years")):
            refused = api.get(f"/api/v1/plan/savings-needed?{query}", headers=me)
            assert refused.status_code == 422, query
            assert field in str(refused.json()), query
    finally:
        with privileged_session(database) as s:
            s.execute(text("DELETE FROM users WHERE id = :u"), {"u": account.user_id})



def test_savings_needed_without_spending_says_there_is_no_fire_number(api: TestClient,
                                                                     sign_up: Callable[..., dict[str, str]]) -> None:
    me = sign_up()
    refused = api.get("/api/v1/plan/savings-needed", headers=me)  # default target: retirement age 65
    assert refused.status_code == 422
    assert refused.json()["details"] == {"field": "monthly_expenses"}
    assert "no spending is saved, so there is no FIRE number to reach" in refused.json()["message"]
    assert api.get("/api/v1/plan/savings-needed").status_code == 401


def test_the_old_second_plan_is_gone(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    """GET /api/v1/plan answered "when can I retire?" with another engine's date; only the household plan answers."""
    me = sign_up()
    assert api.get("/api/v1/plan", headers=me).status_code in (404, 405)
    assert api.get("/api/v1/plan/summary", headers=me).status_code == 200

