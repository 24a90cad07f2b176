"""Properties in and out. Market value, purchase price and mortgage fall back to 0 when not numeric."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import Field, field_validator

from api.core.schemas import Input, Money, Row


def number_or_zero(value: Any) -> Any:
    """Spec section 5: a value that is not a number counts as 0 (e.g. '' or 'n/a' from a form)."""
    if value is None or isinstance(value, bool):
        return Decimal("0")
    try:
        number = Decimal(str(value).replace(",", "").replace("$", "").strip())
    except (InvalidOperation, ValueError):
        return Decimal("0")
    return number if number.is_finite() else Decimal("0")


class PropertyIn(Input):
    type: str = Field(min_length=1, max_length=50, description="e.g. house, condo, townhouse, cottage, land")
    description: str | None = Field(default=None, max_length=2000)
    market_value: Money = Decimal("0")
    purchase_price: Money = Decimal("0")
    mortgage_balance: Money = Field(default=Decimal("0"), description="Mortgage still owed on it")

    @field_validator("market_value", "purchase_price", "mortgage_balance", mode="before")
    @classmethod
    def _number_or_zero(cls, value: Any) -> Any:
        return number_or_zero(value)


class PropertyRead(PropertyIn, Row):
    updated_at: datetime
