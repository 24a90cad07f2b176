"""Pydantic building blocks shared by the domain schemas: money, rates, percentages and read models."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    WithJsonSchema,
    field_validator,
)

# Money travels as a JSON number (Decimal inside), rounded to cents on the way in; rates are fractions
# (0.04 = 4%) rounded to 4 places. The OpenAPI schema says "number" with its bounds, so generated clients
# and property-based tests send what the server accepts.
_as_number = PlainSerializer(lambda v: float(v), return_type=float, when_used="json")
MONEY_MAX = Decimal("999999999999.99")


def _rounded(places: int) -> AfterValidator:
    step = Decimal(1).scaleb(-places)
    return AfterValidator(lambda v: v.quantize(step, rounding=ROUND_HALF_UP))


def _number_schema(low: Decimal | int, high: Decimal | int) -> WithJsonSchema:
    return WithJsonSchema({"type": "number", "minimum": float(low), "maximum": float(high)})


def _digits(value: Any) -> Any:
    """Amounts sent as text must read as people write them: "1e6" is not a number anyone types into a form."""
    if isinstance(value, str) and any(c in value for c in "eE"):
        raise ValueError("write the number in digits (1000000), not in scientific notation")
    return value


_cents, _four = _rounded(2), _rounded(4)
_finite = Field(allow_inf_nan=False)
_plain = BeforeValidator(_digits)
Money = Annotated[Decimal, _plain, _finite, Field(ge=0, le=MONEY_MAX), _cents, _as_number,
                  _number_schema(0, MONEY_MAX)]
SignedMoney = Annotated[Decimal, _plain, _finite, Field(ge=-MONEY_MAX, le=MONEY_MAX), _cents, _as_number,
                        _number_schema(-MONEY_MAX, MONEY_MAX)]
Percent = Annotated[Decimal, _plain, _finite, Field(ge=0, le=100), _cents, _as_number, _number_schema(0, 100)]
Rate = Annotated[Decimal, _plain, _finite, Field(ge=-1, le=1), _four, _as_number, _number_schema(-1, 1)]
InterestRate = Annotated[Decimal, _plain, _finite, Field(ge=0, le=1), _four, _as_number, _number_schema(0, 1)]
UtilisationRate = Annotated[Decimal, _plain, _finite, Field(ge=0, le=10), _four, _as_number, _number_schema(0, 10)]
Multiplier = Annotated[Decimal, _finite, Field(ge=1, le=100), _cents, _as_number, _number_schema(1, 100)]
Number = Annotated[Decimal, _as_number]  # any other decimal sent as a JSON number (multipliers, ratios)
Age = Annotated[int, Field(ge=0, le=120)]
ShortText = Annotated[str, Field(max_length=200)]
# Required text (names, types, categories) must hold more than spaces; in the schema too, for generated clients.
NOT_BLANK = r"^[^\x00]*[^\s\x00][^\x00]*$"
LongText = Annotated[str, Field(max_length=5000)]


class Input(BaseModel):
    """Request bodies: unknown fields are refused and NUL characters dropped (PostgreSQL text cannot hold
    them). Strings are kept as sent, so the OpenAPI length limits mean exactly what the server checks."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def _no_nul(cls, value: Any) -> Any:
        if isinstance(value, str):
            return value.replace("\x00", "")
        if isinstance(value, list):
            return [v.replace("\x00", "") if isinstance(v, str) else v for v in value]
        return value


class Row(BaseModel):
    """Responses read straight from the ORM rows."""

    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    created_at: datetime


class Message(BaseModel):
    """A plain confirmation."""

    message: str
