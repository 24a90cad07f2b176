"""The plan month by month (GET /api/v1/plan/household/months): the same plan as its years, each month's flows
adding up to the plan year, the calendar year asked for, and a year outside the plan refused."""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient

from api.plan.household import month_date

FLOWS = ("employment", "cpp", "oas", "pension", "other_income", "dividends", "payroll", "spending", "contributions",
         "rrsp_withdrawal", "non_registered_withdrawal", "tfsa_withdrawal", "cash_withdrawal", "shortfall")


def test_the_next_twelve_months_add_up_to_the_plans_first_year(api: TestClient, demo: dict[str, str]) -> None:
    plan = api.get("/api/v1/plan/household", headers=demo).json()
    body = api.get("/api/v1/plan/household/months", headers=demo)
    assert body.status_code == 200, body.text
    read = body.json()
    months, first = read["months"], plan["years"][0]
    assert read["year"] is None and len(months) == 12
    assert months[0]["month"] == plan["inputs"]["start"]
    for key in FLOWS:
        assert sum(m[key] for m in months) == pytest.approx(first[key], abs=0.2), key
    assert sum(m["tax"] for m in months) == pytest.approx(first["income_tax"] + first["oas_recovery"], abs=0.2)
    for key in ("rrsp", "tfsa", "fhsa", "non_registered", "cash", "investable", "net_worth"):
        assert months[-1][key] == pytest.approx(first[key], abs=0.01), key
    assert months[0]["ages"] == first["ages"]


def test_a_calendar_year_has_its_months_and_the_year_it_retires_in_stops_the_pay(api: TestClient,
                                                                                  demo: dict[str, str]) -> None:
    plan = api.get("/api/v1/plan/household", headers=demo).json()
    maya = plan["inputs"]["people"][0]
    stop = month_date(date.fromisoformat(plan["inputs"]["start"]), round((maya["retirement_age"] - maya["age"]) * 12))
    retire = stop.year
    read = api.get(f"/api/v1/plan/household/months?year={retire}", headers=demo).json()
    assert read["year"] == retire and len(read["months"]) == 12
    assert all(m["month"].startswith(str(retire)) for m in read["months"])
    pay = [m["employment"] for m in read["months"]]
    stopped = pay.index(0.0) if 0.0 in pay else None
    assert stopped == stop.month - 1  # both stop working that month (the demo couple retire together)
    assert all(p > 0 for p in pay[:stopped]) and not any(pay[stopped:])


def test_a_year_outside_the_plan_is_refused_by_field(api: TestClient, demo: dict[str, str]) -> None:
    plan = api.get("/api/v1/plan/household", headers=demo).json()
    first = int(plan["inputs"]["start"][:4])
    response = api.get(f"/api/v1/plan/household/months?year={first - 1}", headers=demo)
    assert response.status_code == 422
    assert response.json()["message"] == f"year: the plan runs from {first} to {plan['summary']['horizon_year']}"
    assert api.get("/api/v1/plan/household/months?year=abc", headers=demo).status_code == 422


def test_months_need_a_signed_in_user(api: TestClient) -> None:
    assert api.get("/api/v1/plan/household/months").status_code == 401
