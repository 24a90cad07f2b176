"""The household plan: one or two people, their own RRSP/RRIF, TFSA and FHSA and the household's shared savings,
year by year to the planning horizon, with Canadian tax, CPP, OAS, workplace pensions and RRIF minimums.

Everything is in today's dollars. Tax brackets and credits, the OAS recovery threshold, CPP, OAS and TFSA limits
all move with inflation (the rules index them), so a plan in today's dollars taxes every year with the latest
tables: nominal figures are never set against fixed thresholds. What does not move with inflation is carried
as such: a pension indexed to part of inflation loses value each year, and a non-registered account's cost base
is a nominal figure, so in today's dollars it shrinks with inflation and inflation itself becomes taxable gains.

A year: the people work (employment income, CPP, EI and income tax), or receive CPP, OAS and pensions; RRIF
minimums are withdrawn from the year after the RRSP converts (the year the owner turns 71). Spending is after tax:
a surplus is saved by the budget's split within each account's room (overflow to non-registered), a shortfall is
withdrawn (cash, then non-registered, then RRSPs and RRIFs, TFSAs last) until what is left after tax pays the
spending; couples split eligible pension income to even out their taxable incomes. Flows happen in the middle of
the year. A plan fails in the first year it cannot pay its spending.

The arithmetic runs on arrays of "lanes": one lane is one plan; many lanes are many retirement dates (to find the
financial-independence date) or many market paths (Monte Carlo), in one pass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import Literal

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from api.planning.canada import Province
from api.planning.errors import PlanningInputError
from api.planning.tables import account_tables, tax_year, tax_years
from api.planning.taxsystem import TaxSystem, clip, tax_system

Array = npt.NDArray[np.float64]
Dollars = Field(default=0.0, ge=0, le=1e15)
MAX_YEARS = 110
MAX_AGE = 110  # a person's age at the start of the plan
MAX_CPP_AT_65 = 1e6  # a monthly CPP at 65 from a statement
SOLVE_STEPS = 8  # Newton steps on the withdrawal; tax is piecewise linear, so a few reach the cent
CENT = 0.005


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Person(_Strict):
    """One adult of the household, in today's dollars."""

    name: str = Field(default="You", max_length=100)
    age: int = Field(ge=0, le=MAX_AGE, description="Age at the start of the plan")
    retirement_age: float | None = Field(default=None, ge=0, le=120,
                                         description="When employment income stops; none: at the horizon")
    employment_income: float = Field(default=0.0, ge=0, le=1e15, description="Gross yearly, before tax")
    income_growth: float = Field(default=0.0, ge=-0.5, le=0.5, description="Yearly raise above inflation")
    cpp_start_age: float = Field(default=65, ge=60, le=70)
    cpp_at_65: float | None = Field(default=None, ge=0, le=MAX_CPP_AT_65,
                                    description="Monthly CPP at 65 from a Service Canada statement; none: an "
                                                "estimate from employment income")
    oas_start_age: float = Field(default=65, ge=65, le=70)
    oas_residence_years: int = Field(default=40, ge=0, le=70, description="Years in Canada after 18")
    pension: float = Field(default=0.0, ge=0, le=1e15, description="Yearly workplace (DB) pension at its start")
    pension_start_age: float = Field(default=65, ge=40, le=75)
    pension_indexation: float = Field(default=1.0, ge=0, le=1, description="Share of inflation it is indexed to")
    rrsp: float = Field(default=0.0, ge=0, le=1e15, description="RRSP, RRIF and LIRA balances")
    tfsa: float = Dollars
    fhsa: float = Dollars
    tfsa_room: float | None = Field(default=None, ge=0, le=1e15,
                                    description="Unused TFSA room today; none: the cumulative limit since 18 less "
                                                "the balance")
    rrsp_room: float | None = Field(default=None, ge=0, le=1e15, description="Unused RRSP room today")
    death_age: float | None = Field(default=None, ge=0, le=120, description="none: alive to the horizon")


class PlanEvent(_Strict):
    """A dated change: yearly spending or employment income up or down from a date (until an end date), a
    one-off amount spent (positive) or received (negative), or a pause in saving (what would have been saved is
    spent instead; `amount` is ignored)."""

    kind: Literal["spending", "income", "one_off", "pause_saving"]
    start: date
    end: date | None = None
    amount: float = Field(ge=-1e15, le=1e15, description="Today's dollars; yearly for spending and income")
    person: int = Field(default=0, ge=0, le=1, description="Whose income (income events)")


class Mortgage(_Strict):
    """A mortgage the household's spending pays: the balance owed today, the contract rate (compounded twice a year,
    as Canadian fixed-rate mortgages are) and the monthly payment, a fixed number of dollars. The payment's worth
    falls with inflation until the mortgage is paid off, then leaves spending; the balance paid down adds to the
    home equity in net worth."""

    balance: float = Field(ge=0, le=1e15)
    rate: float = Field(default=0.05, ge=0, le=0.5, description="Yearly contract rate, a fraction")
    payment: float = Field(gt=0, le=1e12, description="Monthly payment (nominal)")
    in_spending: float | None = Field(default=None, ge=0, le=1e15,
                                      description="Yearly spending the payment accounts for today; none: 12 payments")


class HouseholdInputs(_Strict):
    start: date
    province: Province
    people: list[Person] = Field(min_length=1, max_length=2)
    non_registered: float = Dollars
    non_registered_cost: float | None = Field(default=None, ge=0, le=1e15,
                                              description="Adjusted cost base; none: the balance")
    cash: float = Dollars
    home_equity: float = Field(default=0.0, ge=-1e15, le=1e15, description="Real estate less its mortgages")
    other_assets: float = Field(default=0.0, ge=0, le=1e15, description="Money for others' goals (RESP, RDSP): in "
                                                                        "net worth, not spent by the plan")
    debts: float = Dollars
    spending: float = Field(ge=0, le=1e15, description="Yearly spending after tax while anyone works")
    other_net_income: float = Field(default=0.0, ge=0, le=1e15,
                                    description="Yearly income after tax besides employment (secondary, other) "
                                                "while anyone works")
    retirement_spending: float | None = Field(default=None, ge=0, le=1e15, description="Once everyone has retired")
    survivor_spending_share: float = Field(default=0.7, ge=0, le=1, description="Spending after a first death")
    split: dict[Literal["tfsa", "rrsp", "fhsa", "non_registered"], float] = Field(
        default_factory=lambda: {"tfsa": 50.0, "rrsp": 50.0},  # type: ignore[arg-type]
        description="The budget's split of savings, in percent")
    events: list[PlanEvent] = Field(default_factory=list, max_length=100)
    mortgages: list[Mortgage] = Field(default_factory=list, max_length=20)
    return_rate: float = Field(default=0.06, gt=-0.99, le=1, description="Nominal yearly return")
    inflation: float = Field(default=0.02, ge=-0.5, le=1)
    horizon_age: int = Field(default=95, ge=50, le=120, description="The plan runs until the youngest is this age")
    dividend_yield: float = Field(default=0.02, ge=0, le=0.2, description="Eligible dividends of non-registered "
                                                                            "savings each year (taxed)")
    pension_splitting: bool = True
    withdrawal_order: Literal["non_registered_first", "rrsp_first"] = Field(
        default="non_registered_first", description="After cash: non-registered savings before RRSPs/RRIFs (the "
                                                    "default), or RRSPs/RRIFs first; TFSAs always last")
    meltdown_income: float | None = Field(default=None, ge=0, le=1e15,
                                          description="RRSP meltdown: in retirement before CPP and OAS, withdraw "
                                                      "RRSP money until taxable income reaches this")
    tax_year: int | None = Field(default=None, description="Tables to use; default: the latest")


@dataclass
class Market:
    """Real (after-inflation) returns and inflation per year and lane: shape (years, lanes)."""

    real_return: Array
    inflation: Array


@dataclass
class LaneChoices:
    """Per lane: CPP and OAS start ages (for every adult; NaN keeps the saved age), the RRSP meltdown target
    (NaN: none) and the withdrawal order."""

    cpp_start_age: Array
    oas_start_age: Array
    meltdown_income: Array
    rrsp_first: Array | None = None  # 1: draw RRSPs/RRIFs before non-registered savings; NaN or None: as saved


@dataclass
class Lanes:
    """What the engine keeps per year and lane (shape (years, lanes)), and per person (persons, years, lanes)."""

    rrsp: Array
    tfsa: Array
    fhsa: Array
    non_registered: Array
    cash: Array
    investable: Array
    net_worth: Array
    spending: Array
    tax: Array
    oas_recovery: Array
    shortfall: Array
    employment: Array
    cpp: Array
    oas: Array
    pension: Array
    payroll: Array
    dividends: Array
    other_income: Array
    rrsp_withdrawal: Array
    non_registered_withdrawal: Array
    tfsa_withdrawal: Array
    cash_withdrawal: Array
    contributions: Array
    failed_year: npt.NDArray[np.int64]  # first year spending could not be paid; -1 if never
    estate: Array
    estate_tax: Array


def _years(inputs: HouseholdInputs) -> int:
    youngest = min(p.age for p in inputs.people)
    return max(min(inputs.horizon_age - youngest, MAX_YEARS), 1)


def _table_year(inputs: HouseholdInputs) -> int:
    if inputs.tax_year is not None:
        if inputs.tax_year not in tax_years():
            raise PlanningInputError("tax_year", f"no tax tables for {inputs.tax_year}; available: "
                                                 f"{', '.join(map(str, tax_years()))}")
        return inputs.tax_year
    usable = [y for y in tax_years() if y <= inputs.start.year] or tax_years()
    return max(usable)


def constant_market(inputs: HouseholdInputs, lanes: int = 1) -> Market:
    years = _years(inputs)
    real = (1 + inputs.return_rate) / (1 + inputs.inflation) - 1
    return Market(real_return=np.full((years, lanes), real), inflation=np.full((years, lanes), inputs.inflation))


def estimated_cpp_at_65(person: Person, year: int) -> float:
    """Monthly CPP at 65 from earnings: the maximum x the share of the YMPE earned x the share of 39 years of
    contributions (from 18 to the retirement age). Dropout provisions and enhanced-CPP accrual are ignored."""
    t = account_tables()["cpp"]
    maximum = float(t["max_monthly_at_65"][str(max(int(y) for y in t["max_monthly_at_65"] if int(y) <= year))])
    ympe = float(tax_year(year)["payroll"]["ympe"])
    stop = person.retirement_age if person.retirement_age is not None else 65
    years_in = max(min(stop, 65) - 18, 0)
    return maximum * min(person.employment_income / ympe, 1.0) * min(years_in / 39, 1.0)


def cpp_factor(start_age: float) -> float:
    t = account_tables()["cpp"]
    months = round(start_age * 12) - 65 * 12
    return float(1 + (t["late_increase_per_month"] * months if months > 0
                       else t["early_reduction_per_month"] * months))


def _tfsa_room_today(person: Person, start_year: int) -> float:
    if person.tfsa_room is not None:
        return person.tfsa_room
    t = account_tables()["tfsa"]
    first = max(t["first_year"], start_year - person.age + t["eligible_age"])
    cumulative = sum(float(v) for y, v in t["annual_limits"].items() if first <= int(y) <= start_year)
    return max(cumulative - person.tfsa, 0.0)


def _rrif_factor(age: Array) -> Array:
    factors = account_tables()["rrif"]["factors"]
    table = np.array([float(factors[str(a)]) for a in range(71, 96)])
    idx = np.minimum(np.maximum(age.astype(np.int64) - 71, 0), 24)
    return np.where(age >= 72, table[idx], 0.0)


def _mortgage_paths(inputs: HouseholdInputs, years: int) -> tuple[Array, Array, list[int | None]]:
    """Per plan year: the spending the mortgages no longer take (today's dollars: the fixed payment's loss of worth
    to inflation, then all of it once paid off), the home equity gained as their balances fall (today's dollars,
    the home's value held in today's dollars), and each mortgage's payoff month (None: not within the plan)."""
    drop, gain = np.zeros(years), np.zeros(years)
    payoffs: list[int | None] = []
    growth = 1 + inputs.inflation
    for loan in inputs.mortgages:
        monthly_rate = (1 + loan.rate / 2) ** (1 / 6) - 1
        share = min(12 * loan.payment, loan.in_spending if loan.in_spending is not None else 12 * loan.payment)
        balance, payoff = loan.balance, None
        for y in range(years):
            for m in range(12):
                if balance <= CENT:
                    break
                balance = max(balance * (1 + monthly_rate) - loan.payment, 0.0)
                if balance <= CENT and payoff is None:
                    payoff = y * 12 + m + 1
            paid_before = 0.0 if payoff is None else clip((y * 12 + 12 - payoff) / 12, 0.0, 1.0)
            eroded = 1 - growth ** -(y + 0.5)
            drop[y] += share * (paid_before + (1 - paid_before) * eroded)
            gain[y] += loan.balance - balance / growth ** (y + 1)
        payoffs.append(payoff)
    return drop, gain, payoffs


def mortgage_payoffs(inputs: HouseholdInputs) -> list[int | None]:
    """Each mortgage's payoff month from the start of the plan (None: not within the plan)."""
    return _mortgage_paths(inputs, _years(inputs))[2]


class Engine:
    """Runs a household plan over lanes. `retire_months` (one a lane) caps every person's retirement month (or,
    with `exact`, is every earner's retirement month: the FI search asks "what if everyone stopped then?");
    the market gives each lane its own returns and inflation."""

    def __init__(self, inputs: HouseholdInputs) -> None:
        self.inputs = inputs
        self._exact = False
        self._extra: Array | None = None
        self._rrsp_first: npt.NDArray[np.bool_] = np.zeros(1, dtype=bool)
        self.years = _years(inputs)
        self.table_year = _table_year(inputs)
        self.system: TaxSystem = tax_system(self.table_year, inputs.province)
        table = tax_year(self.table_year)
        self.payroll = table["payroll"]
        acc = account_tables()
        self.tfsa_limit = float(acc["tfsa"]["annual_limits"][str(max(int(y) for y in acc["tfsa"]["annual_limits"]
                                                                    if int(y) <= self.table_year))])
        rrsp_limits = acc["rrsp"]["dollar_limits"]
        self.rrsp_limit = float(rrsp_limits[str(max(int(y) for y in rrsp_limits if int(y) <= self.table_year))])
        self.fhsa = acc["fhsa"]
        oas = acc["oas"]
        oas_year = str(max(int(y) for y in oas["max_monthly"] if int(y) <= self.table_year))
        self.oas_max = (float(oas["max_monthly"][oas_year]["65_74"]) * 12,
                        float(oas["max_monthly"][oas_year]["75_plus"]) * 12)
        self.oas_threshold = float(oas["recovery_threshold"][oas_year])
        self.oas_rate = float(oas["recovery_tax_rate"])
        cpp_year = max(int(y) for y in acc["cpp"]["max_monthly_at_65"] if int(y) <= self.table_year)
        self.cpp_max = float(acc["cpp"]["max_monthly_at_65"][str(cpp_year)]) * 12
        self.cpp_monthly = [p.cpp_at_65 if p.cpp_at_65 is not None else estimated_cpp_at_65(p, cpp_year)
                            for p in inputs.people]
        total = sum(inputs.split.values())
        self.shares = {k: (v / total if total else float(k == "non_registered")) for k, v in inputs.split.items()}
        self.mortgage_drop, self.equity_gain, self.mortgage_payoffs = _mortgage_paths(inputs, self.years)

    # --- income of the year ------------------------------------------------------------------------------

    def _working_share(self, p: int, year: int, retire: Array) -> Array:
        """The share of `year` person `p` works (lanes may retire at different months)."""
        person = self.inputs.people[p]
        planned = (self.years * 12 + 12 if person.retirement_age is None
                   else max(round((person.retirement_age - person.age) * 12), 0))
        stop = retire if self._exact else np.minimum(retire, planned)
        return np.asarray(clip((stop - year * 12) / 12, 0.0, 1.0))

    def _event_amounts(self, year: int) -> tuple[float, list[float], float]:
        """(spending change, income change per person, one-off spending) in plan year `year`."""
        start = self.inputs.start
        spend, one_off, income = 0.0, 0.0, [0.0 for _ in self.inputs.people]
        for e in self.inputs.events:
            first = (e.start.year - start.year) * 12 + e.start.month - start.month
            last = 10**9 if e.end is None else (e.end.year - start.year) * 12 + e.end.month - start.month
            if e.kind == "one_off":
                if year * 12 <= first < year * 12 + 12:
                    one_off += e.amount
                continue
            if e.kind == "pause_saving":
                continue
            share = max(min(last, year * 12 + 12) - max(first, year * 12), 0) / 12
            if e.kind == "spending":
                spend += e.amount * share
            elif e.person < len(income):
                income[e.person] += e.amount * share
        return spend, income, one_off

    def _paused(self, year: int) -> float:
        """The share of plan year `year` in which saving is paused."""
        start = self.inputs.start
        share = 0.0
        for e in self.inputs.events:
            if e.kind != "pause_saving":
                continue
            first = (e.start.year - start.year) * 12 + e.start.month - start.month
            last = 10**9 if e.end is None else (e.end.year - start.year) * 12 + e.end.month - start.month
            share += max(min(last, year * 12 + 12) - max(first, year * 12), 0) / 12
        return min(share, 1.0)

    # --- tax -----------------------------------------------------------------------------------------------

    def _taxes(self, ordinary: Array, pension: Array, oas: Array, dividends: Array, gains: Array,
               deductions: Array, payroll: tuple[Array, Array, Array], employment: Array, ages: Array,
               split: bool) -> tuple[Array, Array]:
        """Income tax and OAS recovery tax of each person: arrays (persons, ...). `ordinary` excludes pension,
        OAS, dividends and gains; with `split`, eligible pension income moves from the higher to the lower
        taxable income, up to half of it, to even them out."""
        s = self.system
        gross = dividends * (1 + s.gross_up["eligible"])
        total = ordinary + pension + oas + gross + gains * s.inclusion
        before = np.maximum(total - deductions, 0.0)
        if split and before.shape[0] == 2:
            gap = (before[0] - before[1]) / 2
            move = np.where(gap > 0, np.minimum(gap, pension[0] / 2), -np.minimum(-gap, pension[1] / 2))
            delta = np.stack([-move, move])
            before = before + delta
            pension = pension + delta
        recovery = np.minimum(oas, self.oas_rate * np.maximum(before - self.oas_threshold, 0.0))
        net = np.maximum(before - recovery, 0.0)
        cpp_base, ei, qpip = payroll
        age_b = ages.reshape(ages.shape[0], *([1] * (net.ndim - 1)))
        federal, provincial = s.tax(net=net, eligible_pension=pension, grossed_eligible=gross, employment=employment,
                                    cpp_base=cpp_base, ei=ei, qpip=qpip, age=age_b)
        return federal + provincial, recovery

    def _payroll(self, employment: Array) -> tuple[Array, Array, Array, Array, Array]:
        """(employee CPP total, base part, deductible part, EI, QPIP) on employment income."""
        t, quebec = self.payroll, self.inputs.province == "QC"
        rate = t["qpp_rate"] if quebec else t["cpp_rate"]
        first = t.get("qpp_first_additional_rate", 0.01) if quebec else t["cpp_first_additional_rate"]
        cpp = rate * np.maximum(clip(employment, 0.0, t["ympe"]) - t["ybe"], 0.0)
        cpp2 = t["cpp2_rate"] * clip(employment - t["ympe"], 0.0, t["yampe"] - t["ympe"])
        enhanced = cpp * first / rate
        ei = (t["ei_rate_qc"] if quebec else t["ei_rate"]) * clip(employment, 0.0, t["ei_max_insurable"])
        qpip = (t.get("qpip_rate", 0.0) * clip(employment, 0.0, t.get("qpip_max_insurable", 0.0)) if quebec
                else np.zeros_like(employment))
        return cpp + cpp2, cpp - enhanced, enhanced + cpp2, ei, qpip

    # --- the run -------------------------------------------------------------------------------------------

    def run(self, retire_months: Array, market: Market, spending_scale: Array | None = None,
            choices: LaneChoices | None = None, exact: bool = False, extra_saving: Array | None = None) -> Lanes:
        """`spending_scale` (one a lane) multiplies the spending once everyone has retired; `choices` gives each
        lane its own CPP and OAS start ages and RRSP meltdown (the optimiser's); `exact`: every earner works
        until the lane's retirement month, whatever retirement age is saved; `extra_saving` (yearly, one a lane) is
        spent less, so saved, from the start until the lane's retirement month (the saving search's lanes)."""
        self._exact = exact
        self._extra = extra_saving
        people, years, lanes = self.inputs.people, self.years, retire_months.shape[0]
        if market.real_return.shape != (years, lanes):
            raise PlanningInputError("market", f"needs returns of shape ({years}, {lanes})")
        self._scale = np.ones(lanes) if spending_scale is None else spending_scale
        saved_cpp = np.array([[p.cpp_start_age] for p in people], dtype=np.float64)
        saved_oas = np.array([[p.oas_start_age] for p in people], dtype=np.float64)
        melt = np.nan if self.inputs.meltdown_income is None else self.inputs.meltdown_income
        self._cpp_start = np.broadcast_to(saved_cpp, (len(people), lanes)).copy()
        self._oas_start = np.broadcast_to(saved_oas, (len(people), lanes)).copy()
        self._melt = np.full(lanes, melt, dtype=np.float64)
        self._rrsp_first = np.full(lanes, self.inputs.withdrawal_order == "rrsp_first")
        if choices is not None and choices.rrsp_first is not None:
            self._rrsp_first = np.where(np.isnan(choices.rrsp_first), self._rrsp_first, choices.rrsp_first == 1)
        if choices is not None:
            self._cpp_start = np.where(np.isnan(choices.cpp_start_age), self._cpp_start, choices.cpp_start_age)
            self._oas_start = np.where(np.isnan(choices.oas_start_age), self._oas_start, choices.oas_start_age)
            self._melt = choices.meltdown_income
        state = _State.start(self, lanes)
        out = {k: np.zeros((years, lanes)) for k in YEARLY}
        failed = np.full(lanes, -1, dtype=np.int64)
        for y in range(years):
            row = self._year(state, y, retire_months, market.real_return[y], market.inflation[y])
            short = row["shortfall"]
            failed = np.where((short > np.maximum(1.0, 0.001 * row["spending"])) & (failed < 0), y, failed)
            for key in YEARLY:
                out[key][y] = row[key]
            state.pension_value = state.pension_value * np.array(
                [(1 + p.pension_indexation * self.inputs.inflation) / (1 + self.inputs.inflation) for p in people])
        estate, estate_tax = self._estate(state)
        return Lanes(**out, failed_year=failed, estate=estate, estate_tax=estate_tax)

    def _year(self, st: _State, y: int, retire: Array, growth: Array, inflation: Array) -> dict[str, Array]:
        """One plan year for every lane: incomes, tax, saving or drawing, then growth. Updates `st`."""
        inputs, people = self.inputs, self.inputs.people
        n, lanes = len(people), retire.shape[0]
        ages = np.array([p.age + y for p in people], dtype=np.float64)
        alive = np.array([p.death_age is None or y < p.death_age - p.age for p in people])
        work = np.stack([self._working_share(i, y, retire) * alive[i] for i in range(n)])
        spend_change, income_change, one_off = self._event_amounts(y)
        salary = np.array([p.employment_income * (1 + p.income_growth) ** y for p in people])
        employment = np.maximum(work * (salary + np.array(income_change))[:, None], 0.0)
        payroll_total, cpp_base, cpp_deduct, ei, qpip = self._payroll(employment)
        cpp, oas, pension = self._benefits(st, y, ages, alive, lanes)
        forced_min = _rrif_factor(ages)[:, None] * st.rrsp  # RRIF minimums from the year after 71
        everyone_retired = work.sum(axis=0) == 0
        base = inputs.retirement_spending if inputs.retirement_spending is not None else inputs.spending
        spending = (np.where(everyone_retired, base * self._scale, inputs.spending) + spend_change + one_off
                    - self.mortgage_drop[y])
        if self._extra is not None:
            spending = spending - self._extra * clip((retire - y * 12) / 12, 0.0, 1.0)
        if n == 2 and not alive.all():
            spending = spending * inputs.survivor_spending_share
        spending = np.maximum(spending, 0.0)
        dividends_total = st.nonreg * inputs.dividend_yield
        joint = alive / max(int(alive.sum()), 1)
        dividends = joint[:, None] * dividends_total
        melt = self._meltdown(st, ages, alive, work, employment, pension, dividends, forced_min)
        forced = np.minimum(forced_min + melt, st.rrsp)
        older = (ages >= 65)[:, None]
        tax = _YearTax(self, ordinary=employment + cpp + np.where(older, 0.0, forced),
                       eligible=pension + np.where(older, forced, 0.0), oas=oas, dividends=dividends, joint=joint,
                       deductions=cpp_deduct, payroll=(cpp_base, ei, qpip), employment=employment, ages=ages,
                       split=inputs.pension_splitting and n == 2 and bool(alive.all()))
        cash_in = (employment - payroll_total + cpp + oas + pension + forced).sum(axis=0) + dividends_total \
            + np.where(everyone_retired, 0.0, inputs.other_net_income)
        zero = np.zeros((n, lanes))
        tax0, rec0 = tax(zero, np.zeros(lanes), zero)
        surplus = cash_in - tax0 - rec0 - spending
        paused = self._paused(y)
        if paused > 0:  # what would have been saved is spent
            spending = spending + paused * np.maximum(surplus, 0.0)
            surplus = cash_in - tax0 - rec0 - spending
        saved = self._save(st, tax, surplus, cash_in, spending, employment, ages, alive, tax0, rec0)
        drawn = self._draw(st, tax, np.maximum(-surplus, 0.0), forced, tax0, rec0)
        tax_paid = np.where(surplus >= 0, saved["tax"], drawn["tax"])
        recovery = np.where(surplus >= 0, saved["recovery"], drawn["recovery"])
        self._grow(st, y, growth, inflation, forced, saved, drawn, alive, employment)
        investable = st.rrsp.sum(axis=0) + st.tfsa.sum(axis=0) + st.fhsa.sum(axis=0) + st.nonreg + st.cash
        return {
            "rrsp": st.rrsp.sum(axis=0), "tfsa": st.tfsa.sum(axis=0), "fhsa": st.fhsa.sum(axis=0),
            "non_registered": st.nonreg.copy(), "cash": st.cash.copy(), "investable": investable,
            "net_worth": investable + inputs.home_equity + self.equity_gain[y] + inputs.other_assets - inputs.debts,
            "spending": spending,
            "tax": tax_paid,
            "oas_recovery": recovery, "payroll": payroll_total.sum(axis=0), "shortfall": drawn["short"],
            "employment": employment.sum(axis=0), "cpp": cpp.sum(axis=0), "oas": oas.sum(axis=0),
            "pension": pension.sum(axis=0), "dividends": dividends_total,
            "other_income": np.where(everyone_retired, 0.0, inputs.other_net_income),
            "rrsp_withdrawal": forced.sum(axis=0) + drawn["rrsp"], "non_registered_withdrawal": drawn["nonreg"],
            "tfsa_withdrawal": drawn["tfsa"], "cash_withdrawal": drawn["cash"], "contributions": saved["total"],
        }

    def _benefits(self, st: _State, y: int, ages: Array, alive: npt.NDArray[np.bool_], lanes: int
                  ) -> tuple[Array, Array, Array]:
        """CPP, OAS and workplace pensions of the year, per person (today's dollars: CPP and OAS are indexed);
        a survivor gets 60% of the late spouse's CPP (within the maximum) and of a workplace pension. CPP and OAS
        start ages may differ by lane (the optimiser's choices)."""
        people = self.inputs.people
        n = len(people)
        cpp, oas, pension = np.zeros((n, lanes)), np.zeros((n, lanes)), np.zeros((n, lanes))
        t = account_tables()
        deferral_rate = t["oas"]["deferral_increase_per_month"]
        cpp_start, oas_start = self._cpp_start, self._oas_start
        months = np.round(cpp_start * 12) - 65 * 12
        factor = 1 + np.where(months > 0, t["cpp"]["late_increase_per_month"] * months,
                              t["cpp"]["early_reduction_per_month"] * months)
        for i, p in enumerate(people):
            if not alive[i]:
                continue
            cpp[i] = self.cpp_monthly[i] * 12 * factor[i] * clip(ages[i] + 1 - cpp_start[i], 0.0, 1.0)
            if p.oas_residence_years >= 10:
                deferral = 1 + deferral_rate * np.round((oas_start[i] - 65) * 12)
                full = self.oas_max[1] if ages[i] >= 75 else self.oas_max[0]
                oas[i] = full * deferral * min(p.oas_residence_years, 40) / 40 * clip(
                    ages[i] + 1 - oas_start[i], 0.0, 1.0)
            if ages[i] >= p.pension_start_age:
                pension[i] = st.pension_value[i]
        if n == 2 and not alive.all() and alive.any():
            dead, living = (0, 1) if not alive[0] else (1, 0)
            late = people[dead]
            entitled = (ages[dead] >= cpp_start[dead]) | (ages[living] >= 65)
            survivor = 0.6 * self.cpp_monthly[dead] * 12 * factor[dead] * entitled
            cpp[living] = np.minimum(cpp[living] + survivor, self.cpp_max)
            pension[living] += 0.6 * st.pension_value[dead] * (ages[dead] >= late.pension_start_age)
        return cpp, oas, pension

    def _meltdown(self, st: _State, ages: Array, alive: npt.NDArray[np.bool_], work: Array, employment: Array,
                  pension: Array, dividends: Array, forced_min: Array) -> Array:
        """RRSP money drawn, once retired and before CPP and OAS start, up to the meltdown taxable income (per
        lane; NaN: no meltdown)."""
        melt = np.zeros_like(st.rrsp)
        target = self._melt
        if np.all(np.isnan(target)):
            return melt
        for i in range(len(self.inputs.people)):
            before = alive[i] & (ages[i] < np.minimum(self._cpp_start[i], self._oas_start[i])) & ~np.isnan(target)
            if not np.any(before):
                continue
            room = np.maximum(np.nan_to_num(target) - employment[i] - pension[i]
                              - dividends[i] * (1 + self.system.gross_up["eligible"]), 0.0)
            melt[i] = np.where(before & (work[i] == 0), np.minimum(room, np.maximum(st.rrsp[i] - forced_min[i], 0.0)),
                               0.0)
        return melt

    def _save(self, st: _State, tax: _YearTax, surplus: Array, cash_in: Array, spending: Array,
              employment: Array, ages: Array, alive: npt.NDArray[np.bool_], tax0: Array, rec0: Array
              ) -> dict[str, Array]:
        """A surplus saved by the budget's split within each account's room, the rest non-registered; RRSP
        contributions are deducted, so the saving is worked out again with the lower tax."""
        n, lanes = st.rrsp.shape
        zero = np.zeros((n, lanes))
        saving = np.maximum(surplus, 0.0)
        result = {"tfsa": zero, "rrsp": zero, "fhsa": zero, "nonreg": np.zeros(lanes), "tax": tax0,
                  "recovery": rec0, "total": np.zeros(lanes)}
        if not np.any(saving > 0):
            return result
        total_employment = employment.sum(axis=0)
        weight = np.where(total_employment > 0, employment / np.maximum(total_employment, 1e-9),
                          (alive / max(int(alive.sum()), 1))[:, None])
        rrsp_c = zero
        tax_c, rec_c = tax0, rec0
        rounds = 2 if self.shares.get("rrsp", 0.0) > 0 and np.any(st.rrsp_room > 0) else 1
        for _ in range(rounds):
            rrsp_c = np.where((ages < 72)[:, None], np.minimum(saving * self.shares.get("rrsp", 0.0) * weight,
                                                               st.rrsp_room), 0.0)
            tax_c, rec_c = tax(zero, np.zeros(lanes), rrsp_c)
            saving = np.where(surplus > 0, np.maximum(cash_in - tax_c - rec_c - spending, 0.0), 0.0)
        tfsa_c = np.minimum(saving * self.shares.get("tfsa", 0.0) * weight, st.tfsa_room)
        cap = np.minimum(float(self.fhsa["annual_limit"]), np.maximum(float(self.fhsa["lifetime_limit"])
                                                                      - st.fhsa_life, 0.0))
        fhsa_c = np.minimum(saving * self.shares.get("fhsa", 0.0) * weight, cap)
        nonreg_c = np.maximum(saving - rrsp_c.sum(axis=0) - tfsa_c.sum(axis=0) - fhsa_c.sum(axis=0), 0.0)
        on = surplus > 0
        return {"tfsa": tfsa_c * on, "rrsp": rrsp_c * on, "fhsa": fhsa_c * on, "nonreg": nonreg_c * on,
                "tax": np.where(on, tax_c, tax0), "recovery": np.where(on, rec_c, rec0),
                "total": saving * on}

    def _draw(self, st: _State, tax: _YearTax, need: Array, forced: Array, tax0: Array, rec0: Array
              ) -> dict[str, Array]:
        """A shortfall drawn from cash, then non-registered, then RRSPs/RRIFs (or RRSPs/RRIFs before non-registered,
        the lane's order), then TFSAs, grossed up for the tax the withdrawal itself costs (Newton's method on the
        amount: tax is piecewise linear)."""
        n, lanes = st.rrsp.shape
        zero = np.zeros((n, lanes))
        from_cash = np.minimum(need, st.cash)
        need = need - from_cash
        gain_share = np.where(st.nonreg > 0, clip(1 - st.cost / np.maximum(st.nonreg, 1e-9), 0.0, 1.0), 0.0)
        rrsp_left = np.maximum(st.rrsp - forced, 0.0)
        rrsp_total = rrsp_left.sum(axis=0)
        rrsp_weight = rrsp_left / np.maximum(rrsp_total, 1e-9)
        tfsa_total = st.tfsa.sum(axis=0)
        result = {"cash": from_cash, "nonreg": np.zeros(lanes), "rrsp": np.zeros(lanes), "tfsa": np.zeros(lanes),
                  "rrsp_split": zero, "tax": tax0, "recovery": rec0, "short": np.zeros(lanes)}
        if not np.any(need > CENT):
            return result

        def allocate(gross: Array, on: npt.NDArray[np.intp] | None = None) -> tuple[Array, Array, Array]:
            nonreg, rrsp_cap, tfsa_cap, rrsp_first = ((st.nonreg, rrsp_total, tfsa_total, self._rrsp_first)
                                                      if on is None else (st.nonreg[on], rrsp_total[on],
                                                                          tfsa_total[on], self._rrsp_first[on]))
            nonreg_then = np.minimum(gross, nonreg)
            rrsp_then = np.minimum(gross, rrsp_cap)
            from_nonreg = np.where(rrsp_first, np.minimum(gross - rrsp_then, nonreg), nonreg_then)
            from_rrsp = np.where(rrsp_first, rrsp_then, np.minimum(gross - nonreg_then, rrsp_cap))
            return from_nonreg, from_rrsp, np.minimum(gross - from_nonreg - from_rrsp, tfsa_cap)

        def after_tax(gross: Array, on: npt.NDArray[np.intp] | None = None) -> tuple[Array, Array, Array]:
            """After-tax money, tax and OAS recovery at `gross` (for the lanes `on`; all by default)."""
            from_nonreg, from_rrsp, from_tfsa = allocate(gross, on)
            weight, share, lane_tax = ((rrsp_weight, gain_share, tax) if on is None
                                       else (rrsp_weight[:, on], gain_share[on], tax.lanes(on)))
            base = tax0 + rec0 if on is None else (tax0 + rec0)[on]
            tax_w, rec_w = lane_tax(from_rrsp * weight, from_nonreg * share, np.zeros_like(weight))
            return from_nonreg + from_rrsp + from_tfsa - (tax_w + rec_w - base), tax_w, rec_w

        # Secant steps from last year's gross-up (the tax on a withdrawal changes little from one year to the
        # next, so the first guess is usually within a bracket of the answer and one or two steps reach the cent),
        # each on the lanes not yet there.
        gross = np.maximum(need * st.draw_ratio, need)
        got, tax_w, rec_w = after_tax(gross)
        slope = st.draw_slope.copy()
        before_g, before_got = gross.copy(), got.copy()
        for step in range(SOLVE_STEPS):
            on = np.flatnonzero(np.abs(need - got) >= CENT / 5)
            if on.size == 0:
                break
            g, now = gross[on], got[on]
            if step:
                moved = g - before_g[on]
                slope[on] = np.where(np.abs(moved) > 1e-6, (now - before_got[on]) / np.where(moved == 0, 1.0, moved),
                                     slope[on])
            slope[on] = clip(slope[on], 0.05, 1.0)
            before_g[on], before_got[on] = g, now
            gross[on] = np.maximum(g + (need[on] - now) / slope[on], 0.0)
            got[on], tax_w[on], rec_w[on] = after_tax(gross[on], on)
        settled = (need > CENT) & (np.abs(need - got) < 1.0)
        st.draw_ratio = np.where(settled, gross / np.maximum(need, CENT), st.draw_ratio)
        st.draw_slope = np.where(settled, slope, st.draw_slope)
        drawing = need > CENT
        gross = np.where(drawing, gross, 0.0)
        from_nonreg, from_rrsp, from_tfsa = allocate(gross)
        return {"cash": from_cash, "nonreg": from_nonreg, "rrsp": from_rrsp, "tfsa": from_tfsa,
                "rrsp_split": from_rrsp * rrsp_weight, "tax": np.where(drawing, tax_w, tax0),
                "recovery": np.where(drawing, rec_w, rec0), "short": np.where(drawing, np.maximum(need - got, 0.0),
                                                                              0.0)}

    def _grow(self, st: _State, y: int, growth: Array, inflation: Array, forced: Array, saved: dict[str, Array],
              drawn: dict[str, Array], alive: npt.NDArray[np.bool_], employment: Array) -> None:
        """The year's flows in mid-year, then its growth (today's dollars); room for next year; rollovers."""
        half = np.sqrt(1 + growth)
        tfsa_total = st.tfsa.sum(axis=0)
        tfsa_draw = drawn["tfsa"] * np.where(tfsa_total > 0, st.tfsa / np.maximum(tfsa_total, 1e-9), 0.0)
        sold_cost = np.where(st.nonreg > 0, drawn["nonreg"] * st.cost / np.maximum(st.nonreg, 1e-9), 0.0)
        st.rrsp = (st.rrsp - forced) * (1 + growth) + (saved["rrsp"] - drawn["rrsp_split"]) * half
        st.tfsa = st.tfsa * (1 + growth) + (saved["tfsa"] - tfsa_draw) * half
        st.fhsa = st.fhsa * (1 + growth) + saved["fhsa"] * half
        st.nonreg = st.nonreg * (1 + growth - self.inputs.dividend_yield) + (saved["nonreg"] - drawn["nonreg"]) * half
        # The cost base is nominal: in today's dollars it shrinks with inflation. Cash earns nothing real.
        st.cost = (st.cost - sold_cost + saved["nonreg"]) / (1 + inflation)
        st.cash = (st.cash - drawn["cash"]) / (1 + inflation)
        st.fhsa_life = st.fhsa_life + saved["fhsa"]
        st.tfsa_room = st.tfsa_room - saved["tfsa"] + st.restored + self.tfsa_limit * alive[:, None]
        st.restored = tfsa_draw  # withdrawals come back as room next January
        st.rrsp_room = st.rrsp_room - saved["rrsp"] + np.minimum(0.18 * employment, self.rrsp_limit)
        for i, p in enumerate(self.inputs.people):
            if y + 1 == st.fhsa_end[i]:  # unused FHSA money moves to the RRSP when the account must close
                st.rrsp[i] += st.fhsa[i]
                st.fhsa[i] = 0.0
            if len(self.inputs.people) == 2 and p.death_age is not None and y + 1 == math.ceil(p.death_age - p.age):
                other = 1 - i  # registered accounts roll over to the survivor
                st.rrsp[other] += st.rrsp[i]
                st.tfsa[other] += st.tfsa[i] + st.fhsa[i]
                st.rrsp[i] = 0.0
                st.tfsa[i] = 0.0
                st.fhsa[i] = 0.0

    def _estate(self, st: _State) -> tuple[Array, Array]:
        """(what is left at the horizon after the tax at the last death, that tax): the RRIF counts as income of
        that year and the non-registered gains are realized."""
        gains = np.maximum(st.nonreg - st.cost, 0.0) * self.system.inclusion
        income = st.rrsp.sum(axis=0) + gains
        federal, provincial = self.system.tax(net=income, age=np.full(income.shape, 95))
        tax = np.asarray(federal + provincial)
        return np.asarray(st.rrsp.sum(axis=0) + st.tfsa.sum(axis=0) + st.fhsa.sum(axis=0) + st.nonreg + st.cash
                          - tax), tax


YEARLY = ("rrsp", "tfsa", "fhsa", "non_registered", "cash", "investable", "net_worth", "spending", "tax",
          "oas_recovery", "payroll", "shortfall", "employment", "cpp", "oas", "pension", "dividends", "other_income",
          "rrsp_withdrawal", "non_registered_withdrawal", "tfsa_withdrawal", "cash_withdrawal", "contributions")


@dataclass
class _State:
    """The balances, cost base and room every lane carries from one year to the next (persons x lanes)."""

    rrsp: Array
    tfsa: Array
    fhsa: Array
    fhsa_life: Array
    tfsa_room: Array
    rrsp_room: Array
    restored: Array
    nonreg: Array
    cost: Array
    cash: Array
    pension_value: Array
    fhsa_end: list[int]
    draw_ratio: Array  # last year's gross withdrawal over what it netted: the first guess of the next
    draw_slope: Array  # after-tax money per dollar withdrawn at the margin, last year

    @classmethod
    def start(cls, engine: Engine, lanes: int) -> _State:
        inputs, people = engine.inputs, engine.inputs.people

        def each(values: list[float]) -> Array:
            return np.repeat(np.array(values, dtype=np.float64)[:, None], lanes, axis=1)

        fhsa = each([p.fhsa for p in people])
        return cls(
            rrsp=each([p.rrsp for p in people]), tfsa=each([p.tfsa for p in people]), fhsa=fhsa,
            fhsa_life=fhsa.copy(), tfsa_room=each([_tfsa_room_today(p, inputs.start.year) for p in people]),
            rrsp_room=each([p.rrsp_room if p.rrsp_room is not None else min(0.18 * p.employment_income,
                                                                            engine.rrsp_limit) for p in people]),
            restored=each([0.0 for _ in people]), nonreg=np.full(lanes, inputs.non_registered),
            cost=np.full(lanes, inputs.non_registered if inputs.non_registered_cost is None
                         else inputs.non_registered_cost),
            cash=np.full(lanes, inputs.cash), pension_value=np.array([p.pension for p in people], dtype=np.float64),
            fhsa_end=[min(int(engine.fhsa["max_participation_years"]), max(int(engine.fhsa["max_age"]) - p.age, 0))
                      for p in people],
            draw_ratio=np.ones(lanes), draw_slope=np.full(lanes, 0.7))


class _YearTax:
    """The household's income tax and OAS recovery tax in one year for extra RRSP withdrawals (per person),
    realized capital gains (joint) and RRSP deductions (per person)."""

    def __init__(self, engine: Engine, *, ordinary: Array, eligible: Array, oas: Array, dividends: Array,
                 joint: Array, deductions: Array, payroll: tuple[Array, Array, Array], employment: Array,
                 ages: Array, split: bool) -> None:
        self.engine, self.ordinary, self.eligible, self.oas, self.dividends = engine, ordinary, eligible, oas, dividends
        self.joint, self.deductions, self.payroll, self.employment = joint, deductions, payroll, employment
        self.ages, self.split = ages, split
        self.older = (ages >= 65)[:, None]

    def lanes(self, on: npt.NDArray[np.intp]) -> _YearTax:
        """The same year's tax for the lanes `on` only."""
        def pick(x: Array) -> Array:
            return x[:, on]
        return _YearTax(self.engine, ordinary=pick(self.ordinary), eligible=pick(self.eligible), oas=pick(self.oas),
                        dividends=pick(self.dividends), joint=self.joint, deductions=pick(self.deductions),
                        payroll=(pick(self.payroll[0]), pick(self.payroll[1]), pick(self.payroll[2])),
                        employment=pick(self.employment), ages=self.ages, split=self.split)

    def __call__(self, extra_rrsp: Array, gains: Array, rrsp_deduction: Array) -> tuple[Array, Array]:
        eligible_draw = np.where(self.older, extra_rrsp, 0.0)
        tax, recovery = self.engine._taxes(
            self.ordinary + extra_rrsp - eligible_draw, self.eligible + eligible_draw, self.oas, self.dividends,
            gains * self.joint[:, None], self.deductions + rrsp_deduction, self.payroll, self.employment,
            self.ages, self.split)
        return tax.sum(axis=0), recovery.sum(axis=0)


@dataclass(frozen=True)
class FiResult:
    month: int | None  # months from the start when the household could stop working for good
    portfolio: float | None  # investable savings needed then (today's dollars)


def find_fi(engine: Engine, market: Market | None = None) -> FiResult:
    """The earliest month from which the plan pays the household's spending, after tax, to the horizon, if
    every earner stopped working then: every year tried at once, then every month of the first year that works."""
    years = engine.years
    yearly = np.arange(0, years * 12 + 1, 12, dtype=np.float64)
    lanes = yearly.size
    m = market or constant_market(engine.inputs, lanes)
    if m.real_return.shape[1] != lanes:
        m = Market(np.repeat(m.real_return[:, :1], lanes, axis=1), np.repeat(m.inflation[:, :1], lanes, axis=1))
    coarse = engine.run(yearly, m, exact=True)
    ok = np.flatnonzero(coarse.failed_year < 0)
    if ok.size == 0:
        return FiResult(month=None, portfolio=None)
    first = int(ok[0])
    if first == 0:
        return FiResult(month=0, portfolio=float(engine.inputs.cash + engine.inputs.non_registered + sum(
            p.rrsp + p.tfsa + p.fhsa for p in engine.inputs.people)))
    months = np.arange((first - 1) * 12 + 1, first * 12 + 1, dtype=np.float64)
    fine_market = Market(np.repeat(m.real_return[:, :1], months.size, axis=1),
                         np.repeat(m.inflation[:, :1], months.size, axis=1))
    fine = engine.run(months, fine_market, exact=True)
    good = np.flatnonzero(fine.failed_year < 0)
    month = int(months[good[0]]) if good.size else first * 12
    # Investable savings at the FI month: between the year ends around it, on the lane that works to the end of
    # that year (its history up to the FI month is the FI lane's).
    inputs = engine.inputs
    before = (float(inputs.cash + inputs.non_registered + sum(p.rrsp + p.tfsa + p.fhsa for p in inputs.people))
              if first < 2 else float(coarse.investable[first - 2, first]))
    after = float(coarse.investable[first - 1, first])
    share = (month - (first - 1) * 12) / 12
    portfolio = before + (after - before) * share
    return FiResult(month=month, portfolio=portfolio)
