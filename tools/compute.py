"""Compute tools: the planning engine through the calculators' service (`api.calc.service`) and the plan
(`build_plan` on the inputs `/api/v1/plan` builds), with every input defaulted from the user's saved data.

Each result's provenance lists the records read, the figures assumed and the tax year used; inputs the
model gives override the saved figure and are listed as such.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field

from api.calc import schemas as s
from api.calc import service as calc
from api.core.errors import Invalid
from api.core.schemas import Age, Number
from api.plan.service import solve_savings_needed, target_months
from api.planning.assumptions import Assumptions
from api.planning.canada import Province
from api.planning.fire import savings_rate as engine_savings_rate
from api.planning.projection import Amount, MoneyIn, PlanInputs, PlanResult
from api.planning.savings_needed import SavingsNeeded
from api.planning.tables import account_tables
from tools.base import CoachTool, Provenance, ToolContext, ToolOutput
from tools.common import NoExtra, cents, fmt_money, fmt_rate, tax_year_for
from tools.facts import Facts, load_facts

Rate = s.Rate
PLAN_DATA = ("profile", "income", "expenses", "budget", "accounts", "credit", "savings summary", "future plans",
             "preferences")


def _assumptions(a: Assumptions) -> dict[str, str | float | int]:
    out: dict[str, str | float | int] = {}
    out.update(a.rates)
    out.update(a.limits)
    return out


def _notes(a: Assumptions) -> list[str]:
    return [*a.notes, *(f"Source: {src}" for src in a.data_source)]


# --- fire_number ------------------------------------------------------------------------------------------


class FireNumberInput(NoExtra):
    """FIRE number and its variants. Every field is optional: omitted ones come from the user's saved data."""

    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending in retirement, CAD; default: "
                                                                      "the user's monthly expenses x 12")
    withdrawal_rate: float | None = Field(default=None, ge=0.01, le=0.2, description=(
        "Safe withdrawal rate as a fraction (0.04 = the 4% rule, FIRE number = 25 x spending); default: from the "
        "FIRE multiplier in the user's preferences"))
    lean_annual_spending: MoneyIn | None = Field(default=None, description="Lean FIRE spending; default 70%")
    fat_annual_spending: MoneyIn | None = Field(default=None, description="Fat FIRE spending; default 150%")
    barista_annual_income: MoneyIn = Field(default=Decimal(0), description="Part-time income in retirement, "
                                                                            "yearly, for Barista FIRE")
    current_portfolio: MoneyIn | None = Field(default=None, description="Invested today; default: the user's "
                                                                         "account balances")
    current_age: Age | None = Field(default=None, description="Default: the profile's age")
    retirement_age: Age | None = Field(default=None, description="For Coast FIRE; default: preferences")
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: preferences")


class FireNumberOutput(ToolOutput):
    annual_spending: Amount
    multiplier: float = Field(description="FIRE number / annual spending (25 = 4% withdrawal rate)")
    withdrawal_rate: float
    fire_number: Amount = Field(description="Regular FIRE: annual spending x the multiplier")
    lean_fire_number: Amount
    fat_fire_number: Amount
    barista_fire_number: Amount
    coast_fire_number: Amount | None = Field(description="Invested today, it grows into the FIRE number by the "
                                                         "retirement age with no more savings")
    coast_reached: bool
    current_portfolio: Amount
    progress: float = Field(description="current_portfolio / fire_number")
    remaining: Amount = Field(description="fire_number - current_portfolio (0 when reached)")
    years_to_retirement: int
    summary: str


def fire_number(facts: Facts, data: FireNumberInput) -> FireNumberOutput:
    notes: list[str] = []
    if data.current_age is None:
        facts.age_note(notes)
    multiplier = 1 / data.withdrawal_rate if data.withdrawal_rate else facts.multiplier
    spending = data.annual_spending if data.annual_spending is not None else cents(facts.annual_spending)
    portfolio = data.current_portfolio if data.current_portfolio is not None else cents(facts.portfolio)
    age = data.current_age if data.current_age is not None else facts.current_age
    retire = data.retirement_age if data.retirement_age is not None else (facts.retirement_age or 65)
    if facts.retirement_age is None and data.retirement_age is None:
        notes.append("Retirement age assumed 65 (none saved in preferences).")
    expected = data.expected_return if data.expected_return is not None else facts.expected_return
    result = calc.fire_variants(data=s.FireVariantsIn(
        annual_expenses=spending, multiplier=multiplier, lean_annual_expenses=data.lean_annual_spending,
        fat_annual_expenses=data.fat_annual_spending, barista_annual_income=data.barista_annual_income,
        current_portfolio=portfolio, current_age=age, retirement_age=max(retire, age),
        annual_return=expected, inflation=facts.inflation))
    number = result.fire_number
    progress = float(portfolio / number) if number > 0 else 0.0
    assumptions = _assumptions(result.assumptions) | {"expected_return": expected, "inflation": facts.inflation}
    if spending == 0:
        notes.append("Annual spending is 0 (no expenses saved): the FIRE number is 0 until expenses are entered.")
    return FireNumberOutput(
        annual_spending=spending, multiplier=round(multiplier, 4), withdrawal_rate=round(1 / multiplier, 6),
        fire_number=number, lean_fire_number=result.lean_fire_number, fat_fire_number=result.fat_fire_number,
        barista_fire_number=result.barista_fire_number, coast_fire_number=result.coast_fire_number,
        coast_reached=result.coast_reached, current_portfolio=portfolio, progress=round(progress, 4),
        remaining=max(number - portfolio, Decimal(0)), years_to_retirement=result.years_to_retirement,
        summary=(f"FIRE number {fmt_money(number)} ({fmt_money(spending)} a year x {multiplier:g}); "
                 f"{fmt_rate(progress)} of the way there with {fmt_money(portfolio)} invested." if number > 0 else
                 "No FIRE number yet: it is annual spending x the multiplier, and no spending is saved or given."),
        provenance=facts.provenance("expenses", "accounts", "preferences", "profile", assumptions=assumptions,
                                    notes=notes + _notes(result.assumptions)))


# --- the plan: years_to_fi, what_if, projection -----------------------------------------------------------


class PlanOverrides(NoExtra):
    """Changes to the user's saved figures for this calculation only (nothing is saved)."""

    monthly_savings: MoneyIn | None = Field(default=None, description="Saved and invested per month while "
                                                                      "working; default: income - expenses")
    extra_monthly_savings: Decimal | None = Field(default=None, ge=-1_000_000, le=1_000_000, description=(
        "Added to the default monthly savings (e.g. 500 = save $500 more a month); ignored with monthly_savings"))
    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending, today's dollars; default: "
                                                                      "monthly expenses x 12")
    monthly_income: MoneyIn | None = Field(default=None, description="Take-home income per month; default: saved "
                                                                     "income total")
    monthly_spending_change: Decimal | None = Field(default=None, ge=-1_000_000, le=1_000_000, description=(
        "Added to the saved monthly expenses (-500 = spend $500 less a month); ignored with annual_spending"))
    income_change: float | None = Field(default=None, ge=-0.9, le=2, description=(
        "Change to the saved take-home income as a fraction (0.1 = a 10% raise, -0.2 = a 20% pay cut); ignored "
        "with monthly_income"))
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: preferences")
    retirement_age: Age | None = Field(default=None, description="Age earned income stops; default: preferences")
    pause_saving_years: float | None = Field(default=None, gt=0, le=50, description=(
        "Stop saving for this many years from now, then save as before (e.g. 2 for 'stop saving for 2 years'; "
        "0.5 for six months). For stopping for good use monthly_savings = 0"))


def _apply(facts: Facts, o: PlanOverrides, horizon: int | None) -> tuple[PlanInputs, dict[str, str | float | int]]:
    base = facts.inputs
    prefs = base.preferences.model_copy()
    changed: dict[str, str | float | int] = {}
    inputs = base.model_copy(deep=True)
    if o.annual_spending is not None:
        inputs.monthly_expenses = cents(o.annual_spending / 12)
        changed["annual_spending"] = float(o.annual_spending)
    elif o.monthly_spending_change is not None:
        inputs.monthly_expenses = max(cents(inputs.monthly_expenses + o.monthly_spending_change), Decimal(0))
        changed["monthly_spending_change"] = float(o.monthly_spending_change)
    if o.monthly_income is not None:
        inputs.monthly_income = o.monthly_income
        changed["monthly_income"] = float(o.monthly_income)
    elif o.income_change is not None:
        inputs.monthly_income = cents(inputs.monthly_income * (1 + Decimal(str(o.income_change))))
        changed["income_change"] = o.income_change
    if o.monthly_savings is not None:
        inputs.monthly_savings = o.monthly_savings
        changed["monthly_savings"] = float(o.monthly_savings)
    elif o.extra_monthly_savings is not None:
        # On top of the plan's own saving, which keeps following income growth, inflation and future plans.
        inputs.extra_monthly_savings = cents(o.extra_monthly_savings)
        changed["extra_monthly_savings"] = float(o.extra_monthly_savings)
    if o.expected_return is not None:
        prefs.investment_return_rate = o.expected_return
        changed["expected_return"] = o.expected_return
    if o.retirement_age is not None:
        prefs.retirement_age = o.retirement_age
        changed["retirement_age"] = o.retirement_age
    if o.pause_saving_years is not None:
        inputs.savings_pause_months = max(1, round(o.pause_saving_years * 12))
        changed["pause_saving_years"] = o.pause_saving_years
    if horizon is not None:
        prefs.max_projection_years = horizon
    inputs.preferences = prefs
    # Validated again as a whole: the engine's bounds apply to the changed figures too.
    return PlanInputs.model_validate(inputs.model_dump()), changed


def _search_horizon(facts: Facts) -> int:
    """Years to look for FI in: the user's horizon, or up to age 100 when longer. FI is the first month the
    portfolio reaches the FIRE number, so a longer horizon never moves a date found within a shorter one."""
    return max(facts.inputs.preferences.max_projection_years, min(100, max(1, 100 - facts.current_age)))


class FiTiming(BaseModel):
    reached: bool = Field(description="False when FI is not reached within the horizon searched")
    months_to_fi: int | None
    years_to_fi: float | None
    fi_date: date | None
    fi_age: float | None
    fire_number: Amount = Field(description="Today's FIRE number (annual expenses x the multiplier)")
    monthly_savings: Amount = Field(description="Saved per month in the first month (after a pause of saving, "
                                                "the first month saving resumes)")
    savings_rate: float
    horizon_years: int
    retirement_age: int | None = Field(default=None, description="The planned retirement age, when it falls "
                                                                 "within the horizon: the plan stops saving and starts "
                                                                 "withdrawing then")


def _timing(plan: PlanResult, horizon: int, retirement_age: int | None = None, paused_months: int = 0) -> FiTiming:
    f = plan.fire
    first = plan.points[min(paused_months, len(plan.points) - 1)]  # after a pause, what is saved once it ends
    return FiTiming(reached=f.months_to_fi is not None, months_to_fi=f.months_to_fi, years_to_fi=f.years_to_fi,
                    fi_date=f.fi_date, fi_age=f.fi_age, fire_number=f.fire_number,
                    monthly_savings=max(first.contribution, Decimal(0)), savings_rate=f.savings_rate,
                    horizon_years=horizon,
                    retirement_age=retirement_age if any(p.retired for p in plan.points) else None)


def _describe(t: FiTiming) -> str:
    if not t.reached and t.retirement_age is not None:
        return (f"At this pace the portfolio does not reach the FIRE number of {fmt_money(t.fire_number)} before "
                f"the planned retirement at age {t.retirement_age}, when the plan stops saving and starts "
                f"withdrawing, so FI is not reached within {t.horizon_years} years. Saving more, spending less "
                "or a later retirement age changes that.")
    if not t.reached:
        return f"FI is not reached within {t.horizon_years} years at this pace."
    return (f"FI in {round(t.years_to_fi or 0, 2):g} years ({t.fi_date:%B %Y}, at age {t.fi_age:.1f}), "
            f"with a FIRE number of {fmt_money(t.fire_number)}.")


class YearsToFiOutput(ToolOutput):
    timing: FiTiming
    summary: str


def _plan_provenance(facts: Facts, plan: PlanResult, changed: dict[str, str | float | int],
                     notes: list[str]) -> Provenance:
    facts.age_note(notes)
    if changed:
        notes.append("Your figures changed for this calculation only: " +
                     ", ".join(f"{k} = {v}" for k, v in changed.items()) + ".")
    return facts.provenance(*PLAN_DATA, assumptions=_assumptions(plan.assumptions),
                            notes=notes + plan.assumptions.notes)


def years_to_fi(facts: Facts, data: PlanOverrides) -> YearsToFiOutput:
    horizon = _search_horizon(facts)
    inputs, changed = _apply(facts, data, horizon)
    plan = calc.projection(data=inputs)
    timing = _timing(plan, horizon, inputs.preferences.retirement_age, inputs.savings_pause_months)
    return YearsToFiOutput(timing=timing, summary=_describe(timing),
                           provenance=_plan_provenance(facts, plan, changed, []))


class WhatIfOutput(ToolOutput):
    baseline: FiTiming = Field(description="With the user's saved figures")
    scenario: FiTiming = Field(description="With the changes")
    changes: dict[str, str | float | int] = Field(description="What was changed for the scenario")
    difference_months: int | None = Field(description="scenario - baseline months to FI (negative = sooner); "
                                                      "null when either is not reached")
    difference_years: float | None
    summary: str


def _span(years: float) -> str:
    months = max(1, round(years * 12))
    if months % 12 == 0:
        return "1 year" if months == 12 else f"{months // 12} years"
    return "1 month" if months == 1 else f"{months} months"


def what_if(facts: Facts, data: PlanOverrides) -> WhatIfOutput:
    if not data.model_dump(exclude_none=True):
        raise Invalid("what_if needs at least one change: monthly_savings, extra_monthly_savings, annual_spending, "
                      "monthly_spending_change, monthly_income, income_change, expected_return, retirement_age or "
                      "pause_saving_years")
    horizon = _search_horizon(facts)
    base_inputs, _ = _apply(facts, PlanOverrides(), horizon)
    new_inputs, changed = _apply(facts, data, horizon)
    base, new = calc.projection(data=base_inputs), calc.projection(data=new_inputs)
    before = _timing(base, horizon, base_inputs.preferences.retirement_age)
    after = _timing(new, horizon, new_inputs.preferences.retirement_age, new_inputs.savings_pause_months)
    diff = (None if before.months_to_fi is None or after.months_to_fi is None
            else after.months_to_fi - before.months_to_fi)
    pause = (f"Saving stops for {_span(data.pause_saving_years)} and then resumes at "
             f"{fmt_money(after.monthly_savings)} a month. " if data.pause_saving_years else "")
    if diff is None:
        summary = f"{pause}Now: {_describe(before)} With the change: {_describe(after)}"
    elif diff == 0:
        summary = f"{pause}No change to the FI date: {_describe(after)}"
    else:
        way = "sooner" if diff < 0 else "later"
        summary = f"{pause}FI {abs(diff) / 12:.1f} years {way}: {_describe(after)} (now: {before.fi_date:%B %Y})."
    return WhatIfOutput(baseline=before, scenario=after, changes=changed, difference_months=diff,
                        difference_years=None if diff is None else round(diff / 12, 4), summary=summary,
                        provenance=_plan_provenance(facts, new, changed, []))


class SavingsNeededInput(NoExtra):
    fi_age: Age | None = Field(default=None, description="Reach FI by this age; default: the retirement age in "
                                                         "preferences")
    years: int | None = Field(default=None, ge=1, le=80, description="Reach FI within this many years from now "
                                                                     "(instead of an age)")
    by_year: int | None = Field(default=None, ge=1900, le=2200, description="Reach FI by January 1 of this "
                                                                            "calendar year (instead of an age)")
    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending in retirement, today's "
                                                                      "dollars; default: monthly expenses x 12")
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: preferences")


class SavingsNeededOutput(SavingsNeeded, ToolOutput):
    summary: str


def savings_needed(facts: Facts, data: SavingsNeededInput) -> SavingsNeededOutput:
    """The least monthly saving that reaches the FIRE number by a date, on the user's plan (api.plan.service)."""
    overrides = PlanOverrides(annual_spending=data.annual_spending, expected_return=data.expected_return)
    inputs, changed = _apply(facts, overrides, None)
    months, target_text = target_months(inputs, fi_age=data.fi_age, years=data.years, by_year=data.by_year)
    result = solve_savings_needed(inputs, months)
    needed, current = result.monthly_savings_needed, result.current_monthly_savings
    if needed == 0:
        summary = (f"What you have already reaches your FIRE number {target_text} ({result.target_date:%B %Y}) "
                   "without saving more each month: your balances grow enough on their own.")
    else:
        gap = (f"{fmt_money(needed - current)} more than the {fmt_money(current)} you save now" if needed > current
               else f"you save {fmt_money(current)} now, so you are on track")
        when = f"in {months / 12:.1f} years"
        if data.by_year is None:
            when = f"{result.target_date:%B %Y}, {when}"
        summary = f"To reach FI {target_text} ({when}) you need to save about {fmt_money(needed)} a month: {gap}."
        if result.share_of_income is not None:
            summary += f" That is {result.share_of_income:.0%} of your take-home income."
    notes = ["Saving is assumed to continue until the target date; retirement then starts from the FIRE number."]
    plan_view = calc.projection(data=inputs)
    return SavingsNeededOutput(**result.model_dump(), summary=summary,
                               provenance=_plan_provenance(facts, plan_view, changed, notes))


class ProjectionInput(PlanOverrides):
    years: int | None = Field(default=None, ge=1, le=100, description="Years to project; default: the horizon "
                                                                      "in the user's preferences")
    every_years: int = Field(default=1, ge=1, le=25, description="One row every this many years")


class ProjectionRow(BaseModel):
    year: int = Field(description="Years from now")
    date: date
    age: float
    net_worth: Amount
    net_worth_real: Amount = Field(description="In today's dollars")
    investable: Amount
    fire_number: Amount = Field(description="The FIRE number that year (grows with inflation)")
    monthly_income: Amount
    monthly_expenses: Amount
    retired: bool


class ProjectionOutput(ToolOutput):
    rows: list[ProjectionRow]
    timing: FiTiming
    net_worth_at_retirement: Amount | None
    depleted_date: date | None = Field(description="When savings run out, if they do")
    ending_net_worth: Amount
    ending_net_worth_real: Amount
    summary: str


def projection(facts: Facts, data: ProjectionInput) -> ProjectionOutput:
    horizon = data.years or facts.inputs.preferences.max_projection_years
    inputs, changed = _apply(facts, data, horizon)
    plan = calc.projection(data=inputs)
    rows = [ProjectionRow(year=p.month // 12, date=p.date, age=p.age, net_worth=p.net_worth,
                          net_worth_real=p.net_worth_real, investable=p.investable, fire_number=p.fire_number,
                          monthly_income=p.income, monthly_expenses=p.expenses, retired=p.retired)
            for p in plan.points if p.month % (12 * data.every_years) == 0]
    timing = _timing(plan, horizon, inputs.preferences.retirement_age, inputs.savings_pause_months)
    # The plan's net worth is savings and investments less debts: the home and its mortgage are not in it, so it
    # is not the snapshot's net worth and must not be called that.
    summary = (f"Savings and investments less debts (your home and mortgage not counted): "
               f"{fmt_money(rows[0].net_worth)} now, {fmt_money(plan.ending_net_worth_real)} in today's dollars "
               f"after {horizon} years. {_describe(timing)}")
    return ProjectionOutput(rows=rows, timing=timing, net_worth_at_retirement=plan.net_worth_at_retirement,
                            depleted_date=plan.depleted_date, ending_net_worth=plan.ending_net_worth,
                            ending_net_worth_real=plan.ending_net_worth_real, summary=summary,
                            provenance=_plan_provenance(facts, plan, changed, []))


# --- monte_carlo_summary ----------------------------------------------------------------------------------


class MonteCarloInput(NoExtra):
    """Simulate saving until retirement then spending, over many random market paths."""

    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending in retirement, today's "
                                                                      "dollars; default: expenses x 12")
    annual_contribution: MoneyIn | None = Field(default=None, description="Saved per year until retirement; "
                                                                          "default: (income - expenses) x 12")
    retirement_age: Age | None = Field(default=None, description="Default: preferences")
    retirement_years: int = Field(default=30, ge=1, le=99, description="Years of retirement to fund")
    stock_share: float = Field(default=1.0, ge=0, le=1, description="Share in stocks (the rest in bonds)")
    expected_return: Rate | None = Field(default=None, description="Mean yearly stock return; default: preferences")
    paths: int = Field(default=2000, ge=100, le=10_000)
    seed: int = Field(default=7, ge=0, description="Fixed so the same question gives the same answer")


class Percentiles(BaseModel):
    p10: Amount
    p50: Amount
    p90: Amount


class MonteCarloOutput(ToolOutput):
    success_rate: float = Field(description="Share of paths where every planned withdrawal was paid in full")
    paths: int
    starting_balance: Amount
    annual_contribution: Amount
    annual_spending: Amount
    accumulation_years: int
    retirement_years: int
    balance_at_retirement: Percentiles | None = Field(description="Today's dollars")
    ending_balance: Percentiles = Field(description="Today's dollars")
    fi_reached_share: float | None = Field(description="Share of paths reaching the FIRE number before retiring")
    fi_years_p50: float | None = Field(description="Median years to reach the FIRE number")
    summary: str


def monte_carlo_summary(facts: Facts, data: MonteCarloInput) -> MonteCarloOutput:
    notes: list[str] = []
    spending = data.annual_spending if data.annual_spending is not None else cents(facts.annual_spending)
    contribution = (data.annual_contribution if data.annual_contribution is not None
                    else max(cents(facts.monthly_surplus * 12), Decimal(0)))
    retire = data.retirement_age if data.retirement_age is not None else facts.retirement_age
    if retire is None:
        retire = facts.current_age
        notes.append("No retirement age saved: the simulation starts spending now.")
    accumulation = max(retire - facts.current_age, 0)
    years = min(accumulation + data.retirement_years, 100)
    accumulation = min(accumulation, years - 1)
    expected = data.expected_return if data.expected_return is not None else facts.expected_return
    fire_target = cents(spending * Decimal(str(facts.multiplier)))
    request = s.MonteCarloIn(
        initial_balance=cents(facts.portfolio), years=years, paths=data.paths, seed=data.seed,
        accumulation_years=accumulation, annual_contribution=contribution, fi_target=fire_target,
        withdrawal=s.WithdrawalIn(kind="constant_dollar", initial_amount=spending),
        market=s.MarketIn(model="normal", stock_share=data.stock_share, stock_mean=expected,
                          inflation_mean=facts.inflation))
    result = calc.monte_carlo(data=request)
    at = result.balance_bands[accumulation] if accumulation > 0 else None
    end = result.balance_bands[-1]
    fi = result.fi_date
    summary = (f"{result.success_rate:.0%} of {result.paths:,} simulated markets fund {fmt_money(spending)} a year "
               f"for {years - accumulation} years of retirement"
               + (f" after {accumulation} years of saving {fmt_money(contribution)} a year." if accumulation else "."))
    return MonteCarloOutput(
        success_rate=result.success_rate, paths=result.paths, starting_balance=request.initial_balance,
        annual_contribution=contribution, annual_spending=spending, accumulation_years=accumulation,
        retirement_years=years - accumulation,
        balance_at_retirement=None if at is None else Percentiles(p10=at.p10, p50=at.p50, p90=at.p90),
        ending_balance=Percentiles(p10=end.p10, p50=end.p50, p90=end.p90),
        fi_reached_share=None if fi is None else fi.reached_share, fi_years_p50=None if fi is None else fi.years_p50,
        summary=summary,
        provenance=facts.provenance("expenses", "income", "accounts", "preferences", "profile",
                                    assumptions=_assumptions(result.assumptions) | {"seed": data.seed},
                                    notes=notes + _notes(result.assumptions)))


# --- savings_rate -----------------------------------------------------------------------------------------


class SavingsRateInput(NoExtra):
    """The savings rate from the user's saved income and expenses, or from amounts given here."""

    monthly_income: MoneyIn | None = Field(default=None, description="Take-home per month; default: saved total")
    monthly_expenses: MoneyIn | None = Field(default=None, description="Per month; default: saved total")


class SavingsRateOutput(ToolOutput):
    monthly_income: Number
    monthly_expenses: Number
    monthly_surplus: Number = Field(description="Income - expenses, per month")
    annual_savings: Number
    savings_rate: float | None = Field(description="Surplus / income as a fraction; null without income")
    budgeted_savings_share: float | None = Field(description="Savings + investments share of pay in the budget "
                                                             "(a fraction); null without a budget")
    summary: str


def savings_rate(facts: Facts, data: SavingsRateInput) -> SavingsRateOutput:
    snap = facts.snapshot
    income = data.monthly_income if data.monthly_income is not None else snap.total_monthly_income
    expenses = data.monthly_expenses if data.monthly_expenses is not None else snap.expenses.total
    surplus = income - expenses
    if data.monthly_income is None and data.monthly_expenses is None:
        rate = None if snap.savings_rate is None else float(snap.savings_rate)
    else:
        rate = round(engine_savings_rate(income=float(income), savings=float(surplus)), 4) if income > 0 else None
    notes = [] if income > 0 else ["No income saved: the savings rate needs take-home income."]
    budget = facts.budget_savings_share
    summary = (f"Savings rate {fmt_rate(rate)}: {fmt_money(surplus)} a month left from {fmt_money(income)} of "
               f"income after {fmt_money(expenses)} of expenses.")
    return SavingsRateOutput(monthly_income=income, monthly_expenses=expenses, monthly_surplus=surplus,
                             annual_savings=surplus * 12, savings_rate=rate, budgeted_savings_share=budget,
                             summary=summary,
                             provenance=facts.provenance("income", "expenses", "budget", notes=notes))


# --- rrsp_vs_tfsa -----------------------------------------------------------------------------------------


class RrspVsTfsaInput(NoExtra):
    """Compare putting the same pre-tax dollars in an RRSP or a TFSA."""

    amount: MoneyIn = Field(default=Decimal(1000), description="Pre-tax dollars to compare (results scale with it)")
    years: int | None = Field(default=None, ge=0, le=100, description="Years invested; default: until the "
                                                                      "retirement age in preferences")
    province: Province | None = Field(default=None, description="Two-letter code; default: the profile's")
    income_now: MoneyIn | None = Field(default=None, description="Employment income this year; default: saved "
                                                                 "annual salary")
    income_retirement: MoneyIn | None = Field(default=None, description="Yearly taxable income in retirement, "
                                                                        "today's dollars; default: annual spending")
    marginal_rate_now: float | None = Field(default=None, ge=0, lt=1)
    marginal_rate_retirement: float | None = Field(default=None, ge=0, lt=1)
    expected_return: Rate | None = Field(default=None, description="Default: preferences")


class RrspVsTfsaOutput(ToolOutput):
    result: s.RrspVsTfsaOut
    summary: str


def rrsp_vs_tfsa(facts: Facts, data: RrspVsTfsaInput, today: date) -> RrspVsTfsaOutput:
    notes: list[str] = []
    province = data.province or facts.province(notes)
    year = tax_year_for(today.year)
    retire = facts.retirement_age or 65
    years = data.years if data.years is not None else max(retire - facts.current_age, 0)
    if data.years is None:
        facts.age_note(notes)
    income_now = data.income_now if data.income_now is not None else (facts.annual_salary or Decimal(0))
    if data.income_now is None and facts.annual_salary is None and data.marginal_rate_now is None:
        notes.append("No salary saved: today's income assumed 0, so the RRSP deduction is worth little.")
    retirement = data.income_retirement if data.income_retirement is not None else cents(facts.annual_spending)
    if data.income_retirement is None and data.marginal_rate_retirement is None:
        notes.append(f"Retirement income taken as your yearly spending, {fmt_money(retirement)}.")
    expected = data.expected_return if data.expected_return is not None else facts.expected_return
    result = calc.rrsp_vs_tfsa(data=s.RrspVsTfsaIn(
        pre_tax_amount=data.amount, years=years, annual_return=expected, province=province, year=year,
        income_now=income_now, income_retirement=retirement, marginal_rate_now=data.marginal_rate_now,
        marginal_rate_retirement=data.marginal_rate_retirement))
    rates = (f"marginal rate {fmt_rate(result.marginal_rate_now)} now, {fmt_rate(result.marginal_rate_retirement)} "
             "in retirement")
    if result.better == "equal":
        summary = f"The RRSP and the TFSA end up the same on {fmt_money(data.amount)} over {years} years ({rates})."
    else:
        better = "RRSP" if result.better == "rrsp" else "TFSA"
        summary = (f"The {better} comes out ahead by {fmt_money(result.advantage)} on {fmt_money(data.amount)} over "
                   f"{years} years ({rates}).")
    return RrspVsTfsaOutput(result=result, summary=summary, provenance=facts.provenance(
        "profile", "income", "expenses", "preferences", assumptions=_assumptions(result.assumptions)
        | {"province": province, "years": years}, notes=notes + _notes(result.assumptions), tax_year=year))


# --- contribution_room ------------------------------------------------------------------------------------


class ContributionRoomInput(NoExtra):
    """TFSA, RRSP and FHSA room. The app does not track past contributions: give them for an exact figure."""

    account: Literal["tfsa", "rrsp", "fhsa", "all"] = "all"
    year: int | None = Field(default=None, ge=2009, le=2200, description="Default: this year")
    birth_year: int | None = Field(default=None, ge=1900, le=2200, description="Default: from the profile's age")
    tfsa_contributed: MoneyIn = Field(default=Decimal(0), description="All TFSA contributions ever made")
    tfsa_withdrawn: MoneyIn = Field(default=Decimal(0), description="TFSA withdrawals made before this year "
                                                                    "(they come back as room)")
    previous_year_earned_income: MoneyIn | None = Field(default=None, description="For RRSP room; default: saved "
                                                                                  "annual salary")
    rrsp_unused_room: MoneyIn = Field(default=Decimal(0), description="Unused RRSP room carried forward (on the "
                                                                      "CRA notice of assessment)")
    pension_adjustment: MoneyIn = Decimal(0)
    rrsp_contributed_this_year: MoneyIn = Decimal(0)
    fhsa_year_opened: int | None = Field(default=None, ge=2023, le=2200, description="Default: this year")
    fhsa_contributed_this_year: MoneyIn = Decimal(0)


class ContributionRoomOutput(ToolOutput):
    year: int
    tfsa: s.TfsaRoomOut | None
    rrsp: s.RrspRoomOut | None
    fhsa: s.FhsaRoomOut | None
    summary: str


def _table_year(table: dict[str, Any], year: int) -> int:
    years = sorted(int(y) for y in table)
    return min(max(year, years[0]), years[-1])


def contribution_room(facts: Facts, data: ContributionRoomInput, today: date) -> ContributionRoomOutput:
    notes: list[str] = []
    year = data.year or today.year
    birth = data.birth_year or today.year - facts.current_age  # the age is today's, whatever year is asked
    if data.birth_year is None:
        notes.append(f"Birth year taken as {birth} (this year less the profile's age).")
        facts.age_note(notes)
    t = account_tables()
    want = {"tfsa", "rrsp", "fhsa"} if data.account == "all" else {data.account}
    parts: list[str] = []
    tfsa = rrsp = fhsa = None
    assumptions: dict[str, str | float | int] = {"year": year, "birth_year": birth}
    if "tfsa" in want:
        ty = _table_year(t["tfsa"]["annual_limits"], year)
        if ty != year:
            notes.append(f"TFSA limits are known to {ty}; room is as of {ty}.")
        tfsa = calc.tfsa_room(data=s.TfsaRoomIn(
            birth_year=birth, year=ty, contributions=[s.YearAmount(year=ty, amount=data.tfsa_contributed)],
            withdrawals=[s.YearAmount(year=ty - 1, amount=data.tfsa_withdrawn)] if data.tfsa_withdrawn else []))
        if not data.tfsa_contributed:
            notes.append("TFSA: no past contributions given, so this is the total room since eligibility.")
        parts.append(f"TFSA room {fmt_money(tfsa.room)}")
    if "rrsp" in want:
        ry = _table_year(t["rrsp"]["dollar_limits"], year)
        earned = (data.previous_year_earned_income if data.previous_year_earned_income is not None
                  else facts.annual_salary or Decimal(0))
        if data.previous_year_earned_income is None:
            notes.append("RRSP: last year's earned income taken as the saved annual salary"
                         + ("" if facts.annual_salary else " (none saved: 0)") + ".")
        rrsp = calc.rrsp_room(data=s.RrspRoomIn(
            year=ry, previous_year_earned_income=earned, pension_adjustment=data.pension_adjustment,
            unused_room=data.rrsp_unused_room, contributions=data.rrsp_contributed_this_year,
            age=facts.current_age))
        assumptions["previous_year_earned_income"] = float(earned)
        parts.append(f"RRSP room {fmt_money(rrsp.available)}")
    if "fhsa" in want:
        opened = data.fhsa_year_opened or (year if year >= 2023 else 2023)
        if data.fhsa_year_opened is None:
            has = "fhsa" in facts.account_types
            notes.append("FHSA: " + ("you have an FHSA saved but no opening year; " if has else "")
                         + f"assumed opened in {opened}.")
        fhsa = calc.fhsa_room(data=s.FhsaRoomIn(
            year_opened=opened, year=max(year, opened), birth_year=birth,
            contributions=[s.YearAmount(year=max(year, opened), amount=data.fhsa_contributed_this_year)]))
        parts.append(f"FHSA room {fmt_money(fhsa.room)}")
    return ContributionRoomOutput(year=year, tfsa=tfsa, rrsp=rrsp, fhsa=fhsa, summary="; ".join(parts) + ".",
                                  provenance=facts.provenance("profile", "income", "accounts",
                                                              assumptions=assumptions, notes=notes, tax_year=year))


# --- tax_estimate -----------------------------------------------------------------------------------------


class TaxInput(NoExtra):
    """Income tax, CPP and EI for a year in a province."""

    province: Province | None = Field(default=None, description="Two-letter code; default: the profile's")
    employment_income: MoneyIn | None = Field(default=None, description="Yearly, before tax; default: saved "
                                                                        "annual salary")
    other_income: MoneyIn = Field(default=Decimal(0), description="Other taxable income (interest, rent, RRSP "
                                                                   "withdrawals...)")
    pension_income: MoneyIn = Field(default=Decimal(0), description="Workplace pension; RRIF/annuity income from 65")
    cpp_income: MoneyIn = Field(default=Decimal(0), description="CPP/QPP received this year")
    oas_income: MoneyIn = Field(default=Decimal(0), description="OAS received this year")
    eligible_dividends: MoneyIn = Field(default=Decimal(0), description="Cash eligible dividends")
    non_eligible_dividends: MoneyIn = Field(default=Decimal(0), description="Cash other-than-eligible dividends")
    capital_gains: MoneyIn = Field(default=Decimal(0), description="Capital gains realized (the whole gain)")
    self_employment_income: MoneyIn = Field(default=Decimal(0), description="Net self-employment income")
    rrsp_deduction: MoneyIn = Field(default=Decimal(0), description="RRSP contributions deducted this year")
    age: int | None = Field(default=None, ge=0, le=120, description="Age at the end of the year; default: the "
                                                                      "profile's")
    year: s.TaxYear | None = Field(default=None, description="Tax year; default: this year (or the latest with "
                                                             "tables)")


class TaxOutput(ToolOutput):
    result: s.TaxOut
    summary: str


def tax_estimate(facts: Facts, data: TaxInput, today: date) -> TaxOutput:
    notes: list[str] = []
    province = data.province or facts.province(notes)
    year = data.year if data.year is not None else tax_year_for(today.year)
    income = data.employment_income if data.employment_income is not None else facts.annual_salary
    if income is None:
        income = Decimal(0)
        notes.append("No annual salary saved: employment income taken as 0.")
    age = data.age if data.age is not None else facts.age
    result = calc.income_tax(data=s.TaxIn(
        year=year, province=province, employment_income=income, other_income=data.other_income,
        pension_income=data.pension_income, cpp_income=data.cpp_income, oas_income=data.oas_income,
        eligible_dividends=data.eligible_dividends, non_eligible_dividends=data.non_eligible_dividends,
        capital_gains=data.capital_gains, self_employment_income=data.self_employment_income,
        rrsp_deduction=data.rrsp_deduction, age=age))
    recovery = (f", OAS recovery tax {fmt_money(result.oas_recovery_tax)}" if result.oas_recovery_tax > 0 else "")
    summary = (f"On {fmt_money(result.total_income)} in {province} ({year}): income tax "
               f"{fmt_money(result.income_tax)}{recovery}, "
               f"CPP and EI {fmt_money(result.cpp + result.cpp2 + result.ei)}, "
               f"take-home {fmt_money(result.after_tax_income)}; marginal rate {fmt_rate(result.marginal_rate)}, "
               f"average {fmt_rate(result.average_rate)}.")
    return TaxOutput(result=result, summary=summary, provenance=facts.provenance(
        "profile", "income", assumptions=_assumptions(result.assumptions) | {"province": province},
        notes=notes + _notes(result.assumptions), tax_year=year))


# --- mortgage_payment -------------------------------------------------------------------------------------


DEFAULT_MORTGAGE_RATE = 0.05


class MortgageInput(NoExtra):
    """A Canadian mortgage payment (semi-annual compounding), schedule by year and CMHC insurance."""

    principal: MoneyIn | None = Field(default=None, description="Amount borrowed; default: the saved mortgage "
                                                                "balances, unless price is given")
    price: MoneyIn | None = Field(default=None, description="Home price (with down_payment, instead of principal)")
    down_payment: MoneyIn | None = None
    annual_rate: float | None = Field(default=None, ge=0, le=0.3, description="Yearly rate as a fraction; "
                                                                              "default 0.05 (say so if assumed)")
    amortization_years: int = Field(default=25, ge=1, le=40)
    frequency: Literal["monthly", "semi_monthly", "bi_weekly", "weekly", "accelerated_bi_weekly",
                       "accelerated_weekly"] = "monthly"
    extra_payment: MoneyIn = Field(default=Decimal(0), description="Added to each payment")


class MortgageOutput(ToolOutput):
    result: s.MortgageOut
    summary: str


def mortgage_payment(facts: Facts, data: MortgageInput) -> MortgageOutput:
    notes: list[str] = []
    principal = data.principal
    if principal is None and data.price is None:
        if facts.mortgage_balance <= 0:
            raise Invalid("No mortgage is saved: give a principal, or a price and a down payment")
        principal = facts.mortgage_balance
        notes.append(f"Principal: the saved mortgage balance, {fmt_money(principal)}.")
    rate = data.annual_rate
    if rate is None:
        rate = DEFAULT_MORTGAGE_RATE
        notes.append(f"Interest rate assumed {fmt_rate(rate)} (no rate given; the app does not store it).")
    result = calc.mortgage_calc(data=s.MortgageIn(
        principal=principal, price=data.price, down_payment=data.down_payment, annual_rate=rate,
        amortization_years=data.amortization_years, frequency=data.frequency, extra_payment=data.extra_payment))
    summary = (f"{fmt_money(result.payment)} per payment ({data.frequency.replace('_', '-')}) on "
               f"{fmt_money(result.principal)} at {fmt_rate(rate)} over {data.amortization_years} years; total "
               f"interest {fmt_money(result.total_interest)}.")
    return MortgageOutput(result=result, summary=summary, provenance=facts.provenance(
        "properties", assumptions=_assumptions(result.assumptions), notes=notes + _notes(result.assumptions)))


# --- debt_payoff ------------------------------------------------------------------------------------------


MINIMUM_SHARE = Decimal("0.03")
MINIMUM_FLOOR = Decimal("10")
UNKNOWN_DEBT_RATE = 0.07


class DebtInput(NoExtra):
    name: str = Field(default="", max_length=200)
    balance: MoneyIn
    annual_rate: float = Field(ge=0, le=1, description="Yearly interest as a fraction (0.1999 = 19.99%)")
    minimum_payment: MoneyIn | None = Field(default=None, description="Default: 3% of the balance, at least $10")


class DebtPayoffInput(NoExtra):
    """Avalanche (highest rate first) and snowball (smallest balance first) payoff plans."""

    debts: list[DebtInput] | None = Field(default=None, max_length=50, description="Default: the user's credit "
                                                                                   "cards, lines and other debt")
    monthly_payment: MoneyIn | None = Field(default=None, description="Paid toward all debts each month; "
                                                                      "default: the minimums + extra")
    extra_monthly: MoneyIn = Field(default=Decimal(0), description="Paid on top of the minimums")


class DebtPayoffOutput(ToolOutput):
    result: s.DebtPayoffOut | None = Field(description="Null when there is no debt")
    debts: list[s.DebtIn]
    summary: str


def _minimum(balance: Decimal) -> Decimal:
    return min(balance, max(cents(balance * MINIMUM_SHARE), MINIMUM_FLOOR))


def debt_payoff(facts: Facts, data: DebtPayoffInput) -> DebtPayoffOutput:
    notes: list[str] = []
    if data.debts is not None:
        debts = [s.DebtIn(name=d.name, balance=d.balance, annual_rate=d.annual_rate,
                          minimum_payment=d.minimum_payment if d.minimum_payment is not None else _minimum(d.balance))
                 for d in data.debts]
    else:
        debts = []
        for d in facts.debts:
            rate = float(d.annual_rate) if d.annual_rate is not None else UNKNOWN_DEBT_RATE
            if d.annual_rate is None:
                notes.append(f"{d.name}: interest rate assumed {fmt_rate(rate)} (none saved).")
            debts.append(s.DebtIn(name=d.name, balance=cents(d.balance), annual_rate=rate,
                                  minimum_payment=_minimum(d.balance)))
    if debts and (data.debts is None or any(d.minimum_payment is None for d in data.debts)):
        notes.append("Minimum payments not given are taken as 3% of the balance, at least $10.")
    if not debts:
        return DebtPayoffOutput(result=None, debts=[], summary="No debts to pay off (no card, line of credit or "
                                                               "other debt with a balance is saved).",
                                provenance=facts.provenance("credit cards", "lines of credit", "savings summary",
                                                            notes=notes))
    minimums = sum((d.minimum_payment for d in debts), Decimal(0))
    payment = data.monthly_payment if data.monthly_payment is not None else minimums + data.extra_monthly
    result = calc.debt_payoff(data=s.DebtPayoffIn(debts=debts, monthly_payment=payment))
    a = result.avalanche
    summary = (f"Paying {fmt_money(a.monthly_payment)} a month clears {fmt_money(sum(d.balance for d in debts))} "
               + (f"in {a.months} months" if a.paid_off else "never (the payment does not cover the interest)")
               + f" with the avalanche method ({fmt_money(a.total_interest)} interest); avalanche saves "
               f"{fmt_money(result.interest_saved_by_avalanche)} over snowball.")
    return DebtPayoffOutput(result=result, debts=debts, summary=summary, provenance=facts.provenance(
        "credit cards", "lines of credit", "savings summary", assumptions=_assumptions(result.assumptions),
        notes=notes + _notes(result.assumptions)))


# --- the tools --------------------------------------------------------------------------------------------


def compute_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    def tool(name: str, description: str, input_model: type[BaseModel], output_model: type[ToolOutput],
             compute: Callable[[Facts, Any], ToolOutput]) -> CoachTool[Any, Any]:
        def run(data: BaseModel) -> Any:
            return compute(load_facts(context), data)
        return CoachTool(name=name, description=description, kind="compute", input_model=input_model,
                         output_model=output_model, run=run)

    today = context.today
    return [
        tool("fire_number", "The user's FIRE number (annual spending x the FIRE multiplier, 25 = the 4% rule) and "
             "its Lean, Fat, Coast and Barista variants, with progress so far. All inputs default to saved data.",
             FireNumberInput, FireNumberOutput, fire_number),
        tool("years_to_fi", "Years, date and age at which the user reaches financial independence, from the month-"
             "by-month plan of their saved data; optional overrides for this calculation only.",
             PlanOverrides, YearsToFiOutput, years_to_fi),
        tool("projection", "Year-by-year projection of the user's net worth (nominal and today's dollars), "
             "income, expenses and FIRE number until the horizon.", ProjectionInput, ProjectionOutput, projection),
        tool("monte_carlo_summary", "Monte Carlo of saving until retirement then spending: success rate and "
             "balance percentiles over thousands of random markets.", MonteCarloInput, MonteCarloOutput,
             monte_carlo_summary),
        tool("what_if", "What-if: change monthly savings (save extra, or pause saving for some years), yearly "
             "spending, income, expected return "
             "or retirement age and compare the new FI date with the current one. Nothing is saved.",
             PlanOverrides, WhatIfOutput, what_if),
        tool("savings_needed", "How much to save per month to reach FI by an age, within a number of years or "
             "by a calendar year, found on the user's own plan; compared with what they save now.",
             SavingsNeededInput, SavingsNeededOutput, savings_needed),
        tool("savings_rate", "The user's savings rate: (income - expenses) / income per month, from saved data "
             "or given amounts.", SavingsRateInput, SavingsRateOutput, savings_rate),
        tool("rrsp_vs_tfsa", "RRSP or TFSA: after-tax value of the same pre-tax dollars in each, from marginal "
             "tax rates now and in retirement in the user's province.", RrspVsTfsaInput, RrspVsTfsaOutput,
             lambda f, d: rrsp_vs_tfsa(f, d, today)),
        tool("contribution_room", "TFSA, RRSP and FHSA contribution room for a year, from the user's age and "
             "salary and any past contributions given.", ContributionRoomInput, ContributionRoomOutput,
             lambda f, d: contribution_room(f, d, today)),
        tool("tax_estimate", "Canadian income tax (federal + provincial), CPP and EI, take-home pay and "
             "marginal and average rates for a province, income and year.", TaxInput, TaxOutput,
             lambda f, d: tax_estimate(f, d, today)),
        tool("mortgage_payment", "Mortgage payment, total interest, yearly schedule and CMHC insurance for a "
             "principal (default: the saved mortgage) or a price and down payment.", MortgageInput,
             MortgageOutput, mortgage_payment),
        tool("debt_payoff", "Debt payoff plans (avalanche vs snowball): months to debt-free and interest, for "
             "the user's cards, lines of credit and other debt or debts given.", DebtPayoffInput,
             DebtPayoffOutput, debt_payoff),
    ]

