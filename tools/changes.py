"""The record of writes the user approved (`coach_changes`): adding one with its activity-log entry, listing
them newest first, and finding one to undo. Always scoped to the context's user (RLS is the second wall)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activity.schemas import ActivityIn
from api.activity.service import add_activity
from api.coach.models import CoachChange, CoachThread
from api.core.errors import NotFound
from api.core.repository import get_for_user, list_for_user

REF = "_ref"  # where a change keeps what undo needs to find its record (a goal id, an item name)
ACTIVITY_CATEGORY = "coach"


class CoachChangeRead(BaseModel):
    id: uuid.UUID
    tool: str
    target: str
    summary: str
    before: dict[str, Any] | None = Field(description="The saved values before the change (null: it was new)")
    after: dict[str, Any] | None = Field(description="The saved values after the change")
    thread_id: uuid.UUID | None
    created_at: datetime
    undone_at: datetime | None
    can_undo: bool


def read(change: CoachChange) -> CoachChangeRead:
    after = None if change.after is None else {k: v for k, v in change.after.items() if k != REF}
    return CoachChangeRead(id=change.id, tool=change.tool, target=change.target, summary=change.summary,
                           before=change.before, after=after, thread_id=change.thread_id,
                           created_at=change.created_at, undone_at=change.undone_at,
                           can_undo=change.undone_at is None)


def log(session: Session, user_id: uuid.UUID, description: str) -> uuid.UUID:
    return add_activity(session=session, user_id=user_id,
                        data=ActivityIn(description=description[:1000], category=ACTIVITY_CATEGORY)).id


def record(session: Session, *, user_id: uuid.UUID, thread_id: uuid.UUID | None, tool: str, target: str,
           summary: str, before: dict[str, Any] | None, after: dict[str, Any]) -> CoachChange:
    """Add the activity-log entry and the change (linked to the thread when it is one of the user's)."""
    activity_id = log(session, user_id, summary)
    if thread_id is not None:
        thread_id = session.scalar(select(CoachThread.id).where(CoachThread.id == thread_id,
                                                                CoachThread.user_id == user_id))
    change = CoachChange(user_id=user_id, thread_id=thread_id, activity_id=activity_id, tool=tool, target=target,
                         summary=summary, before=before, after=after)
    session.add(change)
    session.flush()
    session.refresh(change)
    return change


def get_change(session: Session, user_id: uuid.UUID, change_id: uuid.UUID) -> CoachChange:
    """The user's change; another user's id is the same 404 as an unknown one."""
    try:
        return get_for_user(session, CoachChange, user_id, change_id, label="Change")
    except NotFound:
        raise NotFound("Change not found") from None


def list_changes(*, session: Session, user_id: uuid.UUID, limit: int = 50) -> list[CoachChangeRead]:
    return [read(c) for c in list_for_user(session, CoachChange, user_id, limit=limit)]
