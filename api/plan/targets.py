"""Targets on the household plan: by an age, within some years or by a year, how much a month it takes to be
financially independent then, beside what the plan saves now. What /api/v1/plan/savings-needed, the dashboard's
target and the coach's savings_needed tool answer, all from `saving_to_reach` on the one household plan."""

from __future__ import annotations

import uuid
from datetime import date

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from api.core.errors import Invalid
from api.core.i18n import Language, localize
from api.plan.household import month_date, plan_household
from api.plan.summary import plan_bundle, said_all, saving_to_reach
from api.planning.errors import PlanningInputError
from api.planning.household import HouseholdInputs
from api.planning.projection import Amount


class SavingsNeededRead(BaseModel):
    target: str = Field(description='The target as words: "by age 52", "within 15 years" or "by January 2040"')
    months: int = Field(description="Months from now to the target")
    target_date: date
    target_age: float = Field(description="Your age then")
    reachable: bool = Field(description="False when no saving alone makes the plan independent by then")
    monthly_savings_needed: Amount | None = Field(description="What to save a month until the target (what the "
                                                              "plan saves now plus the extra); null when not "
                                                              "reachable by saving")
    current_monthly_savings: Amount = Field(description="What the plan saves a month now (its first year)")
    savings_difference: Amount | None = Field(description="The extra a month (0 when on track)")
    share_of_income: float | None = Field(description="needed / monthly take-home pay; null without pay")
    on_track: bool = Field(description="What the plan saves now already makes it independent by the target")
    shortfall: Amount | None = Field(description="Investable savings missing at the target on today's pace "
                                                 "(today's dollars)")
    fire_number: Amount | None = Field(description="The plan's FIRE number: savings needed at its FI date")
    fire_number_at_target: Amount | None = Field(description="Investable savings needed at the target to stop "
                                                             "working then (today's dollars)")
    fi_date: date | None = Field(description="The plan's FI date at today's pace")
    missing: list[str]


def target_months(inputs: HouseholdInputs, *, fi_age: float | None = None, years: int | None = None,
                  by_year: int | None = None) -> tuple[int, str]:
    """Months from the plan's start to the target (an age, a number of years or January 1 of a year; by default
    your retirement age), with the target in words."""
    start = inputs.start
    you = inputs.people[0]
    if years is not None:
        return years * 12, f"within {years} years"
    if by_year is not None:
        months = (by_year - start.year) * 12 - (start.month - 1)
        if months < 1:
            raise Invalid(f"by_year {by_year} is not in the future", details={"field": "by_year"})
        return months, f"by January {by_year}"
    age = fi_age if fi_age is not None else you.retirement_age
    if age is None:
        raise Invalid("Say by when: an age (fi_age), a number of years (years) or a calendar year (by_year); no "
                      "retirement age is saved", details={"field": "fi_age"})
    months = round((age - you.age) * 12)
    if months < 1:
        what = f"fi_age {age:g}" if fi_age is not None else f"Your retirement age ({age:g})"
        raise Invalid(f"{what} is not after your current age ({you.age})", details={"field": "fi_age"})
    return months, f"by age {age:g}"


def savings_needed(inputs: HouseholdInputs, months: int, target: str, *, current_monthly: float,
                   take_home_monthly: float, fire_number: float | None, fi_date: date | None,
                   fi_months: int | None, missing: list[str]) -> SavingsNeededRead:
    try:
        reach = saving_to_reach(inputs, months)
    except PlanningInputError as exc:
        raise Invalid(f"Cannot work out the saving needed: {exc.message}", details={"field": exc.field}) from exc
    on_track = reach.lasts or (fi_months is not None and fi_months <= months)
    extra = 0.0 if on_track else reach.extra_monthly
    needed = None if extra is None else current_monthly + extra
    at_target = None if on_track or reach.shortfall is None else reach.investable_at_target + reach.shortfall
    return SavingsNeededRead(
        target=target, months=months, target_date=month_date(inputs.start, months),
        target_age=round(inputs.people[0].age + months / 12, 2), reachable=extra is not None,
        monthly_savings_needed=None if needed is None else round(needed, 2),
        current_monthly_savings=round(current_monthly, 2),
        savings_difference=None if extra is None else round(extra, 2),
        share_of_income=None if needed is None or take_home_monthly <= 0 else round(needed / take_home_monthly, 4),
        on_track=on_track, shortfall=0.0 if on_track else (None if reach.shortfall is None
                                                           else round(reach.shortfall, 2)),
        fire_number=fire_number, fire_number_at_target=None if at_target is None else round(at_target, 2),
        fi_date=fi_date, missing=missing)


def get_savings_needed(*, session: Session, user_id: uuid.UUID, fi_age: float | None = None,
                       years: int | None = None, by_year: int | None = None, spending: float | None = None,
                       return_rate: float | None = None, language: Language = "en") -> SavingsNeededRead:
    """The least monthly saving that makes the household plan independent by the target, beside what it saves
    now; `spending` (yearly) and `return_rate` change the plan for this answer only. The target in words and what
    the plan is missing are said in `language`."""
    b = plan_bundle(session=session, user_id=user_id)
    inputs = b.inputs
    update: dict[str, object] = {}
    if spending is not None:
        update["spending"] = spending
    if return_rate is not None:
        update["return_rate"] = return_rate
    if update:
        inputs = HouseholdInputs.model_validate({**inputs.model_dump(), **update})
    if inputs.spending <= 0:
        raise Invalid("Add your expenses first: no spending is saved, so there is no FIRE number to reach",
                      details={"field": "monthly_expenses"})
    months, target = target_months(inputs, fi_age=fi_age, years=years, by_year=by_year)
    first = b.years[0] if b.years else None
    current = 0.0 if first is None else float(first.contributions) / 12
    take_home = 0.0 if first is None else max(float(first.employment + first.other_income - first.income_tax
                                                     - first.payroll), 0.0) / 12
    plan = plan_household(inputs, net_worth_today=b.summary.net_worth_today)[0] if update else b.summary
    return savings_needed(inputs, months, localize(target, language)[0], current_monthly=current,
                          take_home_monthly=take_home,
                          fire_number=None if plan.fire_number is None else float(plan.fire_number),
                          fi_date=plan.fi_date, fi_months=plan.months_to_fi, missing=said_all(b.missing, language))
