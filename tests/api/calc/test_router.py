"""/api/v1/calc over HTTP: every calculator answers with its assumptions, published figures come through the
wire to the cent, and bad input is a 422 whose message names the field."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

CALCULATORS: dict[str, dict[str, Any]] = {
    "fire": {"annual_expenses": 40_000, "annual_income": 90_000, "annual_savings": 30_000,
             "current_portfolio": 150_000},
    "fire-variants": {"annual_expenses": 40_000, "current_age": 30, "retirement_age": 55,
                      "barista_annual_income": 12_000},
    "projection": {"start_date": "2026-01-01", "current_age": 30, "monthly_income": 7_000, "monthly_expenses": 4_000,
                   "contribution_split": {"tfsa": 50, "rrsp": 50},
                   "preferences": {"investment_return_rate": 0.06, "retirement_age": 55}},
    "monte-carlo": {"initial_balance": 1_000_000, "years": 30, "paths": 1_000, "seed": 3,
                    "withdrawal": {"kind": "guyton_klinger"}, "market": {"model": "bootstrap"}},
    "backtest": {"initial_balance": 1_000_000, "years": 30},
    "tax": {"year": 2026, "province": "ON", "employment_income": 95_000, "rrsp_deduction": 5_000},
    "rrsp-vs-tfsa": {"pre_tax_amount": 10_000, "years": 25, "income_now": 120_000, "income_retirement": 50_000,
                     "province": "BC", "year": 2026},
    "tfsa-room": {"birth_year": 1990, "year": 2026, "contributions": [{"year": 2020, "amount": 20_000}]},
    "rrsp-room": {"year": 2026, "previous_year_earned_income": 120_000, "unused_room": 10_000},
    "fhsa-room": {"year_opened": 2024, "year": 2026, "birth_year": 1995,
                  "contributions": [{"year": 2024, "amount": 8_000}]},
    "contribution-order": {"annual_budget": 25_000, "tfsa_room": 7_000, "rrsp_room": 15_000, "fhsa_room": 8_000,
                           "first_time_home_buyer": True, "marginal_rate_now": 0.31,
                           "marginal_rate_retirement": 0.2},
    "cpp": {"start_age": 62, "year": 2026},
    "oas": {"start_age": 67, "year": 2026, "net_income": 110_000},
    "rrif": {"age": 72, "balance": 400_000, "years": 5},
    "mortgage": {"price": 700_000, "down_payment": 70_000, "annual_rate": 0.0439, "amortization_years": 25,
                 "frequency": "bi_weekly"},
    "investment": {"initial": 10_000, "contribution": 500, "years": 20, "annual_return": 0.06, "mer": 0.01,
                   "target": 500_000},
    "debt-payoff": {"debts": [{"name": "visa", "balance": 6_000, "annual_rate": 0.2199, "minimum_payment": 120},
                              {"name": "loc", "balance": 12_000, "annual_rate": 0.085, "minimum_payment": 150}],
                    "monthly_payment": 800},
}


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_calculator_answers_with_its_assumptions(api: TestClient, name: str) -> None:
    response = api.post(f"/api/v1/calc/{name}", json=CALCULATORS[name])
    assert response.status_code == 200, response.text
    body = response.json()
    assumptions = body["assumptions"]
    assert set(assumptions) == {"rates", "tax_year", "limits", "data_source", "notes"}
    assert assumptions["rates"] or assumptions["limits"]


def test_operation_ids_are_calc_names(api: TestClient) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    for name in CALCULATORS:
        assert paths[f"/api/v1/calc/{name}"]["post"]["operationId"] == f"calc-{name}"


def test_mortgage_payment_to_the_cent(api: TestClient) -> None:
    body = api.post("/api/v1/calc/mortgage", json={"principal": 500_000, "annual_rate": 0.05,
                                                   "amortization_years": 25}).json()
    assert body["payment"] == 2908.02
    assert body["qualifying_rate"] == 0.07
    assert body["assumptions"]["data_source"]


def test_tax_figures_and_sources(api: TestClient) -> None:
    body = api.post("/api/v1/calc/tax", json={"year": 2025, "province": "ON", "employment_income": 250_000}).json()
    assert (body["cpp"], body["cpp2"], body["ei"]) == (4034.10, 396.00, 1077.48)
    assert body["assumptions"]["tax_year"] == 2025
    assert any("T4127" in s for s in body["assumptions"]["data_source"])
    basic = api.post("/api/v1/calc/tax", json={"year": 2025, "province": "QC", "employment_income": 58_000,
                                               "include_payroll": False}).json()
    assert round(basic["federal_tax"]) == 5_101 and round(basic["provincial_tax"]) == 5_757


def test_tfsa_room_and_investment_fv(api: TestClient) -> None:
    assert api.post("/api/v1/calc/tfsa-room", json={"birth_year": 1985, "year": 2026}).json()["room"] == 109_000
    fv = api.post("/api/v1/calc/investment", json={"initial": 10_000, "contribution": 500, "years": 30,
                                                   "annual_return": 0.06, "nominal_rate": True}).json()
    assert fv["future_value"] == 562_483.27


def test_monte_carlo_over_http_is_seeded_and_solves(api: TestClient) -> None:
    request = {"initial_balance": 1_000_000, "years": 30, "paths": 1_000, "seed": 5, "solve_for_success": 0.9}
    first = api.post("/api/v1/calc/monte-carlo", json=request).json()
    second = api.post("/api/v1/calc/monte-carlo", json=request).json()
    assert first == second
    assert len(first["balance_bands"]) == 31
    assert first["solve_for"]["success_rate"] >= 0.9


@pytest.mark.parametrize(("name", "body", "field"), [
    ("fire", {"annual_expenses": 40_000, "annual_return": 1.5}, "annual_return"),
    ("fire", {"annual_expenses": -1}, "annual_expenses"),
    ("investment", {"years": -5, "annual_return": 0.05}, "years"),
    ("investment", {"years": 5, "inflation": -1.2}, "inflation"),
    ("monte-carlo", {"initial_balance": 1, "years": -1}, "years"),
    ("monte-carlo", {"initial_balance": 1, "market": {"stock_mean": 2}}, "market.stock_mean"),
    ("backtest", {"initial_balance": 1, "years": 200}, "years"),
    ("tax", {"year": 2025, "province": "ZZ", "employment_income": 1}, "province"),
    ("tax", {"year": 2031, "province": "ON", "employment_income": 1}, "year"),
    ("rrsp-vs-tfsa", {"pre_tax_amount": 1, "years": 5, "income_now": 1, "income_retirement": 1, "province": "ON",
                      "year": 2019}, "year"),
    ("rrsp-vs-tfsa", {"pre_tax_amount": 1, "years": 5, "year": 2026}, "province"),
    ("tfsa-room", {"birth_year": 1990, "year": 2040}, "year"),
    ("rrsp-room", {"year": 1999, "previous_year_earned_income": 1}, "year"),
    ("fhsa-room", {"year_opened": 2020, "year": 2025, "birth_year": 1990}, "year_opened"),
    ("cpp", {"start_age": 58}, "start_age"),
    ("oas", {"start_age": 66, "year": 2019}, "year"),
    ("rrif", {"age": 130, "balance": 1}, "age"),
    ("mortgage", {"principal": 1, "annual_rate": 1.2}, "annual_rate"),
    ("tax", {"year": 2025, "province": "ON", "employment_income": "abc"}, "employment_income"),
    ("mortgage", {"price": -500_000, "annual_rate": 0.05}, "price"),
    ("monte-carlo", {"initial_balance": 1, "paths": 20_000}, "paths"),
    ("investment", {"years": 5, "annual_return": -1}, "annual_return"),
    ("cpp", {"start_age": 65, "year": 2023}, "year"),
    ("debt-payoff", {"debts": [], "monthly_payment": 10}, "debts"),
    ("debt-payoff", {"debts": [{"name": "a", "balance": 100, "annual_rate": 1.1, "minimum_payment": 50}],
                     "monthly_payment": 10}, "debts.0.annual_rate"),
    ("projection", {"start_date": "2026-01-01", "current_age": 50, "monthly_income": 1, "monthly_expenses": 1,
                    "preferences": {"investment_return_rate": 3}}, "preferences.investment_return_rate"),
    ("projection", {"start_date": "2026-01-01", "current_age": 50, "monthly_income": 1, "monthly_expenses": 1,
                    "preferences": {"bogus": 1}}, "preferences.bogus"),
])
def test_bad_input_is_a_422_naming_the_field(api: TestClient, name: str, body: dict[str, Any], field: str) -> None:
    response = api.post(f"/api/v1/calc/{name}", json=body)
    assert response.status_code == 422, response.text
    error = response.json()
    assert error["code"] == "validation_error"
    assert error["message"].startswith(f"{field}: ")


def test_cross_field_cases_are_answered_and_explained(api: TestClient) -> None:
    """Inputs valid one by one but odd together get an answer whose notes say what was done."""
    cmhc = api.post("/api/v1/calc/mortgage", json={"price": 500_000, "down_payment": 10_000,
                                                   "annual_rate": 0.05}).json()["cmhc"]
    assert cmhc["required"] and not cmhc["insurable"] and "25,000.00" in cmhc["note"]
    mc = api.post("/api/v1/calc/monte-carlo", json={
        "initial_balance": 500_000, "years": 10, "accumulation_years": 12, "paths": 200, "seed": 1,
        "solve_for_success": 0.9, "withdrawal": {"kind": "vpw", "floor": 30_000, "ceiling": 20_000}}).json()
    notes = " ".join(mc["assumptions"]["notes"])
    assert "9 years were used" in notes and "raised to the floor" in notes and "skipped" in notes
    assert mc["solve_for"] is None
    fhsa = api.post("/api/v1/calc/fhsa-room", json={"year_opened": 2025, "year": 2024, "birth_year": 1990}).json()
    assert not fhsa["open"] and fhsa["room"] == 0
    young = api.post("/api/v1/calc/fhsa-room", json={"year_opened": 2025, "year": 2025, "birth_year": 2010}).json()
    assert not young["eligible"] and young["room"] == 0
