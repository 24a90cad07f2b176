"""Goals: list newest first (rewriting the legacy 'financial-wellbeing' category), create, update, delete."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from api.core import repository as repo
from api.core.errors import Invalid
from api.goals.models import Goal
from api.goals.schemas import GoalIn

LEGACY = {"financial-wellbeing": "emergency-fund"}


def _values(data: GoalIn) -> dict[str, Any]:
    values = data.model_dump()
    values["category"] = LEGACY.get(values["category"], values["category"])
    return values


def list_goals(*, session: Session, user_id: uuid.UUID) -> Sequence[Goal]:
    """Spec section 4: goals of category financial-wellbeing become emergency-fund on each load."""
    for old, new in LEGACY.items():
        session.execute(update(Goal).where(Goal.user_id == user_id, Goal.category == old).values(category=new))
    return repo.list_for_user(session, Goal, user_id)


def _check_date(target: date | None, before: date | None = None) -> None:
    """A goal's date may not be set in the past (one saved earlier that has since passed may stay)."""
    if target is not None and target < datetime.now(UTC).date() and target != before:
        raise Invalid("target_date: is in the past; choose a date from today on",
                      details=[{"field": "target_date", "message": "is in the past"}])


def add_goal(*, session: Session, user_id: uuid.UUID, data: GoalIn) -> Goal:
    _check_date(data.target_date)
    return repo.create_for_user(session, Goal, user_id, _values(data))


def update_goal(*, session: Session, user_id: uuid.UUID, goal_id: uuid.UUID, data: GoalIn) -> Goal:
    existing = repo.get_for_user(session, Goal, user_id, goal_id, label="Goal")
    _check_date(data.target_date, existing.target_date)
    return repo.update_for_user(session, Goal, user_id, goal_id, _values(data), label="Goal")


def delete_goal(*, session: Session, user_id: uuid.UUID, goal_id: uuid.UUID) -> None:
    repo.delete_for_user(session, Goal, user_id, goal_id, label="Goal")
