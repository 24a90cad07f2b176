"""The budget: one per user (the unique key keeps the newest single row); missing values are 0."""

from __future__ import annotations

import uuid

from sqlalchemy.orm import Session

from api.budget.models import BudgetAllocation
from api.budget.schemas import BudgetIn
from api.core.repository import one_for_user, upsert_for_user


def get_budget(*, session: Session, user_id: uuid.UUID) -> BudgetAllocation | None:
    return one_for_user(session, BudgetAllocation, user_id)


def save_budget(*, session: Session, user_id: uuid.UUID, data: BudgetIn) -> BudgetAllocation:
    return upsert_for_user(session, BudgetAllocation, user_id, data.model_dump())
