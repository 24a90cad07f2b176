"""Expenses in and out: housing plus the list of items, saved together."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from api.core.schemas import NOT_BLANK, Input, Money, Number, Row


class ExpenseItemIn(Input):
    category: str = Field(min_length=1, max_length=100, pattern=NOT_BLANK)
    subcategory: str | None = Field(default=None, max_length=100)
    amount: Money = Field(description="Per month")
    needs_wants_category: Literal["needs", "wants"] = "needs"
    is_bad_habit: bool = False


class ExpenseItemRead(Row):
    category: str
    subcategory: str | None
    amount: Money
    needs_wants_category: Literal["needs", "wants"]
    is_bad_habit: bool


class ExpensesIn(Input):
    """Rent or mortgage and every item; the items replace the saved list as a whole."""

    rent_mortgage: Money = Decimal("0")
    items: list[ExpenseItemIn] = Field(default_factory=list, max_length=500)


class ExpenseTotals(BaseModel):
    needs: Number = Field(description="Needs items plus rent or mortgage")
    wants: Number
    bad_habits: Number
    total: Number = Field(description="Needs plus wants")


class ExpensesRead(BaseModel):
    user_id: uuid.UUID
    rent_mortgage: Money
    items: list[ExpenseItemRead]
    totals: ExpenseTotals
