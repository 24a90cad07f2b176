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
    """The user's profile, or null before the first save; its e-mail is the sign-in e-mail."""
    profile = await service.read_profile(user_id=user.user_id)
    return None if profile is None else {**profile, "email": user.email}


@router.put("", operation_id="profile-save", response_model=ProfileRead)
def save_profile(user: CurrentUser, session: SessionDep, data: ProfileIn) -> object:
    row = service.save_profile(session=session, user_id=user.user_id, data=data, record_email=user.email)
    return ProfileRead.model_validate(row).model_copy(update={"email": user.email})
