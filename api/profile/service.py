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


def save_profile(*, session: Session, user_id: uuid.UUID, data: ProfileIn, record_email: str | None = None
                 ) -> Profile:
    """Saves the profile whole except the e-mail: there is one e-mail, the sign-in one, and the profile is not where
    it changes. `record_email` (the sign-in e-mail; an import's exported one) is stored where none is yet; an e-mail
    saved by an older screen stays in the table untouched (the API reads the sign-in e-mail back instead)."""
    values = data.model_dump(exclude={"email"})
    existing = get_profile(session=session, user_id=user_id)
    if record_email and (existing is None or not existing.email):
        values["email"] = record_email
    return upsert_for_user(session, Profile, user_id, values)
