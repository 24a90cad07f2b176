"""The budget in and out. Percentages 0 to 100; missing values are saved as 0 (spec section 5)."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

from pydantic import field_validator

from api.core.schemas import Input, Percent, Row

ZERO = Decimal("0")


class BudgetFields(Input):
    needs_percentage: Percent = ZERO
    wants_percentage: Percent = ZERO
    savings_percentage: Percent = ZERO
    investments_percentage: Percent = ZERO
    tfsa_allocation: Percent = ZERO
    rrsp_allocation: Percent = ZERO
    fhsa_allocation: Percent = ZERO
    non_registered_allocation: Percent = ZERO


class BudgetIn(BudgetFields):
    """Shares of take-home pay, and how the savings and investments split across accounts. A value left out
    or sent as null is saved as 0 (spec section 5: the budget save coerces missing values to 0)."""

    @field_validator("*", mode="before")
    @classmethod
    def _null_is_zero(cls, value: Any) -> Any:
        return ZERO if value is None else value


class BudgetRead(BudgetFields, Row):
    user_id: uuid.UUID
    updated_at: datetime
