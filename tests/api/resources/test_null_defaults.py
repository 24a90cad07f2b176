"""Spec section 5: the budget save coerces missing values to 0 and the credit save defaults what is not given.
A form's empty field arrives as null: it is missing, not an error (before, null was a 422)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]


def test_budget_saves_null_as_zero(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    response = api.put("/api/v1/budget", headers=me, json={
        "needs_percentage": None, "wants_percentage": 80, "savings_percentage": 20, "tfsa_allocation": None})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["needs_percentage"] == 0 and body["tfsa_allocation"] == 0
    assert body["wants_percentage"] == 80 and body["investments_percentage"] == 0


def test_credit_saves_null_as_its_defaults(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    response = api.put("/api/v1/credit", headers=me, json={
        "credit_score": 720, "credit_card_types": None, "line_of_credit_amount": None,
        "credit_utilization_rate": None, "credit_account_linked": None})
    assert response.status_code == 200, response.text
    body = response.json()
    assert {k: body[k] for k in ("credit_score", "credit_card_types", "line_of_credit_amount",
                                 "credit_utilization_rate", "credit_account_linked")} == {
        "credit_score": 720, "credit_card_types": [], "line_of_credit_amount": 0, "credit_utilization_rate": None,
        "credit_account_linked": False}


def test_bad_values_are_still_refused(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.put("/api/v1/budget", headers=me, json={"needs_percentage": -1}).json()["message"].startswith(
        "needs_percentage: ")
    assert api.put("/api/v1/credit", headers=me, json={"credit_card_types": ["debit"]}).status_code == 422
