"""/api/v1/budget"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from api.budget import service
from api.budget.schemas import BudgetIn, BudgetRead
from api.core.db import user_session
from api.core.openapi import ERRORS
from api.deps import AuthContext, CurrentUser, SessionDep, user_required

router = APIRouter(prefix="/api/v1/budget", tags=["budget"], responses=ERRORS)
BudgetSaver = Annotated[AuthContext, Depends(user_required("You must be logged in to save budget data"))]


@router.get("", operation_id="budget-get", response_model=BudgetRead | None)
def get_budget(user: CurrentUser, session: SessionDep) -> object:
    return service.get_budget(session=session, user_id=user.user_id)


@router.put("", operation_id="budget-save", response_model=BudgetRead)
def save_budget(user: BudgetSaver, data: BudgetIn) -> object:
    with user_session(user.user_id) as session:
        return service.save_budget(session=session, user_id=user.user_id, data=data)
