"""Canadian personal income tax for one year: federal and the 13 provinces and territories, CPP/CPP2 (QPP
in Quebec) and EI, marginal and average rates, and the effect of an RRSP deduction.

The model follows the CRA's payroll formulas (T4127): bracket tax on taxable income less non-refundable
credits at the lowest rate (basic personal amount, and with payroll: the Canada employment amount, base
CPP and EI); the first-additional CPP and all of CPP2 are deductions. Ontario adds its surtax, tax
reduction and health premium; BC its low-income tax reduction; Quebec residents get the 16.5% federal
abatement. Age, pension, dividend and other credits are not modelled. Everything works on NumPy arrays,
so a vector of incomes costs about as much as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from api.planning.errors import PlanningInputError, check_non_negative
from api.planning.tables import province_table, tax_tables, tax_year

Array = npt.NDArray[np.float64]


def bracket_tax(income: Array | float, brackets: list[list[float | None]]) -> Array:
    """Tax on `income` under progressive brackets [[up_to, rate], ..., [None, top_rate]]."""
    x = np.asarray(income, dtype=np.float64)
    total = np.zeros_like(x)
    lower = 0.0
    for up_to, rate in brackets:
        assert rate is not None
        upper = np.inf if up_to is None else float(up_to)
        total += np.clip(x - lower, 0.0, upper - lower) * rate
        lower = upper
    return total


def _basic_personal_amount(bpa: Any, net_income: Array) -> Array:
    """A flat amount, or one phased out linearly between two incomes (federal, Yukon)."""
    if isinstance(bpa, dict):
        span = bpa["phase_out_end"] - bpa["phase_out_start"]
        share = np.clip((net_income - bpa["phase_out_start"]) / span, 0.0, 1.0)
        return np.asarray(bpa["max"] - share * (bpa["max"] - bpa["min"]), dtype=np.float64)
    return np.full_like(net_income, float(bpa))


def _phase_out(amount: Array, phase: dict[str, float] | None, net_income: Array) -> Array:
    if not phase:
        return amount
    share = np.clip((net_income - phase["start"]) / (phase["end"] - phase["start"]), 0.0, 1.0)
    return amount * (1.0 - share)


def ontario_health_premium(taxable_income: Array | float) -> Array:
    """The Ontario Health Premium by taxable income (T4127 factor V2)."""
    x = np.asarray(taxable_income, dtype=np.float64)
    premium = np.zeros_like(x)
    for start, base, rate, cap in tax_tables()["ontario_health_premium"]["schedule"]:
        premium = np.where(x > start, np.minimum(cap, base + rate * (x - start)), premium)
    return premium


@dataclass(frozen=True)
class PayrollContributions:
    cpp: Array
    cpp_base: Array
    cpp_enhanced: Array
    cpp2: Array
    ei: Array


def payroll(employment_income: Array, year: int, province: str) -> PayrollContributions:
    """Employee CPP (QPP in Quebec), CPP2 and EI on employment income for the year."""
    t = tax_year(year)["payroll"]
    quebec = province.upper() == "QC"
    rate = t["qpp_rate"] if quebec else t["cpp_rate"]
    pensionable = np.clip(employment_income, 0.0, t["ympe"])
    cpp = rate * np.maximum(pensionable - t["ybe"], 0.0)
    enhanced = cpp * (t["cpp_first_additional_rate"] / rate)
    cpp2 = t["cpp2_rate"] * np.clip(employment_income - t["ympe"], 0.0, t["yampe"] - t["ympe"])
    ei_rate = t["ei_rate_qc"] if quebec else t["ei_rate"]
    ei = ei_rate * np.clip(employment_income, 0.0, t["ei_max_insurable"])
    return PayrollContributions(cpp=cpp, cpp_base=cpp - enhanced, cpp_enhanced=enhanced, cpp2=cpp2, ei=ei)


@dataclass(frozen=True)
class TaxBreakdown:
    """Arrays of the same shape as the incomes given (0-d for scalars)."""

    total_income: Array
    net_income: Array
    federal_tax: Array
    quebec_abatement: Array
    provincial_tax: Array
    ontario_surtax: Array
    ontario_tax_reduction: Array
    bc_tax_reduction: Array
    ontario_health_premium: Array
    cpp: Array
    cpp2: Array
    ei: Array

    @property
    def income_tax(self) -> Array:
        return self.federal_tax + self.provincial_tax

    @property
    def total_deductions(self) -> Array:
        return self.income_tax + self.cpp + self.cpp2 + self.ei


def compute_tax(*, employment_income: Array | float, other_income: Array | float = 0.0,
                rrsp_deduction: Array | float = 0.0, province: str, year: int,
                include_payroll: bool = True) -> TaxBreakdown:
    """Income tax and payroll contributions. Without payroll, only basic personal amounts are credited
    (the convention of published 'tax tables' such as RCGT's)."""
    emp = np.asarray(employment_income, dtype=np.float64)
    other = np.asarray(other_income, dtype=np.float64)
    rrsp = np.asarray(rrsp_deduction, dtype=np.float64)
    for name, arr in (("employment_income", emp), ("other_income", other), ("rrsp_deduction", rrsp)):
        if np.any(arr < 0):
            check_non_negative(name, float(np.min(arr)))
    table = tax_year(year)
    fed = table["federal"]
    prov = province_table(year, province)
    code = province.upper()

    zeros = np.zeros(np.broadcast(emp, other, rrsp).shape)
    pay = payroll(emp + zeros, year, code) if include_payroll else PayrollContributions(
        zeros, zeros, zeros, zeros, zeros)
    total_income = emp + other + zeros
    net = np.maximum(total_income - rrsp - pay.cpp_enhanced - pay.cpp2, 0.0)

    credit_base = _basic_personal_amount(fed["bpa"], net) + pay.cpp_base + pay.ei
    if include_payroll:
        credit_base = credit_base + np.minimum(fed["canada_employment_amount"], emp)
    federal = np.maximum(bracket_tax(net, fed["brackets"]) - fed["credit_rate"] * credit_base, 0.0)
    abatement = federal * fed["quebec_abatement"] if code == "QC" else zeros
    federal = federal - abatement

    lowest = float(prov["brackets"][0][1])
    prov_bpa = _phase_out(_basic_personal_amount(prov["bpa"], net), prov.get("bpa_phase_out"), net)
    prov_credits = prov_bpa if code == "QC" else prov_bpa + pay.cpp_base + pay.ei
    basic = np.maximum(bracket_tax(net, prov["brackets"]) - lowest * prov_credits, 0.0)

    surtax = reduction = bc_reduction = premium = zeros
    if "low_income_reduction" in prov:
        r = prov["low_income_reduction"]
        bc_reduction = np.minimum(basic, np.maximum(r["max"] - r["rate"] * np.maximum(net - r["threshold"], 0.0), 0))
        basic = basic - bc_reduction
    if "surtax" in prov:
        surtax = sum((rate * np.maximum(basic - threshold, 0.0) for threshold, rate in prov["surtax"]), zeros)
        with_surtax = basic + surtax
        reduction = np.clip(2 * prov["tax_reduction_basic"] - with_surtax, 0.0, with_surtax)
        basic = with_surtax - reduction
    if prov.get("health_premium"):
        premium = ontario_health_premium(net)
    provincial = basic + premium
    return TaxBreakdown(total_income=total_income, net_income=net, federal_tax=federal, quebec_abatement=abatement,
                        provincial_tax=provincial, ontario_surtax=surtax, ontario_tax_reduction=reduction,
                        bc_tax_reduction=bc_reduction, ontario_health_premium=premium, cpp=pay.cpp + zeros,
                        cpp2=pay.cpp2 + zeros, ei=pay.ei + zeros)


def marginal_rate(*, employment_income: float, other_income: float = 0.0, rrsp_deduction: float = 0.0,
                  province: str, year: int, include_payroll: bool = True, step: float = 100.0) -> float:
    """Income tax on the next dollars of ordinary (non-employment) income, as a fraction."""
    other = np.array([other_income, other_income + step])
    taxes = compute_tax(employment_income=employment_income, other_income=other, rrsp_deduction=rrsp_deduction,
                        province=province, year=year, include_payroll=include_payroll).income_tax
    return float((taxes[1] - taxes[0]) / step)


def rrsp_deduction_effect(*, employment_income: float, other_income: float = 0.0, deduction: float,
                          province: str, year: int) -> tuple[float, float]:
    """(income tax saved by deducting `deduction`, the average rate of that saving)."""
    if deduction <= 0:
        raise PlanningInputError("rrsp_deduction", "must be more than zero to measure its effect")
    taxes = compute_tax(employment_income=employment_income, other_income=other_income,
                        rrsp_deduction=np.array([0.0, deduction]), province=province, year=year).income_tax
    saved = float(taxes[0] - taxes[1])
    return saved, saved / deduction
