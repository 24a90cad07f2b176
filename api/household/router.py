"""/api/v1/household"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.household import service
from api.household.schemas import HouseholdIn, HouseholdRead

router = APIRouter(prefix="/api/v1/household", tags=["household"], responses=ERRORS)


@router.get("", operation_id="household-get", response_model=HouseholdRead)
def get_household(user: CurrentUser, session: SessionDep) -> HouseholdRead:
    """The adults the plan is for: you and, if any, a partner. Until saved, assumed from the profile and income."""
    return service.get_household(session=session, user_id=user.user_id)


@router.put("", operation_id="household-save", response_model=HouseholdRead)
def save_household(user: CurrentUser, session: SessionDep, data: HouseholdIn) -> HouseholdRead:
    """Save the household whole (you, and a partner or not): birth dates, gross employment income, retirement
    ages, CPP and OAS start ages, workplace pensions."""
    return service.save_household(session=session, user_id=user.user_id, data=data)
