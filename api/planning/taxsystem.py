"""One province's income tax for one year as a few array operations: the fast path the household plan and its
Monte Carlo run thousands of times a plan.

It computes what `tax.compute_tax` computes (and a test holds the two to the cent on random households in every
province and year): brackets by interpolating the cumulative tax at each threshold, the basic personal amount
after any phase-out or supplement, the Canada employment amount, base CPP/QPP, EI and QPIP credits, the age
amount (Quebec's shared reduction with the retirement income amount), the pension income amount, dividend tax
credits, then Ontario's surtax, tax reduction and health premium, BC's tax reduction and the Quebec abatement.
The caller supplies net and taxable income (it knows the deductions); `compute_tax` stays the reference that
also explains each line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from api.planning.tables import province_table, tax_tables, tax_year
from api.planning.tax import ontario_health_premium

Array = npt.NDArray[np.float64]
Number = Array | float
TOP = 1e15  # beyond any income: the last bracket's rate runs to here


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


def _bpa(bpa: Any, phase: dict[str, float] | None, supplement: dict[str, float] | None, net: Array,
         taxable: Array) -> Array:
    if isinstance(bpa, dict):
        share = clip((net - bpa["phase_out_start"]) / (bpa["phase_out_end"] - bpa["phase_out_start"]), 0.0, 1.0)
        amount = bpa["max"] - share * (bpa["max"] - bpa["min"])
    else:
        amount = np.full_like(net, float(bpa))
    if phase:
        amount = amount * (1.0 - clip((net - phase["start"]) / (phase["end"] - phase["start"]), 0.0, 1.0))
    if supplement:
        amount = amount + np.maximum(supplement["max"] - supplement["rate"]
                                     * np.maximum(taxable - supplement["threshold"], 0.0), 0.0)
    return np.asarray(amount, dtype=np.float64)


@dataclass(frozen=True)
class _Level:
    """One jurisdiction's parameters, read once from the year tables."""

    thresholds: Array
    cumulative: Array
    rate: float
    table: dict[str, Any]

    def credits(self, *, net: Array, taxable: Array, age: Number | None, pension: Array, extra: Array,
                grossed_eligible: Array, grossed_other: Array) -> Array:
        """The value of every non-refundable credit (`extra`: amounts credited at the rate, like CPP and EI).
        `age` may be one age or an array of ages (one a person or path)."""
        j = self.table
        amounts = _bpa(j["bpa"], j.get("bpa_phase_out"), j.get("bpa_supplement"), net, taxable) + extra
        pension_amount = np.minimum(float(j.get("pension_income_amount", 0.0)), np.maximum(pension, 0.0))
        age_rule, shared = j.get("age_amount"), j.get("age_pension_reduction")
        older = np.zeros(1, dtype=bool) if age is None else np.asarray(age) >= 65
        any_older = bool(np.any(older))
        if shared:  # Quebec: the age and retirement income amounts share one reduction
            total = pension_amount + (np.where(older, float(age_rule["max"]), 0.0) if age_rule and any_older else 0.0)
            amounts = amounts + np.maximum(total - shared["rate"] * np.maximum(net - shared["threshold"], 0.0), 0.0)
        else:
            amounts = amounts + pension_amount
            if age_rule and any_older:
                amounts = amounts + np.where(older, np.maximum(
                    age_rule["max"] - age_rule["rate"] * np.maximum(net - age_rule["threshold"], 0.0), 0.0), 0.0)
        if j.get("age_supplement") and any_older:
            s = j["age_supplement"]
            amounts = amounts + np.where(older, np.maximum(
                s["max"] - s["rate"] * np.maximum(net - s["threshold"], 0.0), 0.0), 0.0)
        value = amounts * self.rate
        dividend = j.get("dividend_credit")
        if dividend:
            value = value + grossed_eligible * dividend["eligible"] + grossed_other * dividend["non_eligible"]
        return np.asarray(value)


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

    def tax(self, *, net: Number, taxable: Number | None = None, eligible_pension: Number = 0.0,
            grossed_eligible: Number = 0.0, grossed_other: Number = 0.0, employment: Number = 0.0,
            cpp_base: Number = 0.0, ei: Number = 0.0, qpip: Number = 0.0, age: Number | None = None
            ) -> tuple[Array, Array]:
        """(federal, provincial) income tax after credits and the provincial extra lines."""
        n = np.asarray(net, dtype=np.float64)
        t = n if taxable is None else np.asarray(taxable, dtype=np.float64)
        pension = np.asarray(eligible_pension, dtype=np.float64)
        eligible = np.asarray(grossed_eligible, dtype=np.float64)
        other = np.asarray(grossed_other, dtype=np.float64)
        payroll = np.asarray(cpp_base, dtype=np.float64) + np.asarray(ei, dtype=np.float64)
        fed_extra = payroll + np.asarray(qpip, dtype=np.float64) + np.minimum(self.cea, np.asarray(employment))
        fl, pl = self.federal, self.provincial
        federal = np.maximum(np.interp(t, fl.thresholds, fl.cumulative) - fl.credits(
            net=n, taxable=t, age=age, pension=pension, extra=fed_extra, grossed_eligible=eligible,
            grossed_other=other), 0.0)
        if self.abatement:
            federal = federal * (1.0 - self.abatement)
        prov_extra = payroll if self.province != "QC" else np.zeros_like(payroll)
        basic = np.maximum(np.interp(t, pl.thresholds, pl.cumulative) - pl.credits(
            net=n, taxable=t, age=age, pension=pension, extra=prov_extra, grossed_eligible=eligible,
            grossed_other=other), 0.0)
        return federal, self._extras(basic, n, t)

    def _extras(self, basic: Array, net: Array, taxable: Array) -> Array:
        p = self.provincial.table
        if "low_income_reduction" in p:
            r = p["low_income_reduction"]
            basic = basic - np.minimum(basic, np.maximum(r["max"] - r["rate"] * np.maximum(net - r["threshold"], 0.0),
                                                         0.0))
        if "surtax" in p:
            surtax = sum((rate * np.maximum(basic - threshold, 0.0) for threshold, rate in p["surtax"]),
                         np.zeros_like(basic))
            with_surtax = basic + surtax
            basic = with_surtax - clip(2 * p["tax_reduction_basic"] - with_surtax, 0.0, with_surtax)
        if self.premium is not None:
            basic = basic + np.interp(taxable, *self.premium)
        return basic


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
