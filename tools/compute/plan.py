"""The household plan as tools: years to FI, what-ifs, the saving needed, the projection, Monte Carlo and saved
scenarios, all read from `api.plan` (the figures every screen shows), with overrides for one question."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from api.core.errors import Invalid
from api.core.schemas import Age
from api.plan import scenarios
from api.plan.household import ASSUMPTIONS, HouseholdSummary, PlanYear, month_date, plan_household
from api.plan.summary import SUCCESS_PATHS, SUCCESS_SEED, PlanBundle, duration, target_for
from api.plan.targets import SavingsNeededRead, get_savings_needed
from api.planning import household_risk
from api.planning.household import HouseholdInputs, PlanEvent
from api.planning.projection import Amount, MoneyIn
from api.planning.tax import gross_for_take_home
from tools.base import Provenance, ToolContext, ToolOutput
from tools.common import NoExtra, fmt_money, in_session
from tools.compute.common import PLAN_DATA, Rate
from tools.facts import Facts
from tools.write import closest_name

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


def plan_provenance(facts: Facts, changed: dict[str, str | float | int], notes: list[str],
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
                               provenance=plan_provenance(facts, {}, []))
    inputs, changed = _apply(facts, data)
    summary, years = _run(facts, inputs)
    timing = _timing(inputs, summary, years)
    goal = target_for(inputs, summary) if data.retirement_age is not None else None
    text = None if goal is None else goal.sentence
    return YearsToFiOutput(timing=timing, target=text, summary=_describe(timing) + (f" {text}" if text else ""),
                           provenance=plan_provenance(facts, changed, []))


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
                        provenance=plan_provenance(facts, changed, []))


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
                               provenance=plan_provenance(facts, changed, notes))


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
                            estate=summary.estate, summary=text, provenance=plan_provenance(facts, changed, []))


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
                            provenance=plan_provenance(facts, changed, [risk.source], {"seed": data.seed}))


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
            # the saved name a person means ("the cottage one" is "Cottage 2030"), as the writers find theirs
            found = {n: closest_name(n, [r.name for r in saved]) for n in data.names}
            missing = [n for n, at in found.items() if at is None]
            if missing:
                raise Invalid(f"No scenario is called {', '.join(repr(m) for m in missing)}; saved: "
                              f"{', '.join(r.name for r in saved)}")
            chosen = list({saved[at].id: saved[at] for at in found.values() if at is not None}.values())
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
                                  provenance=plan_provenance(facts, {}, ["Success rates: the plan over 2,000 "
                                                                          "simulated markets, seed 1."]))


