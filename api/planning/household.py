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
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from api.planning import months, yearkernels
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


def _grid(x: Array, shape: tuple[int, ...]) -> Array:
    """`x` spread to `shape` as a contiguous float array: what the compiled year kernels take (one array layout,
    so each kernel is compiled once; the Monte Carlo's shared schedule hands out views that repeat one lane)."""
    return np.ascontiguousarray(x if x.shape == shape else np.broadcast_to(x, shape), dtype=np.float64)


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
    """A dated change: yearly spending up or down from a date (until an end date); a change in a person's pay while
    they work (`income`: a raise, a pay cut, a new job; it ends when they retire); pay for work of its own
    (`earnings`: part-time work or a side business, paid from its start to its end whether or not the person has
    retired); a one-off amount spent (positive) or received (negative); or a pause in saving (what would have been
    saved is spent instead; `amount` is ignored)."""

    kind: Literal["spending", "income", "earnings", "one_off", "pause_saving"]
    start: date
    end: date | None = None
    amount: float = Field(ge=-1e15, le=1e15, description="Today's dollars; yearly for spending and income")
    person: int = Field(default=0, ge=0, le=1, description="Whose pay (income and earnings events)")
    label: str | None = Field(default=None, max_length=200, description="What it is (the future plan's description)")


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
    rental_income: float = Field(default=0.0, ge=0, le=1e15,
                                 description="Yearly net rental income before tax (rents less the properties' own "
                                             "costs), shared by the adults and taxed as theirs, to the horizon")
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
    rental_income: Array
    rrsp_withdrawal: Array
    non_registered_withdrawal: Array
    tfsa_withdrawal: Array
    cash_withdrawal: Array
    contributions: Array
    failed_year: npt.NDArray[np.int64]  # first year spending could not be paid; -1 if never
    estate: Array
    estate_tax: Array
    months: dict[str, Array] | None = None  # with `run(..., months=True)`: MONTHLY series, (years * 12, lanes)


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


def _rrif_table() -> Array:
    factors = account_tables()["rrif"]["factors"]
    return np.array([float(factors[str(a)]) for a in range(71, 96)])


def _rrif_factor(age: Array, table: Array) -> Array:
    idx = np.minimum(np.maximum(age.astype(np.int64) - 71, 0), 24)
    return np.where(age >= 72, table[idx], 0.0)


def _event_months(inputs: HouseholdInputs, years: int) -> months.EventMonths:
    """The future plans month by month: a yearly change counts a twelfth in each month from its start month until
    its end month, a one-off in its month, a pause in each month it covers."""
    total = years * 12
    spend, one_off, pause = np.zeros(total), np.zeros(total), np.zeros(total)
    income = np.zeros((len(inputs.people), total))
    earnings = np.zeros((len(inputs.people), total))
    jobs: list[tuple[int, int, int, float]] = []
    start = inputs.start
    for e in inputs.events:
        first = (e.start.year - start.year) * 12 + e.start.month - start.month
        last = total if e.end is None else (e.end.year - start.year) * 12 + e.end.month - start.month
        lo, hi = min(max(first, 0), total), min(max(last, 0), total)
        if e.kind == "one_off":
            if 0 <= first < total:
                one_off[first] += e.amount
        elif e.kind == "pause_saving":
            pause[lo:hi] += 1.0
        elif e.kind == "spending":
            spend[lo:hi] += e.amount / 12
        elif e.person < len(inputs.people):
            (earnings if e.kind == "earnings" else income)[e.person, lo:hi] += e.amount / 12
            if e.kind == "earnings" and hi > lo:
                jobs.append((e.person, lo, hi, max(e.amount, 0.0) / 12))
    shaped = [a.reshape(years, 12) for a in (spend, one_off, np.minimum(pause, 1.0))]
    by_person = income.reshape(len(inputs.people), years, 12)
    earned = np.maximum(earnings, 0.0).reshape(len(inputs.people), years, 12)

    def flat(a: Array) -> npt.NDArray[np.bool_]:
        return np.asarray(np.ptp(a, axis=-1) == 0)

    even = (flat(shaped[0]) & ~np.any(shaped[1] != 0, axis=1) & flat(shaped[2]) & np.all(flat(by_person), axis=0)
            & np.all(flat(earned), axis=0))
    return months.EventMonths(spend=shaped[0], income=by_person, earnings=earned, one_off=shaped[1],
                              pause=shaped[2], even=even, jobs=tuple(jobs))


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
        self.events = _event_months(inputs, self.years)
        self._rrif = _rrif_table()
        self._cpp_late, self._cpp_early = (float(acc["cpp"]["late_increase_per_month"]),
                                           float(acc["cpp"]["early_reduction_per_month"]))
        self._oas_deferral = float(oas["deferral_increase_per_month"])
        self._record: list[_YearNote] | None = None

    # --- income of the year ------------------------------------------------------------------------------

    # --- tax -----------------------------------------------------------------------------------------------

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
            choices: LaneChoices | None = None, exact: bool = False, extra_saving: Array | None = None,
            by_month: bool = False) -> Lanes:
        """`spending_scale` (one a lane) multiplies the spending once everyone has retired; `choices` gives each
        lane its own CPP and OAS start ages and RRSP meltdown (the optimiser's); `exact`: every earner works
        until the lane's retirement month, whatever retirement age is saved; `extra_saving` (yearly, one a lane) is
        spent less, so saved, from the start until the lane's retirement month (the saving search's lanes);
        `by_month`: also the MONTHLY series (`Lanes.months`), whose sums are the yearly figures."""
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
        self._record = [] if by_month else None
        plan = self._shared_schedule(retire_months, market)
        state = _State.start(self, lanes)
        out = {k: np.zeros((years, lanes)) for k in YEARLY}
        failed = np.full(lanes, -1, dtype=np.int64)
        for y in range(years):
            row = self._year(state, plan, y, market.real_return[y], market.inflation[y])
            short = row["shortfall"]
            failed = np.where((short > np.maximum(1.0, 0.001 * row["spending"])) & (failed < 0), y, failed)
            for key in YEARLY:
                out[key][y] = row[key]
        estate, estate_tax = self._estate(state)
        monthly = None if self._record is None else self._month_series(self._record, out)
        self._record = None
        return Lanes(**out, failed_year=failed, estate=estate, estate_tax=estate_tax, months=monthly)

    def _year(self, st: _State, plan: _Schedule, y: int, growth: Array, inflation: Array) -> dict[str, Array]:
        """One plan year for every lane: incomes, tax, saving or drawing, then growth. Updates `st`.

        Tax, saving and drawing are settled for the year; each flow is placed in its months (`months`): pay in
        the months worked, CPP and OAS from their start month, one-offs in their month, a surplus saved in the
        months that have one and a shortfall drawn in the months that lack one. A year in which nothing changes
        spreads every flow evenly, in closed form."""
        inputs, people, ev = self.inputs, self.inputs.people, self.events
        n, lanes = len(people), st.nonreg.shape[0]
        ages, alive, work = plan.ages[y], plan.alive[y], plan.work[y]
        cpp, oas, pension, started = plan.cpp[y], plan.oas[y], plan.pension[y], plan.started[y]
        by_month = bool(plan.by_month[y])
        if by_month:
            pay = (np.maximum(months.first_months(work) * (plan.salary[y][None] / 12 + ev.income[:, y].T)[:, :, None],
                              0.0) + plan.earned[y])
            employment = pay.sum(axis=0)
            payroll_total, cpp_base, cpp_deduct, ei, qpip = self._payroll(employment)
        else:
            employment = plan.employment[y]
            payroll_total, cpp_base, cpp_deduct, ei, qpip = (x[y] for x in plan.payroll)
        forced_min = plan.rrif[y][:, None] * st.rrsp  # RRIF minimums from the year after 71
        usual = plan.usual[y]
        spending = plan.spending[y]
        dividends_total = st.nonreg * inputs.dividend_yield
        joint = alive / max(int(alive.sum()), 1)
        dividends = joint[:, None] * dividends_total
        melt = self._meltdown(st, ages, alive, work, employment, pension, dividends, forced_min)
        forced = np.minimum(forced_min + melt, st.rrsp)
        older = (ages >= 65)[:, None]
        rental = np.full(lanes, inputs.rental_income) if alive.any() else np.zeros(lanes)
        tax = _YearTax(self, ordinary=employment + cpp + np.where(older, 0.0, forced) + joint[:, None] * rental,
                       eligible=pension + np.where(older, forced, 0.0), oas=oas, dividends=dividends, joint=joint,
                       deductions=cpp_deduct, payroll=(cpp_base, ei, qpip), employment=employment, ages=ages,
                       split=inputs.pension_splitting and n == 2 and bool(alive.all()))
        other = plan.other[y]
        cash_in = ((employment - payroll_total + cpp + oas + pension + forced).sum(axis=0) + dividends_total + other
                   + rental)
        zero = np.zeros((n, lanes))
        tax0, rec0 = tax(zero, np.zeros(lanes), zero)
        surplus = cash_in - tax0 - rec0 - spending
        paused = float(ev.pause[y].mean())
        if paused > 0:  # what would have been saved is spent
            spending = spending + paused * np.maximum(surplus, 0.0)
            surplus = cash_in - tax0 - rec0 - spending
        saved = self._save(st, tax, surplus, cash_in, spending, employment, ages, alive, tax0, rec0)
        drawn = self._draw(st, tax, np.maximum(-surplus, 0.0), forced, tax0, rec0)
        tax_paid = np.where(surplus >= 0, saved["tax"], drawn["tax"])
        recovery = np.where(surplus >= 0, saved["recovery"], drawn["recovery"])
        steady = (forced.sum(axis=0) + pension.sum(axis=0) + dividends_total + other + rental) / 12  # every month
        if by_month:
            # Where each flow falls: what comes in and goes out before saving or drawing, month by month, then the
            # surplus saved in the months that have one and the shortfall drawn in those that lack one.
            cpp_m = (months.profile(months.last_months(started[0])) * cpp[None]).sum(axis=1)
            oas_m = (months.profile(months.last_months(started[1])) * oas[None]).sum(axis=1)
            benefits = cpp_m + oas_m
            gross = pay.sum(axis=1) + benefits + steady[None]
            spend_m = spending[None] * months.profile(np.maximum(
                (usual / 12)[None] + (ev.spend[y] + ev.one_off[y])[:, None], 0.0))
            payroll_m = payroll_total.sum(axis=0)[None] * months.profile(pay.sum(axis=1))
            before = gross - payroll_m - (tax0 + rec0)[None] * months.profile(gross) - spend_m
            w_save, w_draw = months.profile(np.maximum(before, 0.0)), months.profile(np.maximum(-before, 0.0))
            power, deflate = months.powers(growth), months.powers(1 / (1 + inflation) - 1)
            k_even, k_save, k_draw = power.mean(axis=0), (w_save * power).sum(axis=0), (w_draw * power).sum(axis=0)
            k_cash = (w_draw * deflate).sum(axis=0)
        else:
            k_even = k_save = k_draw = plan.even[y]
            k_cash = plan.even_cash[y]
        if self._record is not None:
            self._record.append(_YearNote(
                months=None if not by_month else {
                    "employment": pay.sum(axis=1), "cpp": cpp_m, "oas": oas_m, "spending": spend_m,
                    "payroll": payroll_m, "income": months.profile(gross), "save": w_save, "draw": w_draw},
                year={"employment": employment.sum(axis=0), "cpp": cpp.sum(axis=0), "oas": oas.sum(axis=0),
                      "spending": spending, "payroll": payroll_total.sum(axis=0), "tax_before": tax0 + rec0,
                      "tax": tax_paid + recovery, "saving": (surplus >= 0).astype(np.float64),
                      "forced": forced.sum(axis=0), "saved": saved["total"], "saved_rrsp": saved["rrsp"].sum(axis=0),
                      "saved_tfsa": saved["tfsa"].sum(axis=0), "saved_fhsa": saved["fhsa"].sum(axis=0),
                      "saved_nonreg": saved["nonreg"], "drawn_rrsp": drawn["rrsp"], "drawn_nonreg": drawn["nonreg"],
                      "drawn_tfsa": drawn["tfsa"], "drawn_cash": drawn["cash"], "short": drawn["short"],
                      "dividends": dividends_total, "other": other, "rental": rental, "pension": pension.sum(axis=0),
                      "rrsp": st.rrsp.sum(axis=0), "tfsa": st.tfsa.sum(axis=0), "fhsa": st.fhsa.sum(axis=0),
                      "nonreg": st.nonreg.copy(), "cash": st.cash.copy(), "growth": growth,
                      "deflation": 1 / (1 + inflation) - 1}))
        self._grow(st, y, growth, inflation, forced, saved, drawn, alive, employment, (k_even, k_save, k_draw, k_cash))
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
            "other_income": other, "rental_income": rental,
            "rrsp_withdrawal": forced.sum(axis=0) + drawn["rrsp"], "non_registered_withdrawal": drawn["nonreg"],
            "tfsa_withdrawal": drawn["tfsa"], "cash_withdrawal": drawn["cash"], "contributions": saved["total"],
        }

    def _month_series(self, notes: list[_YearNote], yearly: dict[str, Array]) -> dict[str, Array]:
        """`Lanes.months` from each year's note: every flow in its months (a year in which nothing changes has
        the same twelfth in every month) and every account's month-end balance, which ends each year where
        `_grow` does (`yearly`: its rows), moves between one's own accounts at the year end included (an FHSA
        closed into the RRSP, a rollover to the survivor). All years at once: (years, 12, lanes), then flattened to
        (years * 12, lanes)."""
        year = {k: np.stack([note.year[k] for note in notes]) for k in notes[0].year}  # (years, lanes)

        def monthly(key: str, annual: Array) -> Array:
            out = np.repeat(annual[:, None] / 12, 12, axis=1)
            for y, note in enumerate(notes):
                if note.months is not None and key in note.months:
                    out[y] = note.months[key] * (annual[y][None] if key in _WEIGHTS else 1.0)
            return out

        one = np.ones_like(year["tax"])
        save, draw, income = monthly("save", one), monthly("draw", one), monthly("income", one)
        by_tax = np.where(year["saving"][:, None] > 0, save, draw)
        withdrawn = {k: draw * year[f"drawn_{k}"][:, None] for k in ("rrsp", "nonreg", "tfsa", "cash")}
        forced = year["forced"][:, None] / 12
        flows = {
            "employment": monthly("employment", year["employment"]), "cpp": monthly("cpp", year["cpp"]),
            "oas": monthly("oas", year["oas"]), "pension": monthly("pension", year["pension"]),
            "dividends": monthly("dividends", year["dividends"]), "other_income": monthly("other", year["other"]),
            "rental_income": monthly("rental", year["rental"]),
            "payroll": monthly("payroll", year["payroll"]),
            "tax": income * year["tax_before"][:, None] + by_tax * (year["tax"] - year["tax_before"])[:, None],
            "spending": monthly("spending", year["spending"]), "contributions": save * year["saved"][:, None],
            "shortfall": draw * year["short"][:, None], "rrsp_withdrawal": forced + withdrawn["rrsp"],
            "non_registered_withdrawal": withdrawn["nonreg"], "tfsa_withdrawal": withdrawn["tfsa"],
            "cash_withdrawal": withdrawn["cash"]}
        growth, dividend = year["growth"], self.inputs.dividend_yield
        balance = {
            "rrsp": months.balances(year["rrsp"], save * year["saved_rrsp"][:, None] - forced - withdrawn["rrsp"],
                                    growth),
            "tfsa": months.balances(year["tfsa"], save * year["saved_tfsa"][:, None] - withdrawn["tfsa"], growth),
            "fhsa": months.balances(year["fhsa"], save * year["saved_fhsa"][:, None], growth),
            "non_registered": months.balances(year["nonreg"], save * year["saved_nonreg"][:, None] - withdrawn["nonreg"]
                                              - dividend * year["nonreg"][:, None] / 12, growth),
            "cash": months.balances(year["cash"], -withdrawn["cash"], year["deflation"])}
        balance = {k: np.maximum(v, 0.0) for k, v in balance.items()}  # as `_grow` keeps them
        for key, values in balance.items():
            values[:, 11] = yearly[key]
        investable = sum(balance.values())
        gained = np.concatenate([[0.0], self.equity_gain[:-1]])
        equity = gained[:, None] + (self.equity_gain - gained)[:, None] * (months.MONTHS[None] + 1) / 12
        inputs = self.inputs
        held = inputs.home_equity + inputs.other_assets - inputs.debts + equity  # (years, 12)
        series = {**flows, **balance, "investable": investable, "net_worth": investable + held[..., None]}
        return {k: series[k].reshape(-1, series[k].shape[-1]) for k in MONTHLY}

    def _earned(self, stop: Array, alive: npt.NDArray[np.bool_]) -> Array:
        """Pay for work of its own (part-time, a side business) by year, month, person and lane: (years, 12, n, 1),
        or, when every earner stops at the lane's month (`exact`, the FI search), one a lane: work begun before
        that month ends with it, work planned to start later goes on."""
        ev, years, n = self.events, self.years, len(self.inputs.people)
        living = alive.T[:, :, None]  # (n, years, 1)
        if not self._exact or not ev.jobs:
            return np.ascontiguousarray((ev.earnings * living).transpose(1, 2, 0)[..., None])
        lanes = stop.shape[1]
        out = np.zeros((n, years * 12, lanes))
        t = np.arange(years * 12, dtype=np.float64)[:, None]
        for person, first, last, monthly in ev.jobs:
            on = (t >= first) & (t < last)
            cut = first >= stop[person][None]  # starts at or after the lane's stop: planned for after work
            out[person] += monthly * (on & ((t < stop[person][None]) | cut))
        return np.ascontiguousarray((out.reshape(n, years, 12, lanes) * living[..., None]).transpose(1, 2, 0, 3))

    def _shared_schedule(self, retire: Array, market: Market) -> _Schedule:
        """`_schedule`, worked out once when every lane retires in the same month with the same choices (the
        Monte Carlo's and the backtest's lanes differ only by their markets) and spread over the lanes as views."""
        lanes = retire.shape[0]
        same = lanes > 1 and bool(np.all(retire == retire[0])) and all(
            bool(np.all(x == x[..., :1])) for x in (self._cpp_start, self._oas_start, self._scale)) and (
            self._extra is None or bool(np.all(self._extra == self._extra[0])))
        if not same:
            return self._schedule(retire, market)
        kept = self._cpp_start, self._oas_start, self._scale, self._extra
        self._cpp_start, self._oas_start, self._scale = self._cpp_start[:, :1], self._oas_start[:, :1], self._scale[:1]
        self._extra = None if self._extra is None else self._extra[:1]
        try:
            one = self._schedule(retire[:1], Market(market.real_return[:, :1], market.inflation[:, :1]))
        finally:
            self._cpp_start, self._oas_start, self._scale, self._extra = kept

        def wide(x: Array) -> Array:
            return np.broadcast_to(x, (*x.shape[:-1], lanes))
        return replace(one, work=wide(one.work), employment=wide(one.employment), earned=one.earned,
                       payroll=(wide(one.payroll[0]), wide(one.payroll[1]), wide(one.payroll[2]),
                                wide(one.payroll[3]), wide(one.payroll[4])), cpp=wide(one.cpp), oas=wide(one.oas),
                       pension=wide(one.pension), started=wide(one.started), usual=wide(one.usual),
                       spending=wide(one.spending), other=wide(one.other), even=months.even_growth(market.real_return),
                       even_cash=months.even_growth(1 / (1 + market.inflation) - 1))

    def _schedule(self, retire: Array, market: Market) -> _Schedule:
        """What every year holds before any balance is known, for all years at once (years first): ages, who is
        alive, the share of each year each person works, pay and payroll, CPP, OAS and workplace pensions (a
        survivor gets 60% of the late spouse's CPP, within the maximum, and of a workplace pension; CPP and OAS
        start in the month of their start age, which may differ by lane: the optimiser's choices), RRIF factors,
        spending before a pause, and which years need their months (a phase changes inside them)."""
        inputs, people, ev = self.inputs, self.inputs.people, self.events
        years, n, lanes = self.years, len(people), retire.shape[0]
        y = np.arange(years, dtype=np.float64)
        ages = np.array([[p.age + k for p in people] for k in range(years)], dtype=np.float64)  # (years, n)
        alive = np.array([[p.death_age is None or k < p.death_age - p.age for p in people] for k in range(years)])
        planned = np.array([years * 12 + 12 if p.retirement_age is None
                            else max(round((p.retirement_age - p.age) * 12), 0) for p in people], dtype=np.float64)
        stop = np.broadcast_to(retire, (n, lanes)) if self._exact else np.minimum(retire[None], planned[:, None])
        work = clip((stop[None] - 12 * y[:, None, None]) / 12, 0.0, 1.0) * alive[:, :, None]  # (years, n, lanes)
        salary = np.array([[p.employment_income * (1 + p.income_growth) ** k for p in people] for k in range(years)])
        earned = self._earned(stop, alive)  # (years, 12, n, lanes or 1)
        employment = (np.maximum(work * (salary + 12 * ev.income[:, :, 0].T)[:, :, None], 0.0)
                      + earned.sum(axis=1))
        # CPP and OAS: the amount a year and the share of the year they are paid.
        cpp_start, oas_start = self._cpp_start[None], self._oas_start[None]  # (1, n, lanes)
        late = np.round(self._cpp_start * 12) - 65 * 12
        factor = 1 + np.where(late > 0, self._cpp_late * late, self._cpp_early * late)  # (n, lanes)
        age3 = ages[:, :, None]
        started = np.zeros((years, 2, n, lanes))
        started[:, 0] = clip(age3 + 1 - cpp_start, 0.0, 1.0) * alive[:, :, None]
        cpp = np.array(self.cpp_monthly)[None, :, None] * 12 * factor[None] * started[:, 0]
        residence = np.array([min(p.oas_residence_years, 40) / 40 if p.oas_residence_years >= 10 else 0.0
                              for p in people])
        started[:, 1] = clip(age3 + 1 - oas_start, 0.0, 1.0) * (alive * (residence > 0))[:, :, None]
        full = np.where(age3 >= 75, self.oas_max[1], self.oas_max[0])
        deferral = 1 + self._oas_deferral * np.round((self._oas_start - 65) * 12)
        oas = full * deferral[None] * residence[None, :, None] * started[:, 1]
        indexation = np.array([(1 + p.pension_indexation * inputs.inflation) / (1 + inputs.inflation) for p in people])
        value = np.array([p.pension for p in people])[None] * indexation[None] ** y[:, None]  # (years, n)
        paid = ages >= np.array([p.pension_start_age for p in people])[None]
        pension = np.repeat((value * paid * alive)[:, :, None], lanes, axis=2)
        if n == 2:
            for k in np.flatnonzero(alive.sum(axis=1) == 1):
                dead = 0 if not alive[k, 0] else 1
                living = 1 - dead
                entitled = (ages[k, dead] >= self._cpp_start[dead]) | (ages[k, living] >= 65)
                survivor = 0.6 * self.cpp_monthly[dead] * 12 * factor[dead] * entitled
                cpp[k, living] = np.minimum(cpp[k, living] + survivor, self.cpp_max)
                started[k, 0, living] = np.where(survivor > 0, 1.0, started[k, 0, living])  # paid all year
                pension[k, living] += 0.6 * value[k, dead] * paid[k, dead]
        # Spending: the retirement level once everyone has retired, less what paid-off mortgages leave, less any
        # extra saving (the saving search's), plus the future plans; a survivor spends a share.
        retired = work.sum(axis=1) == 0  # (years, lanes)
        base = inputs.retirement_spending if inputs.retirement_spending is not None else inputs.spending
        usual = np.where(retired, base * self._scale[None], inputs.spending) - self.mortgage_drop[:, None]
        extra = None
        if self._extra is not None:
            extra = clip((retire[None] - 12 * y[:, None]) / 12, 0.0, 1.0)
            usual = usual - self._extra[None] * extra
        survivor_share = np.where((n == 2) & ~alive.all(axis=1), inputs.survivor_spending_share, 1.0)
        spending = np.maximum((usual + (ev.spend.sum(axis=1) + ev.one_off.sum(axis=1))[:, None])
                              * survivor_share[:, None], 0.0)

        def whole(share: Array) -> npt.NDArray[np.bool_]:
            flat = share.reshape(years, -1)
            return np.asarray(np.all((flat == 0) | (flat == 1), axis=1))

        by_month = (~ev.even | ~whole(work) | ~whole(started) | (False if extra is None else ~whole(extra))
                    | np.any(np.ptp(earned, axis=1) > 0, axis=(1, 2)))
        return _Schedule(ages=ages, alive=alive, work=work, salary=salary, employment=employment, earned=earned,
                         payroll=self._payroll(employment), cpp=cpp, oas=oas, pension=pension, started=started,
                         rrif=_rrif_factor(ages, self._rrif), usual=usual, spending=spending,
                         other=np.where(retired, 0.0, inputs.other_net_income), by_month=by_month,
                         even=months.even_growth(market.real_return),
                         even_cash=months.even_growth(1 / (1 + market.inflation) - 1))

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
        contributions are deducted, so the saving is worked out again with the lower tax (`yearkernels.save`)."""
        rounds = 2 if self.shares.get("rrsp", 0.0) > 0 and np.any(st.rrsp_room > 0) else 1
        shape, lanes = st.rrsp.shape, st.rrsp.shape[1:]
        tfsa, rrsp, fhsa, nonreg, tax_c, rec_c, total = yearkernels.save(
            _grid(surplus, lanes), _grid(cash_in, lanes), _grid(spending, lanes), _grid(employment, shape), ages,
            alive, st.rrsp_room, st.tfsa_room, st.fhsa_life, tax0, rec0,
            (self.shares.get("rrsp", 0.0), self.shares.get("tfsa", 0.0), self.shares.get("fhsa", 0.0)),
            (float(self.fhsa["annual_limit"]), float(self.fhsa["lifetime_limit"])), rounds, *tax.kernel_args())
        return {"tfsa": tfsa, "rrsp": rrsp, "fhsa": fhsa, "nonreg": nonreg, "tax": tax_c, "recovery": rec_c,
                "total": total}

    def _draw(self, st: _State, tax: _YearTax, need: Array, forced: Array, tax0: Array, rec0: Array
              ) -> dict[str, Array]:
        """A shortfall drawn from cash, then non-registered, then RRSPs/RRIFs (or RRSPs/RRIFs before non-registered,
        the lane's order), then TFSAs, grossed up for the tax the withdrawal itself costs: secant steps on the
        amount from last year's gross-up (the tax on a withdrawal changes little from one year to the next, so the
        first guess is usually within a bracket of the answer and one or two steps reach the cent; tax is piecewise
        linear), in `yearkernels.draw`. A lane that draws everything it has and still falls short is settled."""
        (from_cash, from_nonreg, from_rrsp, rrsp_split, from_tfsa, tax_w, rec_w, short, st.draw_ratio,
         st.draw_slope) = yearkernels.draw(_grid(need, st.cash.shape), st.cash, st.nonreg, st.cost, st.rrsp,
                                           _grid(forced, st.rrsp.shape), st.tfsa,
                                           self._rrsp_first, st.draw_ratio, st.draw_slope, tax0, rec0,
                                           *tax.kernel_args(), SOLVE_STEPS, CENT)
        return {"cash": from_cash, "nonreg": from_nonreg, "rrsp": from_rrsp, "tfsa": from_tfsa,
                "rrsp_split": rrsp_split, "tax": tax_w, "recovery": rec_w, "short": short}

    def _grow(self, st: _State, y: int, growth: Array, inflation: Array, forced: Array, saved: dict[str, Array],
              drawn: dict[str, Array], alive: npt.NDArray[np.bool_], employment: Array,
              factors: tuple[Array, Array, Array, Array]) -> None:
        """The year's flows in their months, then its growth (today's dollars); room for next year; rollovers.
        `factors`: the growth by the year end of a flow spread evenly, of the saving and of the drawing (by their
        months), and the fall in worth of cash drawn (inflation)."""
        even, save, draw, cash = factors
        shape, lanes = st.rrsp.shape, st.rrsp.shape[1:]

        def grid(x: Array) -> Array:
            return _grid(x, shape)

        def row(x: Array) -> Array:
            return _grid(x, lanes)
        # Dividends are paid out month by month (and taxed); what is sold is drawn in its months. The cost base is
        # nominal: in today's dollars it shrinks with inflation. Cash earns nothing real. TFSA withdrawals come back
        # as room next January (`restored`).
        (st.rrsp, st.tfsa, st.fhsa, st.fhsa_life, st.tfsa_room, st.rrsp_room, st.restored, st.nonreg, st.cost,
         st.cash) = yearkernels.grow(
            st.rrsp, st.tfsa, st.fhsa, st.fhsa_life, st.tfsa_room, st.rrsp_room, st.restored, st.nonreg, st.cost,
            st.cash, row(growth), row(inflation), grid(forced), grid(saved["rrsp"]), grid(saved["tfsa"]),
            grid(saved["fhsa"]), row(saved["nonreg"]), grid(drawn["rrsp_split"]), row(drawn["tfsa"]),
            row(drawn["nonreg"]), row(drawn["cash"]), alive, grid(employment), row(even), row(save), row(draw),
            row(cash), self.inputs.dividend_yield, self.tfsa_limit, self.rrsp_limit)
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
          "rental_income", "rrsp_withdrawal", "non_registered_withdrawal", "tfsa_withdrawal", "cash_withdrawal",
          "contributions")
# The monthly series of `run(..., by_month=True)`: the flows of each month (they sum to the yearly figures; `tax` is
# income tax and OAS recovery together, placed with the income it is on) and the balances at each month's end.
MONTHLY = ("employment", "cpp", "oas", "pension", "dividends", "other_income", "rental_income", "payroll", "tax",
           "spending", "contributions", "shortfall", "rrsp_withdrawal", "non_registered_withdrawal",
           "tfsa_withdrawal", "cash_withdrawal", "rrsp", "tfsa", "fhsa", "non_registered", "cash", "investable",
           "net_worth")


# The monthly notes that are shares of the year's amount (the others are amounts already).
_WEIGHTS = ("save", "draw", "income")


@dataclass(frozen=True)
class _YearNote:
    """What `Engine._month_series` needs of one year: its yearly amounts and, when a phase changes inside it, the
    months of each flow (amounts, or weights that sum to 1 over the months)."""

    year: dict[str, Array]
    months: dict[str, Array] | None


@dataclass(frozen=True)
class _Schedule:
    """`Engine._schedule`: what each year holds before any balance is known (years first; persons, lanes)."""

    ages: Array  # (years, persons)
    alive: npt.NDArray[np.bool_]  # (years, persons)
    work: Array  # share of the year worked (years, persons, lanes)
    salary: Array  # (years, persons)
    employment: Array  # (years, persons, lanes); in the years `by_month`, worked out from their months instead
    earned: Array  # pay for work of its own (years, 12, persons, lanes or 1): `Engine._earned`
    payroll: tuple[Array, Array, Array, Array, Array]  # `Engine._payroll` of `employment`
    cpp: Array
    oas: Array
    pension: Array
    started: Array  # share of the year CPP (0) and OAS (1) are paid: (years, 2, persons, lanes)
    rrif: Array  # RRIF minimum factor (years, persons)
    usual: Array  # spending before the future plans and a survivor's share (years, lanes)
    spending: Array  # (years, lanes), before a pause in saving
    other: Array  # other income after tax (years, lanes)
    by_month: npt.NDArray[np.bool_]  # (years,): a phase changes inside the year
    even: Array  # growth by the year end of a flow spread evenly (years, lanes)
    even_cash: Array  # the same for cash (which earns nothing real)


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
            cash=np.full(lanes, inputs.cash),
            fhsa_end=[min(int(engine.fhsa["max_participation_years"]), max(int(engine.fhsa["max_age"]) - p.age, 0))
                      for p in people],
            draw_ratio=np.ones(lanes), draw_slope=np.full(lanes, 0.7))


class _YearTax:
    """The household's income tax and OAS recovery tax in one year for extra RRSP withdrawals (per person),
    realized capital gains (joint) and RRSP deductions (per person): `TaxSystem.household` on the year's incomes.
    `ordinary` excludes pension income, OAS, dividends and gains."""

    def __init__(self, engine: Engine, *, ordinary: Array, eligible: Array, oas: Array, dividends: Array,
                 joint: Array, deductions: Array, payroll: tuple[Array, Array, Array], employment: Array,
                 ages: Array, split: bool) -> None:
        shape = ordinary.shape

        def grid(x: Array) -> Array:
            return _grid(x, shape)
        self.engine, self.ordinary, self.eligible, self.oas = engine, grid(ordinary), grid(eligible), grid(oas)
        self.dividends, self.deductions, self.employment = grid(dividends), grid(deductions), grid(employment)
        self.payroll = (grid(payroll[0]), grid(payroll[1]), grid(payroll[2]))
        self.joint = np.ascontiguousarray(joint, dtype=np.float64)
        self.ages, self.split = np.ascontiguousarray(ages, dtype=np.float64), split

    def kernel_args(self) -> tuple[tuple[Array, ...], bool, tuple[Any, ...]]:
        """(income, split, rules): this year's taxes as `taxsystem.household_lane` takes them."""
        e = self.engine
        return ((self.ordinary, self.eligible, self.oas, self.dividends, self.deductions, *self.payroll,
                 self.employment, self.ages, self.joint), self.split,
                e.system.household_rules(e.oas_rate, e.oas_threshold))

    def __call__(self, extra_rrsp: Array, gains: Array, rrsp_deduction: Array) -> tuple[Array, Array]:
        e, shape = self.engine, self.ordinary.shape
        return e.system.household(
            ordinary=self.ordinary, eligible=self.eligible, oas=self.oas, dividends=self.dividends,
            deductions=self.deductions, payroll=self.payroll, employment=self.employment, ages=self.ages,
            joint=self.joint, extra_rrsp=_grid(extra_rrsp, shape), gains=_grid(gains, shape[1:]),
            rrsp_deduction=_grid(rrsp_deduction, shape), split=self.split, oas_rate=e.oas_rate,
            oas_threshold=e.oas_threshold)


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


def compile_kernels() -> None:
    """Run a small plan that saves, then draws, so numba compiles the plan year's kernels and caches them on disk
    (`scripts/install.sh` calls it: a new install's first plan would otherwise wait half a minute or more for the
    compiler; with the cache current it takes a second or two)."""
    inputs = HouseholdInputs(start=date(2026, 1, 1), province="ON", spending=40_000, people=[
        Person(age=40, retirement_age=45, employment_income=90_000, rrsp=100_000, tfsa=50_000),
        Person(age=40, retirement_age=45, employment_income=60_000, rrsp=50_000)], non_registered=20_000)
    engine = Engine(inputs)
    engine.run(np.array([1e9]), constant_market(inputs), by_month=True)
