"""The budget: one per user (the unique key keeps the newest single row); missing values are 0."""

from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy.orm import Session

from api.budget.models import BudgetAllocation
from api.budget.schemas import BudgetIn
from api.core.errors import Invalid
from api.core.i18n import msg
from api.core.repository import one_for_user, upsert_for_user

# Each group's fields and the catalogue key of the message when they do not total 100%.
GROUPS = ((("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage"),
           "budget.shares_total"),
          (("tfsa_allocation", "rrsp_allocation", "fhsa_allocation", "non_registered_allocation"),
           "budget.accounts_total"))


def check_whole(data: BudgetIn) -> None:
    """The four shares are the whole of take-home pay and the account split the whole of what is saved: each
    group totals 100% (or is all 0: not set yet)."""
    for names, key in GROUPS:
        total = sum((getattr(data, n) for n in names), Decimal(0))
        if total not in (Decimal(0), Decimal(100)):
            problem = msg(key, total=f"{float(total):g}")
            raise Invalid(msg("validation_error.field", field=names[0], message=problem),
                          details=[{"field": n, "message": problem} for n in names])


def get_budget(*, session: Session, user_id: uuid.UUID) -> BudgetAllocation | None:
    return one_for_user(session, BudgetAllocation, user_id)


def save_budget(*, session: Session, user_id: uuid.UUID, data: BudgetIn) -> BudgetAllocation:
    check_whole(data)
    return upsert_for_user(session, BudgetAllocation, user_id, data.model_dump())
