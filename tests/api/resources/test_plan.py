"""/api/v1/plan: the planning engine fed with the user's own saved data."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session
from api.demo.service import seed_demo


def test_the_demo_household_plan_uses_its_data(api: TestClient, database: Database) -> None:
    email = f"plan-{uuid.uuid4().hex[:8]}@example.com"
    with privileged_session(database) as s:
        account = seed_demo(session=s, email=email, password="demo-password-1")
    token = api.post("/auth/v1/token?grant_type=password", json={"email": email, "password": "demo-password-1"})
    me = {"Authorization": f"Bearer {token.json()['access_token']}"}
    try:
        body = api.get("/api/v1/plan", headers=me).json()
        snapshot = api.get("/api/v1/snapshot", headers=me).json()
        inputs = body["inputs"]
        assert body["missing"] == []
        assert inputs["current_age"] == 34 and inputs["monthly_income"] == snapshot["total_monthly_income"]
        assert inputs["monthly_expenses"] == snapshot["expenses"]["total"]
        assert inputs["balances"]["tfsa"] == 68500 + 41200 and inputs["balances"]["rrsp"] == 112300 + 58600
        assert inputs["balances"]["cash"] == 4800 + 24000 + 14200  # chequing, savings and the RESP
        assert inputs["debts"] == pytest.approx(1240.56 + 618.20)
        assert inputs["contribution_split"] == {"tfsa": 40, "rrsp": 45, "fhsa": 0, "non_registered": 15}
        assert inputs["preferences"]["retirement_age"] == 52
        assert inputs["future_plans"]["expense_change_amount"] == -480
        fire = body["plan"]["fire"]
        assert fire["fire_number"] == pytest.approx(snapshot["fire_number"], rel=1e-6)
        assert body["plan"]["points"][0]["age"] == pytest.approx(34, abs=1)
        assert body["plan"]["net_worth_at_retirement"] is not None
        # Working to 65 instead of 52 lets the household reach its FIRE number inside the horizon.
        api.patch("/api/v1/preferences", headers=me, json={"retirement_age": 65})
        later = api.get("/api/v1/plan", headers=me).json()["plan"]["fire"]
        assert later["years_to_fi"] is not None and 0 < later["years_to_fi"] < 31
    finally:
        with privileged_session(database) as s:
            s.execute(text("DELETE FROM users WHERE id = :u"), {"u": account.user_id})


def test_a_new_user_gets_a_plan_that_says_what_it_assumed(api: TestClient,
                                                          sign_up: Callable[..., dict[str, str]]) -> None:
    me = sign_up()
    body = api.get("/api/v1/plan", headers=me).json()
    assert body["missing"] == ["age (assumed 30)", "income", "expenses"]
    assert body["inputs"]["current_age"] == 30
    assert api.get("/api/v1/plan").status_code == 401
