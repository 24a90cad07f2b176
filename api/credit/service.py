"""Credit: the one summary record, and cards and lines of credit (soft-deleted; lists show active ones).

Utilization and the debts a payoff plan starts from are computed here from the cards and lines, the one rule the
credit page, the debt payoff calculator and the coach all read."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy.orm import Session

from api.core import repository as repo
from api.credit.models import CreditCard, CreditData, LineOfCredit
from api.credit.schemas import (
    CreditCardIn,
    CreditDataIn,
    CreditDataRead,
    LineOfCreditIn,
    PayoffDebt,
    PayoffDebts,
    Utilization,
)

# A payoff plan's minimum payment when none is saved, and the rate of a debt saved without one.
MINIMUM_SHARE = Decimal("0.03")
MINIMUM_FLOOR = Decimal("10")
UNKNOWN_DEBT_RATE = Decimal("0.07")
_CENT = Decimal("0.01")


def utilization(cards: Sequence[CreditCard | LineOfCredit]) -> Utilization:
    """Total balance / total limit over the cards and lines that have a limit (a charge card often has none: its
    balance cannot be set against a limit, so it is left out and named)."""
    limited = [c for c in cards if c.credit_limit > 0]
    balance = sum((c.balance for c in limited), Decimal("0"))
    limit = sum((c.credit_limit for c in limited), Decimal("0"))
    rate = (balance / limit).quantize(Decimal("0.0001"), ROUND_HALF_UP) if limit > 0 else None
    return Utilization(credit_utilization_rate=rate, total_credit_balance=balance, total_credit_limit=limit,
                       over_limit=limit > 0 and balance > limit,
                       over_limit_names=[c.name for c in limited if c.balance > c.credit_limit],
                       no_limit_names=[c.name for c in cards if c.credit_limit <= 0 and c.balance > 0])


def get_credit_data(*, session: Session, user_id: uuid.UUID) -> CreditDataRead:
    row = repo.one_for_user(session, CreditData, user_id)
    return _read(session, user_id, row)


def save_credit_data(*, session: Session, user_id: uuid.UUID, data: CreditDataIn) -> CreditDataRead:
    values = data.model_dump()
    # The old typed-in utilization is kept as it was unless a client still sends one (old clients, imports).
    if "credit_utilization_rate" not in data.model_fields_set:
        values.pop("credit_utilization_rate")
    row = repo.upsert_for_user(session, CreditData, user_id, values)
    return _read(session, user_id, row)


def _read(session: Session, user_id: uuid.UUID, row: CreditData | None) -> CreditDataRead:
    saved: dict[str, Any] = {} if row is None else {
        k: getattr(row, k) for k in ("credit_score", "credit_card_types", "line_of_credit_amount",
                                     "credit_account_linked", "updated_at")}
    held: list[CreditCard | LineOfCredit] = [*list_cards(session=session, user_id=user_id),
                                             *list_lines(session=session, user_id=user_id)]
    return CreditDataRead(**saved, **utilization(held).model_dump())


def payoff_debts(*, session: Session, user_id: uuid.UUID) -> PayoffDebts:
    """The active cards and lines with a balance, as a payoff plan takes them (oldest first, cards then lines)."""
    held: list[tuple[str, CreditCard | LineOfCredit]] = [
        *(("card", c) for c in reversed(list_cards(session=session, user_id=user_id))),
        *(("line", x) for x in reversed(list_lines(session=session, user_id=user_id)))]
    debts = [PayoffDebt(name=d.name, kind=kind, balance=d.balance,
                        annual_rate=d.interest_rate if d.interest_rate is not None else UNKNOWN_DEBT_RATE,
                        rate_assumed=d.interest_rate is None, minimum_payment=minimum_payment(d.balance))
             for kind, d in held if d.balance > 0]
    notes = [f"{d.name}: no interest rate saved, {UNKNOWN_DEBT_RATE * 100:.0f}% assumed." for d in debts
             if d.rate_assumed]
    if debts:
        notes.append("Minimum payments are taken as 3% of the balance, at least $10.")
    return PayoffDebts(debts=debts, notes=notes)


def minimum_payment(balance: Decimal) -> Decimal:
    return min(balance, max((balance * MINIMUM_SHARE).quantize(_CENT, ROUND_HALF_UP), MINIMUM_FLOOR))


def list_cards(*, session: Session, user_id: uuid.UUID) -> Sequence[CreditCard]:
    return repo.list_for_user(session, CreditCard, user_id, CreditCard.is_active.is_(True))


def add_card(*, session: Session, user_id: uuid.UUID, data: CreditCardIn) -> CreditCard:
    return repo.create_for_user(session, CreditCard, user_id, data.model_dump())


def update_card(*, session: Session, user_id: uuid.UUID, card_id: uuid.UUID, data: CreditCardIn) -> CreditCard:
    return repo.update_for_user(session, CreditCard, user_id, card_id, data.model_dump(),
                                CreditCard.is_active.is_(True), label="Credit card")


def remove_card(*, session: Session, user_id: uuid.UUID, card_id: uuid.UUID) -> None:
    repo.update_for_user(session, CreditCard, user_id, card_id, {"is_active": False},
                         CreditCard.is_active.is_(True), label="Credit card")


def list_lines(*, session: Session, user_id: uuid.UUID) -> Sequence[LineOfCredit]:
    return repo.list_for_user(session, LineOfCredit, user_id, LineOfCredit.is_active.is_(True))


def add_line(*, session: Session, user_id: uuid.UUID, data: LineOfCreditIn) -> LineOfCredit:
    return repo.create_for_user(session, LineOfCredit, user_id, data.model_dump())


def update_line(*, session: Session, user_id: uuid.UUID, line_id: uuid.UUID, data: LineOfCreditIn) -> LineOfCredit:
    return repo.update_for_user(session, LineOfCredit, user_id, line_id, data.model_dump(),
                                LineOfCredit.is_active.is_(True), label="Line of credit")


def remove_line(*, session: Session, user_id: uuid.UUID, line_id: uuid.UUID) -> None:
    repo.update_for_user(session, LineOfCredit, user_id, line_id, {"is_active": False},
                         LineOfCredit.is_active.is_(True), label="Line of credit")
