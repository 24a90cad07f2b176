"""Replace-all saves and the one-time import sent twice at once: the second waits for the first and then sees
its rows, so the lists are never merged and nothing is imported twice. (Expenses are serialised by the upsert of
their one row; the test guards that.)"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.accounts.schemas import AccountIn, ImportResult
from api.accounts.service import import_local
from api.activity.models import ActivityLog
from api.activity.schemas import ActivityIn
from api.activity.service import add_activity
from api.core.db import Database
from api.expenses.schemas import ExpensesIn
from api.expenses.service import save_expenses
from api.properties.schemas import PropertyIn
from api.savings.schemas import SavingsItemsIn
from api.savings.service import save_items

SignUp = Callable[..., dict[str, str]]


@pytest.fixture
def sessions(database: Database) -> Iterator[tuple[Session, Session]]:
    """Two transactions on two connections, as two requests of the same user would have."""
    first, second = Session(database.privileged_engine), Session(database.privileged_engine)
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def _user_id(api: TestClient, me: dict[str, str]) -> uuid.UUID:
    return uuid.UUID(api.get("/auth/v1/user", headers=me).json()["id"])


def _while_first_is_open(first: Session, work_first: Callable[[Session], object], second: Session,
                         work_second: Callable[[Session], object]) -> list[object]:
    """Run `work_first` in `first` (left open), start `work_second` in `second` on another thread, give it time
    to run into the first, then commit the first and let the second finish."""
    results: list[object] = []
    errors: list[BaseException] = []

    def run_second() -> None:
        try:
            results.append(work_second(second))
            second.commit()
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)
            second.rollback()

    work_first(first)
    thread = threading.Thread(target=run_second)
    thread.start()
    thread.join(timeout=1.0)
    first.commit()
    thread.join(timeout=30)
    assert not thread.is_alive() and not errors, errors
    return results


def _savings(tag: str) -> SavingsItemsIn:
    return SavingsItemsIn.model_validate(
        {"items": [{"category": "savings", "subcategory": f"{tag}-{i}", "amount": i + 1} for i in range(3)]})


def test_two_savings_saves_at_once_leave_one_list(api: TestClient, sign_up: SignUp,
                                                 sessions: tuple[Session, Session]) -> None:
    me = sign_up()
    user_id = _user_id(api, me)
    first, second = sessions
    _while_first_is_open(first, lambda s: save_items(session=s, user_id=user_id, data=_savings("a")),
                         second, lambda s: save_items(session=s, user_id=user_id, data=_savings("b")))
    items = api.get("/api/v1/savings/items", headers=me).json()["items"]
    assert [i["subcategory"] for i in items] == ["b-0", "b-1", "b-2"]


def test_two_expense_saves_at_once_leave_one_list(api: TestClient, sign_up: SignUp,
                                                 sessions: tuple[Session, Session]) -> None:
    me = sign_up()
    user_id = _user_id(api, me)
    first, second = sessions

    def body(tag: str) -> ExpensesIn:
        return ExpensesIn.model_validate({"rent_mortgage": 1, "items": [{"category": tag, "amount": 5}] * 2})

    _while_first_is_open(first, lambda s: save_expenses(session=s, user_id=user_id, data=body("a")),
                         second, lambda s: save_expenses(session=s, user_id=user_id, data=body("b")))
    items = api.get("/api/v1/expenses", headers=me).json()["items"]
    assert [i["category"] for i in items] == ["b", "b"]


def test_the_local_import_sent_twice_at_once_imports_once(api: TestClient, sign_up: SignUp,
                                                         sessions: tuple[Session, Session]) -> None:
    me = sign_up()
    user_id = _user_id(api, me)
    first, second = sessions
    accounts = [AccountIn(account_name=f"A{i}", account_type="tfsa") for i in range(3)]
    properties = [PropertyIn(type="condo")]

    def run(s: Session) -> object:
        return import_local(session=s, user_id=user_id, accounts=accounts, properties=properties)

    [later] = _while_first_is_open(first, run, second, run)
    assert later == ImportResult(accounts_imported=0, properties_imported=0)
    assert len(api.get("/api/v1/accounts", headers=me).json()) == 3
    assert len(api.get("/api/v1/properties", headers=me).json()) == 1


def test_imported_rows_keep_the_order_sent(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    names = [f"Account {i}" for i in range(12)]
    local = {"accounts": [{"account_name": n, "account_type": "savings"} for n in names],
             "properties": [{"type": t} for t in ("house", "condo", "cottage", "land")]}
    assert api.post("/api/v1/import/local", headers=me, json=local).status_code == 200
    assert [a["account_name"] for a in api.get("/api/v1/accounts", headers=me).json()] == names
    assert [p["type"] for p in api.get("/api/v1/properties", headers=me).json()] == ["house", "condo", "cottage",
                                                                                   "land"]


def test_two_activity_entries_at_once_keep_fifty(api: TestClient, sign_up: SignUp, database: Database,
                                                 sessions: tuple[Session, Session]) -> None:
    me = sign_up()
    user_id = _user_id(api, me)
    for i in range(50):
        api.post("/api/v1/activity", headers=me, json={"description": f"step {i}"})
    first, second = sessions
    _while_first_is_open(first, lambda s: add_activity(session=s, user_id=user_id, data=ActivityIn(description="a")),
                         second, lambda s: add_activity(session=s, user_id=user_id, data=ActivityIn(description="b")))
    with Session(database.privileged_engine) as s:
        kept = s.scalar(select(func.count()).select_from(ActivityLog).where(ActivityLog.user_id == user_id))
    assert kept == 50
    assert [e["description"] for e in api.get("/api/v1/activity", headers=me).json()[:2]] == ["b", "a"]
