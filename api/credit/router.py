"""/api/v1/credit: the summary, cards and lines of credit. Signing in is required ('User not authenticated')."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Annotated

from fastapi import APIRouter, Depends, Response
from sqlalchemy.orm import Session

from api.core.db import user_session
from api.core.i18n import AnswerLanguage, localize
from api.core.openapi import ERRORS
from api.credit import service
from api.credit.schemas import (
    CreditCardIn,
    CreditCardRead,
    CreditDataIn,
    CreditDataRead,
    LineOfCreditIn,
    LineOfCreditRead,
    PayoffDebts,
)
from api.deps import AuthContext, user_required

router = APIRouter(prefix="/api/v1/credit", tags=["credit"], responses=ERRORS)
User = Annotated[AuthContext, Depends(user_required("User not authenticated"))]


def _session(user: User) -> Iterator[Session]:
    with user_session(user.user_id) as session:
        yield session


CreditSession = Annotated[Session, Depends(_session, scope="function")]


@router.get("", operation_id="credit-get", response_model=CreditDataRead)
def get_credit(user: User, session: CreditSession) -> CreditDataRead:
    return service.get_credit_data(session=session, user_id=user.user_id)


@router.put("", operation_id="credit-save", response_model=CreditDataRead)
def save_credit(user: User, session: CreditSession, data: CreditDataIn) -> CreditDataRead:
    return service.save_credit_data(session=session, user_id=user.user_id, data=data)


@router.get("/debts", operation_id="credit-payoff-debts", response_model=PayoffDebts)
def payoff_debts(user: User, session: CreditSession, language: AnswerLanguage) -> PayoffDebts:
    """The cards and lines with a balance as a payoff plan starts from them (the debt payoff calculator's "use my
    cards and lines"): rate assumed 7% where none is saved, minimum 3% of the balance, at least $10."""
    debts = service.payoff_debts(session=session, user_id=user.user_id)
    if language == "en":
        return debts
    return debts.model_copy(update={"notes": [localize(note, language)[0] for note in debts.notes]})


@router.get("/cards", operation_id="credit-list-cards", response_model=list[CreditCardRead])
def list_cards(user: User, session: CreditSession) -> object:
    """Active cards, newest first."""
    return service.list_cards(session=session, user_id=user.user_id)


@router.post("/cards", operation_id="credit-add-card", response_model=CreditCardRead, status_code=201)
def add_card(user: User, session: CreditSession, data: CreditCardIn) -> object:
    return service.add_card(session=session, user_id=user.user_id, data=data)


@router.put("/cards/{card_id}", operation_id="credit-update-card", response_model=CreditCardRead)
def update_card(user: User, session: CreditSession, card_id: uuid.UUID, data: CreditCardIn) -> object:
    return service.update_card(session=session, user_id=user.user_id, card_id=card_id, data=data)


@router.delete("/cards/{card_id}", operation_id="credit-remove-card", status_code=204)
def remove_card(user: User, session: CreditSession, card_id: uuid.UUID) -> Response:
    """Soft delete: the card is kept but no longer listed."""
    service.remove_card(session=session, user_id=user.user_id, card_id=card_id)
    return Response(status_code=204)


@router.get("/lines", operation_id="credit-list-lines", response_model=list[LineOfCreditRead])
def list_lines(user: User, session: CreditSession) -> object:
    """Active lines of credit, newest first."""
    return service.list_lines(session=session, user_id=user.user_id)


@router.post("/lines", operation_id="credit-add-line", response_model=LineOfCreditRead, status_code=201)
def add_line(user: User, session: CreditSession, data: LineOfCreditIn) -> object:
    return service.add_line(session=session, user_id=user.user_id, data=data)


@router.put("/lines/{line_id}", operation_id="credit-update-line", response_model=LineOfCreditRead)
def update_line(user: User, session: CreditSession, line_id: uuid.UUID, data: LineOfCreditIn) -> object:
    return service.update_line(session=session, user_id=user.user_id, line_id=line_id, data=data)


@router.delete("/lines/{line_id}", operation_id="credit-remove-line", status_code=204)
def remove_line(user: User, session: CreditSession, line_id: uuid.UUID) -> Response:
    service.remove_line(session=session, user_id=user.user_id, line_id=line_id)
    return Response(status_code=204)
