"""Accounts, goals, properties, cards, lines of credit and the activity log: newest first, create, update,
delete, and each resource's own rules."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session

SignUp = Callable[..., dict[str, str]]


@pytest.mark.parametrize(("path", "first", "second", "change"), [
    ("/api/v1/accounts", {"account_name": "Chequing", "account_type": "chequing", "balance": 1200.5},
     {"account_name": "TFSA", "account_type": "tfsa", "balance": 40000}, {"balance": -150}),
    ("/api/v1/goals", {"name": "Emergency fund", "category": "emergency-fund", "target_amount": 30000},
     {"name": "Japan", "category": "travel", "target_amount": 9000}, {"current_amount": 2500}),
    ("/api/v1/properties", {"type": "condo", "market_value": 650000},
     {"type": "cottage", "market_value": 300000}, {"mortgage_balance": 120000}),
    ("/api/v1/credit/cards", {"name": "Visa", "balance": 1200, "interest_rate": 0.2099},
     {"name": "Amex", "card_type": "charge"}, {"balance": 300}),
    ("/api/v1/credit/lines", {"name": "HELOC", "credit_limit": 50000, "secured": True},
     {"name": "Personal LOC", "credit_limit": 10000}, {"balance": 2500}),
])
def test_list_create_update_delete(api: TestClient, sign_up: SignUp, path: str, first: dict[str, object],
                                   second: dict[str, object], change: dict[str, object]) -> None:
    me = sign_up()
    a = api.post(path, headers=me, json=first)
    assert a.status_code == 201, a.text
    time.sleep(0.01)
    b = api.post(path, headers=me, json=second).json()
    listed = api.get(path, headers=me).json()
    assert [row["id"] for row in listed] == [b["id"], a.json()["id"]]  # newest first
    updated = api.put(f"{path}/{a.json()['id']}", headers=me, json={**first, **change})
    assert updated.status_code == 200
    for key, value in change.items():
        assert updated.json()[key] == value
    assert api.delete(f"{path}/{b['id']}", headers=me).status_code == 204
    assert [row["id"] for row in api.get(path, headers=me).json()] == [a.json()["id"]]
    assert api.delete(f"{path}/{b['id']}", headers=me).status_code == 404
    missing = api.put(f"{path}/{uuid.uuid4()}", headers=me, json=first)
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert api.get(f"{path}/not-a-uuid", headers=me).status_code in (404, 405, 422)


def test_cards_and_lines_are_soft_deleted(api: TestClient, sign_up: SignUp, database: Database) -> None:
    me = sign_up()
    card = api.post("/api/v1/credit/cards", headers=me, json={"name": "Old Visa"}).json()
    api.delete(f"/api/v1/credit/cards/{card['id']}", headers=me)
    assert api.get("/api/v1/credit/cards", headers=me).json() == []
    with privileged_session(database) as s:
        assert s.scalar(text("SELECT is_active FROM user_credit_cards WHERE id = :i"), {"i": card["id"]}) is False
    # A removed card can no longer be changed.
    assert api.put(f"/api/v1/credit/cards/{card['id']}", headers=me, json={"name": "x"}).status_code == 404


def test_legacy_goal_category_becomes_emergency_fund(api: TestClient, sign_up: SignUp, database: Database) -> None:
    me = sign_up()
    saved = api.post("/api/v1/goals", headers=me, json={"name": "Wellbeing", "category": "financial-wellbeing"})
    assert saved.json()["category"] == "emergency-fund"
    goal = api.post("/api/v1/goals", headers=me, json={"name": "Old", "category": "other"}).json()
    with privileged_session(database) as s:  # a row written by an older client
        s.execute(text("UPDATE goals SET category = 'financial-wellbeing' WHERE id = :i"), {"i": goal["id"]})
    assert {g["category"] for g in api.get("/api/v1/goals", headers=me).json()} == {"emergency-fund"}
    with privileged_session(database) as s:
        assert s.scalar(text("SELECT category FROM goals WHERE id = :i"), {"i": goal["id"]}) == "emergency-fund"
    bad = api.post("/api/v1/goals", headers=me, json={"name": "Boat", "category": "boats"})
    assert bad.status_code == 422 and bad.json()["message"].startswith("category:")


@pytest.mark.parametrize(("value", "stored"), [("", 0), ("n/a", 0), (None, 0), ("$450,000", 450000), (12.5, 12.5)])
def test_property_values_fall_back_to_zero(api: TestClient, sign_up: SignUp, value: object, stored: float) -> None:
    me = sign_up()
    body = api.post("/api/v1/properties", headers=me,
                    json={"type": "house", "market_value": value, "purchase_price": value}).json()
    assert body["market_value"] == stored and body["purchase_price"] == stored


def test_local_import_happens_once(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    local = {"accounts": [{"account_name": "Chequing", "account_type": "chequing", "balance": 100}],
             "properties": [{"type": "condo", "market_value": "500000"}]}
    assert api.post("/api/v1/import/local", headers=me, json=local).json() == {
        "accounts_imported": 1, "properties_imported": 1}
    assert api.post("/api/v1/import/local", headers=me, json=local).json() == {
        "accounts_imported": 0, "properties_imported": 0}
    assert len(api.get("/api/v1/accounts", headers=me).json()) == 1
    # Each kind is judged on its own: a user with properties but no accounts still gets the accounts.
    other = sign_up()
    api.post("/api/v1/properties", headers=other, json={"type": "house"})
    assert api.post("/api/v1/import/local", headers=other, json=local).json() == {
        "accounts_imported": 1, "properties_imported": 0}


def test_activity_log_keeps_the_newest_fifty(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    for i in range(53):
        assert api.post("/api/v1/activity", headers=me, json={"description": f"step {i}", "category": "t"}
                        ).status_code == 201
    entries = api.get("/api/v1/activity", headers=me).json()
    assert len(entries) == 50 and entries[0]["description"] == "step 52" and entries[-1]["description"] == "step 3"
    assert api.delete("/api/v1/activity", headers=me).status_code == 204
    assert api.get("/api/v1/activity", headers=me).json() == []
