"""Credit: the one summary record, and cards and lines of credit (soft-deleted; lists show active ones)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy.orm import Session

from api.core import repository as repo
from api.credit.models import CreditCard, CreditData, LineOfCredit
from api.credit.schemas import CreditCardIn, CreditDataIn, CreditDataRead, LineOfCreditIn


def get_credit_data(*, session: Session, user_id: uuid.UUID) -> CreditDataRead:
    row = repo.one_for_user(session, CreditData, user_id)
    return CreditDataRead.model_validate(row, from_attributes=True) if row else CreditDataRead()


def save_credit_data(*, session: Session, user_id: uuid.UUID, data: CreditDataIn) -> CreditDataRead:
    row = repo.upsert_for_user(session, CreditData, user_id, data.model_dump())
    return CreditDataRead.model_validate(row, from_attributes=True)


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
