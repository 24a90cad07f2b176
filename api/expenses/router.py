"""/api/v1/expenses"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.expenses import service
from api.expenses.schemas import ExpensesIn, ExpensesRead

router = APIRouter(prefix="/api/v1/expenses", tags=["expenses"], responses=ERRORS)


@router.get("", operation_id="expenses-get", response_model=ExpensesRead)
def get_expenses(user: CurrentUser, session: SessionDep) -> ExpensesRead:
    return service.get_expenses(session=session, user_id=user.user_id)


@router.put("", operation_id="expenses-save", response_model=ExpensesRead)
def save_expenses(user: CurrentUser, session: SessionDep, data: ExpensesIn) -> ExpensesRead:
    return service.save_expenses(session=session, user_id=user.user_id, data=data)
