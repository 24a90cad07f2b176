"""One province's income tax for one year as one compiled loop: the fast path the household plan and its
Monte Carlo run thousands of times a plan.

It computes what `tax.compute_tax` computes (and a test holds the two to the cent on random households in every
province and year): brackets by interpolating the cumulative tax at each threshold, the basic personal amount
after any phase-out or supplement, the Canada employment amount, base CPP/QPP, EI and QPIP credits, the age
amount (Quebec's shared reduction with the retirement income amount), the pension income amount, dividend tax
credits, then Ontario's surtax, tax reduction and health premium, BC's tax reduction and the Quebec abatement.
The caller supplies net and taxable income (it knows the deductions); `compute_tax` stays the reference that
also explains each line.

The arrays are small (one to a few thousand people or paths), so a chain of numpy calls costs more in Python
overhead than in arithmetic: `TaxSystem.__init__` flattens the year tables into numbers once (optional rules
as 0/1 flags) and `_tax_kernel` (numba, cached on disk) does every line for one element at a time.
`TaxSystem.household` is the plan's own call, made a few times each plan year: a household's tax with pension
splitting and the OAS recovery tax, in one compiled loop over its lanes (`_household_kernel`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from api.planning.tables import province_table, tax_tables, tax_year
from api.planning.tax import ontario_health_premium

Array = npt.NDArray[np.float64]
Number = Array | float
TOP = 1e15  # beyond any income: the last bracket's rate runs to here

_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(function: _F) -> _F:
    """`numba.njit(cache=True)`, typed for mypy (numba has no annotations)."""
    return cast(_F, numba.njit(cache=True)(function))


def _inline(function: _F) -> _F:
    """A scalar helper of the kernel, compiled into it."""
    return cast(_F, numba.njit(inline="always")(function))


def clip(x: Number, lo: Number, hi: Number) -> Array:
    """`np.clip` for the engine's small arrays: two ufuncs cost a third of its Python overhead."""
    return np.minimum(np.maximum(x, lo), hi)


def _cumulative(brackets: list[list[float | None]]) -> tuple[Array, Array]:
    """Thresholds (0 first, TOP last) and the bracket tax at each, so tax(x) = interp(x, thresholds, tax)."""
    xs, ys = [0.0], [0.0]
    for up_to, rate in brackets:
        assert rate is not None
        upper = TOP if up_to is None else float(up_to)
        ys.append(ys[-1] + (upper - xs[-1]) * rate)
        xs.append(upper)
    return np.array(xs), np.array(ys)


def _slopes(xs: Array, ys: Array) -> Array:
    """The slope of each segment of a piecewise-linear curve, as `np.interp` computes it."""
    slopes = np.asarray((ys[1:] - ys[:-1]) / (xs[1:] - xs[:-1]), dtype=np.float64)
    if xs.size < 2 or not (np.all(xs[1:] > xs[:-1]) and np.all(np.isfinite(slopes))):
        raise ValueError("a tax curve needs two or more increasing thresholds and finite values")
    return slopes


# One jurisdiction's credit rules as numbers (`_Level.params`); a flag is 1.0 when the rule applies.
(_RATE, _BPA_PHASED, _BPA, _BPA_START, _BPA_END, _BPA_MAX, _BPA_MIN,
 _PHASE_OUT, _PHASE_OUT_START, _PHASE_OUT_END,
 _SUPPLEMENT, _SUPPLEMENT_MAX, _SUPPLEMENT_RATE, _SUPPLEMENT_THRESHOLD,
 _PENSION_AMOUNT,
 _AGE, _AGE_MAX, _AGE_RATE, _AGE_THRESHOLD,
 _SHARED, _SHARED_RATE, _SHARED_THRESHOLD,
 _AGE_SUPPLEMENT, _AGE_SUPPLEMENT_MAX, _AGE_SUPPLEMENT_RATE, _AGE_SUPPLEMENT_THRESHOLD,
 _DIVIDEND, _DIVIDEND_ELIGIBLE, _DIVIDEND_OTHER,
 _LEVEL_SIZE) = range(30)

# The province's lines after its basic tax and the federal ones that depend on the province (`TaxSystem.extras`).
(_LOW_INCOME, _LOW_INCOME_MAX, _LOW_INCOME_RATE, _LOW_INCOME_THRESHOLD,
 _SURTAX, _TAX_REDUCTION_BASIC, _PREMIUM, _ABATEMENT, _QUEBEC, _CEA,
 _EXTRAS_SIZE) = range(11)


def _level_params(j: dict[str, Any], rate: float) -> Array:
    """The rules of one jurisdiction's table, flattened for `_tax_kernel` (what `compute_tax` reads)."""
    p = np.zeros(_LEVEL_SIZE)
    p[_RATE] = rate
    bpa = j["bpa"]
    if isinstance(bpa, dict):
        p[[_BPA_PHASED, _BPA_START, _BPA_END, _BPA_MAX, _BPA_MIN]] = (
            1.0, bpa["phase_out_start"], bpa["phase_out_end"], bpa["max"], bpa["min"])
    else:
        p[_BPA] = float(bpa)
    if phase := j.get("bpa_phase_out"):
        p[[_PHASE_OUT, _PHASE_OUT_START, _PHASE_OUT_END]] = 1.0, phase["start"], phase["end"]
    if supplement := j.get("bpa_supplement"):
        p[[_SUPPLEMENT, _SUPPLEMENT_MAX, _SUPPLEMENT_RATE, _SUPPLEMENT_THRESHOLD]] = (
            1.0, supplement["max"], supplement["rate"], supplement["threshold"])
    p[_PENSION_AMOUNT] = float(j.get("pension_income_amount", 0.0))
    age_rule, shared = j.get("age_amount"), j.get("age_pension_reduction")
    if shared:  # Quebec: the age and retirement income amounts share one reduction (the age rule's max only)
        p[[_SHARED, _SHARED_RATE, _SHARED_THRESHOLD]] = 1.0, shared["rate"], shared["threshold"]
        if age_rule:
            p[[_AGE, _AGE_MAX]] = 1.0, age_rule["max"]
    elif age_rule:
        p[[_AGE, _AGE_MAX, _AGE_RATE, _AGE_THRESHOLD]] = 1.0, age_rule["max"], age_rule["rate"], age_rule["threshold"]
    if s := j.get("age_supplement"):
        p[[_AGE_SUPPLEMENT, _AGE_SUPPLEMENT_MAX, _AGE_SUPPLEMENT_RATE, _AGE_SUPPLEMENT_THRESHOLD]] = (
            1.0, s["max"], s["rate"], s["threshold"])
    if dividend := j.get("dividend_credit"):
        p[[_DIVIDEND, _DIVIDEND_ELIGIBLE, _DIVIDEND_OTHER]] = 1.0, dividend["eligible"], dividend["non_eligible"]
    return p


@dataclass(frozen=True)
class _Level:
    """One jurisdiction's parameters, read once from the year tables."""

    thresholds: Array
    cumulative: Array
    rate: float
    table: dict[str, Any]

    @property
    def params(self) -> Array:
        return _level_params(self.table, self.rate)


class TaxSystem:
    """Federal and provincial income tax of one province and year, for arrays of people or of paths."""

    def __init__(self, year: int, province: str) -> None:
        table = tax_year(year)
        fed, prov = table["federal"], province_table(year, province)
        self.year, self.province = year, province.upper()
        self.federal = _Level(*_cumulative(fed["brackets"]), float(fed["credit_rate"]), fed)
        self.provincial = _Level(*_cumulative(prov["brackets"]), float(prov["brackets"][0][1]), prov)
        self.cea = float(fed["canada_employment_amount"])
        self.abatement = float(fed["quebec_abatement"]) if self.province == "QC" else 0.0
        self.gross_up = fed.get("dividend_gross_up", {"eligible": 0.38, "non_eligible": 0.15})
        self.inclusion = float(fed.get("capital_gains_inclusion_rate", 0.5))
        self.premium = _premium_points() if prov.get("health_premium") else None
        extras = np.zeros(_EXTRAS_SIZE)
        if "low_income_reduction" in prov:
            r = prov["low_income_reduction"]
            extras[[_LOW_INCOME, _LOW_INCOME_MAX, _LOW_INCOME_RATE, _LOW_INCOME_THRESHOLD]] = (
                1.0, r["max"], r["rate"], r["threshold"])
        surtax = np.zeros((0, 2))
        if "surtax" in prov:
            extras[[_SURTAX, _TAX_REDUCTION_BASIC]] = 1.0, prov["tax_reduction_basic"]
            surtax = np.array([[float(threshold), float(rate)] for threshold, rate in prov["surtax"]],
                              dtype=np.float64).reshape(-1, 2)
        extras[_PREMIUM] = float(self.premium is not None)
        extras[_ABATEMENT] = self.abatement
        extras[_QUEBEC] = float(self.province == "QC")
        extras[_CEA] = self.cea
        premium = self.premium if self.premium is not None else (np.array([0.0, TOP]), np.zeros(2))
        curves = [(self.federal.thresholds, self.federal.cumulative), (self.provincial.thresholds,
                                                                       self.provincial.cumulative), premium]
        width = max(xs.size for xs, _ in curves)
        points, values, slopes = np.zeros((3, width)), np.zeros((3, width)), np.zeros((3, width))
        for c, (xs, ys) in enumerate(curves):
            points[c, :xs.size], values[c, :xs.size], slopes[c, :xs.size - 1] = xs, ys, _slopes(xs, ys)
        self._tables = (np.stack([self.federal.params, self.provincial.params]), extras,
                        np.ascontiguousarray(surtax), points, values, slopes,
                        np.array([xs.size for xs, _ in curves], dtype=np.int64))

    def tax(self, *, net: Number, taxable: Number | None = None, eligible_pension: Number = 0.0,
            grossed_eligible: Number = 0.0, grossed_other: Number = 0.0, employment: Number = 0.0,
            cpp_base: Number = 0.0, ei: Number = 0.0, qpip: Number = 0.0, age: Number | None = None
            ) -> tuple[Array, Array]:
        """(federal, provincial) income tax after credits and the provincial extra lines, each of the shape
        of all the inputs broadcast together. `age` may be one age or an array of ages (one a person or path);
        None: nobody gets the age amounts."""
        values = (np.asarray(net, dtype=np.float64), None if taxable is None else np.asarray(taxable, dtype=np.float64),
                  np.asarray(eligible_pension, dtype=np.float64), np.asarray(grossed_eligible, dtype=np.float64),
                  np.asarray(grossed_other, dtype=np.float64), np.asarray(employment, dtype=np.float64),
                  np.asarray(cpp_base, dtype=np.float64), np.asarray(ei, dtype=np.float64),
                  np.asarray(qpip, dtype=np.float64), None if age is None else np.asarray(age, dtype=np.float64))
        shapes = {v.shape for v in values if v is not None}
        shape = shapes.pop() if len(shapes) == 1 else _broadcast_shape(shapes)
        n, t, pension, eligible, other, employment_, cpp, ei_, qpip_, age_ = (
            _NO_VALUE if v is None else _flat(v, shape) for v in values)
        federal, provincial = _tax_kernel(n, t, pension, eligible, other, employment_, cpp, ei_, qpip_, age_,
                                          taxable is not None, age is not None, math.prod(shape), *self._tables)
        return federal.reshape(shape), provincial.reshape(shape)

    def household(self, *, ordinary: Array, eligible: Array, oas: Array, dividends: Array, deductions: Array,
                  payroll: tuple[Array, Array, Array], employment: Array, ages: Array, joint: Array,
                  extra_rrsp: Array, gains: Array, rrsp_deduction: Array, split: bool, oas_rate: float,
                  oas_threshold: float) -> tuple[Array, Array]:
        """(income tax, OAS recovery tax) of a household in each lane, summed over its people. Each person's
        taxable income is `ordinary` + `eligible` (pension income, RRSP withdrawals from 65 included) + OAS +
        grossed-up `dividends` + their `joint` share of realized `gains` (taxable part) - `deductions` -
        `rrsp_deduction`; `extra_rrsp` (withdrawals) counts as ordinary before 65 and as eligible pension income
        from 65; with `split`, a couple's eligible pension income moves from the higher taxable income to the
        lower, up to half of it, to even them out; OAS recovery is `oas_rate` of taxable income above
        `oas_threshold`, at most the OAS. Arrays (persons, lanes) except `ages`, `joint` (persons) and `gains`
        (lanes)."""
        def grid(x: Array) -> Array:
            return np.ascontiguousarray(x, dtype=np.float64)
        cpp_base, ei, qpip = payroll
        income = (grid(ordinary), grid(eligible), grid(oas), grid(dividends), grid(deductions), grid(cpp_base),
                  grid(ei), grid(qpip), grid(employment), grid(ages), grid(joint))
        return _household_kernel(income, grid(extra_rrsp), grid(gains), grid(rrsp_deduction), split,
                                 self.household_rules(oas_rate, oas_threshold))

    def household_rules(self, oas_rate: float, oas_threshold: float) -> tuple[Any, ...]:
        """The arguments of `household_lane` after `split`: the year's rules as numbers and tables."""
        return (float(self.gross_up["eligible"]), self.inclusion, oas_rate, oas_threshold, *self._tables)


def _broadcast_shape(shapes: set[tuple[int, ...]]) -> tuple[int, ...]:
    """`np.broadcast_shapes`, at a tenth of its cost for a few small shapes."""
    ndim = max(len(s) for s in shapes)
    out = [1] * ndim
    for s in shapes:
        for k, d in enumerate(s, ndim - len(s)):
            if d != 1 and out[k] != d:
                if out[k] != 1:
                    raise ValueError(f"shapes {sorted(shapes)} cannot be broadcast together")
                out[k] = d
    return tuple(out)


_NO_VALUE = np.zeros(1)


def _flat(value: Array, shape: tuple[int, ...]) -> Array:
    """`value` as a contiguous 1-d array: one element (the kernel repeats it) or one for each of `shape`'s."""
    if value.size == 1:
        return value.reshape(1)
    if value.shape == shape:
        return value.ravel()  # a view when contiguous
    out = np.empty(shape)
    out[...] = value
    return out.reshape(-1)


def _premium_points() -> tuple[Array, Array]:
    """The Ontario Health Premium as a piecewise-linear function of taxable income: its value at every kink
    (each row's start and where it reaches its cap), so interpolation gives the premium exactly."""
    xs = {0.0, TOP}
    for start, base, rate, cap in tax_tables()["ontario_health_premium"]["schedule"]:
        xs |= {float(start), float(start) + (cap - base) / rate}
    points = np.array(sorted(xs))
    return points, ontario_health_premium(points)


@lru_cache(maxsize=128)
def tax_system(year: int, province: str) -> TaxSystem:
    return TaxSystem(year, province.upper())


# --- the compiled kernel (numpy's semantics, one element at a time) ------------------------------------------

@_inline
def _max(a: float, b: float) -> float:
    """`np.maximum` of two numbers (NaN wins)."""
    return a if a >= b or a != a else b


@_inline
def _min(a: float, b: float) -> float:
    """`np.minimum` of two numbers (NaN wins)."""
    return a if a <= b or a != a else b


@_inline
def _clip(x: float, lo: float, hi: float) -> float:
    return _min(_max(x, lo), hi)


@_inline
def _tax_of(n: float, t: float, older: bool, pension_i: float, eligible_i: float, other_i: float,
            employment_i: float, payroll: float, qpip_i: float, cea: float, abatement: float, quebec: bool,
            curves: int, levels: Array, extras: Array, surtax: Array, points: Array, values: Array, slopes: Array,
            counts: npt.NDArray[np.int64], at: Array, credit: Array) -> tuple[float, float]:
    """(federal, provincial) tax of one person: net income `n`, taxable `t`, base CPP/QPP and EI `payroll`;
    `cea`, `abatement`, `quebec` and `curves` are read from `extras` once by the caller (`_tax_kernel`).
    `at` and `credit` are scratch space (three and two numbers). Compiled into its callers."""
    fed_extra = payroll + qpip_i + _min(cea, employment_i)
    for c in range(curves):  # np.interp(t, points, values)
        last = counts[c] - 1
        if t < points[c, 0]:
            at[c] = values[c, 0]
        elif t >= points[c, last]:
            at[c] = values[c, last]
        else:  # with strictly increasing points and finite slopes (`_slopes` checks) as numpy, NaN included
            j = 0
            for k in range(1, last):  # the segment, without a branch a point (incomes vary path to path)
                j += points[c, k] <= t
            at[c] = slopes[c, j] * (t - points[c, j]) + values[c, j]
    for v in range(2):
        extra = fed_extra if v == 0 else (0.0 if quebec else payroll)
        if levels[v, _BPA_PHASED] != 0.0:
            share = _clip((n - levels[v, _BPA_START]) / (levels[v, _BPA_END] - levels[v, _BPA_START]), 0.0, 1.0)
            amount = levels[v, _BPA_MAX] - share * (levels[v, _BPA_MAX] - levels[v, _BPA_MIN])
        else:
            amount = levels[v, _BPA]
        if levels[v, _PHASE_OUT] != 0.0:
            amount = amount * (1.0 - _clip((n - levels[v, _PHASE_OUT_START])
                                           / (levels[v, _PHASE_OUT_END] - levels[v, _PHASE_OUT_START]), 0.0, 1.0))
        if levels[v, _SUPPLEMENT] != 0.0:
            amount = amount + _max(levels[v, _SUPPLEMENT_MAX] - levels[v, _SUPPLEMENT_RATE]
                                   * _max(t - levels[v, _SUPPLEMENT_THRESHOLD], 0.0), 0.0)
        amounts = amount + extra
        pension_amount = _min(levels[v, _PENSION_AMOUNT], _max(pension_i, 0.0))
        if levels[v, _SHARED] != 0.0:  # Quebec: the age and retirement income amounts share one reduction
            total = pension_amount + (levels[v, _AGE_MAX] if levels[v, _AGE] != 0.0 and older else 0.0)
            amounts = amounts + _max(total - levels[v, _SHARED_RATE]
                                     * _max(n - levels[v, _SHARED_THRESHOLD], 0.0), 0.0)
        else:
            amounts = amounts + pension_amount
            if levels[v, _AGE] != 0.0 and older:
                amounts = amounts + _max(levels[v, _AGE_MAX] - levels[v, _AGE_RATE]
                                         * _max(n - levels[v, _AGE_THRESHOLD], 0.0), 0.0)
        if levels[v, _AGE_SUPPLEMENT] != 0.0 and older:
            amounts = amounts + _max(levels[v, _AGE_SUPPLEMENT_MAX] - levels[v, _AGE_SUPPLEMENT_RATE]
                                     * _max(n - levels[v, _AGE_SUPPLEMENT_THRESHOLD], 0.0), 0.0)
        value = amounts * levels[v, _RATE]
        if levels[v, _DIVIDEND] != 0.0:
            value = value + eligible_i * levels[v, _DIVIDEND_ELIGIBLE] + other_i * levels[v, _DIVIDEND_OTHER]
        credit[v] = value
    f = _max(at[0] - credit[0], 0.0)
    if abatement != 0.0:
        f = f * (1.0 - abatement)
    basic = _max(at[1] - credit[1], 0.0)
    if extras[_LOW_INCOME] != 0.0:
        basic = basic - _min(basic, _max(extras[_LOW_INCOME_MAX] - extras[_LOW_INCOME_RATE]
                                         * _max(n - extras[_LOW_INCOME_THRESHOLD], 0.0), 0.0))
    if extras[_SURTAX] != 0.0:
        added = 0.0
        for k in range(surtax.shape[0]):
            added = added + surtax[k, 1] * _max(basic - surtax[k, 0], 0.0)
        with_surtax = basic + added
        basic = with_surtax - _clip(2 * extras[_TAX_REDUCTION_BASIC] - with_surtax, 0.0, with_surtax)
    if curves == 3:
        basic = basic + at[2]
    return f, basic


@_njit
def _tax_kernel(net: Array, taxable: Array, pension: Array, eligible: Array, other: Array, employment: Array,
                cpp_base: Array, ei: Array, qpip: Array, age: Array, has_taxable: bool, has_age: bool, size: int,
                levels: Array, extras: Array, surtax: Array, points: Array, values: Array, slopes: Array,
                counts: npt.NDArray[np.int64]) -> tuple[Array, Array]:
    """(federal, provincial) tax of each of `size` elements; every input has one element (repeated) or `size`.
    `levels`: the federal and provincial credit rules (`_level_params`); `points`, `values`, `slopes`, `counts`:
    the piecewise-linear federal and provincial bracket tax and the health premium (rows 0, 1, 2)."""
    federal = np.empty(size)
    provincial = np.empty(size)
    step_net, step_taxable = int(net.shape[0] > 1), int(taxable.shape[0] > 1)
    step_pension, step_eligible, step_other = int(pension.shape[0] > 1), int(eligible.shape[0] > 1), int(
        other.shape[0] > 1)
    step_employment, step_cpp, step_ei = int(employment.shape[0] > 1), int(cpp_base.shape[0] > 1), int(
        ei.shape[0] > 1)
    step_qpip, step_age = int(qpip.shape[0] > 1), int(age.shape[0] > 1)
    cea, abatement, quebec = extras[_CEA], extras[_ABATEMENT], extras[_QUEBEC] != 0.0
    curves = 3 if extras[_PREMIUM] != 0.0 else 2
    at = np.zeros(3)  # each curve's value at this element's taxable income
    credit = np.zeros(2)  # the federal and provincial credits
    for i in range(size):
        n = net[i * step_net]
        federal[i], provincial[i] = _tax_of(
            n, taxable[i * step_taxable] if has_taxable else n, has_age and age[i * step_age] >= 65,
            pension[i * step_pension], eligible[i * step_eligible], other[i * step_other],
            employment[i * step_employment], cpp_base[i * step_cpp] + ei[i * step_ei], qpip[i * step_qpip],
            cea, abatement, quebec, curves, levels, extras, surtax, points, values, slopes, counts, at, credit)
    return federal, provincial


@_inline
def _flags(extras: Array) -> tuple[float, float, bool, int]:
    """(Canada employment amount, Quebec abatement, Quebec, curves: 3 with a health premium) from `extras`."""
    return (extras[_CEA], extras[_ABATEMENT], extras[_QUEBEC] != 0.0, 3 if extras[_PREMIUM] != 0.0 else 2)


@_inline
def household_lane(k: int, income: tuple[Array, ...], extra_rrsp: Array, ke: int, gain: float,
                   rrsp_deduction: Array, kd: int, split: bool, rules: tuple[Any, ...], scratch: tuple[Array, ...]
                   ) -> tuple[float, float]:
    """(income tax, OAS recovery tax) of the household in lane `k` (column `k` of the (persons, lanes) arrays of
    `income`: ordinary, eligible, oas, dividends, deductions, cpp_base, ei, qpip, employment; then ages and joint,
    per person), with RRSP withdrawals `extra_rrsp[:, ke]`, realized gains `gain` and RRSP deductions
    `rrsp_deduction[:, kd]`. `rules`: `TaxSystem.household_rules`; `scratch`: five small arrays (3, 2, 2, 2 and 2
    numbers). Arguments come in tuples: a call with more than 30 cannot be compiled into its caller."""
    ordinary, eligible, oas, dividends, deductions, cpp_base, ei, qpip, employment, ages, joint = income
    gross_up, inclusion, oas_rate, oas_threshold, levels, extras, surtax, points, values, slopes, counts = rules
    at, credit, before, pension, gross = scratch
    persons = ordinary.shape[0]
    cea, abatement, quebec, curves = _flags(extras)
    for i in range(persons):
        drawn = extra_rrsp[i, ke]
        older = ages[i] >= 65
        eligible_draw = drawn if older else 0.0
        pension[i] = eligible[i, k] + eligible_draw
        gross[i] = dividends[i, k] * (1 + gross_up)
        total = (ordinary[i, k] + drawn - eligible_draw + pension[i] + oas[i, k] + gross[i]
                 + gain * joint[i] * inclusion)
        before[i] = _max(total - (deductions[i, k] + rrsp_deduction[i, kd]), 0.0)
    if split and persons == 2:  # eligible pension income moves from the higher taxable income to the lower
        gap = (before[0] - before[1]) / 2
        move = _min(gap, pension[0] / 2) if gap > 0 else -_min(-gap, pension[1] / 2)
        before[0], before[1] = before[0] - move, before[1] + move
        pension[0], pension[1] = pension[0] - move, pension[1] + move
    tax = 0.0
    recovery = 0.0
    for i in range(persons):
        clawed = _min(oas[i, k], oas_rate * _max(before[i] - oas_threshold, 0.0))
        net = _max(before[i] - clawed, 0.0)
        f, p = _tax_of(net, net, ages[i] >= 65, pension[i], gross[i], 0.0, employment[i, k],
                       cpp_base[i, k] + ei[i, k], qpip[i, k], cea, abatement, quebec, curves, levels, extras,
                       surtax, points, values, slopes, counts, at, credit)
        tax = f + p if i == 0 else tax + (f + p)
        recovery = clawed if i == 0 else recovery + clawed
    return tax, recovery


@_njit
def household_scratch() -> tuple[Array, Array, Array, Array, Array]:
    """`household_lane`'s scratch space."""
    return np.zeros(3), np.zeros(2), np.zeros(2), np.zeros(2), np.zeros(2)


@_njit
def _household_kernel(income: tuple[Array, ...], extra_rrsp: Array, gains: Array, rrsp_deduction: Array,
                      split: bool, rules: tuple[Any, ...]) -> tuple[Array, Array]:
    """`TaxSystem.household`'s loop over the lanes (`household_lane`)."""
    lanes = income[0].shape[1]
    tax = np.empty(lanes)
    recovery = np.empty(lanes)
    scratch = household_scratch()
    for k in range(lanes):
        tax[k], recovery[k] = household_lane(k, income, extra_rrsp, k, gains[k], rrsp_deduction, k, split, rules,
                                             scratch)
    return tax, recovery
