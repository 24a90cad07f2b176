"""Required text of the per-user records (names, types, categories, descriptions) must hold more than spaces:
a blank one is a 422 naming the field, as in the community area. Rows saved before the check still read."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session

SignUp = Callable[..., dict[str, str]]

CASES = [
    ("/api/v1/accounts", {"account_name": "Chequing", "account_type": "chequing"}, "account_name"),
    ("/api/v1/accounts", {"account_name": "Chequing", "account_type": "chequing"}, "account_type"),
    ("/api/v1/goals", {"name": "Emergency fund", "category": "emergency-fund"}, "name"),
    ("/api/v1/properties", {"type": "condo"}, "type"),
    ("/api/v1/credit/cards", {"name": "Visa"}, "name"),
    ("/api/v1/credit/lines", {"name": "HELOC"}, "name"),
    ("/api/v1/activity", {"description": "Saved the budget"}, "description"),
]


@pytest.mark.parametrize(("path", "body", "field"), CASES)
@pytest.mark.parametrize("blank", ["   ", "\t\n", "\u00a0"])
def test_blank_required_text_is_refused(api: TestClient, sign_up: SignUp, path: str, body: dict[str, str],
                                        field: str, blank: str) -> None:
    me = sign_up()
    response = api.post(path, headers=me, json={**body, field: blank})
    assert response.status_code == 422, response.text
    assert response.json()["message"].startswith(f"{field}: ")
    assert api.post(path, headers=me, json={**body, field: f" {body[field]} "}).status_code == 201


def test_blank_expense_category_is_refused_and_the_saved_list_stays(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.put("/api/v1/expenses", headers=me, json={"items": [{"category": "Rent", "amount": 1500}]})
    response = api.put("/api/v1/expenses", headers=me, json={"items": [{"category": "  ", "amount": 5}]})
    assert response.status_code == 422 and response.json()["message"].startswith("items.0.category: ")
    assert [i["category"] for i in api.get("/api/v1/expenses", headers=me).json()["items"]] == ["Rent"]


def test_blank_rows_saved_before_the_check_still_list(api: TestClient, sign_up: SignUp, database: Database) -> None:
    me = sign_up()
    user_id = api.get("/auth/v1/user", headers=me).json()["id"]
    with privileged_session(database) as s:
        s.execute(text("INSERT INTO user_accounts (id, user_id, account_name, account_type, balance) "
                       "VALUES (gen_random_uuid(), :u, ' ', ' ', 0)"), {"u": user_id})
        s.execute(text("INSERT INTO user_properties (id, user_id, type) VALUES (gen_random_uuid(), :u, ' ')"),
                  {"u": user_id})
    accounts = api.get("/api/v1/accounts", headers=me)
    assert accounts.status_code == 200 and accounts.json()[0]["account_name"] == " "
    properties = api.get("/api/v1/properties", headers=me)
    assert properties.status_code == 200 and properties.json()[0]["type"] == " "
