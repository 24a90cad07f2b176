"""/api/v1/savings/items and /api/v1/savings/summary"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.savings import service
from api.savings.schemas import SavingsItemsIn, SavingsItemsRead, SavingsSummaryIn, SavingsSummaryRead

router = APIRouter(prefix="/api/v1/savings", tags=["savings"], responses=ERRORS)


@router.get("/items", operation_id="savings-get-items", response_model=SavingsItemsRead)
def get_items(user: CurrentUser, session: SessionDep) -> SavingsItemsRead:
    return service.get_items(session=session, user_id=user.user_id)


@router.put("/items", operation_id="savings-save-items", response_model=SavingsItemsRead)
def save_items(user: CurrentUser, session: SessionDep, data: SavingsItemsIn) -> SavingsItemsRead:
    """Replace every savings item; non-positive amounts and exact duplicates are dropped."""
    return service.save_items(session=session, user_id=user.user_id, data=data)


@router.get("/summary", operation_id="savings-get-summary", response_model=SavingsSummaryRead | None)
def get_summary(user: CurrentUser, session: SessionDep) -> object:
    return service.get_summary(session=session, user_id=user.user_id)


@router.put("/summary", operation_id="savings-save-summary", response_model=SavingsSummaryRead)
def save_summary(user: CurrentUser, session: SessionDep, data: SavingsSummaryIn) -> object:
    return service.save_summary(session=session, user_id=user.user_id, data=data)
