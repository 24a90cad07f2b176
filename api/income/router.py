"""/api/v1/income"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.income import service
from api.income.schemas import IncomeIn, IncomeRead

router = APIRouter(prefix="/api/v1/income", tags=["income"], responses=ERRORS)


@router.get("", operation_id="income-get", response_model=IncomeRead | None)
def get_income(user: CurrentUser, session: SessionDep) -> object:
    """The user's income, or null before the first save."""
    return service.get_income(session=session, user_id=user.user_id)


@router.put("", operation_id="income-save", response_model=IncomeRead)
def save_income(user: CurrentUser, session: SessionDep, data: IncomeIn) -> object:
    return service.save_income(session=session, user_id=user.user_id, data=data)
