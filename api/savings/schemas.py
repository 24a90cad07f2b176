"""Savings items and the savings & investments summary, in and out."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from api.core.schemas import Input, Money, Row, SignedMoney

Label = Annotated[str, Field(max_length=100)]


class SavingsItemIn(Input):
    category: Literal["savings", "investment"]
    subcategory: str | None = Field(default=None, max_length=100)
    amount: SignedMoney | None = Field(default=None,
                                   description="Per month; items without a positive amount are dropped")
    goal: str | None = Field(default=None, max_length=200)
    investment_type: str | None = Field(default=None, max_length=100)


class SavingsItemRead(Row):
    category: Literal["savings", "investment"]
    subcategory: str | None
    amount: Money
    goal: str | None
    investment_type: str | None


class SavingsItemsIn(Input):
    items: list[SavingsItemIn] = Field(default_factory=list, max_length=500)


class SavingsItemsRead(BaseModel):
    items: list[SavingsItemRead]
    dropped: int = Field(0, description="Items left out: no positive amount, or an exact duplicate")


class SavingsSummaryFields(Input):
    monthly_savings: Money | None = None
    monthly_investment_contributions: Money | None = None
    emergency_fund: Money | None = None
    short_term_savings: Money | None = None
    debt_amount: Money | None = Field(default=None, description="Debts not itemised as cards or lines of credit")
    savings_destinations: list[Label] = Field(default_factory=list, max_length=50)
    investment_types: list[Label] = Field(default_factory=list, max_length=50)


class SavingsSummaryIn(SavingsSummaryFields):
    pass


class SavingsSummaryRead(SavingsSummaryFields, Row):
    user_id: uuid.UUID
    updated_at: datetime
