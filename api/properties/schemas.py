"""Properties in and out. Market value, purchase price and mortgage fall back to 0 when not numeric."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import Field, field_validator

from api.core.schemas import NOT_BLANK, Input, InterestRate, Money, Row

# Amounts typed as text: "1,234,567.89" (commas grouping thousands) or, as French-Canadian forms write them,
# "1 234 567,89" and "1234,5" (spaces grouping thousands, a decimal comma).
_EN_GROUPED = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$")
_FR = re.compile(r"^(\d{1,3}([ \u00a0\u202f]\d{3})+|\d+)(,\d+)?$")


def number_or_zero(value: Any) -> Any:
    """Spec section 5: a value that is not a number counts as 0 (e.g. '' or 'n/a' from a form). A comma is read
    as a thousands separator only where it groups thousands, and as the decimal mark where French writes it, so
    "450000,00" is 450,000 and not 45,000,000; other commas make the value not a number."""
    if value is None or isinstance(value, bool):
        return Decimal("0")
    text = str(value).strip().replace("$", "").strip()
    sign = ""
    if text[:1] in ("+", "-"):
        sign, text = text[0], text[1:].strip()
    if _EN_GROUPED.match(text):
        text = text.replace(",", "")
    elif "," in text or any(space in text for space in (" ", "\u00a0", "\u202f")):
        if not _FR.match(text):
            return Decimal("0")
        text = re.sub(r"[ \u00a0\u202f]", "", text).replace(",", ".")
    try:
        number = Decimal(sign + text)
    except (InvalidOperation, ValueError):
        return Decimal("0")
    return number if number.is_finite() else Decimal("0")


class PropertyIn(Input):
    type: str = Field(min_length=1, max_length=50, pattern=NOT_BLANK,
                      description="e.g. house, condo, townhouse, cottage, land")
    description: str | None = Field(default=None, max_length=2000)
    market_value: Money = Decimal("0")
    purchase_price: Money = Decimal("0")
    mortgage_balance: Money = Field(default=Decimal("0"), description="Mortgage still owed on it")
    mortgage_rate: InterestRate | None = Field(
        default=None, description="The mortgage's yearly contract rate, a fraction (0.0479 = 4.79%); none: the plan "
                                  "assumes 5%")
    mortgage_payment: Money | None = Field(
        default=None, description="The regular mortgage payment a month; none: the plan assumes your housing cost "
                                  "(one mortgaged property) or a 25-year amortization")
    monthly_rental_income: Money | None = Field(
        default=None, description="Rent it brings in a month, less its own costs (property tax, insurance, upkeep, "
                                  "condo fees), before income tax; the plan taxes it and counts it to the horizon")

    @field_validator("market_value", "purchase_price", "mortgage_balance", mode="before")
    @classmethod
    def _number_or_zero(cls, value: Any) -> Any:
        return number_or_zero(value)


class PropertyRead(PropertyIn, Row):
    type: str = Field(description="e.g. house, condo, townhouse, cottage, land")  # as saved: blank rows of before read
    updated_at: datetime
