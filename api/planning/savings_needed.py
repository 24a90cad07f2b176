"""The least monthly saving that reaches financial independence by a date, on the plan itself.

The unknown is an extra monthly saving x added to the plan's own saving (income - expenses as the plan projects
them, growing with income growth), with saving kept up until the target. While no month draws on the accounts,
every balance is affine in x: the investable total at month m is A(m) + x * B(m), where A comes from the plan as
it is and B from a plan saving one unit more. FI by month M (the engine's rule: investable >= FIRE number > 0 in
some month m <= M) then needs x >= min over m of (FIRE number(m) - A(m)) / B(m). That estimate is checked on the
plan itself and, where cent rounding or a month of drawing bends it, settled by bisection to the dollar.
"""

from __future__ import annotations

import math
from datetime import date
from decimal import Decimal

from pydantic import BaseModel, Field

from api.planning.errors import PlanningInputError
from api.planning.projection import _LIMIT, Amount, PlanInputs, PlanResult, build_plan

UNIT = 1000.0  # the extra saving of the "one unit" plan: large enough that cent rounding hardly shows


class SavingsNeeded(BaseModel):
    months: int = Field(description="Months from the plan's start to the target date")
    target_date: date
    target_age: float
    monthly_savings_needed: Amount = Field(description="Saved and invested in the first month (later months "
                                                       "follow the plan: income growth, inflation, future plans) "
                                                       "to reach FI by the target date; 0 when the balances get "
                                                       "there without saving more")
    current_monthly_savings: Amount = Field(description="What the plan saves in its first month now")
    savings_difference: Amount = Field(description="needed - current: the extra a month (negative = already saving "
                                                   "more than needed)")
    share_of_income: float | None = Field(description="needed / monthly take-home income; null without income")
    fire_number: Amount = Field(description="Today's FIRE number (annual spending x the multiplier)")
    fire_number_at_target: Amount = Field(description="The FIRE number at the target date, after inflation")
    on_track: bool = Field(description="True when what the plan saves now already reaches FI by the target date")


def _plan(inputs: PlanInputs, months: int, **update: object) -> PlanResult:
    """The plan over `months`, saving until the end (no retirement or pause inside it)."""
    prefs = inputs.preferences.model_copy(update={"retirement_age": None,
                                                   "max_projection_years": max(1, math.ceil(months / 12))})
    return build_plan(inputs.model_copy(update={"preferences": prefs, "savings_pause_months": 0,
                                                "extra_monthly_savings": Decimal(0), **update}))


def _reaches(plan: PlanResult, months: int) -> bool:
    return plan.fire.months_to_fi is not None and plan.fire.months_to_fi <= months


def _estimate(own: PlanResult, unit: PlanResult, months: int) -> float | None:
    best: float | None = None
    for m in range(1, months + 1):
        target = float(own.points[m].fire_number)
        base = float(own.points[m].investable)
        per_unit = (float(unit.points[m].investable) - base) / UNIT
        if target > 0 and per_unit > 0:
            x = (target - base) / per_unit
            best = x if best is None else min(best, x)
    return best


def savings_needed(inputs: PlanInputs, months: int) -> SavingsNeeded:
    if months < 1:
        raise ValueError("months must be at least 1")
    own = _plan(inputs, months)
    current = own.points[0].contribution
    at = own.points[min(months, len(own.points) - 1)]
    on_track = _reaches(own, months)
    if _reaches(_plan(inputs, months, monthly_savings=Decimal(0)), months):
        needed = Decimal(0)  # the balances get there with nothing more saved
    else:
        if all(p.fire_number <= 0 for p in own.points[1:months + 1]):
            raise PlanningInputError("monthly_expenses", "no spending is saved, so there is no FIRE number to reach")
        estimate = _estimate(own, _plan(inputs, months, extra_monthly_savings=Decimal(UNIT)), months)
        if estimate is None:  # a deficit larger than the unit hides B: start from covering it and saving the target
            estimate = max(-float(current), 0.0) + float(at.fire_number) / months

        def reaches(extra: int) -> bool:
            return _reaches(_plan(inputs, months, extra_monthly_savings=Decimal(extra)), months)

        limit = int(_LIMIT)  # the engine's money bound keeps the bracket finite
        high = min(math.ceil(estimate), limit)
        step = 1
        while not reaches(high) and high < limit:
            high, step = min(high + step, limit), step * 2
        low, step = high - 1, 1
        while reaches(low) and low > -limit:
            high, low, step = low, low - step, step * 2
        while high - low > 1:  # low misses, high reaches
            mid = (low + high) // 2
            if reaches(mid):
                high = mid
            else:
                low = mid
        needed = max(current + high, Decimal(0))
    income = inputs.monthly_income
    return SavingsNeeded(
        months=months, target_date=at.date, target_age=at.age, monthly_savings_needed=needed,
        current_monthly_savings=max(current, Decimal(0)), savings_difference=needed - max(current, Decimal(0)),
        share_of_income=round(float(needed / income), 4) if income > 0 else None,
        fire_number=own.fire.fire_number, fire_number_at_target=at.fire_number, on_track=on_track)
