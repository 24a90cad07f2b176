"""Future plans: one per user."""

from __future__ import annotations

import uuid

from sqlalchemy.orm import Session

from api.core.repository import one_for_user, upsert_for_user
from api.future_plans.models import FuturePlan
from api.future_plans.schemas import FuturePlanIn


def get_plan(*, session: Session, user_id: uuid.UUID) -> FuturePlan | None:
    return one_for_user(session, FuturePlan, user_id)


def save_plan(*, session: Session, user_id: uuid.UUID, data: FuturePlanIn) -> FuturePlan:
    values = data.model_dump(exclude={"expense_change_type"})
    amount = values["expense_change_amount"]
    if amount is not None and data.expense_change_type == "decrease":
        values["expense_change_amount"] = -amount
    return upsert_for_user(session, FuturePlan, user_id, values)
