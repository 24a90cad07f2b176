"""/api/v1/activity"""

from __future__ import annotations

from fastapi import APIRouter, Response

from api.activity import service
from api.activity.schemas import ActivityIn, ActivityRead
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep

router = APIRouter(prefix="/api/v1/activity", tags=["activity"], responses=ERRORS)


@router.get("", operation_id="activity-list", response_model=list[ActivityRead])
def list_activity(user: CurrentUser, session: SessionDep) -> object:
    """The newest 50 entries, newest first."""
    return service.list_activity(session=session, user_id=user.user_id)


@router.post("", operation_id="activity-add", response_model=ActivityRead, status_code=201)
def add_activity(user: CurrentUser, session: SessionDep, data: ActivityIn) -> object:
    return service.add_activity(session=session, user_id=user.user_id, data=data)


@router.delete("", operation_id="activity-clear", status_code=204)
def clear_activity(user: CurrentUser, session: SessionDep) -> Response:
    service.clear_activity(session=session, user_id=user.user_id)
    return Response(status_code=204)
