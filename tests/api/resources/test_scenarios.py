"""/api/v1/plan/scenarios: what-ifs saved as changes to the household plan and compared beside it."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]




def test_scenarios_are_saved_listed_changed_and_deleted(api: TestClient, demo: dict[str, str]) -> None:
    first = api.post("/api/v1/plan/scenarios", headers=demo, json={
        "name": "Retire at 50", "changes": {"retirement_ages": [50, 52]}})
    assert first.status_code == 201, first.text
    second = api.post("/api/v1/plan/scenarios", headers=demo, json={
        "name": "House in 2028", "changes": {"one_offs": [{"on": "2028-06-01", "amount": 150000,
                                                           "label": "Down payment"}]}}).json()
    listed = api.get("/api/v1/plan/scenarios", headers=demo).json()
    assert [s["name"] for s in listed] == ["Both retire two years sooner", "Retire at 50", "House in 2028"]
    changed = api.put(f"/api/v1/plan/scenarios/{second['id']}", headers=demo, json={
        "name": "House in 2029", "changes": {"one_offs": [{"on": "2029-06-01", "amount": 150000}]}})
    assert changed.json()["name"] == "House in 2029"
    assert api.delete(f"/api/v1/plan/scenarios/{first.json()['id']}", headers=demo).status_code == 204
    assert [s["name"] for s in api.get("/api/v1/plan/scenarios", headers=demo).json()] == [
        "Both retire two years sooner", "House in 2029"]
    assert api.delete(f"/api/v1/plan/scenarios/{uuid.uuid4()}", headers=demo).status_code == 404


def test_compare_puts_scenarios_beside_the_plan_as_saved(api: TestClient, demo: dict[str, str]) -> None:
    ids = []
    for name, changes in (("Retire at 50", {"retirement_ages": [50, 52]}),
                          ("CPP at 70", {"cpp_start_age": 70, "oas_start_age": 70}),
                          ("Part-time at 55", {"part_time": [{"person": 0, "start": "2047-03-01",
                                                             "end": "2052-03-01", "income": 40000}]})):
        saved = api.post("/api/v1/plan/scenarios", headers=demo, json={"name": name, "changes": changes})
        ids.append(saved.json()["id"])
    body = api.get("/api/v1/plan/scenarios/compare", headers=demo, params={"ids": ids}).json()
    names = [r["name"] for r in body["results"]]
    assert names == ["Your plan", "Retire at 50", "CPP at 70", "Part-time at 55"]
    plan, early, cpp70, part_time = body["results"]
    assert plan["id"] is None and all(0 <= r["success_rate"] <= 1 for r in body["results"])
    assert plan["fi_date"] == api.get("/api/v1/plan/household", headers=demo).json()["summary"]["fi_date"]
    assert early["success_rate"] <= plan["success_rate"]  # stopping work earlier cannot make the plan safer
    assert len(plan["years"]) == len(plan["investable"]) == len(early["net_worth"])
    # The lines share the dashboard's chart: its points after today, year for year.
    top = api.get("/api/v1/plan/summary", headers=demo).json()
    assert plan["years"] == early["years"] == top["years"][1:]
    assert plan["net_worth"] == pytest.approx(top["net_worth"][1:], abs=0.01)
    assert part_time["estate"] >= plan["estate"]  # more pay, same spending
    assert cpp70["lifetime_tax"] != plan["lifetime_tax"]


def test_bad_scenarios_are_refused_by_field(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    blank = api.post("/api/v1/plan/scenarios", headers=me, json={"name": "  "})
    assert blank.status_code == 422 and blank.json()["message"].startswith("name: ")
    early = api.post("/api/v1/plan/scenarios", headers=me, json={"name": "x", "changes": {"cpp_start_age": 55}})
    assert early.status_code == 422 and early.json()["message"].startswith("changes.cpp_start_age: ")
    alone = api.post("/api/v1/plan/scenarios", headers=me, json={
        "name": "Partner part-time", "changes": {"part_time": [{"person": 1, "start": "2030-01-01",
                                                                "income": 30000}]}}).json()
    compare = api.get("/api/v1/plan/scenarios/compare", headers=me, params={"ids": [alone["id"]]})
    assert compare.status_code == 422 and compare.json()["message"].startswith("changes.part_time: ")
    assert api.get("/api/v1/plan/scenarios/compare", headers=me,
                   params={"ids": [str(uuid.uuid4())]}).status_code == 404


def test_a_what_if_is_the_plan_with_its_changes_and_saves_nothing(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.put("/api/v1/profile", headers=me, json={"age": 35, "province": "ON"})
    api.put("/api/v1/income", headers=me, json={"annual_salary": 95000, "monthly_take_home": 5900})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1700,
                                                  "items": [{"category": "Food", "amount": 900}]})
    plan = api.get("/api/v1/plan/summary", headers=me).json()
    same = api.post("/api/v1/plan/what-if", headers=me, json={}).json()
    assert same["fi_date"] == plan["fi_date"] and same["success_rate"] is None
    with_risk = api.post("/api/v1/plan/what-if?risk=true", headers=me, json={}).json()
    assert with_risk["success_rate"] == plan["success_rate"]
    more = api.post("/api/v1/plan/what-if", headers=me, json={"extra_monthly_saving": 500}).json()
    assert more["fi_date"] < plan["fi_date"]
    assert api.get("/api/v1/plan/scenarios", headers=me).json() == []
    bad = api.post("/api/v1/plan/what-if", headers=me, json={"cpp_start_age": 75})
    assert bad.status_code == 422


def test_the_comparison_names_the_plan_and_says_what_is_missing_in_french(api: TestClient, sign_up: SignUp) -> None:
    """The plan as saved is "Votre plan" and what it is missing is French for a French request; a scenario keeps the
    name it was saved with, and the figures are the same."""
    me = sign_up()
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1700, "items": []})
    saved = api.post("/api/v1/plan/scenarios", headers=me, json={"name": "Retire at 50",
                                                                 "changes": {"retirement_ages": [50]}}).json()
    english = api.get("/api/v1/plan/scenarios/compare", headers=me, params={"ids": [saved["id"]]}).json()
    french = api.get("/api/v1/plan/scenarios/compare", headers={**me, "Accept-Language": "fr-CA"},
                     params={"ids": [saved["id"]]}).json()
    assert [r["name"] for r in english["results"]] == ["Your plan", "Retire at 50"]
    assert [r["name"] for r in french["results"]] == ["Votre plan", "Retire at 50"]
    assert [r["fi_date"] for r in french["results"]] == [r["fi_date"] for r in english["results"]]
    assert "province (assumed ON)" in english["missing"] and "province (présumée\u00a0: ON)" in french["missing"]
    what_if = api.post("/api/v1/plan/what-if", headers={**me, "Accept-Language": "fr-CA"}, json={}).json()
    assert what_if["name"] == "Et si"
    assert api.post("/api/v1/plan/what-if", headers=me, json={}).json()["name"] == "What if"
