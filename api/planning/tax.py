"""Canadian personal income tax for one year: federal and the 13 provinces and territories, CPP/CPP2 (QPP and
QPIP in Quebec) and EI, the OAS recovery tax, marginal and average rates, and the effect of an RRSP deduction.

The model follows the T1 return and the CRA's payroll formulas (T4127). Total income is employment,
self-employment, pension, CPP/QPP, OAS and other income, dividends grossed up and the taxable part of capital
gains. Net income deducts the RRSP deduction, the enhanced CPP contributions and CPP2, the employer half of a
self-employed person's CPP, pension income split to a spouse and the OAS repayment. Each jurisdiction
taxes it by brackets, less its non-refundable credits at its lowest rate (basic personal amount after any
phase-out, the Canada employment amount, base CPP and EI premiums, the age amount, the pension income amount)
and its dividend tax credits. Ontario then adds its surtax, tax reduction and health premium; BC its tax
reduction; Quebec residents get the 16.5% federal abatement and pay Quebec tax under Quebec's own credits.

Everything works on NumPy arrays (any input may be an array), so a vector of incomes, or the same person with
a few more dollars of one kind of income, costs about as much as one calculation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from api.planning.errors import PlanningInputError, check_non_negative
from api.planning.tables import account_tables, province_table, tax_tables, tax_year

Array = npt.NDArray[np.float64]
Number = Array | float


def bracket_tax(income: Number, brackets: list[list[float | None]]) -> Array:
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


def _supplement(rule: dict[str, float] | None, income: Array) -> Array:
    """An amount reduced by `rate` per dollar of income above `threshold` (Nova Scotia's supplements)."""
    if not rule:
        return np.zeros_like(income)
    return np.maximum(rule["max"] - rule["rate"] * np.maximum(income - rule["threshold"], 0.0), 0.0)


def ontario_health_premium(taxable_income: Number) -> Array:
    """The Ontario Health Premium by taxable income (T4127 factor V2)."""
    x = np.asarray(taxable_income, dtype=np.float64)
    premium = np.zeros_like(x)
    for start, base, rate, cap in tax_tables()["ontario_health_premium"]["schedule"]:
        premium = np.where(x > start, np.minimum(cap, base + rate * (x - start)), premium)
    return premium


@dataclass(frozen=True)
class PayrollContributions:
    cpp: Array  # employee CPP/QPP on employment income plus both halves on self-employment income
    cpp_base: Array  # the part that earns the non-refundable credit
    cpp_enhanced: Array  # the first-additional part of the employee share, deducted from income
    cpp_self_employed_employer_half: Array  # deducted from income (T1 line 22200)
    cpp2: Array  # employee CPP2, plus both halves on self-employment income; all deducted
    ei: Array
    qpip: Array  # Quebec parental insurance premiums (employees in Quebec)


def payroll(employment_income: Number, year: int, province: str,
            self_employment_income: Number = 0.0) -> PayrollContributions:
    """CPP (QPP in Quebec), CPP2, EI and QPIP for the year. Employment income uses the pensionable room first;
    a self-employed person pays both the employee and the employer share on the rest and no EI."""
    t = tax_year(year)["payroll"]
    quebec = province.upper() == "QC"
    emp = np.asarray(employment_income, dtype=np.float64)
    se = np.asarray(self_employment_income, dtype=np.float64)
    rate = t["qpp_rate"] if quebec else t["cpp_rate"]
    first_additional = t.get("qpp_first_additional_rate", t["cpp_first_additional_rate"]) if quebec \
        else t["cpp_first_additional_rate"]
    ybe, ympe, span = t["ybe"], t["ympe"], t["yampe"] - t["ympe"]
    emp_room = np.maximum(np.clip(emp, 0.0, ympe) - ybe, 0.0)
    all_room = np.maximum(np.clip(emp + se, 0.0, ympe) - ybe, 0.0)
    cpp_emp = rate * emp_room
    cpp_se_total = 2 * rate * (all_room - emp_room)  # both halves
    employee_share = cpp_emp + cpp_se_total / 2
    enhanced = employee_share * (first_additional / rate)
    cpp2_emp = t["cpp2_rate"] * np.clip(emp - ympe, 0.0, span)
    cpp2_se = 2 * t["cpp2_rate"] * (np.clip(emp + se - ympe, 0.0, span) - np.clip(emp - ympe, 0.0, span))
    ei_rate = t["ei_rate_qc"] if quebec else t["ei_rate"]
    ei = ei_rate * np.clip(emp, 0.0, t["ei_max_insurable"])
    qpip = (t.get("qpip_rate", 0.0) * np.clip(emp, 0.0, t.get("qpip_max_insurable", 0.0)) if quebec
            else np.zeros_like(emp + se))
    return PayrollContributions(cpp=cpp_emp + cpp_se_total, cpp_base=employee_share - enhanced,
                                cpp_enhanced=enhanced, cpp_self_employed_employer_half=cpp_se_total / 2,
                                cpp2=cpp2_emp + cpp2_se, ei=ei + 0 * se, qpip=qpip + 0 * se)


@dataclass(frozen=True)
class Credit:
    """One non-refundable credit: the amount claimed and the credit it gives (amount x rate)."""

    code: str
    label: str
    amount: Array
    credit: Array


@dataclass(frozen=True)
class Adjustment:
    """A line applied after basic tax: a surtax or premium (+) or a reduction or abatement (-)."""

    code: str
    label: str
    amount: Array


@dataclass(frozen=True)
class JurisdictionTax:
    """One level of tax: bracket tax, credits, basic tax, then the jurisdiction's extra lines."""

    jurisdiction: str
    tax_before_credits: Array
    credits: list[Credit]
    basic_tax: Array
    adjustments: list[Adjustment]
    net_tax: Array

    @property
    def total_credits(self) -> Array:
        return sum((c.credit for c in self.credits), np.zeros_like(self.tax_before_credits))

    def adjustment(self, code: str) -> Array:
        return next((a.amount for a in self.adjustments if a.code == code),
                    np.zeros_like(self.tax_before_credits))


@dataclass(frozen=True)
class TaxBreakdown:
    """Arrays of the same shape as the inputs given (0-d for scalars)."""

    cash_income: Array  # what was received: dividends and capital gains at their full amounts
    total_income: Array  # T1 line 15000: dividends grossed up, the taxable part of capital gains
    deductions: dict[str, Array]
    net_income: Array  # line 23600
    taxable_income: Array  # line 26000
    federal: JurisdictionTax
    provincial: JurisdictionTax
    payroll: PayrollContributions
    oas_recovery_tax: Array
    notes: list[str] = field(default_factory=list)

    @property
    def federal_tax(self) -> Array:
        return self.federal.net_tax

    @property
    def provincial_tax(self) -> Array:
        return self.provincial.net_tax

    @property
    def quebec_abatement(self) -> Array:
        return -self.federal.adjustment("quebec_abatement")

    @property
    def ontario_surtax(self) -> Array:
        return self.provincial.adjustment("ontario_surtax")

    @property
    def ontario_tax_reduction(self) -> Array:
        return -self.provincial.adjustment("ontario_tax_reduction")

    @property
    def bc_tax_reduction(self) -> Array:
        return -self.provincial.adjustment("bc_tax_reduction")

    @property
    def ontario_health_premium(self) -> Array:
        return self.provincial.adjustment("ontario_health_premium")

    @property
    def cpp(self) -> Array:
        return self.payroll.cpp

    @property
    def cpp2(self) -> Array:
        return self.payroll.cpp2

    @property
    def ei(self) -> Array:
        return self.payroll.ei

    @property
    def qpip(self) -> Array:
        return self.payroll.qpip

    @property
    def income_tax(self) -> Array:
        return self.federal.net_tax + self.provincial.net_tax

    @property
    def total_tax(self) -> Array:
        """Income tax and the OAS recovery tax."""
        return self.income_tax + self.oas_recovery_tax

    @property
    def total_deductions(self) -> Array:
        p = self.payroll
        return self.total_tax + p.cpp + p.cpp2 + p.ei + p.qpip


def _credits_for(j: dict[str, Any], *, code: str, rate: float, net: Array, bpa: Array, age: int | None,
                 pension: Array, employment: Array, pay: PayrollContributions, federal: bool,
                 grossed: tuple[Array, Array]) -> list[Credit]:
    """The non-refundable credits one jurisdiction gives, each with its amount and its value."""
    zero = np.zeros_like(net)
    out: list[Credit] = [Credit("basic_personal_amount", "Basic personal amount", bpa, bpa * rate)]
    if federal:
        cea = np.minimum(float(j["canada_employment_amount"]), employment) + zero
        out.append(Credit("canada_employment_amount", "Canada employment amount", cea, cea * rate))
    if code != "QC" or federal:
        out.append(Credit("cpp_contributions", "CPP/QPP contributions (base)", pay.cpp_base + zero,
                          (pay.cpp_base + zero) * rate))
        premiums = pay.ei + (pay.qpip if federal else zero)
        label = "EI premiums and QPIP premiums" if federal and code == "QC" else "EI premiums"  # whole, for French
        out.append(Credit("ei_premiums", label, premiums + zero, (premiums + zero) * rate))
    older = age is not None and age >= 65
    age_rule = j.get("age_amount")
    shared = j.get("age_pension_reduction")  # Quebec: one reduction for the age and retirement income amounts
    age_amount = zero
    if older and age_rule:
        age_amount = np.full_like(net, float(age_rule["max"]))
        if not shared:
            age_amount = np.maximum(age_amount - age_rule["rate"] * np.maximum(net - age_rule["threshold"], 0.0), 0.0)
    pension_amount = np.minimum(float(j.get("pension_income_amount", 0.0)), np.maximum(pension, 0.0)) + zero
    if shared:
        total = age_amount + pension_amount
        reduced = np.maximum(total - shared["rate"] * np.maximum(net - shared["threshold"], 0.0), 0.0)
        keep = np.divide(reduced, total, out=np.zeros_like(total), where=total > 0)
        age_amount, pension_amount = age_amount * keep, pension_amount * keep
    if older and age_rule:
        out.append(Credit("age_amount", "Age amount", age_amount, age_amount * rate))
    if older and j.get("age_supplement"):
        extra = _supplement(j["age_supplement"], net)
        out.append(Credit("age_amount_supplement", "Age amount supplement", extra, extra * rate))
    if j.get("pension_income_amount"):
        out.append(Credit("pension_income_amount", "Pension income amount", pension_amount, pension_amount * rate))
    dividend = j.get("dividend_credit")
    if dividend:
        eligible, other = grossed
        out.append(Credit("dividend_tax_credit_eligible", "Dividend tax credit (eligible dividends)", eligible + zero,
                          (eligible + zero) * dividend["eligible"]))
        out.append(Credit("dividend_tax_credit_non_eligible", "Dividend tax credit (other than eligible)",
                          other + zero, (other + zero) * dividend["non_eligible"]))
    return out


def compute_tax(*, employment_income: Number = 0.0, other_income: Number = 0.0, rrsp_deduction: Number = 0.0,
                province: str, year: int, include_payroll: bool = True, self_employment_income: Number = 0.0,
                pension_income: Number = 0.0, cpp_income: Number = 0.0, oas_income: Number = 0.0,
                eligible_dividends: Number = 0.0, non_eligible_dividends: Number = 0.0,
                capital_gains: Number = 0.0, capital_gains_inclusion_rate: float | None = None,
                pension_split_out: Number = 0.0, pension_split_in: Number = 0.0, age: int | None = None,
                taxable_income: Number | None = None) -> TaxBreakdown:
    """Income tax, payroll contributions and the OAS recovery tax for one person and year.

    `pension_income` is income eligible for the pension income amount (a registered pension at any age; RRIF
    and annuity payments at 65 or older); `pension_split_out` is the part elected to a spouse (at most half)
    and `pension_split_in` what the spouse elected to this person. `age` (at the end of the year) brings the
    age amount from 65. Without payroll, no CPP, EI or Canada employment amount is counted (the convention of
    published tax tables). `taxable_income`, when given, is taxed as it is: no other income may be given."""
    table = tax_year(year)
    fed = table["federal"]
    prov = province_table(year, province)
    code = province.upper()
    inputs = {"employment_income": employment_income, "other_income": other_income,
              "rrsp_deduction": rrsp_deduction, "self_employment_income": self_employment_income,
              "pension_income": pension_income, "cpp_income": cpp_income, "oas_income": oas_income,
              "eligible_dividends": eligible_dividends, "non_eligible_dividends": non_eligible_dividends,
              "capital_gains": capital_gains, "pension_split_out": pension_split_out,
              "pension_split_in": pension_split_in}
    arrays = {name: np.asarray(value, dtype=np.float64) for name, value in inputs.items()}
    for name, arr in arrays.items():
        if np.any(arr < 0):
            check_non_negative(name, float(np.min(arr)))
    if age is not None and not 0 <= age <= 120:
        raise PlanningInputError("age", "must be between 0 and 120")
    inclusion = fed.get("capital_gains_inclusion_rate", 0.5) if capital_gains_inclusion_rate is None \
        else capital_gains_inclusion_rate
    if not 0 <= inclusion <= 1:
        raise PlanningInputError("capital_gains_inclusion_rate", "must be a fraction between 0 and 1")
    if np.any(arrays["pension_split_out"] > arrays["pension_income"] / 2 + 0.005):
        raise PlanningInputError("pension_split_out", "at most half of the eligible pension income can be split")
    zeros = np.zeros(np.broadcast(*arrays.values()).shape)
    notes: list[str] = []

    if taxable_income is not None:
        given = [n for n, a in arrays.items() if np.any(a > 0)]
        if given:
            raise PlanningInputError("taxable_income", f"give taxable income or its sources, not both ({given[0]})")
        taxable = np.asarray(taxable_income, dtype=np.float64) + zeros
        if np.any(taxable < 0):
            check_non_negative("taxable_income", float(np.min(taxable)))
        pay = payroll(zeros, year, code)
        gross_up = {"eligible": zeros, "non_eligible": zeros}
        cash = total = net = taxable
        deductions: dict[str, Array] = {}
        recovery = zeros
        employment = zeros
        eligible_pension = zeros
        notes.append("Taxed as given taxable income: only the basic personal amount (and the age amount when an "
                     "age is given) is credited; no payroll contributions.")
    else:
        a = arrays
        employment = a["employment_income"] + zeros
        se = a["self_employment_income"] + zeros
        pay = payroll(employment, year, code, se) if include_payroll else payroll(zeros, year, code)
        gu = fed.get("dividend_gross_up", {"eligible": 0.38, "non_eligible": 0.15})
        grossed_eligible = a["eligible_dividends"] * (1 + gu["eligible"]) + zeros
        grossed_other = a["non_eligible_dividends"] * (1 + gu["non_eligible"]) + zeros
        gross_up = {"eligible": grossed_eligible, "non_eligible": grossed_other}
        taxable_gains = a["capital_gains"] * inclusion + zeros
        cash = (employment + se + a["pension_income"] + a["cpp_income"] + a["oas_income"] + a["other_income"]
                + a["eligible_dividends"] + a["non_eligible_dividends"] + a["capital_gains"] + zeros)
        total = (employment + se + a["pension_income"] + a["pension_split_in"] + a["cpp_income"] + a["oas_income"]
                 + a["other_income"] + grossed_eligible + grossed_other + taxable_gains)
        deductions = {
            "rrsp": a["rrsp_deduction"] + zeros,
            "cpp_enhanced_and_cpp2": pay.cpp_enhanced + pay.cpp2,
            "cpp_self_employed_employer_half": pay.cpp_self_employed_employer_half,
            "pension_split_out": a["pension_split_out"] + zeros,
        }
        before_repayment = np.maximum(total - sum(deductions.values(), zeros), 0.0)
        recovery = oas_recovery(before_repayment, a["oas_income"] + zeros, year)
        deductions["oas_repayment"] = recovery
        net = np.maximum(before_repayment - recovery, 0.0)
        taxable = net
        eligible_pension = a["pension_income"] - a["pension_split_out"] + a["pension_split_in"] + zeros
        if not include_payroll:
            notes.append("Without payroll: no CPP, EI or QPIP, and no Canada employment amount (the convention of "
                         "published tax tables).")
    grossed = (gross_up["eligible"], gross_up["non_eligible"])

    # Federal.
    fed_before = bracket_tax(taxable, fed["brackets"])
    fed_bpa = _basic_personal_amount(fed["bpa"], net)
    fed_credits = _credits_for(fed, code=code, rate=fed["credit_rate"], net=net, bpa=fed_bpa, age=age,
                               pension=eligible_pension, employment=employment if include_payroll else zeros,
                               pay=pay, federal=True, grossed=grossed)
    fed_basic = np.maximum(fed_before - sum((c.credit for c in fed_credits), zeros), 0.0)
    fed_adjustments: list[Adjustment] = []
    fed_net = fed_basic
    if code == "QC":
        abatement = fed_basic * fed["quebec_abatement"]
        fed_adjustments.append(Adjustment("quebec_abatement", "Refundable Quebec abatement", -abatement))
        fed_net = fed_basic - abatement
    federal = JurisdictionTax(jurisdiction="federal", tax_before_credits=fed_before, credits=fed_credits,
                              basic_tax=fed_basic, adjustments=fed_adjustments, net_tax=fed_net)

    # Provincial or territorial.
    lowest = float(prov["brackets"][0][1])
    prov_before = bracket_tax(taxable, prov["brackets"])
    prov_bpa = (_phase_out(_basic_personal_amount(prov["bpa"], net), prov.get("bpa_phase_out"), net)
                + _supplement(prov.get("bpa_supplement"), taxable))
    prov_credits = _credits_for(prov, code=code, rate=lowest, net=net, bpa=prov_bpa, age=age,
                                pension=eligible_pension, employment=employment, pay=pay, federal=False,
                                grossed=grossed)
    basic = np.maximum(prov_before - sum((c.credit for c in prov_credits), zeros), 0.0)
    adjustments: list[Adjustment] = []
    running = basic
    if "low_income_reduction" in prov:
        r = prov["low_income_reduction"]
        reduction = np.minimum(running, np.maximum(r["max"] - r["rate"] * np.maximum(net - r["threshold"], 0.0), 0))
        adjustments.append(Adjustment("bc_tax_reduction", "BC tax reduction", -reduction))
        running = running - reduction
    if "surtax" in prov:
        surtax = sum((rate * np.maximum(running - threshold, 0.0) for threshold, rate in prov["surtax"]), zeros)
        adjustments.append(Adjustment("ontario_surtax", "Ontario surtax", surtax))
        with_surtax = running + surtax
        reduction = np.clip(2 * prov["tax_reduction_basic"] - with_surtax, 0.0, with_surtax)
        adjustments.append(Adjustment("ontario_tax_reduction", "Ontario tax reduction", -reduction))
        running = with_surtax - reduction
    if prov.get("health_premium"):
        premium = ontario_health_premium(taxable)
        adjustments.append(Adjustment("ontario_health_premium", "Ontario Health Premium", premium))
        running = running + premium
    provincial = JurisdictionTax(jurisdiction=code, tax_before_credits=prov_before, credits=prov_credits,
                                 basic_tax=basic, adjustments=adjustments, net_tax=running)
    return TaxBreakdown(cash_income=cash + zeros, total_income=total + zeros, deductions=deductions,
                        net_income=net + zeros, taxable_income=taxable + zeros, federal=federal,
                        provincial=provincial, payroll=pay, oas_recovery_tax=recovery + zeros, notes=notes)


def oas_recovery(net_income: Number, oas_income: Number, year: int) -> Array:
    """The OAS recovery tax: 15% of net income (before this repayment) above the year's threshold, at most
    the OAS received."""
    t = account_tables()["oas"]
    thresholds = t["recovery_threshold"]
    if str(year) not in thresholds:
        raise PlanningInputError("year", f"no OAS recovery threshold for {year}; available: {', '.join(thresholds)}")
    net = np.asarray(net_income, dtype=np.float64)
    oas = np.asarray(oas_income, dtype=np.float64)
    return np.asarray(np.minimum(oas, t["recovery_tax_rate"] * np.maximum(net - thresholds[str(year)], 0.0)))


MARGINAL_KINDS = ("other_income", "eligible_dividends", "non_eligible_dividends", "capital_gains")


def marginal_rates(step: float = 100.0, **kwargs: Any) -> dict[str, float]:
    """Income tax (with the OAS recovery tax) on the next `step` dollars of each kind of income, as a fraction
    of those dollars: ordinary income, eligible and non-eligible dividends (the cash dividend) and capital
    gains (the whole gain)."""
    given_taxable = kwargs.get("taxable_income")
    kinds = ("taxable_income",) if given_taxable is not None else MARGINAL_KINDS
    bumps = {}
    for i, kind in enumerate(kinds):
        base = kwargs.get(kind, 0.0) or 0.0
        bumps[kind] = np.array([float(base)] * (len(kinds) + 1))
        bumps[kind][i + 1] += step
    taxes = compute_tax(**{**kwargs, **bumps}).total_tax
    rates = {kind: float((taxes[i + 1] - taxes[0]) / step) for i, kind in enumerate(kinds)}
    if given_taxable is not None:
        rates = {"other_income": rates["taxable_income"]}
    return rates


def marginal_rate(*, step: float = 100.0, **kwargs: Any) -> float:
    """Income tax on the next dollars of ordinary (non-employment) income, as a fraction."""
    return marginal_rates(step=step, **kwargs)["other_income"]


def rrsp_deduction_effect(*, employment_income: float, other_income: float = 0.0, deduction: float,
                          province: str, year: int) -> tuple[float, float]:
    """(income tax saved by deducting `deduction`, the average rate of that saving)."""
    if deduction <= 0:
        raise PlanningInputError("rrsp_deduction", "must be more than zero to measure its effect")
    taxes = compute_tax(employment_income=employment_income, other_income=other_income,
                        rrsp_deduction=np.array([0.0, deduction]), province=province, year=year).income_tax
    saved = float(taxes[0] - taxes[1])
    return saved, saved / deduction


@dataclass(frozen=True)
class PensionSplit:
    """The pension income one spouse elects to the other that keeps the couple's tax lowest."""

    transferor: str  # "a" or "b", or "" when splitting saves nothing
    amount: float
    tax_without: float
    tax_with: float

    @property
    def saving(self) -> float:
        return self.tax_without - self.tax_with


def best_pension_split(a: dict[str, Any], b: dict[str, Any], *, province_a: str, province_b: str, year: int,
                       step: float = 1.0, points: int = 2_001) -> PensionSplit:
    """Search the splits of up to half of either spouse's eligible pension income to the other for the lowest
    combined income tax and OAS recovery tax, to `step` dollars: `points` splits across the whole range, then the
    same number around each of the best few, narrowing until the spacing is `step`. `a` and `b` are keyword
    arguments of `compute_tax` without the province and year."""
    def couple_tax(out_a: Array, out_b: Array) -> Array:
        ta = compute_tax(**a, province=province_a, year=year, pension_split_out=out_a, pension_split_in=out_b)
        tb = compute_tax(**b, province=province_b, year=year, pension_split_out=out_b, pension_split_in=out_a)
        return np.asarray(ta.total_tax + tb.total_tax)

    base = float(couple_tax(np.array(0.0), np.array(0.0)))
    best = PensionSplit(transferor="", amount=0.0, tax_without=base, tax_with=base)
    for who, person in (("a", a), ("b", b)):
        most = float(person.get("pension_income", 0.0)) / 2
        if most <= 0:
            continue
        windows = [(0.0, most)]
        while windows:
            low, high = windows.pop()
            grid = np.unique(np.clip(np.round(np.linspace(low, high, points) / step) * step, 0.0, most))
            zeros = np.zeros_like(grid)
            taxes = couple_tax(grid, zeros) if who == "a" else couple_tax(zeros, grid)
            i = int(np.argmin(taxes))
            if taxes[i] < best.tax_with - 0.005:
                best = PensionSplit(transferor=who, amount=float(grid[i]), tax_without=base, tax_with=float(taxes[i]))
            spacing = (high - low) / (points - 1)
            if spacing > step:  # narrow in around the best few
                for j in np.argsort(taxes, kind="stable")[:3]:
                    windows.append((max(float(grid[j]) - spacing, 0.0), min(float(grid[j]) + spacing, most)))
    return best


def gross_for_take_home(take_home: float, *, province: str, year: int) -> float:
    """The yearly employment income whose pay after income tax, CPP/QPP, EI (and QPIP) is `take_home`: how a
    plan in gross terms reads the monthly take-home people know best. Found to the cent by bisection (take-home
    rises with gross income everywhere)."""
    check_non_negative("take_home", take_home)
    if take_home == 0:
        return 0.0

    def net(gross: float) -> float:
        b = compute_tax(employment_income=gross, province=province, year=year)
        return float(b.cash_income - b.total_deductions)

    low, high = take_home, take_home * 2.5 + 10_000
    while net(high) < take_home:
        high *= 2
    for _ in range(60):
        mid = (low + high) / 2
        if net(mid) < take_home:
            low = mid
        else:
            high = mid
        if high - low < 0.005:
            break
    return round(high, 2)
