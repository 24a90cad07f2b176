"""The household's adults in and out."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field

from api.core.schemas import Age, Input, Money


class MemberIn(Input):
    role: Literal["self", "partner"]
    name: str | None = Field(default=None, max_length=100)
    birth_date: date | None = Field(default=None, description="For ages in the plan; none: the profile's age")
    employment_income: Money | None = Field(default=None, description="Gross yearly employment income (before "
                                                                       "tax); none: from the income page")
    retirement_age: Age | None = Field(default=None, description="When employment income stops; none: the "
                                                                 "retirement age in preferences")
    cpp_start_age: float = Field(default=65, ge=60, le=70, description="60 to 70, by month (62.5)")
    cpp_at_65: Money | None = Field(default=None, description="Monthly CPP at 65 from your Service Canada "
                                                              "statement; none: estimated from earnings")
    oas_start_age: float = Field(default=65, ge=65, le=70)
    oas_residence_years: int = Field(default=40, ge=0, le=70, description="Years lived in Canada after 18")
    pension: Money | None = Field(default=None, description="Yearly workplace (defined-benefit) pension, today's "
                                                            "dollars")
    pension_start_age: float = Field(default=65, ge=40, le=75)
    pension_indexation: float = Field(default=1.0, ge=0, le=1,
                                     description="Share of inflation the pension rises by (1 = fully indexed)")
    planned_death_age: Age | None = Field(default=None, description="Plan for a death at this age; none: alive "
                                                                    "to the horizon")


class MemberRead(MemberIn):
    id: uuid.UUID | None = Field(default=None, description="Null for a member assumed from the profile and income")
    updated_at: datetime | None = None


class HouseholdIn(Input):
    members: list[MemberIn] = Field(min_length=1, max_length=2, description="You (role self), and a partner")


class HouseholdRead(BaseModel):
    members: list[MemberRead]
    saved: bool = Field(description="False until the household is saved: the members shown are assumed from "
                                    "the profile (age, marital status) and income (partner income)")
