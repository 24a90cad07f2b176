"""The user's profile: one record, saved whole."""

from __future__ import annotations

import uuid

from sqlalchemy.orm import Session

from api.core.repository import one_for_user, upsert_for_user
from api.profile.models import Profile
from api.profile.schemas import ProfileIn


def get_profile(*, session: Session, user_id: uuid.UUID) -> Profile | None:
    return one_for_user(session, Profile, user_id)


def save_profile(*, session: Session, user_id: uuid.UUID, data: ProfileIn) -> Profile:
    return upsert_for_user(session, Profile, user_id, data.model_dump())
