"""Dated future plans, as many as the user adds (/api/v1/future-plans/items): saved and read back, refused with a
clear message when impossible, read by the household plan one by one, the original one-of-each record kept for
its clients, and the migration that moved saved records into dated plans."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, text

from api.core import migrate
from api.core.db import Database

SignUp = Callable[..., dict[str, str]]
ITEMS = "/api/v1/future-plans/items"
NEXT_YEAR = datetime.now(UTC).year + 1


def _saver(api: TestClient, me: dict[str, str]) -> None:
    api.put("/api/v1/profile", headers=me, json={"age": 40, "province": "ON"})
    api.put("/api/v1/income", headers=me, json={"annual_salary": "95000", "monthly_take_home": "5900"})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": "1800", "items": [
        {"category": "needs", "subcategory": "Groceries", "amount": "900"}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "TFSA", "account_type": "TFSA",
                                                   "balance": "60000"})


def _item(**changes: object) -> dict[str, object]:
    return {"kind": "one_off", "description": "New roof", "start_date": f"{NEXT_YEAR}-06-01", "amount": "18000",
            **changes}


def test_as_many_dated_plans_as_the_user_adds_are_saved_listed_soonest_first_and_changed(
        api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    later = api.post(ITEMS, headers=me, json=_item(description="Car", start_date=f"{NEXT_YEAR + 3}-01-01"))
    roof = api.post(ITEMS, headers=me, json=_item())
    second = api.post(ITEMS, headers=me, json=_item(description="Second one-off", amount="-5000"))
    daycare = api.post(ITEMS, headers=me, json={"kind": "spending", "description": "Daycare", "amount": "1200",
                                                "start_date": f"{NEXT_YEAR}-09-01",
                                                "end_date": f"{NEXT_YEAR + 4}-09-01"})
    for response in (later, roof, second, daycare):
        assert response.status_code == 201, response.text
    listed = api.get(ITEMS, headers=me).json()
    assert [i["description"] for i in listed] == ["New roof", "Second one-off", "Daycare", "Car"]
    assert listed[1]["amount"] == -5000  # received
    changed = api.put(f"{ITEMS}/{roof.json()['id']}", headers=me, json=_item(amount="21000"))
    assert changed.status_code == 200 and changed.json()["amount"] == 21000
    assert api.delete(f"{ITEMS}/{later.json()['id']}", headers=me).status_code == 204
    assert len(api.get(ITEMS, headers=me).json()) == 3
    assert api.delete(f"{ITEMS}/{later.json()['id']}", headers=me).status_code == 404


@pytest.mark.parametrize(("body", "field", "message"), [
    (_item(end_date=f"{NEXT_YEAR + 1}-01-01"), "end_date", "a plan of kind one_off has no end date"),
    ({"kind": "spending", "description": "Gym", "amount": "50", "start_date": f"{NEXT_YEAR}-06-01",
      "end_date": f"{NEXT_YEAR}-01-01"}, "end_date", "must be after start_date"),
    ({"kind": "income", "description": "Tutoring", "amount": "-300", "start_date": f"{NEXT_YEAR}-01-01"}, "amount",
     "take-home pay cannot be negative (for a pay cut, give the lower pay as an income target)"),
    (_item(start_date="2020-01-01"), "start_date",
     "is in the past: a one-off that has happened is already in your balances"),
    ({"kind": "spending", "description": "Old", "amount": "50", "start_date": "2019-01-01", "end_date": "2020-01-01"},
     "end_date", "is in the past: this plan is over"),
])
def test_impossible_plans_are_refused_by_field_and_nothing_is_saved(api: TestClient, sign_up: SignUp,
                                                                    body: dict[str, object], field: str,
                                                                    message: str) -> None:
    me = sign_up()
    response = api.post(ITEMS, headers=me, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["message"] == f"{field}: {message}"
    assert api.get(ITEMS, headers=me).json() == []


def test_a_refusal_is_said_in_french_when_asked(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    response = api.post(ITEMS, headers={**me, "Accept-Language": "fr-CA"}, json=_item(start_date="2020-01-01"))
    assert response.status_code == 422 and response.json()["code"] == "validation_error"
    assert response.json()["message"] == ("start_date: est passée\u00a0: une somme ponctuelle déjà dépensée ou reçue "
                                          "figure déjà dans vos soldes")
    months = api.get("/api/v1/plan/household/months?year=1999", headers={**me, "Accept-Language": "fr-CA"})
    assert months.status_code == 422 and months.json()["message"].startswith("year: le plan va de ")


@pytest.mark.parametrize("body", [_item(kind="lottery"), _item(amount="1e6"), _item(description="  "),
                                  _item(start_date="soon"), {"kind": "one_off"}])
def test_malformed_plans_are_a_422(api: TestClient, sign_up: SignUp, body: dict[str, object]) -> None:
    assert api.post(ITEMS, headers=sign_up(), json=body).status_code == 422


def test_the_plan_counts_every_dated_plan_and_marks_each_on_the_chart(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    _saver(api, me)
    before = api.get("/api/v1/plan/summary", headers=me).json()
    for body in (_item(), _item(description="Wedding", start_date=f"{NEXT_YEAR + 1}-07-01", amount="30000")):
        assert api.post(ITEMS, headers=me, json=body).status_code == 201
    plan = api.get("/api/v1/plan/household", headers=me).json()
    one_offs = [e for e in plan["inputs"]["events"] if e["kind"] == "one_off"]
    assert [(e["label"], e["amount"]) for e in one_offs] == [("New roof", 18000), ("Wedding", 30000)]
    after = api.get("/api/v1/plan/summary", headers=me).json()
    labels = [m["label"] for m in after["milestones"] if m["kind"] == "plan"]
    assert labels == ["Future plan: New roof (+$18,000)", "Future plan: Wedding (+$30,000)"]
    assert after["fi_date"] > before["fi_date"]  # $48,000 spent puts independence off
    # The months show each one in its month.
    months = api.get(f"/api/v1/plan/household/months?year={NEXT_YEAR + 1}", headers=me).json()["months"]
    july = next(m for m in months if m["month"] == f"{NEXT_YEAR + 1}-07-01")
    june = next(m for m in months if m["month"] == f"{NEXT_YEAR + 1}-06-01")
    assert july["spending"] - june["spending"] == pytest.approx(30000, abs=1)


def test_extra_income_is_paid_until_its_end_and_a_partners_pay_is_theirs(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    _saver(api, me)
    api.put("/api/v1/household", headers=me, json={"members": [
        {"role": "self", "birth_date": "1986-01-15", "employment_income": "95000", "retirement_age": 60},
        {"role": "partner", "name": "Sam", "birth_date": "1988-03-02", "employment_income": "70000",
         "retirement_age": 60}]})
    body = {"kind": "income", "description": "Sam tutors", "person": "partner", "amount": "600",
            "start_date": f"{NEXT_YEAR}-01-01", "end_date": f"{NEXT_YEAR + 2}-01-01"}
    assert api.post(ITEMS, headers=me, json=body).status_code == 201
    [event] = [e for e in api.get("/api/v1/plan/household", headers=me).json()["inputs"]["events"]
               if e["kind"] == "earnings"]
    assert event["person"] == 1 and event["end"] == f"{NEXT_YEAR + 2}-01-01"
    assert 7_200 < event["amount"] < 7_200 * 1.6  # $600 a month of take-home pay, grossed up on top of Sam's pay
    months = api.get(f"/api/v1/plan/household/months?year={NEXT_YEAR + 2}", headers=me).json()["months"]
    january = api.get(f"/api/v1/plan/household/months?year={NEXT_YEAR + 1}", headers=me).json()["months"][0]
    assert january["employment"] - months[0]["employment"] == pytest.approx(event["amount"] / 12, abs=0.05)


def test_the_original_record_reads_and_writes_the_first_plan_of_each_kind(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.get("/api/v1/future-plans", headers=me).json() is None
    saved = api.put("/api/v1/future-plans", headers=me, json={
        "income_growth_rate": 0.02, "expense_change_description": "Kids' sports", "expense_change_amount": 250,
        "expense_change_type": "decrease", "expense_change_date": f"{NEXT_YEAR}-09-01",
        "side_hustle_amount": 400, "side_hustle_date": f"{NEXT_YEAR}-01-01", "side_hustle_time_commitment": "weekends"})
    assert saved.status_code == 200, saved.text
    record = saved.json()
    assert (record["expense_change_amount"], record["expense_change_type"]) == (-250, "decrease")
    assert record["side_hustle_time_commitment"] == "weekends" and record["income_target_amount"] is None
    items = api.get(ITEMS, headers=me).json()
    assert sorted((i["kind"], i["description"], i["amount"]) for i in items) == [
        ("income", "Side income", 400), ("spending", "Kids' sports", -250)]
    # Saving it again changes those plans in place; a block left empty removes its plan; others are kept.
    api.post(ITEMS, headers=me, json=_item())
    again = api.put("/api/v1/future-plans", headers=me, json={
        "income_growth_rate": 0.02, "side_hustle_amount": 500, "side_hustle_date": f"{NEXT_YEAR}-01-01"}).json()
    assert again["side_hustle_amount"] == 500 and again["expense_change_amount"] is None
    kinds = sorted((i["kind"], i["amount"]) for i in api.get(ITEMS, headers=me).json())
    assert kinds == [("income", 500), ("one_off", 18000)]
    # The growth alone, from the dated plans' own form, leaves every plan as it is.
    growth = api.patch("/api/v1/future-plans", headers=me, json={"income_growth_rate": 0.035})
    assert growth.status_code == 200 and growth.json()["income_growth_rate"] == 0.035
    assert sorted((i["kind"], i["amount"]) for i in api.get(ITEMS, headers=me).json()) == kinds


def test_an_export_from_before_the_list_restores_its_plans_as_dated_plans(api: TestClient, sign_up: SignUp) -> None:
    file = {"format_version": 1, "exported_at": "2026-11-01T00:00:00Z", "future_plan": {
        "income_growth_rate": "0.03", "income_target_date": f"{NEXT_YEAR}-01-01", "income_target_amount": "80000",
        "expense_change_amount": "100", "expense_change_type": "increase", "expense_change_date": f"{NEXT_YEAR}-03-01"}}
    me = sign_up()
    assert api.post("/api/v1/me/import", headers=me, json=file).status_code == 200
    items = api.get(ITEMS, headers=me).json()
    assert sorted((i["kind"], i["amount"]) for i in items) == [("income_target", 80000), ("spending", 100)]


@pytest.fixture
def at_0013(database: Database) -> Iterator[Engine]:
    name = f"future_items_{uuid.uuid4().hex[:8]}"
    admin = database.privileged_engine.execution_options(isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = create_engine(database.privileged_url.set(database=name))
    migrate.upgrade(engine, "0013")
    yield engine
    engine.dispose()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def test_the_migration_moves_each_saved_record_into_dated_plans_and_back(at_0013: Engine) -> None:
    uid, empty = uuid.uuid4(), uuid.uuid4()
    with at_0013.begin() as conn:
        for u in (uid, empty):
            conn.execute(text("INSERT INTO users (id, email) VALUES (:u, :e)"), {"u": u, "e": f"{u}@example.com"})
        conn.execute(text(
            "INSERT INTO future_plans (id, user_id, income_growth_rate, income_target_date, income_target_amount, "
            "expense_change_description, expense_change_date, expense_change_amount, side_hustle_description, "
            "side_hustle_amount, side_hustle_time_commitment) VALUES (gen_random_uuid(), :u, 0.03, '2029-01-01', "
            "92000, 'Daycare ends', '2028-09-01', -480, '  ', 800, '6 hours a week')"), {"u": uid})
        conn.execute(text("INSERT INTO future_plans (id, user_id, income_growth_rate) VALUES (gen_random_uuid(), :u, "
                          "0.01)"), {"u": empty})
    migrate.upgrade(at_0013)
    with at_0013.connect() as conn:
        rows = conn.execute(text("SELECT user_id, origin, kind, description, start_date, amount::text, notes "
                                 "FROM future_plan_items ORDER BY origin")).all()
    assert [tuple(r[1:]) for r in rows] == [
        ("expense_change", "spending", "Daycare ends", date(2028, 9, 1), "-480.00", None),
        ("income_target", "income_target", "Income target", date(2029, 1, 1), "92000.00", None),
        ("side_hustle", "income", "Side income", None, "800.00", "6 hours a week")]
    assert {r[0] for r in rows} == {uid}
    migrate.downgrade(at_0013, "0013")
    with at_0013.connect() as conn:
        back = conn.execute(text("SELECT income_target_amount::text, expense_change_description, "
                                 "side_hustle_description, side_hustle_time_commitment FROM future_plans "
                                 "WHERE user_id = :u"), {"u": uid}).one()
    assert tuple(back) == ("92000.00", "Daycare ends", None, "6 hours a week")


def test_a_rental_propertys_net_rent_is_in_the_plan(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    _saver(api, me)
    saved = api.post("/api/v1/properties", headers=me, json={"type": "condo", "description": "Rental condo",
                                                             "market_value": "380000", "monthly_rental_income": "950"})
    assert saved.status_code == 201 and saved.json()["monthly_rental_income"] == 950
    plan = api.get("/api/v1/plan/household", headers=me).json()
    assert plan["inputs"]["rental_income"] == 950 * 12
    assert all(y["rental_income"] == 11400 for y in plan["years"])
    assert api.post("/api/v1/properties", headers=me, json={"type": "condo", "monthly_rental_income": "-5"}
                    ).status_code == 422
