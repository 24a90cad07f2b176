"""The demo account's lists read in the order the seed writes them, like rows saved through the API (before,
rows saved together shared one time and came back in id order: groceries between takeout and coffee)."""

from __future__ import annotations

import uuid

from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session
from api.demo.service import ACCOUNTS, EXPENSE_ITEMS, GOALS, SAVINGS_ITEMS, seed_demo


def test_demo_lists_keep_the_seed_order(api: TestClient, database: Database) -> None:
    email = f"demo-order-{uuid.uuid4().hex[:8]}@example.com"
    with privileged_session(database) as s:
        seed_demo(session=s, email=email, password="demo-password-1")
    token = api.post("/auth/v1/token?grant_type=password", json={"email": email, "password": "demo-password-1"})
    me = {"Authorization": f"Bearer {token.json()['access_token']}"}
    try:
        expenses = api.get("/api/v1/expenses", headers=me).json()["items"]
        assert [i["subcategory"] for i in expenses] == [row[1] for row in EXPENSE_ITEMS]
        savings = api.get("/api/v1/savings/items", headers=me).json()["items"]
        assert [i["subcategory"] for i in savings] == [row[1] for row in SAVINGS_ITEMS]
        accounts = api.get("/api/v1/accounts", headers=me).json()
        assert [a["account_name"] for a in accounts] == [row[0] for row in ACCOUNTS]
        assert [g["name"] for g in api.get("/api/v1/goals", headers=me).json()] == [row[0] for row in GOALS]
        cards = api.get("/api/v1/credit/cards", headers=me).json()
        assert [c["name"] for c in cards] == ["Aeroplan Visa Infinite", "Cobalt"]
    finally:
        with privileged_session(database) as s:
            s.execute(text("DELETE FROM users WHERE email = :e"), {"e": email})
