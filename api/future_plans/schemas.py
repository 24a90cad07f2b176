"""Future plans in and out: the dated plans one by one (`FuturePlanItemIn`/`Read`, as many as the user adds), and
the older one-of-each record (`FuturePlanIn`/`Read`: the income growth, an income target, an expense change and a
side hustle), which is kept for clients of the original API and reads and writes the dated plans it names. An
expense change is entered as an amount and increase|decrease and stored signed; empty dates are saved as null (spec
section 5)."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field, computed_field, field_validator

from api.core.schemas import NOT_BLANK, Input, Money, Rate, Row, SignedMoney

ItemKind = Literal["spending", "income", "income_target", "one_off", "pause_saving"]
KIND_HELP = (
    "spending: spending changes by `amount` a month from the start date (negative: less), until the end date if "
    "one is given; income: extra take-home pay of `amount` a month (a side business, part-time work), until the end "
    "date, or while the person works if none is given and it starts before they retire; income_target: the person's "
    "take-home pay becomes `amount` a year from the start date (a promotion, a new job), while they work; one_off: "
    "`amount` spent once on the start date (negative: received, e.g. an inheritance); pause_saving: nothing is saved "
    "from the start date to the end date (what would have been saved is spent).")


def _blank_is_null(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


class FuturePlanItemIn(Input):
    kind: ItemKind = Field(description=KIND_HELP)
    description: str = Field(min_length=1, max_length=200, pattern=NOT_BLANK)
    person: Literal["self", "partner"] = Field(default="self", description="Whose pay (income and income_target)")
    start_date: date
    end_date: date | None = Field(default=None, description="spending, income and pause_saving only")
    amount: SignedMoney = Field(default=Decimal("0"), description="See `kind` for its meaning and period")
    notes: str | None = Field(default=None, max_length=2000)

    _dates = field_validator("end_date", mode="before")(_blank_is_null)


class FuturePlanItemRecord(Input):
    """A dated plan as an export keeps it (and an import restores it as it was): undated plans and those the older
    record wrote included."""

    kind: ItemKind
    description: str = Field(min_length=1, max_length=200, pattern=NOT_BLANK)
    person: Literal["self", "partner"] = "self"
    start_date: date | None = None
    end_date: date | None = None
    amount: SignedMoney | None = None
    notes: str | None = Field(default=None, max_length=2000)
    origin: Literal["income_target", "expense_change", "side_hustle"] | None = None


class FuturePlanItemRead(Row):
    updated_at: datetime
    kind: ItemKind
    description: str
    person: Literal["self", "partner"]
    start_date: date | None
    end_date: date | None
    amount: SignedMoney | None
    notes: str | None


class _Dates(BaseModel):
    _dates = field_validator("income_target_date", "expense_change_date", "side_hustle_date", mode="before",
                             check_fields=False)(_blank_is_null)


class FuturePlanIn(Input, _Dates):
    income_growth_rate: Rate | None = Field(default=None, description="Yearly, as a fraction (0.03 = 3%)")
    income_target_date: date | None = Field(default=None, description="When your pay reaches the target")
    income_target_amount: Money | None = Field(default=None, description="Your own yearly take-home pay (after tax) "
                                                                         "from the target date; a partner's pay "
                                                                         "stays as saved")
    expense_change_description: str | None = Field(default=None, max_length=2000)
    expense_change_date: date | None = None
    expense_change_amount: Money | None = Field(default=None, description="Per month, always positive")
    expense_change_type: Literal["increase", "decrease"] = "increase"
    side_hustle_description: str | None = Field(default=None, max_length=2000)
    side_hustle_date: date | None = None
    side_hustle_amount: Money | None = Field(default=None, description="Per month")
    side_hustle_time_commitment: str | None = Field(default=None, max_length=100)


class FuturePlanGrowthIn(Input):
    income_growth_rate: Rate | None = Field(description="How fast pay rises a year, as a fraction (0.03 = 3%): "
                                                        "the household plan counts what it beats inflation by")


class FuturePlanRead(BaseModel):
    user_id: uuid.UUID
    updated_at: datetime
    income_growth_rate: Rate | None
    income_target_date: date | None
    income_target_amount: Money | None
    expense_change_description: str | None
    expense_change_date: date | None
    expense_change_amount: SignedMoney | None = Field(description="Signed: negative for a decrease")
    side_hustle_description: str | None
    side_hustle_date: date | None
    side_hustle_amount: Money | None
    side_hustle_time_commitment: str | None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def expense_change_type(self) -> Literal["increase", "decrease"]:
        amount = self.expense_change_amount
        return "decrease" if amount is not None and amount < Decimal("0") else "increase"
