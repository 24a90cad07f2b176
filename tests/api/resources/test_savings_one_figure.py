"""One monthly saving figure: the summary holds `monthly_savings` only; older bodies that still send investment
contributions apart have them added to it, and the migration did the same to saved rows."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, text

from api.core import migrate
from api.core.db import Database

SUMMARY = "/api/v1/savings/summary"


def test_the_summary_has_one_monthly_figure(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    headers = sign_up()
    saved = api.put(SUMMARY, headers=headers, json={"monthly_savings": 1500, "emergency_fund": 9000})
    assert saved.status_code == 200, saved.text
    assert saved.json()["monthly_savings"] == 1500
    assert "monthly_investment_contributions" not in api.get(SUMMARY, headers=headers).json()


def test_older_bodies_sending_contributions_apart_are_added_to_the_figure(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    headers = sign_up()
    both = api.put(SUMMARY, headers=headers, json={"monthly_savings": 300, "monthly_investment_contributions": 700.5})
    assert both.status_code == 200, both.text
    assert both.json()["monthly_savings"] == 1000.5
    alone = api.put(SUMMARY, headers=headers, json={"monthly_investment_contributions": "250"})
    assert alone.json()["monthly_savings"] == 250
    assert api.put(SUMMARY, headers=headers, json={"monthly_investment_contributions": None}).json()[
        "monthly_savings"] is None


@pytest.mark.parametrize("bad", [-5, "lots", "NaN"])
def test_bad_legacy_contributions_are_a_clear_422(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                                 bad: object) -> None:
    body = {"monthly_savings": 100, "monthly_investment_contributions": bad}
    response = api.put(SUMMARY, headers=sign_up(), json=body)
    assert response.status_code == 422, response.text


@pytest.fixture
def at_0008(database: Database) -> Iterator[Engine]:
    name = f"savings_fold_{uuid.uuid4().hex[:8]}"
    admin = database.privileged_engine.execution_options(isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = create_engine(database.privileged_url.set(database=name))
    migrate.upgrade(engine, "0008")
    yield engine
    engine.dispose()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def test_the_migration_folds_saved_contributions_into_the_one_figure(at_0008: Engine) -> None:
    rows = {"both": ("300", "700"), "contributions": (None, "450.25"), "savings": ("80", None), "neither": (None, None),
            "at the limit": ("999999999999.99", "5")}
    ids = {label: uuid.uuid4() for label in rows}
    with at_0008.begin() as conn:
        for label, (saving, contributions) in rows.items():
            uid = ids[label]
            conn.execute(text("INSERT INTO users (id, email) VALUES (:u, :e)"), {"u": uid, "e": f"{uid}@example.com"})
            conn.execute(text("INSERT INTO savings_investments (id, user_id, monthly_savings, "
                              "monthly_investment_contributions) VALUES (gen_random_uuid(), :u, :s, :c)"),
                         {"u": uid, "s": saving, "c": contributions})
    migrate.upgrade(at_0008)
    with at_0008.connect() as conn:
        got = {label: conn.scalar(text("SELECT monthly_savings::text FROM savings_investments WHERE user_id = :u"),
                                  {"u": ids[label]}) for label in rows}
    assert got == {"both": "1000.00", "contributions": "450.25", "savings": "80.00", "neither": None,
                   "at the limit": "999999999999.99"}
