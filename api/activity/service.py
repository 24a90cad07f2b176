"""The activity log: the newest 50 entries are kept; adding prunes the rest."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.activity.models import ActivityLog
from api.activity.schemas import ActivityIn
from api.core import repository as repo

KEEP = 50


def list_activity(*, session: Session, user_id: uuid.UUID) -> Sequence[ActivityLog]:
    return repo.list_for_user(session, ActivityLog, user_id, limit=KEEP)


def add_activity(*, session: Session, user_id: uuid.UUID, data: ActivityIn) -> ActivityLog:
    # Adds are taken one at a time per user: two at once would each keep "the newest 50" without the other's
    # entry, leaving 51.
    repo.lock_for_user(session, "activity", user_id)
    entry = repo.create_for_user(session, ActivityLog, user_id, data.model_dump())
    newest = (select(ActivityLog.id).where(ActivityLog.user_id == user_id)
              .order_by(ActivityLog.created_at.desc(), ActivityLog.id).limit(KEEP))
    session.execute(delete(ActivityLog).where(ActivityLog.user_id == user_id, ActivityLog.id.not_in(newest)))
    return entry


def clear_activity(*, session: Session, user_id: uuid.UUID) -> None:
    session.execute(delete(ActivityLog).where(ActivityLog.user_id == user_id))
