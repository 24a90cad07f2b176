"""/api/v1/preferences"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.preferences import service
from api.preferences.schemas import PreferencesIn, PreferencesRead

router = APIRouter(prefix="/api/v1/preferences", tags=["preferences"], responses=ERRORS)


@router.get("", operation_id="preferences-get", response_model=PreferencesRead)
def get_preferences(user: CurrentUser, session: SessionDep) -> object:
    """The user's preferences, created with the defaults on first read."""
    return service.get_preferences(session=session, user_id=user.user_id)


@router.patch("", operation_id="preferences-update", response_model=PreferencesRead)
def update_preferences(user: CurrentUser, session: SessionDep, data: PreferencesIn) -> object:
    """Change the preferences sent; the others keep their values."""
    return service.save_preferences(session=session, user_id=user.user_id, data=data)
