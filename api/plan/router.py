"""/api/v1/plan"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.plan import service
from api.plan.service import PlanRead

router = APIRouter(prefix="/api/v1/plan", tags=["plan"], responses=ERRORS)


@router.get("", operation_id="plan-get", response_model=PlanRead)
def get_plan(user: CurrentUser, session: SessionDep) -> PlanRead:
    """The user's month-by-month plan to financial independence, from their saved data and preferences;
    every assumption is listed with the result."""
    return service.get_plan(session=session, user_id=user.user_id)
