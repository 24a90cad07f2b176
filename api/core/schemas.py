"""Pydantic building blocks shared by the domain schemas: money, rates, percentages and read models."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
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
from pydantic_core import PydanticCustomError

from api.core.i18n import msg
from api.core.i18n.language import header_language
from api.core.i18n.numbers import AmbiguousNumber, read_french_amount

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


def _digits(not_a_number: str) -> BeforeValidator:
    """Amounts sent as text must read as people write them: "1e6" is not a number anyone types into a form. A
    request in French (Accept-Language: fr...) may write them the fr-CA way, "12,5" or "1 234,56"; "1,234" (a
    thousands comma or a decimal one?) and "1.234,5" stay refused. Text that is no number is refused as pydantic
    refuses it (same type, same English message), carrying the catalogue key (`not_a_number`) of its French."""

    def check(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if any(c in value for c in "eE"):
            raise ValueError(msg("validation_error.scientific_notation"))
        if header_language.get() == "fr":
            try:
                french = read_french_amount(value)
            except AmbiguousNumber:
                text = value.strip()
                raise PydanticCustomError("amount_ambiguous", str(msg("validation_error.amount_ambiguous", text=text)),
                                          {"key": "validation_error.amount_ambiguous", "text": text}) from None
            if french is not None:
                return french
        try:
            Decimal(value)
        except InvalidOperation:
            raise PydanticCustomError("decimal_parsing", "Input should be a valid decimal",
                                      {"key": not_a_number}) from None
        return value

    return BeforeValidator(check)


_cents, _four = _rounded(2), _rounded(4)
_finite = Field(allow_inf_nan=False)
_amount = _digits("validation_error.amount_not_a_number")
_percent = _digits("validation_error.percent_not_a_number")
_rate = _digits("validation_error.rate_not_a_number")
Money = Annotated[Decimal, _amount, _finite, Field(ge=0, le=MONEY_MAX), _cents, _as_number,
                  _number_schema(0, MONEY_MAX)]
SignedMoney = Annotated[Decimal, _amount, _finite, Field(ge=-MONEY_MAX, le=MONEY_MAX), _cents, _as_number,
                        _number_schema(-MONEY_MAX, MONEY_MAX)]
Percent = Annotated[Decimal, _percent, _finite, Field(ge=0, le=100), _cents, _as_number, _number_schema(0, 100)]
Rate = Annotated[Decimal, _rate, _finite, Field(ge=-1, le=1), _four, _as_number, _number_schema(-1, 1)]
InterestRate = Annotated[Decimal, _rate, _finite, Field(ge=0, le=1), _four, _as_number, _number_schema(0, 1)]
UtilisationRate = Annotated[Decimal, _rate, _finite, Field(ge=0, le=10), _four, _as_number, _number_schema(0, 10)]
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
