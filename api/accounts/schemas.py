"""Accounts in and out, and the one-time import of what a client kept locally."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from api.core.schemas import NOT_BLANK, Input, Row, SignedMoney


class AccountIn(Input):
    account_name: str = Field(min_length=1, max_length=200, pattern=NOT_BLANK)
    account_type: str = Field(min_length=1, max_length=50, pattern=NOT_BLANK,
                              description="e.g. chequing, savings, tfsa, rrsp, fhsa")
    balance: SignedMoney = Field(default=Decimal("0"), description="Negative when overdrawn or borrowed")
    purpose: str | None = Field(default=None, max_length=2000)
    institution: str | None = Field(default=None, max_length=200)
    account_number: str | None = Field(default=None, max_length=64)
    owner: Literal["self", "partner", "joint"] = Field(
        default="self", description="Whose account: self, partner, or joint (non-registered and cash only)")


class AccountRead(AccountIn, Row):
    account_name: str  # as saved: rows from before the blank check still read
    account_type: str = Field(description="e.g. chequing, savings, tfsa, rrsp, fhsa")
    updated_at: datetime


class ImportResult(BaseModel):
    accounts_imported: int
    properties_imported: int
