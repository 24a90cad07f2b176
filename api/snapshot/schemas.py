"""The snapshot out."""

from __future__ import annotations

from pydantic import BaseModel, Field

from api.completion.schemas import CompletionRead
from api.core.schemas import Number
from api.expenses.schemas import ExpenseTotals


class NetWorthRead(BaseModel):
    assets: Number
    liabilities: Number
    net_worth: Number


class SnapshotRead(BaseModel):
    total_monthly_income: Number = Field(description="Take-home + secondary + side hustle + partner + other")
    expenses: ExpenseTotals = Field(description="Per month")
    monthly_surplus: Number = Field(description="Income minus total expenses, per month")
    savings_rate: Number | None = Field(description="Surplus over income, as a fraction; null without income")
    annual_expenses: Number
    fire_multiplier: Number
    fire_number: Number = Field(description="Annual expenses times the FIRE multiplier")
    net_worth: NetWorthRead
    completion: CompletionRead
