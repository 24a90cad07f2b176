"""Future plans in and out. An expense change is entered as an amount and increase|decrease, and stored
signed (a decrease is negative); empty dates are saved as null (spec section 5)."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field, computed_field, field_validator

from api.core.schemas import Input, Money, Rate, Row, SignedMoney


class _Dates(BaseModel):
    @field_validator("income_target_date", "expense_change_date", "side_hustle_date", mode="before",
                     check_fields=False)
    @classmethod
    def _empty_date_is_null(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value


class FuturePlanIn(Input, _Dates):
    income_growth_rate: Rate | None = Field(default=None, description="Yearly, as a fraction (0.03 = 3%)")
    income_target_date: date | None = Field(default=None, description="When your pay reaches the target")
    income_target_amount: Money | None = Field(default=None, description="Your own yearly take-home pay (after tax) "
                                                                         "from the target date; a partner's pay "
                                                                         "stays as saved")
    expense_change_description: str | None = Field(default=None, max_length=2000)
    expense_change_date: date | None = None
    expense_change_amount: Money | None = Field(default=None, description="Per month, always positive")
    expense_change_type: Literal["increase", "decrease"] = "increase"
    side_hustle_description: str | None = Field(default=None, max_length=2000)
    side_hustle_date: date | None = None
    side_hustle_amount: Money | None = Field(default=None, description="Per month")
    side_hustle_time_commitment: str | None = Field(default=None, max_length=100)


class FuturePlanRead(Row):
    user_id: uuid.UUID
    updated_at: datetime
    income_growth_rate: Rate | None
    income_target_date: date | None
    income_target_amount: Money | None
    expense_change_description: str | None
    expense_change_date: date | None
    expense_change_amount: SignedMoney | None = Field(description="Signed: negative for a decrease")
    side_hustle_description: str | None
    side_hustle_date: date | None
    side_hustle_amount: Money | None
    side_hustle_time_commitment: str | None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def expense_change_type(self) -> Literal["increase", "decrease"]:
        amount = self.expense_change_amount
        return "decrease" if amount is not None and amount < Decimal("0") else "increase"
