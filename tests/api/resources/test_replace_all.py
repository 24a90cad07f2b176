"""Expense items and savings items are replaced as a whole, in one transaction: a failure loses nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session

SignUp = Callable[..., dict[str, str]]

ITEMS = [
    {"category": "Food", "subcategory": "Groceries", "amount": 900, "needs_wants_category": "needs"},
    {"category": "Food", "subcategory": "Takeout", "amount": 150.25, "needs_wants_category": "wants",
     "is_bad_habit": True},
    {"category": "Fun", "amount": 100, "needs_wants_category": "wants"},
]


def test_expenses_replace_all_with_totals(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    body = api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 2000, "items": ITEMS}).json()
    assert len(body["items"]) == 3
    assert body["totals"] == {"needs": 2900.0, "wants": 250.25, "bad_habits": 150.25, "total": 3150.25}
    assert body["items"][0]["needs_wants_category"] == "needs" and body["items"][2]["is_bad_habit"] is False
    replaced = api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 2100, "items": ITEMS[:1]}).json()
    assert [i["subcategory"] for i in replaced["items"]] == ["Groceries"] and replaced["rent_mortgage"] == 2100


@pytest.fixture
def exploding_category(database: Database) -> Iterator[str]:
    """A trigger that makes the database fail on one category, to break a save half-way through."""
    with privileged_session(database) as s:
        s.execute(text("CREATE FUNCTION test_explode() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                       "IF NEW.category = 'explode' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN NEW; END $$"))
        for table in ("expense_items", "savings_items"):
            s.execute(text(f"CREATE TRIGGER test_explode BEFORE INSERT ON {table} "
                           "FOR EACH ROW EXECUTE FUNCTION test_explode()"))
    yield "explode"
    with privileged_session(database) as s:
        s.execute(text("DROP FUNCTION test_explode() CASCADE"))


def test_a_failed_expense_save_loses_nothing(api: TestClient, sign_up: SignUp, exploding_category: str) -> None:
    me = sign_up()
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 2000, "items": ITEMS})
    broken = [*ITEMS, {"category": exploding_category, "amount": 5}]
    response = api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1, "items": broken})
    assert response.status_code == 500 and response.json()["code"] == "internal_error"
    kept = api.get("/api/v1/expenses", headers=me).json()
    assert len(kept["items"]) == 3 and kept["rent_mortgage"] == 2000


def test_expense_item_rules(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    default = api.put("/api/v1/expenses", headers=me, json={"items": [{"category": "Rent", "amount": 10}]}).json()
    assert default["items"][0]["needs_wants_category"] == "needs" and default["rent_mortgage"] == 0
    bad = api.put("/api/v1/expenses", headers=me, json={"items": [{"category": "x", "amount": 1,
                                                                    "needs_wants_category": "maybe"}]})
    assert bad.status_code == 422 and bad.json()["message"].startswith("items.0.needs_wants_category:")


def test_savings_items_drop_non_positive_and_exact_duplicates(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    items = [
        {"category": "savings", "subcategory": "Emergency", "amount": 400, "goal": "6 months"},
        {"category": "savings", "subcategory": "Emergency", "amount": 400, "goal": "6 months"},  # exact duplicate
        {"category": "savings", "subcategory": "Emergency", "amount": 400, "goal": "Other goal"},  # differs by goal
        {"category": "investment", "subcategory": "TFSA", "amount": 0},
        {"category": "investment", "subcategory": "RRSP", "amount": -50},
        {"category": "investment", "subcategory": "RESP"},
        {"category": "investment", "subcategory": "TFSA", "amount": 1000, "investment_type": "ETF"},
    ]
    body = api.put("/api/v1/savings/items", headers=me, json={"items": items}).json()
    assert body["dropped"] == 4
    assert [(i["subcategory"], i["amount"], i["goal"]) for i in body["items"]] == [
        ("Emergency", 400, "6 months"), ("Emergency", 400, "Other goal"), ("TFSA", 1000, None)]
    assert api.get("/api/v1/savings/items", headers=me).json()["items"] == body["items"]
    nul = api.put("/api/v1/savings/items", headers=me,
                  json={"items": [{"category": "savings", "amount": 1, "goal": "a\x00b"}]})
    assert nul.status_code == 200 and nul.json()["items"][0]["goal"] == "ab"  # PostgreSQL text cannot hold NUL
    bad = api.put("/api/v1/savings/items", headers=me, json={"items": [{"category": "crypto", "amount": 5}]})
    assert bad.status_code == 422 and bad.json()["message"].startswith("items.0.category:")
