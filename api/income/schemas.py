"""Income in and out. Amounts left out are saved as null (spec section 5)."""

from __future__ import annotations

import uuid
from datetime import datetime

from api.core.schemas import Input, Money, Row


class IncomeFields(Input):
    annual_salary: Money | None = None
    monthly_take_home: Money | None = None
    secondary_income: Money | None = None
    side_hustle_income: Money | None = None
    partner_income: Money | None = None
    other_income: Money | None = None


class IncomeIn(IncomeFields):
    """Yearly salary before tax; every other amount is per month."""


class IncomeRead(IncomeFields, Row):
    user_id: uuid.UUID
    updated_at: datetime
