"""Future value of an investment with periodic contributions that may grow each year, fees (MER) and
inflation; and the contribution or time needed to reach a target. Matches the spreadsheet FV, PMT and
NPER functions (numpy-financial) when there are no fees and contributions do not grow."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, ParamSpec, TypeVar

import numpy as np
import numpy_financial as npf

from api.planning.errors import PlanningInputError, check_non_negative, check_rate

Timing = Literal["end", "begin"]
P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class InvestmentYear:
    year: int
    contributions: float
    balance: float
    balance_real: float
    fees: float


@dataclass(frozen=True)
class InvestmentResult:
    future_value: float
    future_value_real: float
    total_contributions: float
    total_growth: float
    fees_cost: float
    net_annual_return: float
    schedule: list[InvestmentYear]
    required_contribution: float | None
    periods_to_target: float | None


def _fv_series(pv: float, contributions: np.ndarray, rate: float, timing: Timing) -> np.ndarray:
    """Balances after each period: b[t+1] = (b[t] + c[t])(1+r) when paid at the start, b[t](1+r) + c[t] at the
    end. A plain recurrence (at most 5,200 periods): the closed form divides by (1+r)^t, which underflows to
    zero at extreme rates."""
    growth = 1.0 + rate
    balance = pv
    out: list[float] = []
    if timing == "begin":
        for c in contributions.tolist():
            balance = (balance + c) * growth
            out.append(balance)
    else:
        for c in contributions.tolist():
            balance = balance * growth + c
            out.append(balance)
    return np.asarray(out, dtype=np.float64)


def _quiet(func: Callable[P, R]) -> Callable[P, R]:
    """Extreme rates overflow to inf or nan; the caller refuses non-finite results, so no warnings here."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with np.errstate(all="ignore"):
            return func(*args, **kwargs)

    return wrapper


@_quiet
def future_value(*, initial: float, contribution: float, years: float, annual_return: float,
                 periods_per_year: int = 12, contribution_growth: float = 0.0, mer: float = 0.0,
                 inflation: float = 0.0, timing: Timing = "end", target: float | None = None,
                 nominal_rate: bool = False) -> InvestmentResult:
    """Balances period by period. The annual return is an effective rate (6% a year is 6% a year whatever the
    contribution frequency) unless `nominal_rate`, where the period rate is annual_return / periods_per_year
    as in a spreadsheet's FV(rate/12, ...)."""
    check_non_negative("initial", initial)
    check_non_negative("contribution", contribution)
    if not 0 < years <= 100:
        raise PlanningInputError("years", "must be more than 0 and at most 100")
    for name, value in (("annual_return", annual_return), ("contribution_growth", contribution_growth),
                        ("inflation", inflation)):
        check_rate(name, value)
    if not 0 <= mer < 0.2:
        raise PlanningInputError("mer", "must be a fraction from 0 up to 0.2")
    if periods_per_year not in (1, 2, 4, 12, 24, 26, 52):
        raise PlanningInputError("periods_per_year", "must be 1, 2, 4, 12, 24, 26 or 52")
    n = round(years * periods_per_year)
    # Fees are a share of assets each year: net growth = (1 + return) x (1 - MER), which stays above -100%.
    net = (1 + annual_return) * (1 - mer) - 1
    if nominal_rate:
        gross_rate, rate = annual_return / periods_per_year, net / periods_per_year
    else:
        gross_rate = (1 + annual_return) ** (1 / periods_per_year) - 1
        rate = (1 + net) ** (1 / periods_per_year) - 1
    steps = np.arange(n)
    contributions = contribution * (1 + contribution_growth) ** (steps // periods_per_year)
    balances = _fv_series(initial, contributions, rate, timing)
    gross = _fv_series(initial, contributions, gross_rate, timing)
    deflator = (1 + inflation) ** ((steps + 1) / periods_per_year)
    schedule: list[InvestmentYear] = []
    for y in range(1, int(np.ceil(n / periods_per_year)) + 1):
        end = min(y * periods_per_year, n) - 1
        schedule.append(InvestmentYear(year=y, contributions=float(contributions[: end + 1].sum()),
                                       balance=float(balances[end]), balance_real=float(balances[end] / deflator[end]),
                                       fees=float(gross[end] - balances[end])))
    fv = float(balances[-1]) if n else initial
    total_contrib = float(contributions.sum())
    required = periods = None
    if target is not None:
        check_non_negative("target", target)
        when = 1 if timing == "begin" else 0
        flat = abs((1 + rate) ** max(n, 1) - 1) < 1e-12  # PMT and NPER divide by zero at a zero rate
        if n:
            pmt = (target - initial) / n if flat else -float(npf.pmt(rate, n, -initial, target, when=when))
            required = max(pmt, 0.0) if np.isfinite(pmt) else None
        if contribution > 0 or initial > 0:
            if flat:
                nper = (target - initial) / contribution if contribution > 0 else (0.0 if initial >= target else np.nan)
            else:
                nper = float(npf.nper(rate, -contribution, -initial, target, when=when))
            periods = float(nper) if np.isfinite(nper) and nper >= 0 else None
    return InvestmentResult(future_value=fv, future_value_real=float(fv / deflator[-1]) if n else initial,
                            total_contributions=total_contrib, total_growth=fv - initial - total_contrib,
                            fees_cost=float(gross[-1] - balances[-1]) if n else 0.0, net_annual_return=net,
                            schedule=schedule, required_contribution=required, periods_to_target=periods)
