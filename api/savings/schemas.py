"""Savings items and the savings & investments summary, in and out."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, model_validator

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
    monthly_savings: Money | None = Field(default=None, description=(
        "Everything saved and invested a month (emergency fund, short-term savings, TFSA, RRSP...): the one "
        "monthly saving figure"))
    emergency_fund: Money | None = None
    short_term_savings: Money | None = None
    debt_amount: Money | None = Field(default=None, description="Debts not itemised as cards or lines of credit")
    savings_destinations: list[Label] = Field(default_factory=list, max_length=50)
    investment_types: list[Label] = Field(default_factory=list, max_length=50)


LEGACY_CONTRIBUTIONS = "monthly_investment_contributions"


class SavingsSummaryIn(SavingsSummaryFields):
    @model_validator(mode="before")
    @classmethod
    def _fold_contributions(cls, data: Any) -> Any:
        """Bodies from older clients and exports still send investment contributions apart: they are part of
        the one figure, so they are added to it."""
        if not isinstance(data, dict) or LEGACY_CONTRIBUTIONS not in data:
            return data
        out = dict(data)
        extra = out.pop(LEGACY_CONTRIBUTIONS)
        if extra is None:
            return out
        try:
            value = Decimal(str(extra))
            total = value + Decimal(str(out.get("monthly_savings") or 0))
        except (InvalidOperation, ValueError) as e:
            raise ValueError(f"{LEGACY_CONTRIBUTIONS} must be an amount") from e
        if not value.is_finite() or value < 0:
            raise ValueError(f"{LEGACY_CONTRIBUTIONS} must be an amount of zero or more")
        out["monthly_savings"] = total
        return out


class SavingsSummaryRead(SavingsSummaryFields, Row):
    user_id: uuid.UUID
    updated_at: datetime
