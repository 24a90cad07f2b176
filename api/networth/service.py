"""Net worth = assets - liabilities, computed in one query for one user or for everyone.

Assets: positive account balances and property market values, and, for someone who keeps their cash only on the
savings page (no chequing or savings account recorded), its emergency fund and short-term savings. Liabilities:
overdrawn or borrowed
account balances, mortgages on properties, balances of active credit cards and lines of credit, and the
"other debt" amount of the savings summary.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy import ColumnElement, Date, Select, SQLColumnExpression, case, cast, exists, func, literal, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.accounts.models import UserAccount
from api.auth.models import User
from api.credit.models import CreditCard, LineOfCredit
from api.networth.models import NetWorthSnapshot
from api.planning.canada import CASH_TYPES
from api.properties.models import UserProperty
from api.savings.models import SavingsInvestment


@dataclass(frozen=True)
class NetWorth:
    assets: Decimal
    liabilities: Decimal

    @property
    def net_worth(self) -> Decimal:
        return self.assets - self.liabilities


def _sum(column: SQLColumnExpression[Decimal | None] | SQLColumnExpression[Decimal],
         *where: ColumnElement[bool]) -> ColumnElement[Decimal]:
    return func.coalesce(select(func.sum(column)).where(*where).scalar_subquery(), 0)


def summary_cash(uid: ColumnElement[uuid.UUID] | SQLColumnExpression[uuid.UUID]) -> ColumnElement[Decimal]:
    """The savings page's emergency fund and short-term savings, counted only when no cash account is recorded
    (the setup wizard asks for the emergency fund before any account exists; counted twice otherwise)."""
    has_cash_account = exists().where(UserAccount.user_id == uid,
                                      func.lower(func.trim(UserAccount.account_type)).in_(CASH_TYPES))
    kept = func.coalesce(SavingsInvestment.emergency_fund, 0) + func.coalesce(SavingsInvestment.short_term_savings, 0)
    saved = _sum(kept, SavingsInvestment.user_id == uid)
    return case((has_cash_account, literal(Decimal(0))), else_=saved)


def _other_debts(uid: ColumnElement[uuid.UUID] | SQLColumnExpression[uuid.UUID]) -> ColumnElement[Decimal]:
    """Debts outside accounts and properties: active credit cards and lines of credit, and the savings page's
    "other debt"."""
    return (_sum(CreditCard.balance, CreditCard.user_id == uid, CreditCard.is_active.is_(True))
            + _sum(LineOfCredit.balance, LineOfCredit.user_id == uid, LineOfCredit.is_active.is_(True))
            + _sum(SavingsInvestment.debt_amount, SavingsInvestment.user_id == uid))


def _one(expression: Callable[[ColumnElement[uuid.UUID]], ColumnElement[Decimal]], session: Session,
         user_id: uuid.UUID) -> Decimal:
    return Decimal(session.scalar(select(expression(literal(user_id, UserAccount.user_id.type)))) or 0)


def savings_page_cash(*, session: Session, user_id: uuid.UUID) -> Decimal:
    """One user's cash kept only on the savings page, as net worth counts it (0 once a cash account exists)."""
    return _one(summary_cash, session, user_id)


def other_debts(*, session: Session, user_id: uuid.UUID) -> Decimal:
    """One user's debts outside accounts and properties, as net worth counts them."""
    return _one(_other_debts, session, user_id)


def _totals() -> Select[uuid.UUID, Decimal, Decimal]:
    uid = User.id
    assets = _sum(func.greatest(UserAccount.balance, 0), UserAccount.user_id == uid) + _sum(
        UserProperty.market_value, UserProperty.user_id == uid
    ) + summary_cash(uid)
    liabilities = (
        _sum(func.greatest(-UserAccount.balance, 0), UserAccount.user_id == uid)
        + _sum(UserProperty.mortgage_balance, UserProperty.user_id == uid)
        + _other_debts(uid)
    )
    return select(uid, assets.label("assets"), liabilities.label("liabilities"))


def compute_net_worth(*, session: Session, user_id: uuid.UUID) -> NetWorth:
    row = session.execute(_totals().where(User.id == user_id)).one_or_none()
    if row is None:
        return NetWorth(Decimal("0"), Decimal("0"))
    return NetWorth(assets=Decimal(row.assets), liabilities=Decimal(row.liabilities))


STORED_MAX = Decimal("999999999999.99")


def _stored(value: ColumnElement[Decimal]) -> ColumnElement[Decimal]:
    """Clamped to what NUMERIC(14,2) holds, so one absurd record cannot stop everyone's nightly snapshot."""
    return func.least(func.greatest(value, -STORED_MAX), STORED_MAX)


def take_snapshots(*, session: Session, on: date, user_id: uuid.UUID | None = None) -> int:
    """Write (or refresh) every user's snapshot for `on`, or one user's. Idempotent: one row per user per day."""
    query = _totals() if user_id is None else _totals().where(User.id == user_id)
    totals = query.subquery()
    # The id is generated per row here: left to the model's Python default, one id would be shared by all rows.
    rows = select(func.gen_random_uuid(), totals.c.id, cast(literal(on), Date), _stored(totals.c.assets),
                  _stored(totals.c.liabilities), _stored(totals.c.assets - totals.c.liabilities))
    statement = insert(NetWorthSnapshot).from_select(
        ["id", "user_id", "taken_on", "assets", "liabilities", "net_worth"], rows
    )
    statement = statement.on_conflict_do_update(
        index_elements=["user_id", "taken_on"],
        set_={"assets": statement.excluded.assets, "liabilities": statement.excluded.liabilities,
              "net_worth": statement.excluded.net_worth},
    )
    return len(session.execute(statement.returning(NetWorthSnapshot.id)).all())


def history(*, session: Session, user_id: uuid.UUID, since: date | None = None) -> list[NetWorthSnapshot]:
    query = select(NetWorthSnapshot).where(NetWorthSnapshot.user_id == user_id)
    if since is not None:
        query = query.where(NetWorthSnapshot.taken_on >= since)
    return list(session.scalars(query.order_by(NetWorthSnapshot.taken_on)))
