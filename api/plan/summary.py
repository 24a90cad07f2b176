"""The plan's headline figures, the ones every surface shows: the FI date, the FIRE number, net worth, the
success rate, the gap to the target age and what closes it, and the next best actions.

They are read from the household plan (`api.plan.household`) and nothing else: the dashboard, Progress, the
report, the strategies and tax pages, the coach's tools and the calculators "from my plan" all call
`plan_summary`, so none of them can answer differently.

The plan is cached per user and keyed on the user's plan version (a number a trigger on each table the plan reads
raises on every insert, change or delete: migration 0016) and on the day it is read, so any write that changes an
input gives the next read a fresh plan, on this server or another one, with no list of writes to keep in step; a
cached read's only query is one primary-key lookup.
"""

from __future__ import annotations

import math
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import cached_property
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from api.core.db import user_session
from api.core.errors import Invalid
from api.core.i18n import Language, language_of_locale, localize, msg
from api.core.reads import fetch_for_user
from api.networth.service import compute_net_worth
from api.plan.household import (
    ASSUMPTIONS,
    HouseholdPlanRead,
    HouseholdRiskRead,
    HouseholdSummary,
    PlanMonth,
    PlanMonthsRead,
    PlanYear,
    RiskCard,
    account_balances,
    get_household_risk,
    household_inputs,
    month_date,
    months_of_year,
    risk_read,
    run_plan,
)
from api.planning import household_risk
from api.planning.errors import PlanningInputError
from api.planning.household import Engine, HouseholdInputs, constant_market, mortgage_payoffs
from api.planning.household_risk import HouseholdRisk
from api.planning.projection import Amount
from api.planning.tables import account_tables

SUCCESS_PATHS = 2_000  # the success rate everywhere: Monte Carlo of the plan over this many markets, seed 1
SUCCESS_SEED = 1
_GRID = 48  # candidate savings a pass of the saving search tries at once

# Every table the plan reads (each has the plan-version trigger of migration 0016; a test holds the two the same).
INPUT_TABLES = ("profiles", "income", "expenses", "expense_items", "budget_allocations", "user_preferences",
                 "future_plans", "household_members", "user_accounts", "user_properties", "savings_items",
                 "savings_investments", "user_credit_cards", "user_lines_of_credit", "user_credit_data", "goals",
                 "future_plan_items")
# The user's plan version: `plan_fingerprint` (migrations 0008, 0016) reads it from `plan_versions`.
_FINGERPRINT_SQL = "SELECT plan_fingerprint(%(user_id)s::uuid) AS fingerprint"
_FINGERPRINT = text("SELECT plan_fingerprint(CAST(:u AS uuid))")


def fingerprint(session: Session, user_id: uuid.UUID) -> str:
    """The user's plan version: it changes whenever any saved row the plan is built from is added, changed or
    removed, by this server or another."""
    return str(session.execute(_FINGERPRINT, {"u": user_id}).scalar_one())


async def read_fingerprint(user_id: uuid.UUID) -> str:
    """`fingerprint` on the async read path (one pipelined round trip, no thread hop): a cached read's only query."""
    rows = await fetch_for_user(user_id, _FINGERPRINT_SQL)
    return str(rows[0]["fingerprint"])


# --- The cached plan ------------------------------------------------------------------------------------------


class Target(BaseModel):
    age: float = Field(description="Your retirement age (household, else preferences)")
    date: date
    met: bool = Field(description="The plan is independent by then")
    months_early: int | None = Field(description="When met: how many months before the target FI comes")
    shortfall: Amount | None = Field(description="When not met: the investable savings missing at the target "
                                                 "age (today's dollars)")
    extra_monthly: Amount | None = Field(description="When not met: the least extra saving a month, from now to "
                                                     "the target, that makes the plan independent by then; null "
                                                     "when saving alone cannot")
    sentence: str


class Milestone(BaseModel):
    date: date
    kind: Literal["fi", "retirement", "cpp", "oas", "pension", "plan", "mortgage", "death"]
    label: str


class NextAction(BaseModel):
    title: str
    detail: str
    route: str = Field(description="Where in the app to act on it")


class PlanSummaryRead(BaseModel):
    """The plan's headline figures: what every screen, the report and the coach show."""

    headline: str = Field(description="The answer to \"when can I retire?\" in one sentence")
    fi_date: date | None
    fi_ages: list[float] | None
    months_to_fi: int | None
    fire_number: Amount | None = Field(description="The investable savings needed at the FI date (today's dollars), "
                                                  "taxes and government benefits counted")
    rule_of_thumb: Amount = Field(description="25 x the yearly spending: the 4% rule of thumb, for comparison")
    investable_today: Amount = Field(description="Registered, non-registered and cash savings the plan can spend")
    progress: float | None = Field(description="investable_today / fire_number (1 when independent)")
    net_worth_today: Amount
    spending: Amount = Field(description="Yearly spending after tax the plan pays")
    plan_lasts: bool
    first_short_year: int | None
    success_rate: float = Field(description=f"Monte Carlo of the plan, cash flows and taxes included, over "
                                            f"{SUCCESS_PATHS:,} simulated markets (the Analysis card's figure)")
    success_question: str
    lifetime_tax: Amount
    estate: Amount
    target: Target | None = Field(description="The retirement age set: met, or the shortfall and what closes it")
    milestones: list[Milestone]
    years: list[int] = Field(description="The chart's points: today (the start month), then each plan year's end "
                                         "(the same month of the next years)")
    net_worth: list[Amount] = Field(description="Net worth today, then at each plan year's end, today's dollars")
    investable: list[Amount]
    next_actions: list[NextAction]
    gis_years: list[int] = Field(description="Calendar years in which the household's income other than OAS is "
                                             "below the Guaranteed Income Supplement's limit (the plan does not "
                                             "count GIS: these years may get more than it shows)")
    missing: list[str]


@dataclass(frozen=True)
class PlanBundle:
    inputs: HouseholdInputs
    missing: list[str]
    summary: HouseholdSummary
    years: list[PlanYear]
    months: list[PlanMonth]
    read: PlanSummaryRead
    risk: HouseholdRisk  # the Monte Carlo the success rate comes from

    @cached_property
    def risk_cards(self) -> HouseholdRiskRead:
        """The Analysis risk cards on this plan's own Monte Carlo (the backtest and the FI-date distributions
        added once per plan)."""
        return risk_read(self.inputs, self.missing, self.risk, SUCCESS_PATHS, SUCCESS_SEED)

    @cached_property
    def body(self) -> bytes:
        """The summary as the API sends it, serialized once per plan."""
        return self.read.model_dump_json().encode()

    @cached_property
    def _bodies(self) -> dict[Language, bytes]:
        return {}

    def body_in(self, language: Language) -> bytes:
        """The summary in `language`, serialized once per plan and language: the plan's own sentences (headline,
        target, milestones, next actions, what it assumed, the success question) said through the catalogue; the
        names and descriptions people typed stay as typed."""
        if language == "en":
            return self.body
        if language not in self._bodies:
            self._bodies[language] = said_in(self.read, language).model_dump_json().encode()
        return self._bodies[language]


_LOCK = threading.Lock()
_CACHE: OrderedDict[uuid.UUID, tuple[tuple[str, date], PlanBundle]] = OrderedDict()
_CACHE_SIZE = 4_096
_BUILDING: dict[uuid.UUID, _Build] = {}  # one build of a user's plan at a time


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()


def plan_bundle(*, session: Session, user_id: uuid.UUID, today: date | None = None) -> PlanBundle:
    """The user's household plan and its headline figures, from the cache when no input changed."""
    today = today or datetime.now(UTC).date()
    key = (fingerprint(session, user_id), today)
    hit = _cached(user_id, key)
    if hit is not None:
        return hit
    # One build per user at a time: requests arriving while it runs wait for it instead of each building the same
    # plan (a burst of dashboard reads after a save would otherwise run the Monte Carlo once per request).
    with _building(user_id):
        hit = _cached(user_id, key)
        if hit is not None:
            return hit
        bundle = _build(session, user_id, today)
        with _LOCK:
            _CACHE[user_id] = (key, bundle)
            _CACHE.move_to_end(user_id)
            while len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
    return bundle


def _cached(user_id: uuid.UUID, key: tuple[str, date]) -> PlanBundle | None:
    with _LOCK:
        hit = _CACHE.get(user_id)
        if hit is not None and hit[0] == key:
            _CACHE.move_to_end(user_id)
            return hit[1]
    return None


@dataclass
class _Build:
    lock: threading.Lock = field(default_factory=threading.Lock)
    waiters: int = 0


@contextmanager
def _building(user_id: uuid.UUID) -> Iterator[None]:
    with _LOCK:
        build = _BUILDING.setdefault(user_id, _Build())
        build.waiters += 1
    try:
        with build.lock:
            yield
    finally:
        with _LOCK:
            build.waiters -= 1
            if build.waiters == 0:
                _BUILDING.pop(user_id, None)


def plan_summary(*, session: Session, user_id: uuid.UUID) -> PlanSummaryRead:
    return plan_bundle(session=session, user_id=user_id).read


def said_in(read: PlanSummaryRead, language: Language) -> PlanSummaryRead:
    """`read` with its English sentences said in `language` (one the catalogue does not know stays English)."""
    def say(text: str) -> str:
        return localize(text, language)[0]

    target = read.target
    return read.model_copy(update={
        "headline": say(read.headline), "success_question": say(read.success_question),
        "target": None if target is None else target.model_copy(update={"sentence": say(target.sentence)}),
        "milestones": [m.model_copy(update={"label": say(m.label)}) for m in read.milestones],
        "next_actions": [a.model_copy(update={"title": say(a.title), "detail": say(a.detail)})
                         for a in read.next_actions],
        "missing": [say(m) for m in read.missing]})


def risk_in(read: HouseholdRiskRead, language: Language) -> HouseholdRiskRead:
    """The risk cards with their English sentences (the question each answers, the FI-date distribution's, where the
    markets come from, what is missing) said in `language`."""
    if language == "en":
        return read

    def say(text: str) -> str:
        return localize(text, language)[0]

    def card(risk: RiskCard) -> RiskCard:
        return risk.model_copy(update={"question": say(risk.question), "source": say(risk.source),
                                       "fi_question": say(risk.fi_question) if risk.fi_question else ""})

    return read.model_copy(update={"monte_carlo": card(read.monte_carlo), "backtest": card(read.backtest),
                                   "missing": [say(m) for m in read.missing]})


# The plan version and, for a request that names no language, the saved locale: one round trip.
_FINGERPRINT_AND_LOCALE_SQL = (
    "SELECT plan_fingerprint(%(user_id)s::uuid) AS fingerprint, "
    "(SELECT locale FROM user_preferences WHERE user_id = %(user_id)s::uuid) AS locale")


async def version_and_language(user_id: uuid.UUID, language: Language | None) -> tuple[str, Language]:
    """The user's plan version and the language to answer in: `language`, or with None the user's saved locale (read
    in the same query as the plan version), else English."""
    if language is None:
        row = (await fetch_for_user(user_id, _FINGERPRINT_AND_LOCALE_SQL))[0]
        return str(row["fingerprint"]), language_of_locale(row["locale"])
    return await read_fingerprint(user_id), language


async def summary_body(user_id: uuid.UUID, language: Language | None = "en") -> tuple[bytes, Language]:
    """The summary's JSON for the API and the language it is in (`version_and_language`). From the cache after that
    one async query when no input changed (the dashboard's every read but the first after a save), else built on the
    sync path in a worker thread."""
    today = datetime.now(UTC).date()
    version, language = await version_and_language(user_id, language)
    hit = _cached(user_id, (version, today))
    if hit is not None:
        return hit.body_in(language), language
    return await run_in_threadpool(_build_body, user_id, today, language), language


def _build_body(user_id: uuid.UUID, today: date, language: Language) -> bytes:
    with user_session(user_id) as session:
        return plan_bundle(session=session, user_id=user_id, today=today).body_in(language)


def household_risk_cards(*, session: Session, user_id: uuid.UUID, paths: int, seed: int,
                         language: Language = "en") -> HouseholdRiskRead:
    """The Analysis risk cards: with the default markets, the cached plan's (its success rate is the summary's);
    with others, run for the question. Their sentences in `language`."""
    if paths == SUCCESS_PATHS and seed == SUCCESS_SEED:
        bundle = plan_bundle(session=session, user_id=user_id)
        try:
            return risk_in(bundle.risk_cards, language)
        except PlanningInputError as exc:
            raise Invalid(str(exc), details={"field": exc.field}) from exc
    return risk_in(get_household_risk(session=session, user_id=user_id, paths=paths, seed=seed), language)


def said_all(texts: list[str], language: Language) -> list[str]:
    """The plan's English sentences (what it is missing, what it assumes) said in `language`."""
    return list(texts) if language == "en" else [localize(text, language)[0] for text in texts]


def household_plan(*, session: Session, user_id: uuid.UUID, language: Language = "en") -> HouseholdPlanRead:
    """The household plan year by year; what it is missing and what it assumes said in `language` (the names in
    `inputs` stay as typed)."""
    b = plan_bundle(session=session, user_id=user_id)
    return HouseholdPlanRead(summary=b.summary, years=b.years, balances=account_balances(b.inputs, b.years),
                             inputs=b.inputs, missing=said_all(b.missing, language),
                             assumptions=said_all(ASSUMPTIONS, language))


def plan_months(*, session: Session, user_id: uuid.UUID, year: int | None) -> PlanMonthsRead:
    """The cached plan's months in one calendar year (default: the next twelve months)."""
    b = plan_bundle(session=session, user_id=user_id)
    return months_of_year(b.inputs, b.months, year)


def _build(session: Session, user_id: uuid.UUID, today: date) -> PlanBundle:
    inputs, missing = household_inputs(session=session, user_id=user_id, today=today)
    run = run_plan(inputs, net_worth_today=compute_net_worth(session=session, user_id=user_id).net_worth,
                   by_month=True)
    summary, years = run.summary, run.years
    try:
        risk = household_risk.monte_carlo(inputs, paths=SUCCESS_PATHS, seed=SUCCESS_SEED)
        target = target_for(inputs, summary)
    except PlanningInputError as exc:
        raise Invalid(str(exc), details={"field": exc.field}) from exc
    investable = inputs.cash + inputs.non_registered + sum(p.rrsp + p.tfsa + p.fhsa for p in inputs.people)
    spending = inputs.retirement_spending if inputs.retirement_spending is not None else inputs.spending
    progress = None
    if summary.months_to_fi == 0:
        progress = 1.0
    elif summary.fire_number:
        progress = round(min(investable / float(summary.fire_number), 1.0), 4)
    gis = gis_years(inputs, years)
    read = PlanSummaryRead(
        headline=_headline(inputs, summary, target), fi_date=summary.fi_date, fi_ages=summary.fi_ages,
        months_to_fi=summary.months_to_fi, fire_number=summary.fire_number, rule_of_thumb=summary.rule_of_thumb,
        investable_today=round(investable, 2), progress=progress, net_worth_today=summary.net_worth_today,
        spending=round(spending, 2), plan_lasts=summary.plan_lasts, first_short_year=summary.first_short_year,
        success_rate=round(risk.success_rate, 4), success_question=risk.question,
        lifetime_tax=summary.lifetime_tax, estate=summary.estate, target=target,
        milestones=_milestones(inputs, summary), years=[inputs.start.year] + [y.year + 1 for y in years],
        net_worth=[summary.net_worth_today] + [y.net_worth for y in years],
        investable=[round(investable, 2)] + [y.investable for y in years],
        next_actions=_actions(inputs, summary, target, risk.success_rate, missing, gis), gis_years=gis,
        missing=missing)
    return PlanBundle(inputs=inputs, missing=missing, summary=summary, years=years, months=run.months, read=read,
                      risk=risk)


# --- Pieces of the summary ------------------------------------------------------------------------------------


def _money(value: float) -> str:
    return f"${value:,.0f}"


def duration(months: int) -> str:
    """"2 years and 3 months", "1 year", "5 months"."""
    years, rest = divmod(abs(months), 12)
    if years and rest:
        return msg("plan_text.duration_years_months", years=years, months=rest)
    return msg("plan_text.duration_years", years=years) if years else msg("plan_text.duration_months", months=rest)


def _age(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def _lasts_retiring_at(inputs: HouseholdInputs, month: int) -> tuple[bool, float]:
    """Whether the plan pays its spending to the horizon when every earner stops at `month`, and the investable
    savings then."""
    engine = Engine(inputs)
    run = engine.run(np.array([float(month)]), constant_market(inputs))
    year = min(max(month // 12 - 1, 0), engine.years - 1)
    return bool(run.failed_year[0] < 0), float(run.investable[year, 0])


@dataclass(frozen=True)
class Reach:
    lasts: bool = False
    extra_monthly: float | None = None  # the least extra saving a month until the target; None: saving cannot
    shortfall: float | None = None  # investable savings missing at the target (today's dollars)
    investable_at_target: float = 0.0


def saving_to_reach(inputs: HouseholdInputs, months: int) -> Reach:
    """The least extra saving a month, from now until `months` from now (spent less while working), that lets
    every earner stop then with the plan paying its spending, after tax, to the horizon: a grid of candidate
    amounts run as lanes of one plan, narrowed three times to the dollar."""
    engine = Engine(inputs)
    lasts, have = _lasts_retiring_at(inputs, months)
    if lasts:
        return Reach(lasts=True, extra_monthly=0.0, shortfall=0.0, investable_at_target=have)
    # The most anyone could save: every dollar of pay and side income, before tax, and all the spending.
    ceiling = (sum(p.employment_income for p in inputs.people) + inputs.other_net_income) / 12 + inputs.spending / 12
    if ceiling <= 0:
        return Reach(investable_at_target=have)
    year = min(max(months // 12 - 1, 0), engine.years - 1)
    low, high = 0.0, ceiling
    found = False
    for _ in range(3):
        grid = np.linspace(low, high, _GRID + 1)[1:]
        lanes = grid.size
        market = constant_market(inputs, lanes)
        run = engine.run(np.full(lanes, float(months)), market, extra_saving=12 * grid)
        ok = np.flatnonzero(run.failed_year < 0)
        if ok.size == 0:
            if not found:
                return Reach(investable_at_target=have)  # not even saving everything gets there
            break
        found = True
        first = int(ok[0])
        low, high = (low if first == 0 else float(grid[first - 1])), float(grid[first])
        if high - low < 1:
            break
    extra = float(np.ceil(high))
    final = engine.run(np.array([float(months)]), constant_market(inputs), extra_saving=np.array([12 * extra]))
    need = float(final.investable[year, 0])
    return Reach(extra_monthly=extra, shortfall=max(need - have, 0.0), investable_at_target=have)


def target_for(inputs: HouseholdInputs, summary: HouseholdSummary) -> Target | None:
    you = inputs.people[0]
    if you.retirement_age is None:
        return None
    months = round((you.retirement_age - you.age) * 12)
    if months <= 0:
        return None  # already past it: the FI date answers alone
    when = month_date(inputs.start, months)
    at = _age(you.retirement_age)
    fi = summary.months_to_fi
    if fi is not None and fi <= months:
        early = months - fi
        sentence = f"On track for {at}: independent {duration(early)} before it." if early else f"On track for {at}."
        return Target(age=you.retirement_age, date=when, met=True, months_early=early, shortfall=None,
                      extra_monthly=None, sentence=sentence)
    reach = saving_to_reach(inputs, months)
    if reach.lasts:  # you stop at your age while a partner works on to theirs: the plan as saved holds
        partner = inputs.people[-1].name
        return Target(age=you.retirement_age, date=when, met=True, months_early=0, shortfall=None, extra_monthly=None,
                      sentence=f"On track for {at}, with {partner} working until their own retirement age.")
    extra, shortfall = reach.extra_monthly, reach.shortfall
    if extra is not None and shortfall is not None:
        sentence = f"{_money(shortfall)} short at {at}; {_money(extra)} a month more reaches it."
    else:
        sentence = f"Saving alone does not make the plan independent by {at}: retire later or spend less."
    return Target(age=you.retirement_age, date=when, met=False, months_early=None,
                  shortfall=None if shortfall is None else round(shortfall, 2),
                  extra_monthly=None if extra is None else round(extra, 2), sentence=sentence)


def _headline(inputs: HouseholdInputs, summary: HouseholdSummary, target: Target | None) -> str:
    if inputs.spending <= 0 and summary.fi_date is None:
        return "Add what you spend to see when you can be financially independent."
    if summary.months_to_fi == 0:
        return "You are financially independent: your savings pay your spending, after tax, to the horizon."
    if summary.fi_date is None:
        return (f"The plan does not reach financial independence before the horizon ({summary.horizon_year}); "
                "it needs more saving, less spending or a later retirement.")
    ages = [math.floor(a + 1e-9) for a in summary.fi_ages or []]  # the age people say: 44 until the birthday
    when = {"month": f"{summary.fi_date:%B}", "year": summary.fi_date.year}
    short = target is not None and not target.met
    after = {"target": target.sentence} if target is not None and short else {}
    if len(ages) == 2:
        first, second = (p.name for p in inputs.people)
        keys, who = _HEADLINES["couple"], {"first": first, "a": ages[0], "second": second, "b": ages[1]}
    elif ages:
        keys, who = _HEADLINES["single"], {"age": ages[0]}
    else:
        keys, who = _HEADLINES["plain"], {}
    return msg(keys[short], **when, **who, **after)


# The headline's catalogue keys: (without the target's sentence, with it).
_HEADLINES = {"couple": ("plan_text.headline_couple", "plan_text.headline_couple_target"),
              "single": ("plan_text.headline_single", "plan_text.headline_single_target"),
              "plain": ("plan_text.headline_plain", "plan_text.headline_plain_target")}
# Each milestone's catalogue keys: (for a couple, naming the person; for one person).
_MILESTONES = {"retirement": ("plan_text.milestone_retires_of", "plan_text.milestone_retires"),
               "cpp": ("plan_text.milestone_cpp_of", "plan_text.milestone_cpp"),
               "oas": ("plan_text.milestone_oas_of", "plan_text.milestone_oas"),
               "pension": ("plan_text.milestone_pension_of", "plan_text.milestone_pension"),
               "death": ("plan_text.milestone_death_of", "plan_text.milestone_death")}


def _milestones(inputs: HouseholdInputs, summary: HouseholdSummary) -> list[Milestone]:
    start, out = inputs.start, []
    horizon = date(summary.horizon_year, 1, 1)
    if summary.fi_date is not None and summary.months_to_fi:
        out.append(Milestone(date=summary.fi_date, kind="fi", label=msg("plan_text.milestone_fi")))
    couple = len(inputs.people) == 2
    for p in inputs.people:
        for kind, age in (("retirement", p.retirement_age), ("cpp", p.cpp_start_age), ("oas", p.oas_start_age),
                          ("pension", p.pension_start_age if p.pension > 0 else None), ("death", p.death_age)):
            if age is None:
                continue
            months = round((age - p.age) * 12)
            if months > 0:
                when = month_date(start, months)
                if when < horizon:
                    of, alone = _MILESTONES[kind]
                    label = msg(of, name=p.name, age=_age(age)) if couple else msg(alone, age=_age(age))
                    out.append(Milestone(date=when, kind=kind, label=label))
    for e in inputs.events:
        if e.start > start and e.start < horizon:
            what = e.label or {"spending": "spending changes", "income": "income changes", "earnings": "pay for work",
                               "one_off": "one-off amount", "pause_saving": "saving paused"}[e.kind]
            sign = "+" if e.amount >= 0 else "-"
            amount = "" if e.kind == "pause_saving" else f" ({sign}{_money(abs(e.amount))})"
            out.append(Milestone(date=e.start, kind="plan", label=f"Future plan: {what}{amount}"))
    for payoff in mortgage_payoffs(inputs):
        if payoff is not None and month_date(start, payoff) < horizon:
            out.append(Milestone(date=month_date(start, payoff), kind="mortgage", label="Mortgage paid off"))
    return sorted(out, key=lambda m: m.date)


def gis_years(inputs: HouseholdInputs, years: list[PlanYear]) -> list[int]:
    """Years in which someone is 65 or older and the household's income other than OAS (pay, CPP, pensions, RRIF
    and RRSP withdrawals, dividends, other income) is below the GIS limit, in today's dollars like the plan."""
    table = account_tables()["gis"]["income_limit"]
    limits = table[max(table, key=int)]
    out = []
    for y in years:
        if not any(age >= 65 for age in y.ages):
            continue
        limit = limits["single"] if len(inputs.people) == 1 else limits["couple_both_oas"]
        income = float(y.employment + y.cpp + y.pension + y.rrsp_withdrawal + y.dividends + y.other_income)
        if income < float(limit):
            out.append(y.year)
    return out


def _actions(inputs: HouseholdInputs, summary: HouseholdSummary, target: Target | None, success: float,
             missing: list[str], gis: list[int]) -> list[NextAction]:
    out: list[NextAction] = []
    text = " ".join(missing)
    if "expenses" in missing:
        out.append(NextAction(title="Add your spending", detail="The plan needs what you spend to know what "
                              "independence costs.", route="/settings/expenses"))
    if "age (assumed" in text or "household (" in text:
        out.append(NextAction(title="Tell the plan who is in your household",
                              detail="Birth dates, pay, CPP and OAS choices for you (and a partner) make the "
                              "taxes and benefits yours.", route="/settings/household"))
    if inputs.debts > 0:
        out.append(NextAction(title=f"Pay down {_money(inputs.debts)} of debt",
                              detail="Card and credit-line interest usually costs more than investing earns.",
                              route="/settings/credit"))
    cash_months = 12 * inputs.cash / inputs.spending if inputs.spending > 0 else None
    if cash_months is not None and cash_months < 3 and summary.months_to_fi != 0:
        out.append(NextAction(title="Build an emergency fund",
                              detail=f"Cash covers {cash_months:.1f} months of spending; three to six months is "
                              "the usual cushion.", route="/settings/savings"))
    if inputs.spending <= 0:
        return out[:5]  # nothing to plan for until the spending is known
    if target is not None and not target.met and target.extra_monthly is not None:
        out.append(NextAction(title=f"Save {_money(float(target.extra_monthly))} more a month",
                              detail=target.sentence, route="/settings/budgeting"))
    elif target is not None and not target.met:
        out.append(NextAction(title="Revisit your retirement age or spending", detail=target.sentence,
                              route="/settings/preferences"))
    if summary.months_to_fi != 0 and summary.fi_date is not None and success < 0.8:
        out.append(NextAction(title="Make the plan sturdier",
                              detail=f"It pays its spending in {success:.0%} of simulated markets; spending a "
                              "little less or working a little longer raises that.", route="/analysis"))
    if gis:
        span = f"{gis[0]}" if len(gis) == 1 else f"{len(gis)} years from {gis[0]}"
        out.append(NextAction(title="You may qualify for the Guaranteed Income Supplement",
                              detail=f"Your income other than OAS is low enough in {span}. The plan does not count "
                              "GIS, so those years may be better than it shows; Service Canada assesses it when you "
                              "apply for OAS.", route="/resources"))
    if inputs.people and any(p.rrsp > 0 for p in inputs.people) and summary.months_to_fi != 0:
        out.append(NextAction(title="Try the optimiser",
                              detail="CPP and OAS start ages and an RRSP meltdown can add to what you can spend.",
                              route="/analysis"))
    return out[:5]
