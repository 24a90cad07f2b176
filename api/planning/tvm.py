"""Time value of money, as a financial calculator and a spreadsheet do it.

The five keys (N, I/Y, PV, PMT, FV) with payments at the end or the start of each period, payments per
year and compounding per year (a BA II Plus's P/Y and C/Y): given any four, solve the fifth. The cash-flow
sign convention is the spreadsheet's (money paid out is negative). Also the interest/principal split of one
period (IPMT/PPMT), NPV and IRR of periodic cash flows, and XNPV/XIRR of dated ones (actual days / 365, as
spreadsheets do). numpy-financial does the periodic arithmetic; rates are solved with a bracketed root
search where Newton's method alone can miss.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

import numpy as np
import numpy.typing as npt
import numpy_financial as npf

from api.planning.errors import PlanningInputError

Timing = Literal["end", "begin"]
Unknown = Literal["n", "annual_rate", "pv", "pmt", "fv"]
LOWEST_RATE = -0.999999  # a periodic rate of -100% or less has no meaning


def periodic_rate(annual_rate: float, periods_per_year: int, compounding_per_year: int) -> float:
    """The rate per payment period of a nominal annual rate compounded `compounding_per_year` times."""
    base = 1 + annual_rate / compounding_per_year
    if base <= 0:
        raise PlanningInputError("annual_rate", "is -100% or less per compounding period")
    return float(base ** (compounding_per_year / periods_per_year) - 1)


def annual_from_periodic(rate: float, periods_per_year: int, compounding_per_year: int) -> float:
    """The nominal annual rate (compounded `compounding_per_year` times) whose periodic rate is `rate`."""
    return float(compounding_per_year * ((1 + rate) ** (periods_per_year / compounding_per_year) - 1))


def _balance(rate: float, n: float, pv: float, pmt: float, fv: float, when: int) -> float:
    """The time-value equation's residual: zero when the five values agree."""
    if rate == 0:
        return pv + pmt * n + fv
    growth = (1 + rate) ** n
    return float(pv * growth + pmt * (1 + rate * when) * (growth - 1) / rate + fv)


def _safe(f: Callable[[float], float]) -> Callable[[float], float]:
    """`f`, with an overflow or a division by zero read as no value (NaN) rather than an error."""
    def wrapped(x: float) -> float:
        try:
            with np.errstate(all="ignore"):
                return float(f(x))
        except (OverflowError, ZeroDivisionError):
            return math.nan
    return wrapped


def _root(f: Callable[[float], float], low: float, high: float, guess: float | None = None,
          tolerance: float = 1e-12) -> float | None:
    """A root of `f` in [low, high]: Newton from the guess when it converges inside the range, else a scan for
    a sign change (the change closest to zero first) and bisection."""
    f = _safe(f)
    if guess is not None:
        x = guess
        for _ in range(60):
            fx = f(x)
            h = max(abs(x) * 1e-7, 1e-10)
            slope = (f(x + h) - f(x - h)) / (2 * h)
            if not math.isfinite(fx) or not math.isfinite(slope) or slope == 0:
                break
            step = fx / slope
            x -= step
            if not low < x < high:
                break
            if abs(step) < tolerance:
                return x
    ordered = sorted({*np.linspace(low, 0, 400)[1:].tolist(), *np.geomspace(1e-6, high, 400).tolist(), 0.0})
    values = {p: f(p) for p in ordered}
    pairs = [(a, b) for a, b in itertools.pairwise(ordered)
             if math.isfinite(values[a]) and math.isfinite(values[b]) and values[a] * values[b] <= 0]
    if not pairs:
        return None
    a, b = (float(v) for v in min(pairs, key=lambda p: min(abs(p[0]), abs(p[1]))))
    fa = values[a]
    for _ in range(200):
        mid = (a + b) / 2
        fm = f(mid)
        if fm == 0 or b - a < tolerance:
            return mid
        if fa * fm < 0:
            b = mid
        else:
            a, fa = mid, fm
    return (a + b) / 2


@dataclass(frozen=True)
class PeriodSplit:
    period: int
    payment: float
    interest: float
    principal: float
    balance: float  # the balance (signed like pv) after this period's payment


@dataclass(frozen=True)
class TvmResult:
    solved_for: Unknown
    n: float
    annual_rate: float
    periodic_rate: float
    effective_annual_rate: float
    pv: float
    pmt: float
    fv: float
    periods_per_year: int
    compounding_per_year: int
    timing: Timing
    total_payments: float
    total_interest: float
    split: PeriodSplit | None


def solve(*, solve_for: Unknown, n: float | None = None, annual_rate: float | None = None, pv: float = 0.0,
          pmt: float = 0.0, fv: float = 0.0, timing: Timing = "end", periods_per_year: int = 12,
          compounding_per_year: int | None = None, period: int | None = None) -> TvmResult:
    """Solve the time-value equation for `solve_for` from the other four values."""
    if not 1 <= periods_per_year <= 365:
        raise PlanningInputError("periods_per_year", "must be between 1 and 365")
    c = periods_per_year if compounding_per_year is None else compounding_per_year
    if not 1 <= c <= 365:
        raise PlanningInputError("compounding_per_year", "must be between 1 and 365")
    when = 1 if timing == "begin" else 0
    if solve_for != "n" and n is None:
        raise PlanningInputError("n", "is needed unless it is the value solved for")
    if solve_for != "annual_rate" and annual_rate is None:
        raise PlanningInputError("annual_rate", "is needed unless it is the value solved for")
    if n is not None and solve_for != "n" and not 0 < n <= 100_000:
        raise PlanningInputError("n", "must be more than 0 and at most 100,000 periods")
    rate = 0.0 if annual_rate is None else periodic_rate(annual_rate, periods_per_year, c)

    if solve_for == "pmt":
        assert n is not None
        pmt = float(npf.pmt(rate, n, pv, fv, when))
    elif solve_for == "pv":
        assert n is not None
        pv = float(npf.pv(rate, n, pmt, fv, when))
    elif solve_for == "fv":
        assert n is not None
        fv = float(npf.fv(rate, n, pmt, pv, when))
    elif solve_for == "n":
        n = _solve_n(rate, pv, pmt, fv, when)
    else:
        assert n is not None
        rate = _solve_rate(n, pv, pmt, fv, when)
        annual_rate = annual_from_periodic(rate, periods_per_year, c)
    assert n is not None and annual_rate is not None
    for name, value in (("pv", pv), ("pmt", pmt), ("fv", fv), ("n", n)):
        if not math.isfinite(value) or abs(value) > 1e15:
            raise PlanningInputError(solve_for, f"the {name} this gives is too large to compute; check the inputs")
    effective = (1 + rate) ** periods_per_year - 1
    total_payments = pmt * n
    split = None
    if period is not None:
        split = period_split(rate=rate, n=n, pv=pv, pmt=pmt, fv=fv, when=when, period=period)
    return TvmResult(solved_for=solve_for, n=n, annual_rate=annual_rate, periodic_rate=rate,
                     effective_annual_rate=float(effective), pv=pv, pmt=pmt, fv=fv, periods_per_year=periods_per_year,
                     compounding_per_year=c, timing=timing, total_payments=total_payments,
                     total_interest=pv + total_payments + fv, split=split)


def _solve_n(rate: float, pv: float, pmt: float, fv: float, when: int) -> float:
    if rate == 0:
        if pmt == 0:
            raise PlanningInputError("pmt", "with a zero rate, a payment is needed to move from pv to fv")
        n = -(pv + fv) / pmt
    else:
        with np.errstate(all="ignore"):
            n = float(npf.nper(rate, pmt, pv, fv, when))
    if not math.isfinite(n):
        raise PlanningInputError("pmt", "no number of periods reaches fv with this payment, rate and pv "
                                        "(a payment that does not cover the interest never pays a loan off)")
    return n


def _solve_rate(n: float, pv: float, pmt: float, fv: float, when: int) -> float:
    if pv == 0 and pmt == 0:
        raise PlanningInputError("pv", "pv or pmt must be non-zero to solve for the rate")
    signs = {math.copysign(1, v) for v in (pv, pmt, fv) if v != 0}
    if len(signs) < 2:
        raise PlanningInputError("pv", "pv, pmt and fv all have the same sign: at least one must be money "
                                       "paid out (negative) and one received (positive)")

    def f(r: float) -> float:
        return _balance(r, n, pv, pmt, fv, when)

    with np.errstate(all="ignore"):
        guess = float(npf.rate(n, pmt, pv, fv, when, guess=0.01))
    found = _root(f, LOWEST_RATE, 10.0, guess if math.isfinite(guess) else 0.01)
    if found is None:
        raise PlanningInputError("annual_rate", "no rate makes these values agree")
    return found


def period_split(*, rate: float, n: float, pv: float, pmt: float, fv: float, when: int, period: int) -> PeriodSplit:
    """IPMT and PPMT of one period: the part of the payment that is interest and the part that is principal."""
    if not 1 <= period <= math.ceil(n):
        raise PlanningInputError("period", f"must be between 1 and the number of periods ({math.ceil(n)})")
    interest = float(npf.ipmt(rate, period, n, pv, fv, when))
    principal = pmt - interest
    balance = float(npf.fv(rate, period, pmt, pv, when))
    return PeriodSplit(period=period, payment=pmt, interest=interest, principal=principal, balance=-balance)


# --- Cash flows -------------------------------------------------------------------------------------------


def npv(rate: float, values: Sequence[float]) -> float:
    """Net present value with the first flow now (t = 0), as numpy-financial computes it."""
    if rate <= -1:
        raise PlanningInputError("rate", "must be above -1")
    return _discounted(values, np.arange(len(values), dtype=np.float64), rate)


def npv_spreadsheet(rate: float, values: Sequence[float]) -> float:
    """A spreadsheet's NPV(): the first flow comes at the end of the first period."""
    return npv(rate, values) / (1 + rate)


def irr(values: Sequence[float], guess: float = 0.1) -> float:
    """The periodic rate at which the flows' NPV is zero."""
    flows = [float(v) for v in values]
    if not (any(v > 0 for v in flows) and any(v < 0 for v in flows)):
        raise PlanningInputError("cash_flows", "an IRR needs at least one negative and one positive flow")

    def f(r: float) -> float:
        return _discounted(flows, np.arange(len(flows), dtype=np.float64), r)

    with np.errstate(all="ignore"):
        first = float(npf.irr(flows))
    start = first if math.isfinite(first) else guess
    found = _root(f, LOWEST_RATE, 100.0, start)
    if found is None:
        raise PlanningInputError("cash_flows", "no rate makes the NPV of these flows zero")
    return found


def _discounted(values: Sequence[float], times: npt.NDArray[np.float64], rate: float) -> float:
    """The sum of values / (1 + rate) ** times; a discount too large for a float counts its flow as 0."""
    with np.errstate(all="ignore"):
        factors = np.power(1.0 + rate, times)
        terms = np.where(np.isinf(factors), 0.0, np.asarray(values, dtype=np.float64) / factors)
    return float(terms.sum())


def _years_from_first(dates: Sequence[date]) -> list[float]:
    first = dates[0]
    return [(d - first).days / 365 for d in dates]


def _check_dated(values: Sequence[float], dates: Sequence[date]) -> None:
    if len(values) != len(dates) or len(values) < 2:
        raise PlanningInputError("dated_cash_flows", "give at least two flows, each with a date")
    if any(d < dates[0] for d in dates):
        raise PlanningInputError("dated_cash_flows", "no flow may come before the first one's date")


def xnpv(rate: float, values: Sequence[float], dates: Sequence[date]) -> float:
    """A spreadsheet's XNPV(): each flow discounted by (1 + rate) ** (days since the first flow / 365)."""
    _check_dated(values, dates)
    if rate <= -1:
        raise PlanningInputError("rate", "must be above -1")
    return _discounted(values, np.asarray(_years_from_first(dates)), rate)


def xirr(values: Sequence[float], dates: Sequence[date], guess: float = 0.1) -> float:
    """A spreadsheet's XIRR(): the annual rate at which the XNPV of the dated flows is zero."""
    _check_dated(values, dates)
    flows = [float(v) for v in values]
    if not (any(v > 0 for v in flows) and any(v < 0 for v in flows)):
        raise PlanningInputError("dated_cash_flows", "an XIRR needs at least one negative and one positive flow")
    times = _years_from_first(dates)

    def f(r: float) -> float:
        return _discounted(flows, np.asarray(times), r)

    found = _root(f, LOWEST_RATE, 100.0, guess)
    if found is None:
        raise PlanningInputError("dated_cash_flows", "no rate makes the XNPV of these flows zero")
    return found
