"""Goals in and out."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from pydantic import Field, computed_field

from api.core.schemas import NOT_BLANK, Input, Money, Row

Category = Literal["emergency-fund", "retirement", "home", "debt-payoff", "education", "travel", "other"]


class GoalIn(Input):
    name: str = Field(min_length=1, max_length=200, pattern=NOT_BLANK)
    category: Literal["emergency-fund", "retirement", "home", "debt-payoff", "education", "travel", "other",
                      "financial-wellbeing"] = Field(
        description="'financial-wellbeing' (older clients) is saved as 'emergency-fund'")
    target_amount: Money = Decimal("0")
    current_amount: Money = Decimal("0")
    target_date: date | None = None
    priority: Literal["low", "medium", "high"] = "medium"
    notes: str | None = Field(default=None, max_length=5000)


class GoalRead(Row):
    updated_at: datetime
    name: str
    category: Category
    target_amount: Money
    current_amount: Money
    target_date: date | None
    priority: Literal["low", "medium", "high"]
    notes: str | None

    @computed_field(description="The amount saved has reached the target")  # type: ignore[prop-decorator]
    @property
    def reached(self) -> bool:
        return self.target_amount > 0 and self.current_amount >= self.target_amount
