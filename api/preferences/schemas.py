"""Planning preferences in and out."""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import Field

from api.core.schemas import Age, Input, Multiplier, Number, Rate, Row


class PreferencesIn(Input):
    """Only the fields sent are changed."""

    currency_code: str | None = Field(default=None, pattern=r"^[A-Z]{3}$")
    locale: str | None = Field(default=None, pattern=r"^[a-z]{2}(-[A-Z]{2})?$")
    investment_return_rate: Rate | None = Field(default=None, description="Yearly, as a fraction (0.06 = 6%)")
    fire_rule_multiplier: Multiplier | None = Field(default=None,
                                                 description="25 = the 4% rule")
    max_projection_years: int | None = Field(default=None, ge=1, le=100)
    retirement_age: Age | None = None
    planning_horizon_age: int | None = Field(default=None, ge=50, le=120,
                                             description="The plan runs until the youngest adult is this age")


class PreferencesRead(Row):
    user_id: uuid.UUID
    updated_at: datetime
    currency_code: str
    locale: str
    investment_return_rate: Rate
    fire_rule_multiplier: Number
    max_projection_years: int
    retirement_age: int | None
    planning_horizon_age: int
