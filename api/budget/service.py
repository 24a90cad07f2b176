"""The budget: one per user (the unique key keeps the newest single row); missing values are 0."""

from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy.orm import Session

from api.budget.models import BudgetAllocation
from api.budget.schemas import BudgetIn
from api.core.errors import Invalid
from api.core.repository import one_for_user, upsert_for_user

GROUPS = ((("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage"),
           "Needs, wants, savings and investments"),
          (("tfsa_allocation", "rrsp_allocation", "fhsa_allocation", "non_registered_allocation"),
           "The TFSA, RRSP, FHSA and non-registered shares"))


def check_whole(data: BudgetIn) -> None:
    """The four shares are the whole of take-home pay and the account split the whole of what is saved: each
    group totals 100% (or is all 0: not set yet)."""
    for names, label in GROUPS:
        total = sum((getattr(data, n) for n in names), Decimal(0))
        if total not in (Decimal(0), Decimal(100)):
            shown = f"{float(total):g}"
            raise Invalid(f"{names[0]}: {label} add up to {shown}%; they must total 100%",
                          details=[{"field": n, "message": f"{label} add up to {shown}%; they must total 100%"}
                                   for n in names])


def get_budget(*, session: Session, user_id: uuid.UUID) -> BudgetAllocation | None:
    return one_for_user(session, BudgetAllocation, user_id)


def save_budget(*, session: Session, user_id: uuid.UUID, data: BudgetIn) -> BudgetAllocation:
    check_whole(data)
    return upsert_for_user(session, BudgetAllocation, user_id, data.model_dump())
