"""Net worth and its daily snapshots."""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D

from sqlalchemy import select
from sqlalchemy.orm import Session

from api import models as m
from api.networth import service
from tests.factories import make_user


def _household(session: Session) -> m.User:
    user = make_user(session)
    uid = user.id
    session.add_all([
        m.UserAccount(user_id=uid, account_name="Chequing", account_type="chequing", balance=D("2500.50")),
        m.UserAccount(user_id=uid, account_name="TFSA", account_type="tfsa", balance=D("40000")),
        m.UserAccount(user_id=uid, account_name="Overdraft", account_type="chequing", balance=D("-300")),
        m.UserProperty(user_id=uid, type="condo", market_value=D("600000"), mortgage_balance=D("420000")),
        m.CreditCard(user_id=uid, name="Visa", balance=D("1200.25")),
        m.CreditCard(user_id=uid, name="Old card", balance=D("999"), is_active=False),  # soft-deleted: ignored
        m.LineOfCredit(user_id=uid, name="LOC", balance=D("5000")),
        m.SavingsInvestment(user_id=uid, debt_amount=D("8000")),  # other debt (a car loan)
    ])
    session.flush()
    return user


def test_net_worth_counts_assets_and_every_kind_of_debt(session: Session) -> None:
    user = _household(session)
    worth = service.compute_net_worth(session=session, user_id=user.id)
    assert worth.assets == D("642500.50")
    assert worth.liabilities == D("300") + D("420000") + D("1200.25") + D("5000") + D("8000")
    assert worth.net_worth == D("208000.25")


def test_a_user_with_nothing_recorded_is_worth_zero(session: Session) -> None:
    user = make_user(session)
    assert service.compute_net_worth(session=session, user_id=user.id).net_worth == 0


def test_snapshots_are_one_per_user_per_day_and_refresh_when_rerun(session: Session) -> None:
    user = _household(session)
    day = date(2030, 1, 31)
    assert service.take_snapshots(session=session, on=day) >= 1
    session.add(m.UserAccount(user_id=user.id, account_name="RRSP", account_type="rrsp", balance=D("10000")))
    session.flush()
    service.take_snapshots(session=session, on=day)
    rows = session.scalars(select(m.NetWorthSnapshot).where(m.NetWorthSnapshot.user_id == user.id)).all()
    assert len(rows) == 1
    assert (rows[0].taken_on, rows[0].net_worth) == (day, D("218000.25"))


def test_history_is_in_date_order(session: Session) -> None:
    user = _household(session)
    for day in (date(2030, 3, 31), date(2030, 1, 31), date(2030, 2, 28)):
        service.take_snapshots(session=session, on=day, user_id=user.id)
    history = service.history(session=session, user_id=user.id)
    assert [s.taken_on for s in history] == [date(2030, 1, 31), date(2030, 2, 28), date(2030, 3, 31)]
    assert [s.taken_on for s in service.history(session=session, user_id=user.id, since=date(2030, 2, 1))] == [
        date(2030, 2, 28), date(2030, 3, 31)]
