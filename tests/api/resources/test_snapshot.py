"""The dashboard snapshot and the net-worth history, from a realistic household (the demo seed)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient


def test_the_demo_household_is_complete_and_its_snapshot_adds_up(api: TestClient, demo: dict[str, str]) -> None:
    snapshot = api.get("/api/v1/snapshot", headers=demo).json()
    assert snapshot["completion"]["overall"] == 100
    # Spec section 9: take-home + secondary + side hustle + partner + other (salary excluded).
    assert snapshot["total_monthly_income"] == 7120 + 0 + 450 + 5350 + 85
    expenses = api.get("/api/v1/expenses", headers=demo).json()
    needs = sum(i["amount"] for i in expenses["items"] if i["needs_wants_category"] == "needs") + 3390
    wants = sum(i["amount"] for i in expenses["items"] if i["needs_wants_category"] == "wants")
    bad = sum(i["amount"] for i in expenses["items"] if i["is_bad_habit"])
    assert snapshot["expenses"] == {"needs": needs, "wants": wants, "bad_habits": bad, "total": needs + wants}
    total = needs + wants
    assert snapshot["monthly_surplus"] == pytest.approx(13005 - total)
    assert snapshot["savings_rate"] == pytest.approx(round((13005 - total) / 13005, 4))
    assert snapshot["annual_expenses"] == total * 12
    assert snapshot["fire_multiplier"] == 25 and snapshot["fire_number"] == total * 12 * 25
    worth = snapshot["net_worth"]
    assert worth["assets"] == 333400 + 1085000
    assert worth["liabilities"] == pytest.approx(612000 + 1240.56 + 618.20)
    assert worth["net_worth"] == pytest.approx(804541.24)


def test_the_fire_number_follows_the_preferred_multiplier(api: TestClient, demo: dict[str, str]) -> None:
    api.patch("/api/v1/preferences", headers=demo, json={"fire_rule_multiplier": 30})
    snapshot = api.get("/api/v1/snapshot", headers=demo).json()
    assert snapshot["fire_number"] == pytest.approx(snapshot["annual_expenses"] * 30)


def test_a_new_user_has_an_empty_but_valid_snapshot(api: TestClient, sign_up: object) -> None:
    me = sign_up()  # type: ignore[operator]
    snapshot = api.get("/api/v1/snapshot", headers=me).json()
    assert snapshot["total_monthly_income"] == 0 and snapshot["savings_rate"] is None
    assert snapshot["fire_number"] == 0 and snapshot["net_worth"]["net_worth"] == 0


def test_net_worth_history_for_charts(api: TestClient, demo: dict[str, str]) -> None:
    points = api.get("/api/v1/net-worth/history", headers=demo).json()
    assert len(points) == 13
    days = [p["taken_on"] for p in points]
    assert days == sorted(days)
    assert points[-1]["net_worth"] == pytest.approx(804541.24)
    assert all(p["net_worth"] == pytest.approx(p["assets"] - p["liabilities"]) for p in points)
    recent = api.get(f"/api/v1/net-worth/history?since={days[-3]}", headers=demo).json()
    assert [p["taken_on"] for p in recent] == days[-3:]
    assert api.get("/api/v1/net-worth/history?since=yesterday", headers=demo).status_code == 422
