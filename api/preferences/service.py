"""Preferences: created with the spec's defaults on first read (CAD, en-CA, 0.1, 25, 30, 65)."""

from __future__ import annotations

import uuid

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.core.errors import Invalid
from api.core.i18n import msg
from api.core.repository import one_for_user, upsert_for_user
from api.preferences.models import DEFAULTS, UserPreferences
from api.preferences.schemas import PreferencesIn
from api.profile.models import Profile


def get_preferences(*, session: Session, user_id: uuid.UUID) -> UserPreferences:
    row = one_for_user(session, UserPreferences, user_id)
    if row is None:
        session.execute(insert(UserPreferences).values(user_id=user_id, **DEFAULTS)
                        .on_conflict_do_nothing(index_elements=["user_id"]))
        row = one_for_user(session, UserPreferences, user_id)
        assert row is not None
    return row


def read_preferences(*, session: Session, user_id: uuid.UUID) -> UserPreferences:
    """The saved preferences, or the defaults when none are saved, without saving anything (a read that writes
    would change what the plan cache is keyed on)."""
    row = one_for_user(session, UserPreferences, user_id)
    return row if row is not None else UserPreferences(user_id=user_id, **DEFAULTS)


def save_preferences(*, session: Session, user_id: uuid.UUID, data: PreferencesIn) -> UserPreferences:
    current = get_preferences(session=session, user_id=user_id)
    # null leaves a setting as it is; only the retirement age may be cleared.
    changes = {k: v for k, v in data.model_dump(exclude_unset=True).items() if v is not None or k == "retirement_age"}
    values = {name: changes.get(name, getattr(current, name)) for name in DEFAULTS}
    retire = changes.get("retirement_age")
    profile = one_for_user(session, Profile, user_id)
    if retire is not None and profile is not None and profile.age is not None and retire <= profile.age:
        raise Invalid(msg("validation_error.retirement_not_after_age", field="retirement_age", retire=retire,
                          age=profile.age), details=[{"field": "retirement_age"}])
    return upsert_for_user(session, UserPreferences, user_id, values)


def saved_locale(*, session: Session, user_id: uuid.UUID) -> str | None:
    """The locale the user saved, or None while no preferences are saved (one indexed read, nothing created)."""
    locale: str | None = session.scalar(select(UserPreferences.locale).where(UserPreferences.user_id == user_id))
    return locale


def remember_locale(*, session: Session, user_id: uuid.UUID, locale: str) -> None:
    """Save `locale` as the user's language when they have no preferences yet (at sign-up: the language they signed
    up in); preferences already saved keep theirs."""
    session.execute(insert(UserPreferences).values(user_id=user_id, **{**DEFAULTS, "locale": locale})
                    .on_conflict_do_nothing(index_elements=["user_id"]))
