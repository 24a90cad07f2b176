"""One plan, one answer: households of every kind (single, couple, already independent, never independent,
retired, empty) and the figures every surface on the household plan shows for them must be the same figures.

Surfaces covered so far: the snapshot's and the nightly history's net worth, the household plan's summary, and
its Monte Carlo run at no volatility. The dashboard, Analysis, the report and the coach join as they move onto
the household plan (issue "One plan")."""

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


HOUSEHOLDS: dict[str, Callable[[TestClient, dict[str, str]], None]] = {
    "single": _single, "already FI": _already_fi, "never FI": _never_fi, "retired": _retired, "no data": _empty}


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


@pytest.mark.parametrize("kind", sorted(HOUSEHOLDS))
def test_every_surface_gives_the_same_figures(api: TestClient, database: Database, sign_up: SignUp,
                                             kind: str) -> None:
    me = sign_up()
    HOUSEHOLDS[kind](api, me)
    user_id = api.get("/auth/v1/user", headers=me).json()["id"]
    _check(api, database, me, user_id)
    summary = api.get("/api/v1/plan/household", headers=me).json()["summary"]
    expected = {"already FI": 0, "no data": 0, "retired": 0, "never FI": None}
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
