"""The user's profile: one record, saved whole."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy.orm import Session

from api.core.reads import UserQuery
from api.core.repository import one_for_user, upsert_for_user
from api.profile.models import Profile
from api.profile.schemas import ProfileIn, ProfileRead


def get_profile(*, session: Session, user_id: uuid.UUID) -> Profile | None:
    return one_for_user(session, Profile, user_id)


_READ = UserQuery(Profile, columns=ProfileRead.model_fields)


async def read_profile(*, user_id: uuid.UUID) -> dict[str, Any] | None:
    """`get_profile` on the async read path (one pipelined round trip; the screens' hot read)."""
    return await _READ.one(user_id)


def save_profile(*, session: Session, user_id: uuid.UUID, data: ProfileIn) -> Profile:
    return upsert_for_user(session, Profile, user_id, data.model_dump())
