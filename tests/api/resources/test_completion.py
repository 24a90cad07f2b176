"""Completion: each of the 11 section rules of spec section 5, one by one, and the rounded overall."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]


def _scores(api: TestClient, me: dict[str, str]) -> dict[str, int]:
    body = api.get("/api/v1/completion", headers=me).json()
    return {s["key"]: s["score"] for s in body["sections"]}


def test_a_new_user_starts_at_zero(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    body = api.get("/api/v1/completion", headers=me).json()
    assert body["overall"] == 0 and body["badge"] == "Not Started"
    assert [s["key"] for s in body["sections"]] == ["profile", "income", "expenses", "budgeting", "savings", "goals",
                                                    "accounts", "futurePlans", "properties", "credit", "preferences"]
    assert {s["group"] for s in body["sections"][:3]} == {"Essential"}
    assert body["sections"][0] == {"key": "profile", "label": "Personal Profile", "group": "Essential",
                                   "route": "/settings/profile", "score": 0, "badge": "Not Started"}


@pytest.mark.parametrize(("fields", "score"), [
    # The e-mail is always the sign-in e-mail, recorded on the first save: it counts from the start.
    ({"first_name": "Maya"}, 29), ({"first_name": "Maya", "last_name": "Chen"}, 43),
    ({"first_name": "Maya", "last_name": "Chen", "email": "m@example.com", "age": 34}, 57),
    ({"first_name": "Maya", "last_name": "Chen", "email": "m@example.com", "age": 34, "country": "Canada",
      "province": "ON", "marital_status": "married"}, 100),
    ({"city": "Toronto", "goals": "FI", "first_name": ""}, 14),  # other fields don't count; empty isn't filled
])
def test_profile_is_the_share_of_seven_fields(api: TestClient, sign_up: SignUp, fields: dict[str, Any],
                                              score: int) -> None:
    me = sign_up()
    api.put("/api/v1/profile", headers=me, json=fields)
    assert _scores(api, me)["profile"] == score


@pytest.mark.parametrize(("body", "score"), [({"annual_salary": 90000}, 100), ({"monthly_take_home": 5000}, 100),
                                             ({"partner_income": 4000}, 0)])
def test_income_needs_salary_or_take_home(api: TestClient, sign_up: SignUp, body: dict[str, Any], score: int) -> None:
    me = sign_up()
    api.put("/api/v1/income", headers=me, json=body)
    assert _scores(api, me)["income"] == score


def test_expenses_need_one_item(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 2000, "items": []})
    assert _scores(api, me)["expenses"] == 0
    api.put("/api/v1/expenses", headers=me, json={"items": [{"category": "Food", "amount": 10}]})
    assert _scores(api, me)["expenses"] == 100


def test_savings_scoring(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.put("/api/v1/savings/summary", headers=me, json={"monthly_savings": 500})
    assert _scores(api, me)["savings"] == 50  # at least 50 with monthly savings set
    api.put("/api/v1/savings/items", headers=me, json={"items": [{"category": "savings", "amount": 100}]})
    assert _scores(api, me)["savings"] == 60
    api.post("/api/v1/accounts", headers=me, json={"account_name": "TFSA", "account_type": "tfsa"})
    assert _scores(api, me)["savings"] == 100  # 60 + 40, capped at 100
    other = sign_up()
    api.post("/api/v1/accounts", headers=other, json={"account_name": "TFSA", "account_type": "tfsa"})
    assert _scores(api, other)["savings"] == 40
    api.put("/api/v1/savings/summary", headers=other, json={"monthly_investment_contributions": 300})
    assert _scores(api, other)["savings"] == 50


@pytest.mark.parametrize(("body", "score"), [({"needs_percentage": 100}, 100), ({"savings_percentage": 100}, 100),
                                             ({"investments_percentage": 100, "tfsa_allocation": 100}, 0)])
def test_budgeting_needs_needs_wants_or_savings(api: TestClient, sign_up: SignUp, body: dict[str, Any],
                                                score: int) -> None:
    me = sign_up()
    api.put("/api/v1/budget", headers=me, json=body)
    assert _scores(api, me)["budgeting"] == score


@pytest.mark.parametrize(("section", "path", "body"), [
    ("accounts", "/api/v1/accounts", {"account_name": "Chequing", "account_type": "chequing"}),
    ("goals", "/api/v1/goals", {"name": "House", "category": "home"}),
    ("properties", "/api/v1/properties", {"type": "condo"}),
])
def test_one_row_completes_a_list_section(api: TestClient, sign_up: SignUp, section: str, path: str,
                                          body: dict[str, Any]) -> None:
    me = sign_up()
    assert _scores(api, me)[section] == 0
    api.post(path, headers=me, json=body)
    assert _scores(api, me)[section] == 100


@pytest.mark.parametrize(("rate", "score"), [(0.03, 100), (0, 100), (-0.02, 0), (None, 0)])
def test_future_plans_need_a_non_negative_growth_rate(api: TestClient, sign_up: SignUp, rate: float | None,
                                                      score: int) -> None:
    me = sign_up()
    api.put("/api/v1/future-plans", headers=me, json={"income_growth_rate": rate})
    assert _scores(api, me)["futurePlans"] == score


def test_credit_needs_a_score_and_preferences_a_retirement_age(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.put("/api/v1/credit", headers=me, json={"line_of_credit_amount": 5000})
    assert _scores(api, me)["credit"] == 0
    api.put("/api/v1/credit", headers=me, json={"credit_score": 720})
    assert _scores(api, me)["credit"] == 100
    assert _scores(api, me)["preferences"] == 0
    api.get("/api/v1/preferences", headers=me)  # created with retirement age 65
    assert _scores(api, me)["preferences"] == 100


def test_overall_is_the_rounded_average_with_badges(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.put("/api/v1/profile", headers=me, json={"first_name": "Maya"})  # 29 (with the sign-in e-mail)
    api.put("/api/v1/income", headers=me, json={"annual_salary": 1})  # 100
    body = api.get("/api/v1/completion", headers=me).json()
    assert body["overall"] == round(129 / 11) == 12 and body["badge"] == "In Progress"
    badges = {s["key"]: s["badge"] for s in body["sections"]}
    assert badges["profile"] == "In Progress" and badges["income"] == "Complete" and badges["goals"] == "Not Started"


def test_the_sections_are_named_in_french_when_asked(api: TestClient, sign_up: SignUp) -> None:
    """The section names follow Accept-Language (else the saved locale), in /completion and in the snapshot; keys,
    groups, badges and routes stay identifiers, and English clients get exactly what they got."""
    me = sign_up()
    english = api.get("/api/v1/completion", headers=me)
    french = api.get("/api/v1/completion", headers={**me, "Accept-Language": "fr-CA"})
    assert french.headers["content-language"] == "fr-CA"
    en, fr = english.json(), french.json()
    labels = {s["key"]: s["label"] for s in fr["sections"]}
    assert labels == {"profile": "Profil personnel", "income": "Sources de revenus", "expenses": "Dépenses mensuelles",
                      "budgeting": "Planification budgétaire", "savings": "Épargne et placements",
                      "goals": "Objectifs financiers", "accounts": "Comptes bancaires",
                      "futurePlans": "Projets futurs", "properties": "Propriétés", "credit": "Gestion du crédit",
                      "preferences": "Préférences"}
    assert [{k: v for k, v in s.items() if k != "label"} for s in fr["sections"]] == [
        {k: v for k, v in s.items() if k != "label"} for s in en["sections"]]
    assert en["sections"][0]["label"] == "Personal Profile"
    assert api.get("/api/v1/completion", headers=me).json() == en
    snapshot = api.get("/api/v1/snapshot", headers={**me, "Accept-Language": "fr-CA"})
    assert snapshot.headers["content-language"] == "fr-CA"
    assert snapshot.json()["completion"] == fr
    assert api.get("/api/v1/snapshot", headers=me).json()["completion"] == en  # the cached English body
    assert api.patch("/api/v1/preferences", headers=me, json={"locale": "fr-CA"}).status_code == 200
    assert api.get("/api/v1/snapshot", headers=me).json()["completion"]["sections"][0]["label"] == "Profil personnel"
    assert api.get("/api/v1/completion", headers=me).json()["sections"][0]["label"] == "Profil personnel"
