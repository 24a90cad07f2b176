"""/api/v1/coach/changes: the writes the user approved in the coach, newest first, and undo for each.

Undo puts back the state before the change through the same services the coach saved with (`tools.write`):
404 for an unknown change (or another user's), 409 when it was already undone or the record changed since.
"""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter, Query

from api.core.db import user_session
from api.core.errors import ErrorBody
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from tools.base import ToolContext
from tools.changes import CoachChangeRead, list_changes
from tools.registry import undo_change

CONFLICT: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorBody, "description": "Already undone, or the record changed since (undo would overwrite it)"}}
router = APIRouter(prefix="/api/v1/coach/changes", tags=["coach"], responses=ERRORS)


@router.get("", operation_id="coach-changes-list", response_model=list[CoachChangeRead])
def list_coach_changes(user: CurrentUser, session: SessionDep,
                       limit: int = Query(default=50, ge=1, le=200)) -> list[CoachChangeRead]:
    """Changes the coach saved with the user's approval, newest first."""
    return list_changes(session=session, user_id=user.user_id, limit=limit)


@router.post("/{change_id}/undo", operation_id="coach-changes-undo", response_model=CoachChangeRead,
             responses=CONFLICT)
def undo_coach_change(user: CurrentUser, change_id: uuid.UUID) -> CoachChangeRead:
    """Put back what the change replaced (a new goal or expense item is removed) and log it in the activity."""
    uid = user.user_id
    return undo_change(ToolContext(user_id=uid, session=lambda: user_session(uid)), change_id)
