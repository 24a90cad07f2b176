"""Compute tools: the household plan (`api.plan.summary`, the figures every screen shows) and the calculators'
service (`api.calc.service`), with every input defaulted from the user's saved data.

Each result's provenance lists the records read, the figures assumed and the tax year used; inputs the
model gives override the saved figure and are listed as such.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from api.calc import schemas as s
from api.calc import service as calc
from api.core.errors import Invalid
from api.core.schemas import Age, Number
from api.credit import service as credit_rules
from api.plan import scenarios
from api.plan.household import ASSUMPTIONS, HouseholdSummary, PlanYear, month_date, plan_household
from api.plan.summary import SUCCESS_PATHS, SUCCESS_SEED, PlanBundle, duration, target_for
from api.plan.targets import SavingsNeededRead, get_savings_needed
from api.planning import household_risk
from api.planning.assumptions import Assumptions
from api.planning.canada import Province
from api.planning.fire import savings_rate as engine_savings_rate
from api.planning.household import HouseholdInputs, PlanEvent
from api.planning.projection import Amount, MoneyIn
from api.planning.tables import account_tables
from api.planning.tax import gross_for_take_home
from tools.base import CoachTool, Provenance, ToolContext, ToolOutput
from tools.common import NoExtra, cents, fmt_money, fmt_rate, in_session, tax_year_for
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
    """The FIRE number: the plan's own (savings needed at the FI date, taxes, CPP and OAS counted) and the rule of
    thumb with its variants. Every field is optional: omitted ones come from the user's saved data."""

    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending in retirement, CAD; default: "
                                                                      "the plan's spending")
    withdrawal_rate: float | None = Field(default=None, ge=0.01, le=0.2, description=(
        "Safe withdrawal rate for the rule of thumb, as a fraction (0.04 = the 4% rule, 25 x spending); default: "
        "from the FIRE multiplier in the user's preferences"))
    lean_annual_spending: MoneyIn | None = Field(default=None, description="Lean FIRE spending; default 70%")
    fat_annual_spending: MoneyIn | None = Field(default=None, description="Fat FIRE spending; default 150%")
    barista_annual_income: MoneyIn = Field(default=Decimal(0), description="Part-time income in retirement, "
                                                                            "yearly, for Barista FIRE")
    current_portfolio: MoneyIn | None = Field(default=None, description="Invested today; default: the plan's "
                                                                         "investable savings")
    current_age: Age | None = Field(default=None, description="Default: the plan's age")
    retirement_age: Age | None = Field(default=None, description="For Coast FIRE; default: your retirement age")
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: the plan's")


class FireNumberOutput(ToolOutput):
    plan_fire_number: Amount | None = Field(description="Your plan's FIRE number: the investable savings needed at "
                                                        "its FI date (today's dollars), taxes, CPP and OAS counted; "
                                                        "null when the plan never reaches FI")
    plan_fi_date: date | None = Field(description="The plan's FI date")
    annual_spending: Amount
    multiplier: float = Field(description="Rule of thumb / annual spending (25 = 4% withdrawal rate)")
    withdrawal_rate: float
    fire_number: Amount = Field(description="The FIRE number this answer is about: the plan's when nothing was "
                                            "changed, else the rule of thumb on the figures given")
    rule_of_thumb: Amount = Field(description="Annual spending x the multiplier (no tax, CPP or OAS)")
    lean_fire_number: Amount
    fat_fire_number: Amount
    barista_fire_number: Amount
    coast_fire_number: Amount | None = Field(description="Invested today, it grows into the rule-of-thumb number by "
                                                         "the retirement age with no more savings")
    coast_reached: bool
    current_portfolio: Amount
    progress: float = Field(description="current_portfolio / fire_number")
    remaining: Amount = Field(description="fire_number - current_portfolio (0 when reached)")
    years_to_retirement: int
    summary: str


def fire_number(facts: Facts, data: FireNumberInput) -> FireNumberOutput:
    notes: list[str] = []
    b = facts.plan
    plan = b.read
    you = b.inputs.people[0]
    multiplier = 1 / data.withdrawal_rate if data.withdrawal_rate else facts.multiplier
    spending = data.annual_spending if data.annual_spending is not None else cents(plan.spending)
    portfolio = data.current_portfolio if data.current_portfolio is not None else cents(plan.investable_today)
    age = data.current_age if data.current_age is not None else you.age
    retire = data.retirement_age if data.retirement_age is not None else int(you.retirement_age or 65)
    if you.retirement_age is None and data.retirement_age is None:
        notes.append("Retirement age assumed 65 (none saved).")
    expected = data.expected_return if data.expected_return is not None else b.inputs.return_rate
    result = calc.fire_variants(data=s.FireVariantsIn(
        annual_expenses=spending, multiplier=multiplier, lean_annual_expenses=data.lean_annual_spending,
        fat_annual_expenses=data.fat_annual_spending, barista_annual_income=data.barista_annual_income,
        current_portfolio=portfolio, current_age=age, retirement_age=max(retire, age),
        annual_return=expected, inflation=b.inputs.inflation))
    own = data.annual_spending is None and data.withdrawal_rate is None
    plan_number = None if plan.fire_number is None else cents(plan.fire_number)
    number = plan_number if own and plan_number is not None else result.fire_number
    progress = float(portfolio / number) if number > 0 else 0.0
    assumptions = _assumptions(result.assumptions) | {"expected_return": expected, "inflation": b.inputs.inflation}
    if spending == 0:
        notes.append("Annual spending is 0 (no expenses saved): there is no FIRE number until expenses are entered.")
    thumb = f"the {multiplier:g}x rule of thumb says {fmt_money(result.fire_number)}"
    if number <= 0:
        summary = "No FIRE number yet: the plan has no spending to pay (add your expenses)."
    elif own and plan_number is not None and plan.fi_date is not None and plan.months_to_fi:
        summary = (f"Your plan's FIRE number is {fmt_money(plan_number)}: the savings needed at your FI date "
                   f"({plan.fi_date:%B %Y}), taxes, CPP and OAS counted; {thumb}. You have "
                   f"{fmt_money(portfolio)} invested, {fmt_rate(progress)} of the way.")
    elif own and plan.months_to_fi == 0:
        summary = (f"Your savings of {fmt_money(portfolio)} already pay your spending to the end of the plan: you "
                   f"are financially independent. For comparison, {thumb}.")
    else:
        summary = (f"FIRE number {fmt_money(number)} by the rule of thumb ({fmt_money(spending)} a year x "
                   f"{multiplier:g}); {fmt_rate(progress)} of the way there with {fmt_money(portfolio)} invested.")
        if own:
            summary += " Your plan does not reach independence before its horizon, so it has no FIRE number yet."
    return FireNumberOutput(
        plan_fire_number=plan_number, plan_fi_date=plan.fi_date,
        annual_spending=spending, multiplier=round(multiplier, 4), withdrawal_rate=round(1 / multiplier, 6),
        fire_number=number, rule_of_thumb=result.fire_number, lean_fire_number=result.lean_fire_number,
        fat_fire_number=result.fat_fire_number, barista_fire_number=result.barista_fire_number,
        coast_fire_number=result.coast_fire_number, coast_reached=result.coast_reached, current_portfolio=portfolio,
        progress=round(progress, 4), remaining=max(number - portfolio, Decimal(0)),
        years_to_retirement=result.years_to_retirement, summary=summary,
        provenance=_plan_provenance(facts, {}, notes + _notes(result.assumptions), assumptions))


# --- the plan: years_to_fi, what_if, projection -----------------------------------------------------------


class PlanOverrides(NoExtra):
    """Changes to the user's household plan for this calculation only (nothing is saved)."""

    monthly_savings: MoneyIn | None = Field(default=None, description="Saved and invested per month while "
                                                                      "working; default: what the plan saves")
    extra_monthly_savings: Decimal | None = Field(default=None, ge=-1_000_000, le=1_000_000, description=(
        "Added to what the plan saves a month until retirement (e.g. 500 = save $500 more a month); ignored with "
        "monthly_savings"))
    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending after tax, today's dollars; "
                                                                      "default: monthly expenses x 12")
    monthly_income: MoneyIn | None = Field(default=None, description="Household take-home pay per month; default: "
                                                                     "saved income")
    monthly_spending_change: Decimal | None = Field(default=None, ge=-1_000_000, le=1_000_000, description=(
        "Added to the saved monthly expenses (-500 = spend $500 less a month); ignored with annual_spending"))
    income_change: float | None = Field(default=None, ge=-0.9, le=2, description=(
        "Change to pay as a fraction (0.1 = a 10% raise, -0.2 = a 20% pay cut); ignored with monthly_income"))
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: preferences")
    retirement_age: Age | None = Field(default=None, description="Your age when your pay stops; default: saved")
    pause_saving_years: float | None = Field(default=None, gt=0, le=50, description=(
        "Stop saving for this many years from now, then save as before (e.g. 2 for 'stop saving for 2 years'; "
        "0.5 for six months). For stopping for good use monthly_savings = 0"))


def _current_saving(b: PlanBundle) -> float:
    """What the plan saves a month now (its first year's contributions)."""
    return float(b.years[0].contributions) / 12 if b.years else 0.0


def _apply(facts: Facts, o: PlanOverrides) -> tuple[HouseholdInputs, dict[str, str | float | int]]:
    """The household plan with the overrides (validated again as a whole: the engine's bounds apply)."""
    b = facts.plan
    base = b.inputs
    changed: dict[str, str | float | int] = {}
    update: dict[str, Any] = {}
    people = [p.model_copy() for p in base.people]
    events = list(base.events)
    if o.annual_spending is not None:
        update["spending"] = float(o.annual_spending)
        changed["annual_spending"] = float(o.annual_spending)
    elif o.monthly_spending_change is not None:
        update["spending"] = max(base.spending + 12 * float(o.monthly_spending_change), 0.0)
        changed["monthly_spending_change"] = float(o.monthly_spending_change)
    ratio: float | None = None
    if o.monthly_income is not None:
        saved = float(facts.inputs.monthly_income)
        changed["monthly_income"] = float(o.monthly_income)
        if saved > 0:
            ratio = float(o.monthly_income) / saved
        else:  # no pay saved: the whole amount is your take-home pay, grossed up for tax
            people[0] = people[0].model_copy(update={"employment_income": gross_for_take_home(
                12 * float(o.monthly_income), province=base.province, year=base.tax_year or date.today().year)})
    elif o.income_change is not None:
        ratio = 1 + o.income_change
        changed["income_change"] = o.income_change
    if ratio is not None:
        people = [p.model_copy(update={"employment_income": p.employment_income * ratio}) for p in people]
        update["other_net_income"] = base.other_net_income * ratio
    if o.retirement_age is not None:
        people[0] = people[0].model_copy(update={"retirement_age": float(o.retirement_age)})
        changed["retirement_age"] = o.retirement_age
    you = people[0]
    retire = None if you.retirement_age is None else month_date(base.start, round((you.retirement_age - you.age) * 12))
    extra = 0.0
    if o.monthly_savings is not None:
        extra = float(o.monthly_savings) - _current_saving(b)
        changed["monthly_savings"] = float(o.monthly_savings)
    elif o.extra_monthly_savings is not None:
        extra = float(o.extra_monthly_savings)
        changed["extra_monthly_savings"] = extra
    if extra:
        events.append(PlanEvent(kind="spending", start=base.start, end=retire, amount=-12 * extra))
    if o.pause_saving_years is not None:
        months = max(1, round(o.pause_saving_years * 12))
        events.append(PlanEvent(kind="pause_saving", start=base.start, end=month_date(base.start, months),
                                amount=0))
        changed["pause_saving_years"] = o.pause_saving_years
    if o.expected_return is not None:
        update["return_rate"] = o.expected_return
        changed["expected_return"] = o.expected_return
    try:
        inputs = HouseholdInputs.model_validate({**base.model_dump(), **update, "people": [
            p.model_dump() for p in people], "events": [e.model_dump() for e in events]})
    except ValidationError as exc:
        raise Invalid(f"These changes are outside what the plan can compute: {exc.errors()[0]['msg']}") from exc
    return inputs, changed


class FiTiming(BaseModel):
    reached: bool = Field(description="False when the plan never pays its spending to the horizon")
    months_to_fi: int | None
    years_to_fi: float | None
    fi_date: date | None
    fi_age: float | None = Field(description="Your age at the FI date")
    fire_number: Amount | None = Field(description="The plan's FIRE number: investable savings needed at the FI "
                                                   "date, taxes, CPP and OAS counted (today's dollars)")
    rule_of_thumb: Amount = Field(description="25 x the yearly spending, for comparison")
    monthly_savings: Amount = Field(description="What the plan saves a month in its first year")
    spending: Amount = Field(description="Yearly spending after tax")
    plan_lasts: bool = Field(description="The plan as set (retiring at the retirement ages) pays its spending to "
                                         "the horizon")
    horizon_year: int
    retirement_age: float | None = Field(description="Your retirement age in this plan")


def _timing(inputs: HouseholdInputs, summary: HouseholdSummary, years: list[PlanYear]) -> FiTiming:
    months = summary.months_to_fi
    you = inputs.people[0]
    return FiTiming(reached=months is not None, months_to_fi=months,
                    years_to_fi=None if months is None else round(months / 12, 2), fi_date=summary.fi_date,
                    fi_age=None if summary.fi_ages is None else summary.fi_ages[0], fire_number=summary.fire_number,
                    rule_of_thumb=summary.rule_of_thumb,
                    monthly_savings=round(float(years[0].contributions) / 12, 2) if years else 0.0,
                    spending=round(inputs.spending, 2), plan_lasts=summary.plan_lasts,
                    horizon_year=summary.horizon_year, retirement_age=you.retirement_age)


def _describe(t: FiTiming) -> str:
    if not t.reached and t.spending == 0:
        return "No spending is saved yet: add your expenses to see when you can be financially independent."
    if t.months_to_fi == 0:
        return ("You are financially independent now: your savings pay your spending, after tax, to the end of the "
                "plan.")
    if not t.reached:
        return (f"The plan does not reach financial independence before its horizon ({t.horizon_year}): saving "
                "more, spending less or working longer changes that.")
    assert t.fi_date is not None and t.years_to_fi is not None
    age = f", at {t.fi_age:.1f}" if t.fi_age is not None else ""
    number = f", with {fmt_money(t.fire_number)} invested then" if t.fire_number is not None else ""
    return (f"Financially independent in {t.fi_date:%B %Y} ({t.years_to_fi:g} years from now{age}){number}, "
            "taxes, CPP and OAS counted.")


def _run(facts: Facts, inputs: HouseholdInputs) -> tuple[HouseholdSummary, list[PlanYear]]:
    return plan_household(inputs, net_worth_today=Decimal(str(facts.plan.summary.net_worth_today)))


class YearsToFiOutput(ToolOutput):
    timing: FiTiming
    target: str | None = Field(description="Against your retirement age: on track, or the gap and what closes it")
    summary: str


def _plan_provenance(facts: Facts, changed: dict[str, str | float | int], notes: list[str],
                     assumptions: dict[str, str | float | int] | None = None) -> Provenance:
    b = facts.plan
    if changed:
        notes.append("Your figures changed for this calculation only: " +
                     ", ".join(f"{k} = {v}" for k, v in changed.items()) + ".")
    rates: dict[str, str | float | int] = {"investment_return_rate": b.inputs.return_rate,
                                           "inflation_rate": b.inputs.inflation, "province": b.inputs.province,
                                           "horizon_age": b.inputs.horizon_age}
    return Provenance(data=list(PLAN_DATA), assumptions=rates | (assumptions or {}),
                      notes=[*notes, *ASSUMPTIONS, *(f"Assumed: {m}." for m in b.missing)],
                      tax_year=b.inputs.tax_year)


def years_to_fi(facts: Facts, data: PlanOverrides) -> YearsToFiOutput:
    b = facts.plan
    if not data.model_dump(exclude_none=True):  # the plan as saved: the dashboard's own figures
        timing = _timing(b.inputs, b.summary, b.years)
        target = None if b.read.target is None else b.read.target.sentence
        return YearsToFiOutput(timing=timing, target=target,
                               summary=_describe(timing) + (f" {target}" if target else ""),
                               provenance=_plan_provenance(facts, {}, []))
    inputs, changed = _apply(facts, data)
    summary, years = _run(facts, inputs)
    timing = _timing(inputs, summary, years)
    goal = target_for(inputs, summary) if data.retirement_age is not None else None
    text = None if goal is None else goal.sentence
    return YearsToFiOutput(timing=timing, target=text, summary=_describe(timing) + (f" {text}" if text else ""),
                           provenance=_plan_provenance(facts, changed, []))


class WhatIfOutput(ToolOutput):
    baseline: FiTiming = Field(description="The plan as saved")
    scenario: FiTiming = Field(description="With the changes")
    changes: dict[str, str | float | int] = Field(description="What was changed for the scenario")
    difference_months: int | None = Field(description="scenario - baseline months to FI (negative = sooner); "
                                                      "null when either is not reached")
    difference_years: float | None
    summary: str


def _span(years: float) -> str:
    return duration(max(1, round(years * 12)))


def what_if(facts: Facts, data: PlanOverrides) -> WhatIfOutput:
    if not data.model_dump(exclude_none=True):
        raise Invalid("what_if needs at least one change: monthly_savings, extra_monthly_savings, annual_spending, "
                      "monthly_spending_change, monthly_income, income_change, expected_return, retirement_age or "
                      "pause_saving_years")
    b = facts.plan
    before = _timing(b.inputs, b.summary, b.years)
    inputs, changed = _apply(facts, data)
    after = _timing(inputs, *_run(facts, inputs))
    diff = (None if before.months_to_fi is None or after.months_to_fi is None
            else after.months_to_fi - before.months_to_fi)
    pause = (f"Saving stops for {_span(data.pause_saving_years)} and then resumes. " if data.pause_saving_years
             else "")
    if diff is None:
        summary = f"{pause}Now: {_describe(before)} With the change: {_describe(after)}"
    elif diff == 0:
        summary = f"{pause}No change to the FI date: {_describe(after)}"
    else:
        way = "sooner" if diff < 0 else "later"
        summary = (f"{pause}FI {duration(abs(diff))} {way}: {_describe(after)} "
                   f"(now: {before.fi_date:%B %Y}).")
    return WhatIfOutput(baseline=before, scenario=after, changes=changed, difference_months=diff,
                        difference_years=None if diff is None else round(diff / 12, 4), summary=summary,
                        provenance=_plan_provenance(facts, changed, []))


class SavingsNeededInput(NoExtra):
    fi_age: Age | None = Field(default=None, description="Reach FI by this age; default: your retirement age")
    years: int | None = Field(default=None, ge=1, le=80, description="Reach FI within this many years from now "
                                                                     "(instead of an age)")
    by_year: int | None = Field(default=None, ge=1900, le=2200, description="Reach FI by January 1 of this "
                                                                            "calendar year (instead of an age)")
    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending after tax, today's "
                                                                      "dollars; default: the plan's")
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: the plan's")


class SavingsNeededOutput(SavingsNeededRead, ToolOutput):
    summary: str


def savings_needed(facts: Facts, data: SavingsNeededInput, context: ToolContext) -> SavingsNeededOutput:
    """The least monthly saving that makes the household plan independent by a date (`api.plan.targets`)."""
    result = in_session(context, lambda session: get_savings_needed(
        session=session, user_id=context.user_id, fi_age=data.fi_age, years=data.years, by_year=data.by_year,
        spending=None if data.annual_spending is None else float(data.annual_spending),
        return_rate=data.expected_return))
    when = f"{result.target_date:%B %Y}"
    if result.on_track:
        summary = (f"You are on track to be independent {result.target} ({when}) with what you save now, "
                   f"{fmt_money(result.current_monthly_savings)} a month.")
    elif result.monthly_savings_needed is None:
        summary = (f"No amount of saving alone makes the plan independent {result.target} ({when}): spending less "
                   "or working longer is needed too.")
    else:
        summary = (f"To be independent {result.target} ({when}) save about "
                   f"{fmt_money(result.monthly_savings_needed)} a month: {fmt_money(result.savings_difference)} "
                   f"more than the {fmt_money(result.current_monthly_savings)} you save now.")
        if result.share_of_income is not None:
            summary += f" That is {result.share_of_income:.0%} of your take-home pay."
    changed: dict[str, str | float | int] = {}
    if data.annual_spending is not None:
        changed["annual_spending"] = float(data.annual_spending)
    if data.expected_return is not None:
        changed["expected_return"] = data.expected_return
    notes = ["The extra is saved (spent less) every month until the target; then everyone stops working."]
    return SavingsNeededOutput(**result.model_dump(), summary=summary,
                               provenance=_plan_provenance(facts, changed, notes))


class ProjectionInput(PlanOverrides):
    years: int | None = Field(default=None, ge=1, le=100, description="Years to show; default: to the horizon")
    every_years: int = Field(default=1, ge=1, le=25, description="One row every this many years")


class ProjectionRow(BaseModel):
    year: int = Field(description="Years from now")
    calendar_year: int
    age: int = Field(description="Your age that year")
    net_worth: Amount = Field(description="Year end, in the dollars of that year")
    net_worth_real: Amount = Field(description="Year end, in today's dollars")
    investable: Amount = Field(description="Registered, non-registered and cash savings, today's dollars")
    income: Amount = Field(description="Pay, CPP, OAS, pensions and other income before tax, today's dollars")
    tax: Amount = Field(description="Income tax and OAS recovery, today's dollars")
    spending: Amount
    withdrawals: Amount = Field(description="Drawn from savings, today's dollars")
    retired: bool


class ProjectionOutput(ToolOutput):
    rows: list[ProjectionRow]
    timing: FiTiming
    net_worth_at_retirement: Amount | None = Field(description="Net worth the year you retire, today's dollars")
    depleted_year: int | None = Field(description="Calendar year the plan first cannot pay its spending")
    ending_net_worth: Amount = Field(description="At the horizon, in the dollars of that year")
    ending_net_worth_real: Amount = Field(description="At the horizon, today's dollars")
    lifetime_tax: Amount
    estate: Amount = Field(description="Left at the horizon after the tax at the last death, today's dollars")
    summary: str


def projection(facts: Facts, data: ProjectionInput) -> ProjectionOutput:
    overrides = PlanOverrides.model_validate(data.model_dump(exclude={"years", "every_years"}))
    b = facts.plan
    if overrides.model_dump(exclude_none=True):
        inputs, changed = _apply(facts, overrides)
        summary, years = _run(facts, inputs)
    else:
        inputs, changed, summary, years = b.inputs, {}, b.summary, b.years
    you = inputs.people[0]
    shown = years[: data.years] if data.years else years
    growth = 1 + inputs.inflation

    def row(i: int, y: PlanYear) -> ProjectionRow:
        income = float(y.employment + y.cpp + y.oas + y.pension + y.other_income + y.dividends)
        drawn = float(y.rrsp_withdrawal + y.non_registered_withdrawal + y.tfsa_withdrawal + y.cash_withdrawal)
        retired = you.retirement_age is not None and you.age + i >= you.retirement_age
        return ProjectionRow(year=i, calendar_year=y.year, age=y.ages[0], net_worth=round(
            float(y.net_worth) * growth ** (i + 1), 2), net_worth_real=y.net_worth, investable=y.investable,
            income=round(income, 2), tax=round(float(y.income_tax + y.oas_recovery), 2), spending=y.spending,
            withdrawals=round(drawn, 2), retired=retired)

    rows = [row(i, y) for i, y in enumerate(shown) if i % data.every_years == 0]
    at_retirement = None
    if you.retirement_age is not None:
        i = round(you.retirement_age - you.age)
        if 0 <= i < len(years):
            at_retirement = years[i].net_worth
    end = shown[-1] if shown else None
    timing = _timing(inputs, summary, years)
    ending_real = 0.0 if end is None else float(end.net_worth)
    ending = round(ending_real * growth ** len(shown), 2)
    text = (f"Net worth {fmt_money(summary.net_worth_today)} today; {fmt_money(ending_real)} in today's dollars by "
            f"{end.year if end else summary.horizon_year}. {_describe(timing)}")
    if summary.first_short_year is not None:
        text += f" The plan first falls short in {summary.first_short_year}."
    return ProjectionOutput(rows=rows, timing=timing, net_worth_at_retirement=at_retirement,
                            depleted_year=summary.first_short_year, ending_net_worth=ending,
                            ending_net_worth_real=round(ending_real, 2), lifetime_tax=summary.lifetime_tax,
                            estate=summary.estate, summary=text, provenance=_plan_provenance(facts, changed, []))


# --- monte_carlo_summary ----------------------------------------------------------------------------------


class MonteCarloInput(NoExtra):
    """The household plan, cash flows and taxes included, over thousands of simulated markets."""

    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending after tax, today's "
                                                                      "dollars; default: the plan's")
    retirement_age: Age | None = Field(default=None, description="Your retirement age; default: saved")
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: the plan's")
    paths: int = Field(default=SUCCESS_PATHS, ge=100, le=10_000)
    seed: int = Field(default=SUCCESS_SEED, ge=0, description="Fixed so the same question gives the same answer")


class Percentiles(BaseModel):
    p10: Amount
    p50: Amount
    p90: Amount


class MonteCarloOutput(ToolOutput):
    success_rate: float = Field(description="Share of markets in which the plan pays its spending to the horizon")
    question: str = Field(description="The question the success rate answers")
    paths: int
    annual_spending: Amount
    balance_at_retirement: Percentiles | None = Field(description="Investable savings, today's dollars")
    ending_balance: Percentiles = Field(description="Investable savings at the horizon, today's dollars")
    median_estate: Amount
    summary: str


def monte_carlo_summary(facts: Facts, data: MonteCarloInput) -> MonteCarloOutput:
    b = facts.plan
    overrides = PlanOverrides(annual_spending=data.annual_spending, retirement_age=data.retirement_age,
                              expected_return=data.expected_return)
    changed: dict[str, str | float | int] = {}
    inputs = b.inputs
    if overrides.model_dump(exclude_none=True):
        inputs, changed = _apply(facts, overrides)
    # With the default paths and seed and no change, this is the dashboard's success rate (the same run, cached).
    same = inputs is b.inputs and data.paths == SUCCESS_PATHS and data.seed == SUCCESS_SEED
    risk = b.risk if same else household_risk.monte_carlo(inputs, paths=data.paths, seed=data.seed)
    rate, question = round(risk.success_rate, 4), risk.question
    you = inputs.people[0]
    at = None
    if you.retirement_age is not None:
        i = round(you.retirement_age - you.age) - 1
        if 0 <= i < len(risk.bands[50]):
            at = Percentiles(p10=round(risk.bands[10][i], 2), p50=round(risk.bands[50][i], 2),
                             p90=round(risk.bands[90][i], 2))
    end = Percentiles(p10=round(risk.bands[10][-1], 2), p50=round(risk.bands[50][-1], 2),
                      p90=round(risk.bands[90][-1], 2))
    summary = (f"Your plan pays its spending of {fmt_money(inputs.spending)} a year to age {inputs.horizon_age} in "
               f"{rate:.0%} of {data.paths:,} simulated markets (taxes, CPP and OAS counted).")
    return MonteCarloOutput(success_rate=rate, question=question, paths=data.paths,
                            annual_spending=round(inputs.spending, 2), balance_at_retirement=at, ending_balance=end,
                            median_estate=round(risk.median_estate, 2), summary=summary,
                            provenance=_plan_provenance(facts, changed, [risk.source], {"seed": data.seed}))


# --- compare_scenarios ------------------------------------------------------------------------------------


class CompareScenariosInput(NoExtra):
    names: list[str] = Field(default_factory=list, max_length=3, description="Up to three saved scenarios by name; "
                                                                             "none: the three saved last")


class ScenarioRow(BaseModel):
    name: str
    fi_date: date | None
    success_rate: float | None
    plan_lasts: bool
    lifetime_tax: Amount
    retirement_spending: Amount
    estate: Amount


class CompareScenariosOutput(ToolOutput):
    results: list[ScenarioRow] = Field(description="Your plan as saved first, then each scenario")
    summary: str


def compare_scenarios(facts: Facts, data: CompareScenariosInput, context: ToolContext) -> CompareScenariosOutput:
    def work(session: Any) -> Any:
        saved = list(scenarios.list_scenarios(session=session, user_id=context.user_id))
        if not saved:
            raise Invalid("No scenarios are saved yet: save one first (for example 'save a scenario where I retire "
                          "at 50')")
        if data.names:
            by_name = {r.name.strip().casefold(): r for r in saved}
            missing = [n for n in data.names if n.strip().casefold() not in by_name]
            if missing:
                raise Invalid(f"No scenario is called {', '.join(repr(m) for m in missing)}; saved: "
                              f"{', '.join(r.name for r in saved)}")
            chosen = [by_name[n.strip().casefold()] for n in data.names]
        else:
            chosen = saved[-3:]
        return scenarios.compare(session=session, user_id=context.user_id, ids=[r.id for r in chosen])

    compared = in_session(context, work)
    rows = [ScenarioRow(name=r.name, fi_date=r.fi_date, success_rate=r.success_rate, plan_lasts=r.plan_lasts,
                        lifetime_tax=r.lifetime_tax, retirement_spending=r.retirement_spending, estate=r.estate)
            for r in compared.results]

    def line(r: ScenarioRow) -> str:
        when = f"independent {r.fi_date:%B %Y}" if r.fi_date else "not independent within the plan"
        rate = "" if r.success_rate is None else f", {r.success_rate:.0%} success"
        return f"{r.name}: {when}{rate}, lifetime tax {fmt_money(r.lifetime_tax)}, estate {fmt_money(r.estate)}"

    return CompareScenariosOutput(results=rows, summary="; ".join(line(r) for r in rows) + ".",
                                  provenance=_plan_provenance(facts, {}, ["Success rates: the plan over 2,000 "
                                                                          "simulated markets, seed 1."]))


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


# One rule with the debt payoff calculator's "use my cards and lines" (api.credit.service.payoff_debts).
MINIMUM_SHARE = credit_rules.MINIMUM_SHARE
MINIMUM_FLOOR = credit_rules.MINIMUM_FLOOR
UNKNOWN_DEBT_RATE = float(credit_rules.UNKNOWN_DEBT_RATE)


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
        tool("fire_number", "The user's FIRE number: their plan's (the savings needed at the FI date, taxes, CPP "
             "and OAS counted) beside the rule of thumb (annual spending x the multiplier, 25 = the 4% rule) and its "
             "Lean, Fat, Coast and Barista variants, with progress so far. All inputs default to saved data.",
             FireNumberInput, FireNumberOutput, fire_number),
        tool("years_to_fi", "Years, date and age at which the user reaches financial independence on their "
             "household plan (taxes, CPP, OAS, RRIF minimums), and the gap to their retirement age; optional "
             "overrides for this calculation only.",
             PlanOverrides, YearsToFiOutput, years_to_fi),
        tool("projection", "Year-by-year household plan: net worth (nominal and today's dollars), savings, "
             "income, tax, spending and withdrawals until the horizon.", ProjectionInput, ProjectionOutput,
             projection),
        tool("monte_carlo_summary", "Success rate of the user's household plan (cash flows and taxes included) "
             "over thousands of simulated markets, with savings percentiles.", MonteCarloInput, MonteCarloOutput,
             monte_carlo_summary),
        tool("what_if", "What-if: change monthly savings (save extra, or pause saving for some years), yearly "
             "spending, income, expected return "
             "or retirement age and compare the new FI date with the current one. Nothing is saved.",
             PlanOverrides, WhatIfOutput, what_if),
        tool("savings_needed", "How much to save per month to reach FI by an age, within a number of years or "
             "by a calendar year, found on the user's own plan; compared with what they save now.",
             SavingsNeededInput, SavingsNeededOutput, lambda f, d: savings_needed(f, d, context)),
        tool("compare_scenarios", "The user's saved scenarios (what-ifs on the household plan) beside the plan as "
             "saved: FI date, success rate, lifetime tax, retirement spending and estate.", CompareScenariosInput,
             CompareScenariosOutput, lambda f, d: compare_scenarios(f, d, context)),
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

