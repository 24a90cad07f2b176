"""/api/v1/plan"""

from __future__ import annotations

import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request, Response

from api.core.i18n import LOCALES, AnswerLanguage, language_of_header
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.plan import household, scenarios, summary, targets
from api.plan.household import HouseholdPlanRead, HouseholdRiskRead, OptimiseRead, PlanMonthsRead
from api.plan.summary import SUCCESS_PATHS, PlanSummaryRead

router = APIRouter(prefix="/api/v1/plan", tags=["plan"], responses=ERRORS)


@router.get("/savings-needed", operation_id="plan-savings-needed", response_model=targets.SavingsNeededRead)
def get_savings_needed(
    user: CurrentUser, session: SessionDep, language: AnswerLanguage,
    fi_age: Annotated[float | None, Query(ge=0, le=120, description="Reach FI by this age (default: your "
                                                                    "retirement age)")] = None,
    years: Annotated[int | None, Query(ge=1, le=80, description="Reach FI within this many years")] = None,
    by_year: Annotated[int | None, Query(ge=1900, le=2200, description="Reach FI by January 1 of this year")] = None,
) -> targets.SavingsNeededRead:
    """The least monthly saving that makes the household plan financially independent by an age, within some
    years or by a year (taxes, CPP and OAS counted), beside what it saves now."""
    return targets.get_savings_needed(session=session, user_id=user.user_id, fi_age=fi_age, years=years,
                                      by_year=by_year, language=language)


@router.get("/household", operation_id="plan-household", response_model=HouseholdPlanRead)
def get_household_plan(user: CurrentUser, session: SessionDep, language: AnswerLanguage) -> HouseholdPlanRead:
    """The household plan: you and a partner, year by year to the planning horizon in today's dollars, with
    income tax, CPP, OAS, pensions and RRIF minimums; the FI date (the first month from which the plan pays the
    spending after tax to the horizon), the savings needed then, and what is assumed."""
    return summary.household_plan(session=session, user_id=user.user_id, language=language)


@router.get("/household/months", operation_id="plan-household-months", response_model=PlanMonthsRead)
def get_plan_months(
    user: CurrentUser, session: SessionDep,
    year: Annotated[int | None, Query(ge=1900, le=2200, description="A calendar year of the plan (default: the "
                                                                 "next twelve months, from this month)")] = None,
) -> PlanMonthsRead:
    """The household plan month by month for one calendar year (or the next twelve months): pay, CPP, OAS and
    pensions in the months they are paid, tax, spending, what is saved and drawn from each kind of account, and the
    balances at each month's end. The plan year's figures are the sums of its months."""
    return summary.plan_months(session=session, user_id=user.user_id, year=year)


@router.get("/summary", operation_id="plan-summary", response_model=PlanSummaryRead)
async def get_plan_summary(user: CurrentUser, request: Request) -> Response:
    """The household plan's headline figures, the ones every screen, the report and the coach show: the FI date,
    the FIRE number, net worth, the success rate, the gap to your retirement age and what closes it, milestones, a
    yearly series for the chart and the next best actions. Cached until any saved input changes."""
    # Without a language in the header, the saved locale is read in the summary's own query (no second round trip).
    asked = language_of_header(request.headers.get("accept-language"))
    body, language = await summary.summary_body(user.user_id, asked)
    return Response(body, media_type="application/json",
                    headers={"Content-Language": LOCALES[language], "Vary": "Accept-Language"})


@router.get("/household/risk", operation_id="plan-household-risk", response_model=HouseholdRiskRead)
def get_household_risk(
    user: CurrentUser, session: SessionDep, language: AnswerLanguage,
    paths: Annotated[int, Query(ge=100, le=10_000, description="Simulated markets")] = SUCCESS_PATHS,
    seed: Annotated[int, Query(ge=0, description="Seed of the simulated markets (the same seed, the same answer)")] = 1,
) -> HouseholdRiskRead:
    """The household plan, cash flows and taxes included, over simulated markets (Monte Carlo) and over every
    stretch of market history since 1871 (backtest): each with the one question it answers."""
    return summary.household_risk_cards(session=session, user_id=user.user_id, paths=paths, seed=seed,
                                        language=language)


@router.get("/household/optimise", operation_id="plan-household-optimise", response_model=OptimiseRead)
def get_optimised(
    user: CurrentUser, session: SessionDep,
    objective: Annotated[Literal["spending", "tax"], Query(
        description="spending: the most yearly spending the plan pays to the horizon; tax: the least lifetime "
                    "and estate tax")] = "spending",
) -> OptimiseRead:
    """CPP and OAS start ages and an RRSP meltdown tried on the household plan: the best against the plan as
    saved, and what it gains. Under half a second for a couple (bench/bench_household.py)."""
    return household.get_optimised(session=session, user_id=user.user_id, objective=objective)


@router.post("/what-if", operation_id="plan-what-if", response_model=scenarios.ScenarioResult)
def what_if(
    user: CurrentUser, session: SessionDep, language: AnswerLanguage, changes: scenarios.ScenarioChanges,
    risk: Annotated[bool, Query(description="Also run the Monte Carlo for a success rate (about 0.3 s)")] = False,
) -> scenarios.ScenarioResult:
    """The household plan with some changes (retirement ages, CPP/OAS start, spending, extra saving, one-offs,
    part-time work, return), not saved: FI date, lifetime tax, estate and yearly series."""
    return scenarios.what_if(session=session, user_id=user.user_id, changes=changes, with_risk=risk,
                             language=language)


@router.get("/scenarios", operation_id="plan-scenarios-list", response_model=list[scenarios.ScenarioRead])
def list_scenarios(user: CurrentUser, session: SessionDep) -> object:
    """Saved what-ifs on the household plan, oldest first."""
    return scenarios.list_scenarios(session=session, user_id=user.user_id)


@router.post("/scenarios", operation_id="plan-scenarios-add", response_model=scenarios.ScenarioRead,
             status_code=201)
def add_scenario(user: CurrentUser, session: SessionDep, data: scenarios.ScenarioIn) -> object:
    """Save a what-if (retire at 50, buy a house in 2028, part-time at 55, CPP at 70) as the changes it makes."""
    return scenarios.add_scenario(session=session, user_id=user.user_id, data=data)


@router.get("/scenarios/compare", operation_id="plan-scenarios-compare", response_model=scenarios.ComparisonRead)
def compare_scenarios(
    user: CurrentUser, session: SessionDep, language: AnswerLanguage,
    ids: Annotated[list[uuid.UUID], Query(min_length=1, max_length=3, description="One to three scenario ids")],
) -> scenarios.ComparisonRead:
    """The plan as saved beside up to three scenarios: FI date, success rate, lifetime tax, spending, estate,
    and yearly series for charts."""
    return scenarios.compare(session=session, user_id=user.user_id, ids=ids, language=language)


@router.put("/scenarios/{scenario_id}", operation_id="plan-scenarios-update", response_model=scenarios.ScenarioRead)
def update_scenario(user: CurrentUser, session: SessionDep, scenario_id: uuid.UUID,
                    data: scenarios.ScenarioIn) -> object:
    return scenarios.update_scenario(session=session, user_id=user.user_id, scenario_id=scenario_id, data=data)


@router.delete("/scenarios/{scenario_id}", operation_id="plan-scenarios-delete", status_code=204)
def delete_scenario(user: CurrentUser, session: SessionDep, scenario_id: uuid.UUID) -> Response:
    scenarios.delete_scenario(session=session, user_id=user.user_id, scenario_id=scenario_id)
    return Response(status_code=204)
