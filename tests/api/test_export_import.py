"""Your data is yours: GET /api/v1/me/export (JSON, or CSV files in a zip) and POST /api/v1/me/import into an
empty account, over HTTP against the real database: a move restores the same data, and nothing of another
user's ever leaves with it."""

from __future__ import annotations

import csv
import io
import json
import uuid
import zipfile
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session
from api.demo.service import ACCOUNTS, GOALS, seed_demo
from api.me.schemas import RECORD_ONLY

Headers = dict[str, str]
PASSWORD = "demo-password-1"


@pytest.fixture(scope="module")
def demo(api: TestClient, database: Database) -> Iterator[Headers]:
    """The demo household (every resource filled) under a fresh e-mail, with one coach conversation. Shared by the
    module's tests: none of them changes it (an import into it is refused)."""
    email = f"export-demo-{uuid.uuid4().hex[:8]}@example.com"
    with privileged_session(database) as s:
        seed_demo(session=s, email=email, password=PASSWORD)
    token = api.post("/auth/v1/token?grant_type=password", json={"email": email, "password": PASSWORD})
    headers = {"Authorization": f"Bearer {token.json()['access_token']}"}
    thread = str(uuid.uuid4())
    chat = api.post("/api/v1/coach/chat", headers=headers, json={
        "id": thread, "trigger": "submit-message",
        "messages": [{"id": "u-1", "role": "user", "parts": [{"type": "text", "text": "What is my net worth?"}]}]})
    assert chat.status_code == 200, chat.text
    try:
        yield headers
    finally:
        with privileged_session(database) as s:
            s.execute(text("DELETE FROM users WHERE email = :e"), {"e": email})


def export(api: TestClient, headers: Headers) -> dict[str, Any]:
    response = api.get("/api/v1/me/export?format=json", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert response.headers["content-disposition"].startswith('attachment; filename="firepath-export-')
    return dict(response.json())


def restorable(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("exported_at", *RECORD_ONLY)}


def test_export_then_import_restores_the_same_data(api: TestClient, demo: Headers,
                                                   sign_up: Callable[..., Headers]) -> None:
    data = export(api, demo)
    assert data["format_version"] == 1
    # Money is a decimal string, never a float; no ids, user ids or secrets travel.
    assert data["income"]["monthly_take_home"] == "7120.00"
    assert data["expenses"]["rent_mortgage"] == "3390.00"
    assert [a["account_name"] for a in data["accounts"]] == [row[0] for row in ACCOUNTS]
    assert [g["name"] for g in data["goals"]] == [row[0] for row in GOALS]
    assert data["future_plan"] == {"income_growth_rate": "0.0300"}
    daycare = next(i for i in data["future_plan_items"] if i["kind"] == "spending")
    assert (daycare["amount"], daycare["start_date"], daycare["person"]) == ("-480.00", "2028-09-01", "self")
    assert [i["kind"] for i in data["future_plan_items"]] == ["income", "spending", "income_target"]  # soonest first
    assert [m["role"] for m in data["household"]["members"]] == ["self", "partner"]
    assert data["scenarios"] == [{"name": "Both retire two years sooner", "changes": {"retirement_ages": [50, 52]}}]
    assert len(data["net_worth_history"]) == 13
    body = json.dumps(data)
    for secret in ('"id"', '"user_id"', "password", "access_token", "refresh_token", "encrypted"):
        assert secret not in body
    [conversation] = data["coach_conversations"]
    assert conversation["messages"][0] == {"role": "user", "content": "What is my net worth?"}
    assert conversation["messages"][-1]["role"] == "assistant" and conversation["messages"][-1]["content"]
    assert data["community_posts"][0]["title"] == "Two years into our FIRE plan in Toronto"
    assert len(data["activity"]) == 4

    newcomer = sign_up()
    result = api.post("/api/v1/me/import", headers=newcomer, json=data)
    assert result.status_code == 200, result.text
    counts = result.json()
    assert counts["restored"]["accounts"] == len(ACCOUNTS) and counts["restored"]["goals"] == len(GOALS)
    assert counts["restored"]["expense_items"] == 17 and counts["restored"]["net_worth_history"] == 13
    assert counts["not_restored"] == {"community_posts": 1, "community_comments": 1, "activity": 4,
                                      "coach_conversations": 1}
    assert "not restored" in counts["message"]

    again = export(api, newcomer)
    assert restorable(again) == restorable(data)
    assert all(again[key] == [] for key in RECORD_ONLY)
    # The pages read the same figures.
    for path in ("/api/v1/accounts", "/api/v1/goals", "/api/v1/credit/cards", "/api/v1/future-plans/items"):
        mine = [{k: v for k, v in row.items() if k not in ("id", "created_at", "updated_at")}
                for row in api.get(path, headers=demo).json()]
        theirs = [{k: v for k, v in row.items() if k not in ("id", "created_at", "updated_at")}
                  for row in api.get(path, headers=newcomer).json()]
        assert theirs == mine, path
    assert api.get("/api/v1/expenses", headers=newcomer).json()["totals"] == \
        api.get("/api/v1/expenses", headers=demo).json()["totals"]


def test_csv_zip_holds_one_parseable_file_per_resource(api: TestClient, demo: Headers) -> None:
    response = api.get("/api/v1/me/export?format=csv", headers=demo)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/zip"
    assert response.headers["content-disposition"].endswith('.zip"')
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = set(archive.namelist())
    assert {"profile.csv", "income.csv", "expense_items.csv", "accounts.csv", "goals.csv", "household.csv",
            "scenarios.csv", "net_worth_history.csv", "coach_messages.csv", "preferences.csv"} <= names

    def rows(name: str) -> list[dict[str, str]]:
        return list(csv.DictReader(io.StringIO(archive.read(name).decode("utf-8"))))

    accounts = rows("accounts.csv")
    assert [a["account_name"] for a in accounts] == [row[0] for row in ACCOUNTS]
    assert accounts[0]["balance"] == "4800.00" and accounts[0]["owner"] == "joint"
    assert rows("income.csv")[0]["monthly_take_home"] == "7120.00"
    assert rows("savings_summary.csv")[0]["savings_destinations"] == "High-interest savings; TFSA; RRSP; RESP"
    assert json.loads(rows("scenarios.csv")[0]["changes"]) == {"retirement_ages": [50, 52]}
    messages = rows("coach_messages.csv")
    assert messages[0]["role"] == "user" and messages[0]["content"] == "What is my net worth?"
    assert rows("credit_cards.csv")[1]["balance"] == "618.20"


def test_import_refuses_an_account_that_has_data(api: TestClient, demo: Headers,
                                                 sign_up: Callable[..., Headers]) -> None:
    data = export(api, demo)
    response = api.post("/api/v1/me/import", headers=demo, json=data)
    assert response.status_code == 409
    assert response.json()["code"] == "account_not_empty" and "already has saved data" in response.json()["message"]
    assert len(api.get("/api/v1/accounts", headers=demo).json()) == len(ACCOUNTS)  # nothing doubled

    # Reading the preferences writes the defaults: that alone does not make an account "not empty".
    fresh = sign_up()
    assert api.get("/api/v1/preferences", headers=fresh).status_code == 200
    assert api.post("/api/v1/me/import", headers=fresh, json=data).status_code == 200
    assert api.post("/api/v1/me/import", headers=fresh, json=data).status_code == 409


def test_import_rejects_garbage_and_other_versions_all_or_nothing(api: TestClient, demo: Headers,
                                                                  sign_up: Callable[..., Headers]) -> None:
    data = export(api, demo)
    empty = sign_up()

    def rejected(body: Any, code: str) -> dict[str, Any]:
        response = api.post("/api/v1/me/import", headers=empty, json=body)
        assert response.status_code == 422, response.text
        assert response.json()["code"] == code, response.json()
        return dict(response.json())

    garbage = api.post("/api/v1/me/import", headers={**empty, "Content-Type": "application/json"}, content=b"{nope")
    assert garbage.status_code == 422 and "not valid JSON" in garbage.json()["message"]
    assert api.post("/api/v1/me/import", headers=empty, json=[1, 2, 3]).status_code == 422
    assert "not a FIRE Path export" in rejected({"hello": "world"}, "not_an_export")["message"]
    wrong = rejected({**data, "format_version": 2}, "unsupported_export_version")
    assert "format version 2" in wrong["message"] and "reads version 1" in wrong["message"]

    bad_balance = {**data, "accounts": [{**data["accounts"][0], "balance": "lots"}]}
    assert rejected(bad_balance, "invalid_export")["details"][0]["field"] == "accounts.0.balance"
    unknown = rejected({**data, "password_hash": "x"}, "invalid_export")
    assert unknown["details"][0]["field"] == "password_hash"
    # A budget that does not total 100% is refused as a save would refuse it, after the profile and income were
    # written: the whole import rolls back.
    bad_budget = {**data, "budget": {**data["budget"], "needs_percentage": "70.00"}}
    response = api.post("/api/v1/me/import", headers=empty, json=bad_budget)
    assert response.status_code == 422 and "must total 100%" in response.json()["message"]
    left = export(api, empty)
    assert left["profile"] is None and left["income"] is None and left["accounts"] == []
    assert api.post("/api/v1/me/import", headers=empty, json=data).status_code == 200  # still empty: it imports


def test_another_users_data_never_appears(api: TestClient, demo: Headers, sign_up: Callable[..., Headers]) -> None:
    other = sign_up()
    assert api.post("/api/v1/accounts", headers=other, json={"account_name": "Bob's secret stash",
                                                             "account_type": "savings", "balance": 777}).status_code \
        in (200, 201)
    [mine] = api.get("/api/v1/community/posts?mine=true", headers=demo).json()
    assert api.post(f"/api/v1/community/posts/{mine['id']}/comments", headers=other,
                    json={"body": "Bob's comment on Maya's post"}).status_code in (200, 201)

    demo_file = json.dumps(export(api, demo))
    assert "Bob" not in demo_file
    other_file = export(api, other)
    assert [a["account_name"] for a in other_file["accounts"]] == ["Bob's secret stash"]
    # Bob's own comment is his, but the title of Maya's post is not: it is left out.
    assert other_file["community_comments"][0]["body"] == "Bob's comment on Maya's post"
    assert other_file["community_comments"][0]["post_title"] is None
    assert "Maya" not in json.dumps({k: v for k, v in other_file.items() if k != "community_comments"})
    assert other_file["coach_conversations"] == [] and other_file["income"] is None
