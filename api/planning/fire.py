"""FIRE figures: the FIRE number (annual expenses x the multiplier, 25 by default, i.e. a 4% withdrawal
rate), its Lean, Fat, Coast and Barista variants, the savings rate, and months and years to FI.

Time to FI is solved in today's dollars: the portfolio grows at the real return (nominal return less
inflation, compounded), contributions stay level in real terms, and the target is the FIRE number in
today's dollars. That is NPER of a spreadsheet, from numpy-financial.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy_financial as npf

from api.planning.errors import PlanningInputError, check_non_negative

LEAN_SHARE = 0.7
FAT_SHARE = 1.5


def _check_real(field: str, value: float) -> None:
    """A real return can exceed 100% (high returns, deflation) but cannot reach -100%."""
    if not value > -1:
        raise PlanningInputError(field, "must be above -1 (a fraction; 0.05 = 5%)")


def fire_number(annual_expenses: float, multiplier: float = 25.0) -> float:
    check_non_negative("annual_expenses", annual_expenses)
    if not 0.01 <= multiplier <= 100:
        raise PlanningInputError("multiplier", "must be between 0.01 and 100")
    return annual_expenses * multiplier


def real_rate(nominal: float, inflation: float) -> float:
    return (1 + nominal) / (1 + inflation) - 1


def savings_rate(*, income: float, savings: float) -> float:
    """Savings as a share of income (both for the same period, after tax)."""
    check_non_negative("income", income)
    if income == 0:
        return 0.0
    return savings / income


def months_to_fi(*, current: float, monthly_savings: float, target: float, annual_real_return: float) -> int | None:
    """Whole months until `current` plus level monthly savings reach `target`; None if never (within 100 years)."""
    check_non_negative("current", current)
    check_non_negative("target", target)
    _check_real("annual_real_return", annual_real_return)
    if current >= target:
        return 0
    rate = (1 + annual_real_return) ** (1 / 12) - 1
    if monthly_savings <= 0 and rate <= 0:
        return None
    if rate == 0:
        months = (target - current) / monthly_savings
    else:
        with np.errstate(all="ignore"):  # no solution comes back as nan or inf
            months = float(npf.nper(rate, -monthly_savings, -current, target))
    if not math.isfinite(months) or months < 0 or months > 1200:
        return None
    # NPER is fractional; FI is reached at the end of the month that crosses the target.
    return max(math.ceil(months - 1e-9), 0)


@dataclass(frozen=True)
class FireVariants:
    fire_number: float
    lean_fire_number: float
    fat_fire_number: float
    barista_fire_number: float
    coast_fire_number: float | None
    coast_reached: bool
    withdrawal_rate: float
    years_to_retirement: int


def fire_variants(*, annual_expenses: float, multiplier: float = 25.0, lean_annual_expenses: float | None = None,
                  fat_annual_expenses: float | None = None, barista_annual_income: float = 0.0,
                  current_portfolio: float = 0.0, current_age: int, retirement_age: int,
                  annual_real_return: float) -> FireVariants:
    """Lean: essential spending only (70% of expenses unless given); Fat: a richer retirement (150% unless
    given); Barista: part-time income covers part of spending; Coast: what invested today grows, with no
    more savings, into the FIRE number by the retirement age."""
    if not 0 <= current_age <= 120:
        raise PlanningInputError("current_age", "must be between 0 and 120")
    if not 0 <= retirement_age <= 120:
        raise PlanningInputError("retirement_age", "must be between 0 and 120")
    check_non_negative("barista_annual_income", barista_annual_income)
    check_non_negative("current_portfolio", current_portfolio)
    _check_real("annual_real_return", annual_real_return)
    regular = fire_number(annual_expenses, multiplier)
    lean = fire_number(lean_annual_expenses if lean_annual_expenses is not None else annual_expenses * LEAN_SHARE,
                       multiplier)
    fat = fire_number(fat_annual_expenses if fat_annual_expenses is not None else annual_expenses * FAT_SHARE,
                      multiplier)
    barista = fire_number(max(annual_expenses - barista_annual_income, 0.0), multiplier)
    years = max(retirement_age - current_age, 0)  # already past it: coasting means being there
    growth = (1 + annual_real_return) ** years
    # With returns near -100% nothing grows into the FIRE number: there is no Coast FIRE number.
    coast = regular / growth if growth > 0 else None
    return FireVariants(fire_number=regular, lean_fire_number=lean, fat_fire_number=fat, barista_fire_number=barista,
                        coast_fire_number=coast, coast_reached=coast is not None and current_portfolio >= coast,
                        withdrawal_rate=1 / multiplier, years_to_retirement=years)
