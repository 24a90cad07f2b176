"""The one-record resources: profile, income, budget, future plans, preferences, credit summary, savings
summary; the spec's coercions and defaults, and bounds answered with 422 naming the field."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]


def test_profile_round_trip_and_bounds(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.get("/api/v1/profile", headers=me).json() is None
    saved = api.put("/api/v1/profile", headers=me, json={"first_name": "Maya", "age": 34, "province": "ON"})
    assert saved.status_code == 200
    assert saved.json()["first_name"] == "Maya" and saved.json()["age"] == 34
    again = api.put("/api/v1/profile", headers=me, json={"first_name": "Maya", "last_name": "Chen"}).json()
    assert again["id"] == saved.json()["id"] and again["age"] is None  # saved whole, one row
    for body, field in (({"age": 121}, "age"), ({"email": "not-mail"}, "email"), ({"dependents": -1}, "dependents"),
                        ({"nickname": "x"}, "nickname")):
        response = api.put("/api/v1/profile", headers=me, json=body)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")


def test_income_saves_missing_values_as_null(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    body = api.put("/api/v1/income", headers=me, json={"monthly_take_home": 6200.5}).json()
    assert body["monthly_take_home"] == 6200.5
    assert all(body[k] is None for k in ("annual_salary", "secondary_income", "side_hustle_income",
                                         "partner_income", "other_income"))
    assert api.put("/api/v1/income", headers=me, json={"annual_salary": -1}).status_code == 422
    assert api.put("/api/v1/income", headers=me, json={"annual_salary": 1.235}).json()["annual_salary"] == 1.24


def test_budget_saves_missing_values_as_zero_and_stays_one_row(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    first = api.put("/api/v1/budget", headers=me, json={"needs_percentage": 50, "wants_percentage": 50,
                                                        "tfsa_allocation": 100}).json()
    assert first["savings_percentage"] == 0 and first["rrsp_allocation"] == 0 and first["needs_percentage"] == 50
    second = api.put("/api/v1/budget", headers=me, json={"wants_percentage": 100}).json()
    assert second["id"] == first["id"] and second["needs_percentage"] == 0 and second["wants_percentage"] == 100
    over = api.put("/api/v1/budget", headers=me, json={"savings_percentage": 101})
    assert over.status_code == 422 and over.json()["message"].startswith("savings_percentage:")


def test_a_budget_that_is_not_the_whole_of_take_home_pay_is_refused_and_nothing_is_lost(
        api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    saved = api.put("/api/v1/budget", headers=me, json={"needs_percentage": 50, "wants_percentage": 30,
                                                        "savings_percentage": 20}).json()
    short = api.put("/api/v1/budget", headers=me, json={"needs_percentage": 50, "wants_percentage": 30,
                                                        "savings_percentage": 10, "investments_percentage": 5})
    assert short.status_code == 422
    assert short.json()["message"] == ("needs_percentage: Needs, wants, savings and investments add up to 95%; "
                                       "they must total 100%")
    assert {d["field"] for d in short.json()["details"]} >= {"needs_percentage", "investments_percentage"}
    split = api.put("/api/v1/budget", headers=me, json={"needs_percentage": 100, "tfsa_allocation": 60,
                                                        "rrsp_allocation": 30})
    assert split.status_code == 422 and "add up to 90%" in split.json()["message"]
    assert api.get("/api/v1/budget", headers=me).json()["savings_percentage"] == saved["savings_percentage"] == 20


def test_budget_save_without_a_user_says_so(api: TestClient) -> None:
    response = api.put("/api/v1/budget", json={"needs_percentage": 50})
    assert response.status_code == 401
    assert response.json()["message"] == "You must be logged in to save budget data"


def test_future_plans_store_a_decrease_as_negative_and_empty_dates_as_null(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    body = api.put("/api/v1/future-plans", headers=me, json={
        "income_growth_rate": 0.03, "income_target_date": "", "expense_change_amount": 480,
        "expense_change_type": "decrease", "expense_change_date": "2028-09-01", "side_hustle_date": ""}).json()
    assert body["expense_change_amount"] == -480 and body["expense_change_type"] == "decrease"
    assert body["income_target_date"] is None and body["side_hustle_date"] is None
    assert body["expense_change_date"] == "2028-09-01" and body["income_growth_rate"] == 0.03
    up = api.put("/api/v1/future-plans", headers=me, json={"expense_change_amount": 200}).json()
    assert up["expense_change_amount"] == 200 and up["expense_change_type"] == "increase"
    rate = api.put("/api/v1/future-plans", headers=me, json={"income_growth_rate": 3})  # 3 = 300%: a fraction is wanted
    assert rate.status_code == 422 and rate.json()["message"].startswith("income_growth_rate:")


def test_preferences_are_created_with_the_defaults_on_first_read(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    first = api.get("/api/v1/preferences", headers=me).json()
    assert (first["currency_code"], first["locale"], first["investment_return_rate"], first["fire_rule_multiplier"],
            first["max_projection_years"], first["retirement_age"]) == ("CAD", "en-CA", 0.06, 25, 30, 65)
    changed = api.patch("/api/v1/preferences", headers=me, json={"retirement_age": 52}).json()
    assert changed["retirement_age"] == 52 and changed["investment_return_rate"] == 0.06
    assert changed["id"] == first["id"]
    for body in ({"currency_code": "cad"}, {"max_projection_years": 0}, {"investment_return_rate": 6}):
        assert api.patch("/api/v1/preferences", headers=me, json=body).status_code == 422


def test_credit_summary_defaults_and_score_bounds(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.get("/api/v1/credit", headers=me).json() == {
        "credit_score": None, "credit_card_types": [], "line_of_credit_amount": 0.0,
        "credit_utilization_rate": None, "total_credit_balance": 0.0, "total_credit_limit": 0.0, "over_limit": False,
        "over_limit_names": [], "no_limit_names": [], "credit_account_linked": False, "updated_at": None}
    saved = api.put("/api/v1/credit", headers=me, json={"credit_score": 781, "credit_card_types": ["credit"]}).json()
    assert saved["credit_score"] == 781 and saved["line_of_credit_amount"] == 0
    for score in (299, 901):
        response = api.put("/api/v1/credit", headers=me, json={"credit_score": score})
        assert response.status_code == 422 and response.json()["message"].startswith("credit_score:")
    unauthenticated = api.get("/api/v1/credit/cards")
    assert unauthenticated.status_code == 401 and unauthenticated.json()["message"] == "User not authenticated"


def test_savings_summary(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.get("/api/v1/savings/summary", headers=me).json() is None
    body = api.put("/api/v1/savings/summary", headers=me, json={
        "monthly_savings": 700, "emergency_fund": 24000, "savings_destinations": ["HISA", "TFSA"]}).json()
    assert body["monthly_savings"] == 700 and body["savings_destinations"] == ["HISA", "TFSA"]
    assert body["debt_amount"] is None


def test_an_amount_in_scientific_notation_is_refused(api: TestClient, sign_up: SignUp) -> None:
    """'1e6' is not a number people type: refused with a message that says how to write it, nothing saved."""
    me = sign_up()
    api.put("/api/v1/income", headers=me, json={"monthly_take_home": 6200})
    refused = api.put("/api/v1/income", headers=me, json={"monthly_take_home": "1e6"})
    assert refused.status_code == 422
    assert refused.json()["message"] == ("monthly_take_home: write the number in digits (1000000), not in scientific "
                                         "notation")
    assert api.put("/api/v1/budget", headers=me, json={"needs_percentage": "1E2"}).status_code == 422
    assert api.get("/api/v1/income", headers=me).json()["monthly_take_home"] == 6200
    assert api.put("/api/v1/income", headers=me, json={"monthly_take_home": "6300.50"}).status_code == 200
