"""/api/v1/future-plans"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.future_plans import service
from api.future_plans.schemas import FuturePlanIn, FuturePlanRead

router = APIRouter(prefix="/api/v1/future-plans", tags=["future-plans"], responses=ERRORS)


@router.get("", operation_id="future-plans-get", response_model=FuturePlanRead | None)
def get_plan(user: CurrentUser, session: SessionDep) -> object:
    return service.get_plan(session=session, user_id=user.user_id)


@router.put("", operation_id="future-plans-save", response_model=FuturePlanRead)
def save_plan(user: CurrentUser, session: SessionDep, data: FuturePlanIn) -> object:
    return service.save_plan(session=session, user_id=user.user_id, data=data)
