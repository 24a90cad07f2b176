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
    "tvm": {"solve_for": "pmt", "n": 300, "annual_rate": 0.05, "pv": 500_000, "compounding_per_year": 2},
    "cash-flows": {"rate": 0.1, "cash_flows": [-10_000, 3_000, 4_200, 6_800]},
    "pension-split": {"year": 2026, "spouse_a": {"province": "ON", "pension_income": 80_000, "age": 70},
                      "spouse_b": {"province": "ON", "cpp_income": 5_000, "age": 67}},
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
    ("tvm", {"solve_for": "pmt", "annual_rate": 0.05, "pv": 100}, "n"),
    ("tvm", {"solve_for": "n", "annual_rate": 0.12, "pv": 10_000, "pmt": -50}, "pmt"),
    ("tvm", {"solve_for": "annual_rate", "n": 10, "pv": 100, "pmt": 10}, "pv"),
    ("tvm", {"solve_for": "fv", "n": 12, "annual_rate": 0.05, "pv": 100, "period": 13}, "period"),
    ("tvm", {"solve_for": "pv", "n": 12, "annual_rate": 0.05, "timing": "middle"}, "timing"),
    ("cash-flows", {"cash_flows": [100, 200]}, "cash_flows"),
    ("cash-flows", {}, "cash_flows"),
    ("cash-flows", {"dated_cash_flows": [{"on": "2024-02-30", "amount": -5}]}, "dated_cash_flows.0.on"),
    ("tax", {"year": 2026, "province": "ON", "taxable_income": 50_000, "employment_income": 10}, "taxable_income"),
    ("tax", {"year": 2026, "province": "ON", "pension_income": 10_000, "pension_split_out": 6_000},
     "pension_split_out"),
    ("tax", {"year": 2026, "province": "ON", "capital_gains_inclusion_rate": 1.5}, "capital_gains_inclusion_rate"),
    ("tfsa-room", {"birth_year": 1990, "year": 2026, "notice": {"year": 2025, "room": 5_000},
                   "contributions": [{"year": 2024, "amount": 1}]}, "contributions"),
    ("backtest", {"initial_balance": 1, "bond_series": "junk_bonds"}, "bond_series"),
    ("mortgage", {"principal": 1, "annual_rate": 0.05, "compounding": "daily"}, "compounding"),
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
    window = api.post("/api/v1/calc/backtest", json={"initial_balance": 1_000_000, "years": 30,
                                                     "bond_series": "corporate_baa", "first_start_year": 1900,
                                                     "last_start_year": 2010}).json()
    assert (window["first_start"], window["last_start"]) == (1928, 1996)
    assert "1928-1996 were used instead of 1900-2010" in " ".join(window["assumptions"]["notes"])
    swapped = api.post("/api/v1/calc/backtest", json={"initial_balance": 1, "first_start_year": 1950,
                                                      "last_start_year": 1940}).json()
    assert (swapped["first_start"], swapped["last_start"]) == (1940, 1950)
    young = api.post("/api/v1/calc/fhsa-room", json={"year_opened": 2025, "year": 2025, "birth_year": 2010}).json()
    assert not young["eligible"] and young["room"] == 0


@pytest.mark.parametrize(("name", "body", "years"), [
    ("tax", {"year": 2023, "province": "ON"}, "available: 2024, 2025, 2026"),
    ("cpp", {"start_age": 65, "year": 2027}, "available: 2024, 2025, 2026"),
    ("oas", {"start_age": 65, "year": 2019}, "available: 2024, 2025, 2026"),
    ("tfsa-room", {"birth_year": 1990, "year": 2040}, "available: 2009 to 2026"),
    ("rrsp-room", {"year": 1999, "previous_year_earned_income": 1}, "available: 2020 to 2026"),
])
def test_a_year_outside_the_tables_says_which_years_exist(api: TestClient, name: str, body: dict[str, Any],
                                                          years: str) -> None:
    error = api.post(f"/api/v1/calc/{name}", json=body).json()
    assert error["message"].startswith("year: no ") and error["message"].endswith(years)


def test_every_year_2024_to_2026_is_answered(api: TestClient) -> None:
    for year in (2024, 2025, 2026):
        for name, body in (("tax", {"year": year, "province": "QC", "employment_income": 60_000}),
                           ("cpp", {"start_age": 70, "year": year}), ("oas", {"start_age": 65, "year": year}),
                           ("rrsp-room", {"year": year, "previous_year_earned_income": 50_000}),
                           ("tfsa-room", {"birth_year": 1990, "year": year}),
                           ("rrsp-vs-tfsa", {"pre_tax_amount": 1_000, "years": 10, "province": "NS", "year": year,
                                             "income_now": 70_000, "income_retirement": 40_000})):
            response = api.post(f"/api/v1/calc/{name}", json=body)
            assert response.status_code == 200, (name, year, response.text)


def test_tax_breakdown_over_http(api: TestClient) -> None:
    """An Ontario retiree of 70 with a pension, CPP, OAS, eligible dividends and a capital gain: every credit
    with its amount, federal and provincial apart, the Ontario lines, and the totals adding up."""
    body = api.post("/api/v1/calc/tax", json={
        "year": 2026, "province": "ON", "age": 70, "pension_income": 40_000, "cpp_income": 12_000,
        "oas_income": 8_907.72, "eligible_dividends": 5_000, "capital_gains": 10_000}).json()
    assert body["total_income"] == 40_000 + 12_000 + 8_907.72 + 6_900 + 5_000
    assert body["cash_income"] == 40_000 + 12_000 + 8_907.72 + 5_000 + 10_000
    federal = {c["code"]: c for c in body["federal"]["credits"]}
    assert set(federal) >= {"basic_personal_amount", "age_amount", "pension_income_amount",
                            "dividend_tax_credit_eligible"}
    assert federal["pension_income_amount"]["amount"] == 2_000 and federal["pension_income_amount"]["credit"] == 280
    assert federal["dividend_tax_credit_eligible"]["credit"] == round(6_900 * 0.150198, 2)
    assert [a["code"] for a in body["provincial"]["adjustments"]] == [
        "ontario_surtax", "ontario_tax_reduction", "ontario_health_premium"]
    fed = body["federal"]
    assert fed["basic_tax"] == pytest.approx(max(fed["tax_before_credits"] - fed["total_credits"], 0), abs=0.01)
    assert body["income_tax"] == pytest.approx(body["federal_tax"] + body["provincial_tax"], abs=0.01)
    assert body["after_tax_income"] == pytest.approx(body["cash_income"] - body["total_deductions"], abs=0.01)
    assert set(body["marginal_rates"]) == {"other_income", "eligible_dividends", "non_eligible_dividends",
                                           "capital_gains"}
    given = api.post("/api/v1/calc/tax", json={"year": 2026, "province": "ON", "taxable_income": 80_000}).json()
    assert given["taxable_income"] == 80_000 and given["cpp"] == 0


def test_tvm_and_cash_flows_over_http(api: TestClient) -> None:
    # Canadian mortgage convention (C/Y 2) on the five keys gives the mortgage calculator's payment.
    tvm = api.post("/api/v1/calc/tvm", json={"solve_for": "pmt", "n": 300, "annual_rate": 0.05, "pv": 500_000,
                                             "compounding_per_year": 2, "period": 1}).json()
    assert tvm["pmt"] == -2908.02
    assert tvm["split"]["payment"] == -2908.02  # interest and principal, each to the cent, add up within a cent
    assert tvm["split"]["interest"] + tvm["split"]["principal"] == pytest.approx(-2908.02, abs=0.0101)
    flows = api.post("/api/v1/calc/cash-flows", json={
        "rate": 0.09, "dated_cash_flows": [{"on": "2008-01-01", "amount": -10_000},
                                           {"on": "2008-03-01", "amount": 2_750},
                                           {"on": "2008-10-30", "amount": 4_250},
                                           {"on": "2009-02-15", "amount": 3_250},
                                           {"on": "2009-04-01", "amount": 2_750}]}).json()
    assert flows["xnpv"] == 2086.65 and flows["xirr"] == pytest.approx(0.373362535, abs=1e-8)


def test_pension_split_over_http(api: TestClient) -> None:
    body = api.post("/api/v1/calc/pension-split", json=CALCULATORS["pension-split"]).json()
    assert body["transferor"] == "a" and 0 < body["amount"] <= 40_000 and body["saving"] > 0
    assert body["tax_without"] - body["tax_with"] == pytest.approx(body["saving"], abs=0.011)  # each to the cent
    received = {c["code"]: c["amount"] for c in body["spouse_b"]["federal"]["credits"]}
    assert received["pension_income_amount"] == 2_000


def test_new_options_of_the_other_calculators(api: TestClient) -> None:
    monthly = api.post("/api/v1/calc/mortgage", json={"principal": 300_000, "annual_rate": 0.06,
                                                      "amortization_years": 25, "compounding": "monthly"}).json()
    assert monthly["payment"] == 1932.90
    debt = api.post("/api/v1/calc/debt-payoff", json={
        "debts": [{"name": "visa", "balance": 6_000, "annual_rate": 0.1999, "minimum_payment": 100}],
        "monthly_payment": 250}).json()
    assert debt["avalanche"]["months"] == 31 and debt["avalanche"]["months_decimal"] == 30.8994
    rrsp = api.post("/api/v1/calc/rrsp-room", json={"year": 2026, "previous_year_earned_income": 90_000}).json()
    assert rrsp["earned_income_for_max"] == 187_833.33
    oas = api.post("/api/v1/calc/oas", json={"start_age": 65, "year": 2026, "age": 77, "net_income": 0}).json()
    assert (oas["age_band"], oas["recovery_threshold"], oas["full_recovery_threshold"]) == ("75_plus", 95_323, 160_647)
    mc = api.post("/api/v1/calc/monte-carlo", json={"initial_balance": 1_000_000, "years": 30, "paths": 500,
                                                    "seed": 2, "withdrawal": {"kind": "constant_dollar"}}).json()
    assert mc["spending_bands"][0]["p50"] == 40_000
    # The first year's spending is in start-year dollars either way; later years carry each path's inflation.
    assert mc["spending_bands_nominal"][0]["p50"] == 40_000
    assert mc["spending_bands_nominal"][-1]["p50"] > 40_000 * 1.01 ** 29
    fhsa = api.post("/api/v1/calc/fhsa-room", json={"year_opened": 2024, "year": 2024, "birth_year": 1995,
                                                    "contributions": [{"year": 2024, "amount": 9_000}]}).json()
    assert fhsa["over_contribution"] == 1_000 and fhsa["monthly_penalty"] == 10


FRENCH = {"Accept-Language": "fr-CA"}


def test_the_tax_calculator_answers_in_french_when_asked(api: TestClient) -> None:
    """The credits, deductions and provincial lines, and the assumption notes, follow Accept-Language; the figures,
    codes and cited sources are the same answer's, and an English request gets exactly what it got."""
    request = {"year": 2026, "province": "ON", "age": 70, "employment_income": 60_000, "pension_income": 40_000,
               "eligible_dividends": 5_000, "rrsp_deduction": 5_000}
    english = api.post("/api/v1/calc/tax", json=request)
    french = api.post("/api/v1/calc/tax", json=request, headers=FRENCH)
    assert french.headers["content-language"] == "fr-CA" and english.headers["content-language"] == "en-CA"
    en, fr = english.json(), french.json()
    figures = ("total_tax", "income_tax", "marginal_rates", "after_tax_income", "rrsp_tax_saved")
    assert {k: fr[k] for k in figures} == {k: en[k] for k in figures}
    assert fr["assumptions"]["data_source"] == en["assumptions"]["data_source"]
    federal = {c["code"]: c["label"] for c in fr["federal"]["credits"]}
    assert federal["basic_personal_amount"] == "Montant personnel de base"
    assert federal["canada_employment_amount"] == "Montant canadien pour emploi"
    assert federal["cpp_contributions"] == "Cotisations au RPC/RRQ (de base)"
    assert federal["ei_premiums"] == "Cotisations à l\u2019assurance-emploi"
    assert federal["age_amount"] == "Montant en raison de l\u2019âge"
    assert federal["pension_income_amount"] == "Montant pour revenu de pension"
    assert federal["dividend_tax_credit_eligible"] == "Crédit d\u2019impôt pour dividendes (dividendes déterminés)"
    assert {a["code"]: a["label"] for a in fr["provincial"]["adjustments"]}["ontario_health_premium"] == (
        "Contribution-santé de l\u2019Ontario")
    assert {d["code"]: d["label"] for d in fr["deductions"]}["rrsp"] == "Déduction pour REER"
    notes = fr["assumptions"]["notes"]
    assert notes[0].startswith("Fédéral\u00a0: ") and notes[0].endswith(en["assumptions"]["notes"][0][9:])
    assert any(n.startswith("Crédits modélisés\u00a0: les montants personnels de base") for n in notes)
    assert {c["code"]: c["label"] for c in en["federal"]["credits"]}["basic_personal_amount"] == (
        "Basic personal amount")
    assert api.post("/api/v1/calc/tax", json=request).json() == en  # the English reading is unchanged
    quebec = api.post("/api/v1/calc/tax", json={"year": 2026, "province": "QC", "employment_income": 58_000},
                      headers=FRENCH).json()
    assert {c["code"]: c["label"] for c in quebec["federal"]["credits"]}["ei_premiums"] == (
        "Cotisations à l\u2019assurance-emploi et au RQAP")
    assert [a["label"] for a in quebec["federal"]["adjustments"]] == ["Abattement du Québec remboursable"]
    given = api.post("/api/v1/calc/tax", json={"year": 2026, "province": "ON", "taxable_income": 80_000},
                     headers=FRENCH).json()
    assert any(n.startswith("Imposé sur le revenu imposable donné") for n in given["assumptions"]["notes"])


def test_tax_advice_answers_in_french_when_asked(api: TestClient) -> None:
    """RRSP versus TFSA and the contribution order: their notes and reasons in French, with French numbers."""
    order = api.post("/api/v1/calc/contribution-order", headers=FRENCH, json=CALCULATORS["contribution-order"]).json()
    reasons = [a["reason"] for a in order["allocations"]]
    assert "déductible maintenant et retiré libre d\u2019impôt pour une première habitation" in reasons
    assert ("une déduction à 31,0\u00a0% maintenant vaut mieux que l\u2019impôt à 20,0\u00a0% prévu à la retraite"
            in reasons)
    assert order["assumptions"]["notes"][0].startswith("Ordre\u00a0: ")
    english = api.post("/api/v1/calc/contribution-order", json=CALCULATORS["contribution-order"]).json()
    assert "deduction at 31.0% now beats tax at 20.0% expected in retirement" in [a["reason"]
                                                                                  for a in english["allocations"]]
    versus = api.post("/api/v1/calc/rrsp-vs-tfsa", headers=FRENCH, json=CALCULATORS["rrsp-vs-tfsa"]).json()
    assert any(n.startswith("Mêmes dollars avant impôt\u00a0: le REER") for n in versus["assumptions"]["notes"])


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_calculator_says_its_notes_in_french_and_stays_english_otherwise(api: TestClient, name: str) -> None:
    """Each calculator's figures are the same in both languages; its notes follow the request's language (a note
    quoted from the tax and account tables' sources stays as written)."""
    english = api.post(f"/api/v1/calc/{name}", json=CALCULATORS[name])
    french = api.post(f"/api/v1/calc/{name}", json=CALCULATORS[name], headers=FRENCH)
    assert english.status_code == french.status_code == 200
    en, fr = english.json(), french.json()
    assert {k: v for k, v in fr.items() if k not in ("assumptions", "allocations", "federal", "provincial",
                                                      "deductions", "spouse_a", "spouse_b", "cmhc")} == {
        k: v for k, v in en.items() if k not in ("assumptions", "allocations", "federal", "provincial", "deductions",
                                                 "spouse_a", "spouse_b", "cmhc")}
    said = [n for n, e in zip(fr["assumptions"]["notes"], en["assumptions"]["notes"], strict=True) if n != e]
    assert said or not en["assumptions"]["notes"]
    assert api.post(f"/api/v1/calc/{name}", json=CALCULATORS[name]).json() == en
