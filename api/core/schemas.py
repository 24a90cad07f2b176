"""Pydantic building blocks shared by the domain schemas: money, rates, percentages and read models."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, field_validator

# Money travels as a JSON number with two decimals (Decimal inside); rates are fractions (0.04 = 4%).
_as_number = PlainSerializer(lambda v: float(v), return_type=float, when_used="json")
Money = Annotated[Decimal, Field(ge=0, le=Decimal("999999999999.99"), decimal_places=2), _as_number]
SignedMoney = Annotated[Decimal, Field(ge=Decimal("-999999999999.99"), le=Decimal("999999999999.99"),
                                       decimal_places=2), _as_number]
Percent = Annotated[Decimal, Field(ge=0, le=100, decimal_places=2), _as_number]
Rate = Annotated[Decimal, Field(ge=-1, le=1, decimal_places=4), _as_number]
Number = Annotated[Decimal, _as_number]  # any other decimal sent as a JSON number (multipliers, ratios)
Age = Annotated[int, Field(ge=0, le=120)]
ShortText = Annotated[str, Field(max_length=200)]
LongText = Annotated[str, Field(max_length=5000)]


class Input(BaseModel):
    """Request bodies: unknown fields are refused, strings trimmed, NUL characters refused (PostgreSQL
    text cannot hold them)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    @field_validator("*", mode="before")
    @classmethod
    def _no_nul(cls, value: Any) -> Any:
        if isinstance(value, str) and "\x00" in value:
            raise ValueError("must not contain NUL characters")
        return value


class Row(BaseModel):
    """Responses read straight from the ORM rows."""

    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    created_at: datetime


class Message(BaseModel):
    """A plain confirmation."""

    message: str
