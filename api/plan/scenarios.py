"""Scenarios: named what-ifs on the household plan, saved as the changes they make, and compared side by side
(up to three, beside the plan as saved): FI date, success rate, lifetime tax, spending, estate, and yearly series
for charts."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal

from pydantic import BaseModel, Field
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.core import repository as repo
from api.core.errors import Invalid
from api.core.i18n import Language, localize
from api.core.schemas import NOT_BLANK, Input, Money, SignedMoney
from api.networth.service import compute_net_worth
from api.plan.household import HouseholdSummary, PlanYear, household_inputs, month_date, plan_household
from api.plan.models import PlanScenario
from api.plan.summary import SUCCESS_PATHS, SUCCESS_SEED, plan_bundle, said_all
from api.planning import household_risk
from api.planning.errors import PlanningInputError
from api.planning.household import HouseholdInputs, PlanEvent
from api.planning.household_risk import HouseholdRisk
from api.planning.projection import Amount

MAX_SCENARIOS = 20


class OneOff(Input):
    on: date = Field(description="When")
    amount: SignedMoney = Field(description="Spent (positive, e.g. a down payment) or received "
                                                         "(negative, e.g. an inheritance), today's dollars")
    label: str | None = Field(default=None, max_length=100)


class PartTime(Input):
    person: int = Field(default=0, ge=0, le=1, description="0: you, 1: your partner")
    start: date
    end: date | None = None
    income: Money = Field(description="Gross yearly pay, today's dollars")


class ScenarioChanges(Input):
    """What the scenario changes in the plan built from saved data; anything left out stays as saved."""

    retirement_ages: list[float | None] | None = Field(
        default=None, max_length=2, description="Per adult (you, then your partner); null keeps the saved age")
    cpp_start_age: float | None = Field(default=None, ge=60, le=70, description="For every adult")
    oas_start_age: float | None = Field(default=None, ge=65, le=70, description="For every adult")
    spending: Money | None = Field(default=None, description="Yearly spending while working")
    retirement_spending: Money | None = Field(default=None, description="Yearly, once retired")
    one_offs: list[OneOff] = Field(default_factory=list, max_length=20)
    part_time: list[PartTime] = Field(default_factory=list, max_length=4)
    return_rate: float | None = Field(default=None, gt=-0.99, le=1)
    meltdown_income: Money | None = Field(default=None, description="Taxable income to fill with RRSP "
                                                                      "withdrawals before CPP and OAS start")
    extra_monthly_saving: SignedMoney | None = Field(
        default=None, description="Saved each month on top of the plan (negative: less) until you retire, by "
                                  "spending that much less while working")


class ScenarioIn(Input):
    name: str = Field(min_length=1, max_length=100, pattern=NOT_BLANK)
    changes: ScenarioChanges = Field(default_factory=ScenarioChanges)


class ScenarioRead(ScenarioIn):
    id: uuid.UUID
    created_at: datetime
    updated_at: datetime


def apply(inputs: HouseholdInputs, changes: ScenarioChanges) -> HouseholdInputs:
    """The plan with the scenario's changes."""
    people = []
    for i, person in enumerate(inputs.people):
        update: dict[str, object] = {}
        if changes.retirement_ages and i < len(changes.retirement_ages) and changes.retirement_ages[i] is not None:
            update["retirement_age"] = changes.retirement_ages[i]
        if changes.cpp_start_age is not None:
            update["cpp_start_age"] = changes.cpp_start_age
        if changes.oas_start_age is not None:
            update["oas_start_age"] = changes.oas_start_age
        people.append(person.model_copy(update=update))
    events = list(inputs.events)
    events += [PlanEvent(kind="one_off", start=o.on, amount=float(o.amount)) for o in changes.one_offs]
    for p in changes.part_time:
        if p.person >= len(people):
            raise Invalid("changes.part_time: there is no partner in the household",
                          details=[{"field": "changes.part_time"}])
        events.append(PlanEvent(kind="earnings", start=p.start, end=p.end, amount=float(p.income), person=p.person))
    if changes.extra_monthly_saving:
        you = people[0]
        end = None
        if you.retirement_age is not None:
            end = month_date(inputs.start, round((you.retirement_age - you.age) * 12))
        events.append(PlanEvent(kind="spending", start=inputs.start, end=end,
                                amount=-12 * float(changes.extra_monthly_saving)))
    plan: dict[str, object] = {"people": people, "events": events}
    for name in ("spending", "retirement_spending", "return_rate", "meltdown_income"):
        value = getattr(changes, name)
        if value is not None:
            plan[name] = float(value)
    return inputs.model_copy(update=plan)


# --- Stored scenarios -----------------------------------------------------------------------------------------


def list_scenarios(*, session: Session, user_id: uuid.UUID) -> Sequence[PlanScenario]:
    return repo.list_for_user(session, PlanScenario, user_id, newest_first=False)


def add_scenario(*, session: Session, user_id: uuid.UUID, data: ScenarioIn) -> PlanScenario:
    repo.lock_for_user(session, "scenarios", user_id)
    count = session.scalar(select(func.count()).select_from(PlanScenario).where(PlanScenario.user_id == user_id))
    if (count or 0) >= MAX_SCENARIOS:
        raise Invalid(f"name: you have {MAX_SCENARIOS} scenarios; delete one first", details=[{"field": "name"}])
    return repo.create_for_user(session, PlanScenario, user_id, {"name": data.name,
                                                                  "changes": data.changes.model_dump(mode="json")})


def update_scenario(*, session: Session, user_id: uuid.UUID, scenario_id: uuid.UUID, data: ScenarioIn) -> PlanScenario:
    return repo.update_for_user(session, PlanScenario, user_id, scenario_id,
                                {"name": data.name, "changes": data.changes.model_dump(mode="json")},
                                label="Scenario")


def delete_scenario(*, session: Session, user_id: uuid.UUID, scenario_id: uuid.UUID) -> None:
    repo.delete_for_user(session, PlanScenario, user_id, scenario_id, label="Scenario")


# --- Comparison -------------------------------------------------------------------------------------------


class ScenarioResult(BaseModel):
    id: uuid.UUID | None = Field(description="Null for the plan as saved")
    name: str
    fi_date: date | None
    months_to_fi: int | None
    success_rate: float | None = Field(description=f"Monte Carlo of the plan over {SUCCESS_PATHS:,} simulated "
                                                   "markets; null when not asked for (a quick what-if)")
    plan_lasts: bool
    lifetime_tax: Amount
    retirement_spending: Amount
    estate: Amount
    years: list[int] = Field(description="The calendar year of each plan year's end (the same month as today): the "
                                         "plan summary's years after today, so the lines share its chart")
    investable: list[Amount] = Field(description="Investable savings at each year end, today's dollars")
    net_worth: list[Amount] = Field(description="Net worth at each year end, today's dollars")


class ComparisonRead(BaseModel):
    results: list[ScenarioResult]
    missing: list[str]


def _result(inputs: HouseholdInputs, scenario_id: uuid.UUID | None, name: str, net_worth: Decimal,
            with_risk: bool = True) -> ScenarioResult:
    summary, years = plan_household(inputs, net_worth_today=net_worth)
    try:
        risk = household_risk.monte_carlo(inputs, paths=SUCCESS_PATHS, seed=SUCCESS_SEED) if with_risk else None
    except PlanningInputError as exc:
        raise Invalid(str(exc), details={"field": exc.field}) from exc
    return _scenario_result(inputs, scenario_id, name, summary, years, risk)


def _scenario_result(inputs: HouseholdInputs, scenario_id: uuid.UUID | None, name: str, summary: HouseholdSummary,
                     years: Sequence[PlanYear], risk: HouseholdRisk | None) -> ScenarioResult:
    spending = inputs.retirement_spending if inputs.retirement_spending is not None else inputs.spending
    return ScenarioResult(
        id=scenario_id, name=name, fi_date=summary.fi_date, months_to_fi=summary.months_to_fi,
        success_rate=None if risk is None else round(risk.success_rate, 4),
        plan_lasts=summary.plan_lasts, lifetime_tax=summary.lifetime_tax,
        retirement_spending=round(spending, 2), estate=summary.estate, years=[y.year + 1 for y in years],
        investable=[y.investable for y in years], net_worth=[y.net_worth for y in years])


def compare(*, session: Session, user_id: uuid.UUID, ids: list[uuid.UUID], language: Language = "en"
            ) -> ComparisonRead:
    """The plan as saved (named in `language`) beside the scenarios (named as saved), and what the plan is missing
    said in `language`."""
    if not 1 <= len(ids) <= 3:
        raise Invalid("ids: compare one to three scenarios", details=[{"field": "ids"}])
    scenarios = [repo.get_for_user(session, PlanScenario, user_id, i, label="Scenario") for i in ids]
    # The plan as saved is the cached household plan (the summary's own figures), not a second run of it.
    plan = plan_bundle(session=session, user_id=user_id)
    inputs, missing = plan.inputs, plan.missing
    net_worth = compute_net_worth(session=session, user_id=user_id).net_worth
    results = [_scenario_result(inputs, None, localize("Your plan", language)[0], plan.summary, plan.years,
                                plan.risk)]
    for s in scenarios:
        changes = ScenarioChanges.model_validate(s.changes)
        results.append(_result(apply(inputs, changes), s.id, s.name, net_worth))
    return ComparisonRead(results=results, missing=said_all(missing, language))


def what_if(*, session: Session, user_id: uuid.UUID, changes: ScenarioChanges, with_risk: bool,
            language: Language = "en") -> ScenarioResult:
    """The plan with `changes`, not saved: what a slider on Analysis shows while it moves (named in `language`)."""
    inputs, _ = household_inputs(session=session, user_id=user_id)
    net_worth = compute_net_worth(session=session, user_id=user_id).net_worth
    return _result(apply(inputs, changes), None, localize("What if", language)[0], net_worth, with_risk)
