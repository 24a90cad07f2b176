"""One plan, one answer: households of every kind (single, couple, already independent, never independent,
retired, empty) and the figures every surface on the household plan shows for them must be the same figures.

Surfaces: the snapshot's and the nightly history's net worth; the plan summary (the dashboard, Progress, the report,
strategies and the calculators "from my plan" read it, and their browser tests compare what they show with it);
the household plan (Analysis); its Monte Carlo and backtest cards; the what-if with no change and the scenario
comparison's "Your plan"; the savings-needed answer; and the coach's tools (years_to_fi, fire_number,
monte_carlo_summary, projection, what_if)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.core.db import Database, privileged_session
from api.demo.service import seed_demo
from api.networth.service import take_snapshots
from tests.tools.conftest import context_for
from tests.tools.helpers import call

SignUp = Callable[..., dict[str, str]]


def _single(api: TestClient, me: dict[str, str]) -> None:
    api.put("/api/v1/profile", headers=me, json={"age": 31, "province": "AB"})
    api.put("/api/v1/income", headers=me, json={"annual_salary": 90000, "monthly_take_home": 5600})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1800,
                                                  "items": [{"category": "Food", "amount": 700}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "TFSA", "account_type": "tfsa", "balance": 40000})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "Chequing", "account_type": "chequing",
                                                   "balance": -350})
    api.post("/api/v1/credit/cards", headers=me, json={"name": "Visa", "balance": 1200})


def _already_fi(api: TestClient, me: dict[str, str]) -> None:
    api.put("/api/v1/profile", headers=me, json={"age": 45, "province": "ON"})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 0, "items": [{"category": "Food", "amount": 3000}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "Brokerage", "account_type": "non-registered",
                                                   "balance": 4_000_000})


def _never_fi(api: TestClient, me: dict[str, str]) -> None:
    api.put("/api/v1/profile", headers=me, json={"age": 40, "province": "NS"})
    api.put("/api/v1/income", headers=me, json={"monthly_take_home": 2500})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 2000,
                                                  "items": [{"category": "Food", "amount": 900}]})


def _retired(api: TestClient, me: dict[str, str]) -> None:
    api.put("/api/v1/profile", headers=me, json={"age": 72, "province": "QC"})
    api.put("/api/v1/household", headers=me, json={"members": [{"role": "self", "employment_income": 0,
                                                                "retirement_age": 62}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "FERR", "account_type": "rrif", "balance": 350000})
    api.post("/api/v1/properties", headers=me, json={"type": "condo", "market_value": 400000, "mortgage_balance": 0})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 900, "items": [{"category": "Food", "amount": 900}]})


def _empty(api: TestClient, me: dict[str, str]) -> None:
    pass


def _couple(api: TestClient, me: dict[str, str]) -> None:
    api.put("/api/v1/profile", headers=me, json={"age": 41, "province": "BC"})
    api.put("/api/v1/household", headers=me, json={"members": [
        {"role": "self", "name": "Sam", "birth_date": "1985-03-01", "employment_income": 110000,
         "retirement_age": 58, "cpp_start_age": 65},
        {"role": "partner", "name": "Ari", "birth_date": "1987-09-01", "employment_income": 64000,
         "retirement_age": 60, "pension": 12000, "pension_start_age": 60}]})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 2400,
                                                  "items": [{"category": "Food", "amount": 1300}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "Sam RRSP", "account_type": "rrsp",
                                                   "balance": 180000, "owner": "self"})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "Ari TFSA", "account_type": "tfsa",
                                                   "balance": 70000, "owner": "partner"})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "Joint", "account_type": "non-registered",
                                                   "balance": 45000, "owner": "joint"})


HOUSEHOLDS: dict[str, Callable[[TestClient, dict[str, str]], None]] = {
    "single": _single, "couple": _couple, "already FI": _already_fi, "never FI": _never_fi, "retired": _retired,
    "no data": _empty}


def _figures(api: TestClient, me: dict[str, str]) -> dict[str, Any]:
    snapshot = api.get("/api/v1/snapshot", headers=me).json()
    plan = api.get("/api/v1/plan/household", headers=me).json()
    risk = api.get("/api/v1/plan/household/risk?paths=100", headers=me).json()
    return {"snapshot": snapshot, "plan": plan, "risk": risk}


def _check(api: TestClient, database: Database, me: dict[str, str], user_id: str) -> None:
    f = _figures(api, me)
    net_worth = f["snapshot"]["net_worth"]["net_worth"]
    assert f["plan"]["summary"]["net_worth_today"] == pytest.approx(net_worth, abs=0.01)
    # The plan starts from the same money: its balances less its debts are today's net worth.
    inputs = f["plan"]["inputs"]
    start = sum(p["rrsp"] + p["tfsa"] + p["fhsa"] for p in inputs["people"]) + sum(
        inputs[k] for k in ("non_registered", "cash", "other_assets", "home_equity")) - inputs["debts"]
    assert start == pytest.approx(net_worth, abs=0.01)
    with privileged_session(database) as s:
        take_snapshots(session=s, on=date.today(), user_id=uuid.UUID(user_id))
    history = api.get("/api/v1/net-worth/history", headers=me).json()
    assert history[-1]["net_worth"] == pytest.approx(net_worth, abs=0.01)
    # The Monte Carlo and the backtest run this plan: its horizon, its years.
    assert len(f["risk"]["monte_carlo"]["bands"]) == len(f["plan"]["years"])
    assert f["risk"]["monte_carlo"]["question"].endswith("earns your return?")
    summary = f["plan"]["summary"]
    if summary["months_to_fi"] == 0:
        assert summary["plan_lasts"]  # independent today: the plan as saved lasts too
    _check_surfaces(api, me, user_id, f)


def _same(a: object, b: object) -> bool:
    return a == b or (a is not None and b is not None and float(a) == pytest.approx(float(b), abs=0.01))  # type: ignore[arg-type]


def _check_surfaces(api: TestClient, me: dict[str, str], user_id: str, f: dict[str, Any]) -> None:
    """Every surface's FI date, FIRE number, success rate and net worth are the plan summary's."""
    top = api.get("/api/v1/plan/summary", headers=me).json()
    plan, risk = f["plan"]["summary"], f["risk"]
    for key in ("fi_date", "months_to_fi", "fire_number", "rule_of_thumb", "net_worth_today", "plan_lasts",
                "lifetime_tax", "estate"):
        assert _same(top[key], plan[key]), key
    assert _same(top["net_worth_today"], f["snapshot"]["net_worth"]["net_worth"])
    default_risk = api.get("/api/v1/plan/household/risk", headers=me).json()["monte_carlo"]
    assert top["success_rate"] == default_risk["success_rate"]
    assert len(risk["monte_carlo"]["bands"]) == len(top["years"]) - 1  # the chart starts with today
    assert _same(top["net_worth"][0], top["net_worth_today"])
    what_if = api.post("/api/v1/plan/what-if?risk=true", headers=me, json={}).json()
    assert (what_if["fi_date"], what_if["success_rate"]) == (top["fi_date"], top["success_rate"])
    assert [round(v, 2) for v in what_if["net_worth"]] == [round(v, 2) for v in top["net_worth"][1:]]
    scenario = api.post("/api/v1/plan/scenarios", headers=me, json={"name": "Retire at 60",
                                                                    "changes": {"retirement_ages": [60]}}).json()
    compared = api.get(f"/api/v1/plan/scenarios/compare?ids={scenario['id']}", headers=me).json()["results"][0]
    assert (compared["fi_date"], compared["success_rate"]) == (top["fi_date"], top["success_rate"])
    needed = api.get("/api/v1/plan/savings-needed?years=10", headers=me)
    if needed.status_code == 200:
        assert needed.json()["fi_date"] == top["fi_date"] and _same(needed.json()["fire_number"], top["fire_number"])
    else:
        assert needed.status_code == 422 and top["spending"] == 0
    coach = context_for(uuid.UUID(user_id))
    timing = call(coach, "years_to_fi").timing
    assert (str(timing.fi_date) if timing.fi_date else None) == top["fi_date"]
    assert _same(timing.fire_number, top["fire_number"]) and timing.months_to_fi == top["months_to_fi"]
    fire = call(coach, "fire_number")
    assert _same(fire.plan_fire_number, top["fire_number"]) and _same(fire.current_portfolio, top["investable_today"])
    if top["fire_number"] is not None and top["months_to_fi"]:
        assert _same(fire.fire_number, top["fire_number"])
    assert call(coach, "monte_carlo_summary").success_rate == top["success_rate"]
    rows = call(coach, "projection").rows
    assert [float(r.net_worth_real) for r in rows] == pytest.approx(top["net_worth"][1:], abs=0.01)


@pytest.mark.parametrize("kind", sorted(HOUSEHOLDS))
def test_every_surface_gives_the_same_figures(api: TestClient, database: Database, sign_up: SignUp,
                                             kind: str) -> None:
    me = sign_up()
    HOUSEHOLDS[kind](api, me)
    user_id = api.get("/auth/v1/user", headers=me).json()["id"]
    _check(api, database, me, user_id)
    summary = api.get("/api/v1/plan/household", headers=me).json()["summary"]
    expected = {"already FI": 0, "no data": None, "retired": 0, "never FI": None}
    if kind == "couple":
        assert len(api.get("/api/v1/plan/household", headers=me).json()["inputs"]["people"]) == 2
    if kind in expected:
        assert summary["months_to_fi"] == expected[kind], summary


def test_the_demo_couple_gives_the_same_figures(api: TestClient, database: Database) -> None:
    email = f"one-answer-{uuid.uuid4().hex[:8]}@example.com"
    with privileged_session(database) as s:
        account = seed_demo(session=s, email=email, password="demo-password-1")
    token = api.post("/auth/v1/token?grant_type=password", json={"email": email, "password": "demo-password-1"})
    me = {"Authorization": f"Bearer {token.json()['access_token']}"}
    _check(api, database, me, account.user_id)
    assert api.get("/api/v1/plan/household", headers=me).json()["summary"]["net_worth_today"] == pytest.approx(
        float(account.net_worth), abs=0.01)
