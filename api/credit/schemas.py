"""Credit summary, cards and lines of credit, in and out."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from api.core.schemas import NOT_BLANK, Input, InterestRate, Money, Number, Row, UtilisationRate


class CreditDataIn(Input):
    credit_score: int | None = Field(default=None, ge=300, le=900, description="Canadian scores run 300 to 900")
    credit_card_types: list[Literal["charge", "credit"]] = Field(default_factory=list, max_length=2)
    line_of_credit_amount: Money = Decimal("0")
    credit_utilization_rate: UtilisationRate = Field(
        default=Decimal("0"), deprecated=True,
        description="Kept for old clients and exports: a figure typed by hand, stored as sent (left unchanged when "
                    "not sent) but no longer read back; the summary computes utilization from the cards and lines")
    credit_account_linked: bool = False

    @field_validator("credit_card_types", "line_of_credit_amount", "credit_utilization_rate", "credit_account_linked",
                     mode="before")
    @classmethod
    def _null_is_default(cls, value: Any, info: ValidationInfo) -> Any:
        """Spec section 5: the credit save defaults what is not given (types [], amounts 0, not linked); null
        is not given."""
        if value is not None:
            return value
        return {"credit_card_types": [], "credit_account_linked": False}.get(info.field_name or "", Decimal("0"))


class Utilization(BaseModel):
    """Credit utilization from the active cards and lines of credit: total balance / total limit."""

    credit_utilization_rate: Number | None = Field(
        default=None, description="Total balance / total limit of the active cards and lines that have a limit, as "
                                  "a fraction; above 1 when more is owed than the limits allow; null with no limit")
    # Sums: each card and line is within Money's bounds, their total need not be.
    total_credit_balance: Number = Field(default=Decimal("0"), description="Owed on the cards and lines with a limit")
    total_credit_limit: Number = Field(default=Decimal("0"), description="Their limits added up")
    over_limit: bool = Field(default=False, description="The total owed is above the total limit")
    over_limit_names: list[str] = Field(default_factory=list,
                                        description="Cards and lines owing more than their own limit")
    no_limit_names: list[str] = Field(default_factory=list,
                                      description="Cards and lines with a balance but no limit: left out")


class CreditDataRead(Utilization):
    """The summary; the spec's defaults (no score, no types, 0, not linked) before the first save. Utilization is
    always computed from the cards and lines, never read from a typed-in figure."""

    credit_score: int | None = None
    credit_card_types: list[str] = Field(default_factory=list)
    line_of_credit_amount: Money = Decimal("0")
    credit_account_linked: bool = False
    updated_at: datetime | None = None


class PayoffDebt(BaseModel):
    """One card or line with a balance, as the debt payoff calculator and the coach's debt_payoff tool take it."""

    name: str
    kind: Literal["card", "line"]
    balance: Money
    annual_rate: Number = Field(description="Yearly, as a fraction")
    rate_assumed: bool = Field(description="No rate saved: the assumed rate is used")
    minimum_payment: Money = Field(description="3% of the balance, at least $10 (never more than the balance)")


class PayoffDebts(BaseModel):
    debts: list[PayoffDebt]
    notes: list[str]


class CreditCardIn(Input):
    name: str = Field(min_length=1, max_length=200, pattern=NOT_BLANK)
    issuer: str | None = Field(default=None, max_length=200)
    card_network: str | None = Field(default=None, max_length=50)
    card_type: Literal["charge", "credit"] = "credit"
    credit_limit: Money = Decimal("0")
    balance: Money = Decimal("0")
    interest_rate: InterestRate | None = Field(default=None,
                                          description="Yearly, as a fraction (0.2099 = 20.99%)")
    annual_fee: Money = Decimal("0")
    payment_due_day: int | None = Field(default=None, ge=1, le=31)


class CreditCardRead(CreditCardIn, Row):
    name: str  # as saved: rows from before the blank check still read
    updated_at: datetime
    is_active: bool


class LineOfCreditIn(Input):
    name: str = Field(min_length=1, max_length=200, pattern=NOT_BLANK)
    lender: str | None = Field(default=None, max_length=200)
    credit_limit: Money = Decimal("0")
    balance: Money = Decimal("0")
    interest_rate: InterestRate | None = None
    secured: bool = False


class LineOfCreditRead(LineOfCreditIn, Row):
    name: str  # as saved: rows from before the blank check still read
    updated_at: datetime
    is_active: bool
