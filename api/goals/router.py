"""/api/v1/goals"""

from __future__ import annotations

import uuid

from fastapi import APIRouter, Response

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.goals import service
from api.goals.schemas import GoalIn, GoalRead

router = APIRouter(prefix="/api/v1/goals", tags=["goals"], responses=ERRORS)


@router.get("", operation_id="goals-list", response_model=list[GoalRead])
def list_goals(user: CurrentUser, session: SessionDep) -> object:
    return service.list_goals(session=session, user_id=user.user_id)


@router.post("", operation_id="goals-add", response_model=GoalRead, status_code=201)
def add_goal(user: CurrentUser, session: SessionDep, data: GoalIn) -> object:
    return service.add_goal(session=session, user_id=user.user_id, data=data)


@router.put("/{goal_id}", operation_id="goals-update", response_model=GoalRead)
def update_goal(user: CurrentUser, session: SessionDep, goal_id: uuid.UUID, data: GoalIn) -> object:
    return service.update_goal(session=session, user_id=user.user_id, goal_id=goal_id, data=data)


@router.delete("/{goal_id}", operation_id="goals-delete", status_code=204)
def delete_goal(user: CurrentUser, session: SessionDep, goal_id: uuid.UUID) -> Response:
    service.delete_goal(session=session, user_id=user.user_id, goal_id=goal_id)
    return Response(status_code=204)
