"""/api/v1/profile"""

from __future__ import annotations

from fastapi import APIRouter

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.profile import service
from api.profile.schemas import ProfileIn, ProfileRead

router = APIRouter(prefix="/api/v1/profile", tags=["profile"], responses=ERRORS)


@router.get("", operation_id="profile-get", response_model=ProfileRead | None)
async def get_profile(user: CurrentUser) -> object:
    """The user's profile, or null before the first save."""
    return await service.read_profile(user_id=user.user_id)


@router.put("", operation_id="profile-save", response_model=ProfileRead)
def save_profile(user: CurrentUser, session: SessionDep, data: ProfileIn) -> object:
    return service.save_profile(session=session, user_id=user.user_id, data=data)
