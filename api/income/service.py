"""The user's income: one record; missing amounts are null."""

from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy.orm import Session

from api.core.repository import one_for_user, upsert_for_user
from api.income.models import Income
from api.income.schemas import IncomeIn

MONTHLY_FIELDS = ("monthly_take_home", "secondary_income", "side_hustle_income", "partner_income", "other_income")


def get_income(*, session: Session, user_id: uuid.UUID) -> Income | None:
    return one_for_user(session, Income, user_id)


def save_income(*, session: Session, user_id: uuid.UUID, data: IncomeIn) -> Income:
    return upsert_for_user(session, Income, user_id, data.model_dump())


def total_monthly_income(income: Income | None) -> Decimal:
    """Take-home plus secondary, side-hustle, partner and other income (spec section 9; salary excluded)."""
    if income is None:
        return Decimal("0")
    return sum((getattr(income, name) or Decimal("0") for name in MONTHLY_FIELDS), Decimal("0"))
