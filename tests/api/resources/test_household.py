"""/api/v1/household and /api/v1/plan/household: the adults of the plan, saved whole and checked, and the
household plan built from the user's own data."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]




def test_before_saving_the_household_is_assumed_from_profile_and_income(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    first = api.get("/api/v1/household", headers=me).json()
    assert first["saved"] is False and [(m["role"], m["id"]) for m in first["members"]] == [("self", None)]
    api.put("/api/v1/profile", headers=me, json={"first_name": "Ana", "age": 41, "marital_status": "married"})
    body = api.get("/api/v1/household", headers=me).json()
    assert [m["role"] for m in body["members"]] == ["self", "partner"] and body["members"][0]["name"] == "Ana"


def test_a_household_is_saved_whole_and_read_back(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    body = {"members": [
        {"role": "partner", "name": "Sam", "birth_date": "1980-06-01", "employment_income": 70000,
         "retirement_age": 60, "cpp_start_age": 70, "oas_start_age": 67.5},
        {"role": "self", "name": "Ana", "birth_date": "1985-02-10", "employment_income": 95000,
         "retirement_age": 58, "cpp_at_65": 1100, "pension": 24000, "pension_start_age": 60,
         "pension_indexation": 0.5}]}
    saved = api.put("/api/v1/household", headers=me, json=body)
    assert saved.status_code == 200, saved.text
    members = saved.json()["members"]
    assert saved.json()["saved"] and [m["role"] for m in members] == ["self", "partner"]
    assert members[0]["pension"] == 24000 and members[1]["cpp_start_age"] == 70 and members[1]["oas_start_age"] == 67.5
    alone = api.put("/api/v1/household", headers=me, json={"members": [{"role": "self", "name": "Ana"}]})
    assert [m["role"] for m in alone.json()["members"]] == ["self"]


@pytest.mark.parametrize(("members", "field"), [
    ([{"role": "partner"}], "members"),
    ([{"role": "self"}, {"role": "self"}], "members"),
    ([{"role": "self", "birth_date": "2090-01-01"}], "members.0.birth_date"),
    ([{"role": "self", "birth_date": "1980-01-01", "retirement_age": 30, "employment_income": 50000}],
     "members.0.retirement_age"),
    ([{"role": "self", "cpp_start_age": 59}], "members.0.cpp_start_age"),
    ([{"role": "self", "oas_start_age": 71}], "members.0.oas_start_age"),
    ([{"role": "self", "birth_date": "1950-01-01", "planned_death_age": 70}], "members.0.planned_death_age"),
])
def test_impossible_households_are_refused_by_field(api: TestClient, sign_up: SignUp, members: list[object],
                                                    field: str) -> None:
    me = sign_up()
    response = api.put("/api/v1/household", headers=me, json={"members": members})
    assert response.status_code == 422, response.text
    assert response.json()["message"].startswith(f"{field}: ")
    assert api.get("/api/v1/household", headers=me).json()["saved"] is False  # nothing was saved


def test_the_demo_household_plan_reads_both_adults_and_their_accounts(api: TestClient,
                                                                      demo: dict[str, str]) -> None:
    body = api.get("/api/v1/plan/household", headers=demo).json()
    inputs = body["inputs"]
    maya, daniel = inputs["people"]
    assert (maya["name"], maya["age"], maya["employment_income"], maya["retirement_age"]) == ("Maya", 34, 118000, 52)
    assert (daniel["name"], daniel["employment_income"], daniel["retirement_age"]) == ("Daniel", 85700, 54)
    assert (maya["tfsa"], maya["rrsp"], daniel["tfsa"], daniel["rrsp"]) == (68500, 112300, 41200, 58600)
    assert inputs["non_registered"] == 9800 and inputs["cash"] == 4800 + 24000  # the RESP is not retirement money
    assert inputs["home_equity"] == 1085000 - 612000
    assert inputs["province"] == "ON" and inputs["horizon_age"] == 95
    summary = body["summary"]
    assert summary["rule_of_thumb"] == pytest.approx(25 * inputs["spending"])
    assert summary["months_to_fi"] is not None and summary["fi_date"] >= date.today().replace(day=1).isoformat()
    assert len(body["years"]) == 95 - 34
    first = body["years"][0]
    assert first["ages"] == [34, 36] and first["employment"] > 200_000 and first["income_tax"] > 30_000


def test_the_analysis_series_are_the_dashboards(api: TestClient, demo: dict[str, str]) -> None:
    """Analysis's drawdown by account and lifetime tax come from the plan the dashboard reads: the balances sit on
    the summary's chart points and add up to its investable savings; the lifetime tax splits into income tax and
    OAS recovery, and the estate is after the tax at the last death."""
    body = api.get("/api/v1/plan/household", headers=demo).json()
    top = api.get("/api/v1/plan/summary", headers=demo).json()
    balances, summary = body["balances"], body["summary"]
    assert balances["years"] == top["years"]
    kinds = ("rrsp", "tfsa", "fhsa", "non_registered", "cash")
    for i, investable in enumerate(top["investable"]):
        assert sum(balances[k][i] for k in kinds) == pytest.approx(investable, abs=0.05), balances["years"][i]
    inputs = body["inputs"]
    assert balances["rrsp"][0] == pytest.approx(sum(p["rrsp"] for p in inputs["people"]))
    assert balances["cash"][0] == inputs["cash"] and balances["non_registered"][0] == inputs["non_registered"]
    assert balances["tfsa"][1] == pytest.approx(sum(y["tfsa"] for y in body["years"][:1]))
    assert summary["lifetime_income_tax"] + summary["lifetime_oas_recovery"] == pytest.approx(
        summary["lifetime_tax"], abs=0.02)
    assert summary["lifetime_income_tax"] == pytest.approx(sum(y["income_tax"] for y in body["years"]), abs=1)
    assert summary["lifetime_payroll"] == pytest.approx(sum(y["payroll"] for y in body["years"]), abs=1)
    assert summary["estate_tax"] > 0 and summary["estate"] > 0  # RRSPs left at the horizon are taxed at death


def test_an_empty_account_gets_a_plan_that_says_what_it_assumed(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    body = api.get("/api/v1/plan/household", headers=me).json()
    assert any(m.startswith("age (assumed") for m in body["missing"])
    # No spending saved: no independence to reach yet, only data to add (never "independent from the start").
    assert body["summary"]["months_to_fi"] is None and body["summary"]["fire_number"] is None
    summary = api.get("/api/v1/plan/summary", headers=me).json()
    assert summary["headline"] == "Add what you spend to see when you can be financially independent."
    assert summary["next_actions"][0]["route"] == "/settings/expenses"


def test_a_retired_household_plan(api: TestClient, sign_up: SignUp) -> None:
    """A retiree may give a past retirement age (with no employment income); the plan reads the RRIF and the
    pension and pays the spending from the start."""
    me = sign_up()
    api.put("/api/v1/profile", headers=me, json={"age": 70, "province": "British Columbia"})
    api.put("/api/v1/household", headers=me, json={"members": [
        {"role": "self", "employment_income": 0, "retirement_age": 60, "pension": 30000, "pension_start_age": 60}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "RRIF", "account_type": "rrif",
                                                   "balance": 400000})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1500, "items": [{"category": "Food",
                                                                                   "amount": 1500}]})
    body = api.get("/api/v1/plan/household", headers=me).json()
    assert body["inputs"]["province"] == "BC" and body["inputs"]["people"][0]["rrsp"] == 400000
    first = body["years"][0]
    assert first["pension"] == 30000 and first["oas"] > 8000 and first["employment"] == 0
    assert body["summary"]["months_to_fi"] == 0


def test_the_household_plan_under_uncertain_markets(api: TestClient, demo: dict[str, str]) -> None:
    body = api.get("/api/v1/plan/household/risk?paths=300&seed=4", headers=demo).json()
    mc, bt = body["monte_carlo"], body["backtest"]
    assert mc["runs"] == 300 and 0 <= mc["success_rate"] <= 1 and mc["question"].startswith("How often")
    assert bt["start_years"][0] == 1871 and len(bt["start_years_lasted"]) == bt["runs"]
    assert bt["question"].startswith("Would the plan have paid")
    assert len(mc["bands"]) == 95 - 34 and mc["bands"][0]["p10"] <= mc["bands"][0]["p90"]
    again = api.get("/api/v1/plan/household/risk?paths=300&seed=4", headers=demo).json()
    assert again["monte_carlo"] == mc
    for card in (mc, bt):  # when each share of the runs could stop working
        assert [p["share"] for p in card["fi_dates"]] == [10, 25, 50, 75, 90]
        assert card["fi_question"].startswith("When could you stop working?") and card["fi_runs"] > 0
        dates = [p["date"] for p in card["fi_dates"] if p["date"] is not None]
        assert dates == sorted(dates)


def test_the_analysis_cards_run_the_dashboards_plan(api: TestClient, demo: dict[str, str]) -> None:
    """With the default markets, the Monte Carlo card is the summary's own run: the same success rate, and the
    middle of its FI dates close to the plan's FI date."""
    from datetime import date

    summary = api.get("/api/v1/plan/summary", headers=demo).json()
    cards = api.get("/api/v1/plan/household/risk", headers=demo).json()
    assert cards["monte_carlo"]["success_rate"] == summary["success_rate"]
    middle = date.fromisoformat(cards["monte_carlo"]["fi_dates"][2]["date"])
    fi = date.fromisoformat(summary["fi_date"])
    assert abs((middle.year - fi.year) * 12 + middle.month - fi.month) <= 24


def test_cash_kept_only_on_the_savings_page_counts_in_net_worth_and_the_plans(api: TestClient,
                                                                              sign_up: SignUp) -> None:
    """After the setup wizard a new user has an emergency fund on the savings page and no account yet: it is
    money they have (net worth $20,000, not -$5,000), and it is not counted twice once a savings account exists."""
    me = sign_up()
    api.put("/api/v1/savings/summary", headers=me, json={"emergency_fund": 20000, "debt_amount": 5000})
    snapshot = api.get("/api/v1/snapshot", headers=me).json()
    assert snapshot["net_worth"]["assets"] == 20000 and snapshot["net_worth"]["net_worth"] == 15000
    assert api.get("/api/v1/plan/household", headers=me).json()["inputs"]["cash"] == 20000
    api.post("/api/v1/accounts", headers=me, json={"account_name": "Savings", "account_type": "savings",
                                                   "balance": 20000})
    snapshot = api.get("/api/v1/snapshot", headers=me).json()
    assert snapshot["net_worth"]["assets"] == 20000
    assert api.get("/api/v1/plan/household", headers=me).json()["inputs"]["cash"] == 20000


def test_impossible_plans_are_refused_and_nothing_is_saved(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.put("/api/v1/profile", headers=me, json={"age": 40})
    early = api.patch("/api/v1/preferences", headers=me, json={"retirement_age": 40})
    assert early.status_code == 422 and early.json()["message"].startswith("retirement_age: 40 is not after")
    assert api.get("/api/v1/preferences", headers=me).json()["retirement_age"] == 65  # unchanged
    assert api.patch("/api/v1/preferences", headers=me, json={"retirement_age": None}).status_code == 200
    past = api.post("/api/v1/goals", headers=me, json={"name": "Trip", "category": "travel", "target_amount": 5000,
                                                       "target_date": "2001-01-01"})
    assert past.status_code == 422
    assert past.json()["message"] == "target_date: is in the past; choose a date from today on"
    assert api.get("/api/v1/goals", headers=me).json() == []
    done = api.post("/api/v1/goals", headers=me, json={"name": "Fund", "category": "emergency-fund",
                                                       "target_amount": 5000, "current_amount": 6000}).json()
    assert done["reached"] is True


def test_the_optimiser_over_http(api: TestClient, demo: dict[str, str]) -> None:
    body = api.get("/api/v1/plan/household/optimise?objective=tax", headers=demo).json()
    assert body["objective"] == "tax" and body["tried"] == 36 and body["gain"] >= 0
    assert body["saved"]["choice"].endswith("no RRSP meltdown") and body["summary"]
    assert api.get("/api/v1/plan/household/optimise?objective=fun", headers=demo).status_code == 422
