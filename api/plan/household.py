"""The household plan from the user's saved data: the adults (household), their incomes, accounts by owner,
properties, debts, spending, budget split, future plans and preferences, run through the planning engine.

Everything the engine needs that the user has not told us is assumed, and each assumption is listed in `missing`
(ages, a partner's pay, cost bases...), so the plan says how far it is the user's own.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from datetime import date as date_
from decimal import Decimal
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.accounts.models import UserAccount
from api.budget.models import BudgetAllocation
from api.core.errors import Invalid
from api.core.i18n import msg
from api.core.repository import one_for_user
from api.expenses.service import get_expenses
from api.future_plans.models import FuturePlan
from api.future_plans.service import list_items
from api.household.schemas import MemberRead
from api.household.service import age_on, get_household
from api.income.models import Income
from api.networth.service import other_debts, savings_page_cash
from api.planning import household_risk, optimise
from api.planning.canada import Province, account_kind, province_code
from api.planning.errors import PlanningInputError
from api.planning.household import (
    MAX_AGE,
    MAX_CPP_AT_65,
    MONTHLY,
    Engine,
    FiResult,
    HouseholdInputs,
    Lanes,
    Mortgage,
    Person,
    PlanEvent,
    constant_market,
    find_fi,
)
from api.planning.household_risk import FiDates, HouseholdRisk
from api.planning.mortgage import payment as mortgage_payment
from api.planning.projection import Amount
from api.planning.tables import tax_years
from api.planning.tax import compute_tax, gross_for_take_home
from api.preferences.service import read_preferences
from api.profile.models import Profile
from api.properties.models import UserProperty

ASSUMED_AGE = 30
ASSUMED_PROVINCE: Province = "ON"
ASSUMED_MORTGAGE_RATE = 0.05  # near the five-year fixed rates Canadian lenders posted in 2025-2026
ASSUMED_AMORTIZATION_YEARS = 25  # the longest for an insured mortgage
INFLATION = 0.02  # the Bank of Canada's target, used until preferences hold an inflation rate


LIMIT = 1e15  # what the engine accepts: sums of saved amounts are kept within it


def _f(value: Decimal | None) -> float:
    return float(value or 0)


def _within(value: float) -> float:
    return min(max(value, -LIMIT), LIMIT)


def _table_year(today: date) -> int:
    usable = [y for y in tax_years() if y <= today.year] or tax_years()
    return max(usable)


def _accounts(session: Session, user_id: uuid.UUID, partner: bool) -> dict[str, dict[str, float]]:
    """Balances by owner (self, partner, joint) and kind (tfsa, rrsp, fhsa, non_registered, cash, other)."""
    out: dict[str, dict[str, float]] = {o: {} for o in ("self", "partner", "joint")}
    for kind, owner, balance in session.execute(select(UserAccount.account_type, UserAccount.owner,
                                                       UserAccount.balance).where(UserAccount.user_id == user_id)):
        if balance < 0:  # an overdrawn or borrowed account is a debt, as in net worth
            out["joint"]["overdrawn"] = out["joint"].get("overdrawn", 0.0) - float(balance)
            continue
        if balance == 0:
            continue
        who = owner if (owner != "partner" or partner) else "self"
        what = account_kind(kind)
        if what in ("tfsa", "rrsp", "fhsa") and who == "joint":
            who = "self"  # registered accounts have one owner
        out[who][what] = out[who].get(what, 0.0) + float(balance)
    kept = float(savings_page_cash(session=session, user_id=user_id))  # counted as in net worth
    if kept > 0:
        out["joint"]["cash"] = out["joint"].get("cash", 0.0) + kept
    return out


def household_inputs(*, session: Session, user_id: uuid.UUID, today: date | None = None
                     ) -> tuple[HouseholdInputs, list[str]]:
    today = today or datetime.now(UTC).date()
    missing: list[str] = []
    profile = one_for_user(session, Profile, user_id)
    income = one_for_user(session, Income, user_id)
    prefs = read_preferences(session=session, user_id=user_id)
    record = one_for_user(session, FuturePlan, user_id)
    # Pay rises by the saved income growth, which is a nominal rate: in today's dollars, what it beats inflation by.
    growth = 0.0 if record is None or record.income_growth_rate is None else min(max(
        (1 + float(record.income_growth_rate)) / (1 + INFLATION) - 1, -0.5), 0.5)
    household = get_household(session=session, user_id=user_id)
    year = _table_year(today)
    saved_province = province_code(profile.province if profile else None)
    province: Province = saved_province or ASSUMED_PROVINCE
    if saved_province is None:
        missing.append(f"province (assumed {ASSUMED_PROVINCE})")
    if not household.saved:
        missing.append("household (you and a partner, birth dates, gross pay, CPP and OAS choices: assumed from "
                       "your profile and income)")
    members = household.members
    self_age = _age(members[0], profile.age if profile else None, today)
    if self_age is None:
        self_age = ASSUMED_AGE
        missing.append(f"age (assumed {ASSUMED_AGE})")
    has_partner = len(members) == 2
    accounts = _accounts(session, user_id, has_partner)
    people: list[Person] = []
    for member in members:
        is_self = member.role == "self"
        age = self_age if is_self else _age(member, None, today)
        if age is None:
            age = self_age
            missing.append(f"{member.name or 'partner'}'s age (assumed yours)")
        gross = _gross(member, income, province, year, missing)
        retirement = member.retirement_age if member.retirement_age is not None else prefs.retirement_age
        own = accounts["self" if is_self else "partner"]
        # Kept within what the engine takes: a profile or birth date may give an age up to 120, and a CPP saved
        # before its bound was checked may be any amount.
        people.append(Person(
            name=member.name or ("You" if is_self else "Partner"), age=min(age, MAX_AGE),
            retirement_age=None if retirement is None else float(retirement),
            employment_income=gross, income_growth=growth, cpp_start_age=float(member.cpp_start_age),
            cpp_at_65=None if member.cpp_at_65 is None else min(float(member.cpp_at_65), MAX_CPP_AT_65),
            oas_start_age=float(member.oas_start_age), oas_residence_years=member.oas_residence_years,
            pension=_f(member.pension), pension_start_age=float(member.pension_start_age),
            pension_indexation=float(member.pension_indexation),
            rrsp=_within(own.get("rrsp", 0.0)), tfsa=_within(own.get("tfsa", 0.0)), fhsa=_within(own.get("fhsa", 0.0)),
            death_age=None if member.planned_death_age is None else float(member.planned_death_age)))
    shared = {k: accounts["joint"].get(k, 0.0) + sum(accounts[o].get(k, 0.0) for o in ("self", "partner"))
              for k in ("non_registered", "cash")}
    if shared["non_registered"] > 0:
        missing.append("non-registered cost base (assumed the balance: no gains yet)")
    properties = session.execute(select(UserProperty.market_value, UserProperty.mortgage_balance,
                                        UserProperty.mortgage_rate, UserProperty.mortgage_payment,
                                        UserProperty.description, UserProperty.type,
                                        UserProperty.monthly_rental_income)
                                 .where(UserProperty.user_id == user_id)
                                 .order_by(UserProperty.created_at, UserProperty.id)).all()
    expenses = get_expenses(session=session, user_id=user_id)
    if not expenses.items and not expenses.rent_mortgage:
        missing.append("expenses")
    budget = one_for_user(session, BudgetAllocation, user_id)
    split = ({"tfsa": _f(budget.tfsa_allocation), "rrsp": _f(budget.rrsp_allocation),
              "fhsa": _f(budget.fhsa_allocation), "non_registered": _f(budget.non_registered_allocation)}
             if budget else {"tfsa": 50.0, "rrsp": 50.0})
    other_net = 12 * (_f(income.secondary_income) + _f(income.other_income)) if income else 0.0
    inputs = HouseholdInputs(
        start=today.replace(day=1), province=province, people=people,
        non_registered=_within(shared["non_registered"]), cash=_within(shared["cash"]),
        other_assets=_within(sum(accounts[o].get("other", 0.0) for o in accounts)),
        home_equity=_within(sum(float(p.market_value or 0) - float(p.mortgage_balance or 0) for p in properties)),
        mortgages=_mortgages(properties, float(expenses.rent_mortgage), missing),
        debts=_within(float(other_debts(session=session, user_id=user_id)) + accounts["joint"].get("overdrawn", 0.0)),
        spending=_within(12 * float(expenses.totals.total)),
        other_net_income=_within(other_net),
        rental_income=_within(12 * sum(float(p.monthly_rental_income or 0) for p in properties)),
        split=split,
        events=_events(session, user_id, people, province, year, today, missing),
        return_rate=max(float(prefs.investment_return_rate), -0.98), inflation=INFLATION,
        horizon_age=prefs.planning_horizon_age, tax_year=year)
    return inputs, missing


def _mortgages(properties: Sequence[Any], housing: float, missing: list[str]) -> list[Mortgage]:
    """The mortgages the plan pays off. A payment not saved is the monthly housing cost when one property has a
    mortgage, else the payment that clears it in 25 years; a rate not saved is 5%. The spending a mortgage leaves
    when paid off is its payments, as far as the housing cost (monthly, in spending) covers them."""
    owed = [p for p in properties if float(p.mortgage_balance or 0) > 0]
    left = 12 * housing  # the yearly housing cost in spending, shared out in the order the properties were added
    out: list[Mortgage] = []
    for p in owed:
        name = p.description or p.type
        balance = float(p.mortgage_balance)
        rate = float(p.mortgage_rate) if p.mortgage_rate is not None else ASSUMED_MORTGAGE_RATE
        if p.mortgage_rate is None:
            missing.append(f"mortgage rate of {name} (assumed {ASSUMED_MORTGAGE_RATE:.0%})")
        if p.mortgage_payment:
            monthly = float(p.mortgage_payment)
        elif len(owed) == 1 and housing > 0:
            monthly = housing
            missing.append(f"mortgage payment of {name} (assumed your housing cost, ${housing:,.0f} a month)")
        else:
            monthly = mortgage_payment(balance, rate, ASSUMED_AMORTIZATION_YEARS, "monthly")
            missing.append(f"mortgage payment of {name} (assumed ${monthly:,.0f} a month: paid off in "
                           f"{ASSUMED_AMORTIZATION_YEARS} years)")
        in_spending = min(12 * monthly, left)
        left -= in_spending
        out.append(Mortgage(balance=_within(balance), rate=min(rate, 0.5), payment=min(max(monthly, 0.01), 1e12),
                            in_spending=_within(in_spending)))
    return out[:20]


def _age(member: MemberRead, profile_age: int | None, today: date) -> int | None:
    if member.birth_date is not None:
        return age_on(member.birth_date, today)
    return profile_age


def _gross(member: MemberRead, income: Income | None, province: str, year: int, missing: list[str]) -> float:
    """Gross yearly pay: as saved for the member, else the income page's salary (yours) or the take-home pay
    grossed up with the year's tax tables (yours, or the partner's income)."""
    if member.employment_income is not None:
        return float(member.employment_income)
    if income is None:
        return 0.0
    if member.role == "self":
        if income.annual_salary:
            return float(income.annual_salary)
        if income.monthly_take_home:
            missing.append("gross salary (worked out from your take-home pay)")
            return gross_for_take_home(12 * float(income.monthly_take_home), province=province, year=year)
        return 0.0
    if income.partner_income:
        missing.append("partner's gross pay (worked out from their take-home pay)")
        return gross_for_take_home(12 * float(income.partner_income), province=province, year=year)
    return 0.0


def _events(session: Session, user_id: uuid.UUID, people: list[Person], province: str, year: int, today: date,
            missing: list[str]) -> list[PlanEvent]:
    """The dated future plans as the engine's events, each with its description: a spending change; extra
    take-home pay (grossed up with the year's tax tables on top of the person's pay, and paid while they work unless
    it ends or starts later); a new take-home pay for the person; a one-off; a pause in saving. Plans without a
    date or an amount are left out (and said so)."""
    events: list[PlanEvent] = []
    start = today.replace(day=1)
    undated = 0
    for item in list_items(session=session, user_id=user_id):
        who = 1 if item.person == "partner" and len(people) == 2 else 0
        if item.start_date is None or (item.amount is None and item.kind != "pause_saving"):
            undated += 1
            continue
        begins, ends = max(item.start_date, start), item.end_date
        if ends is not None and ends <= begins:
            continue  # over already
        amount, label = float(item.amount or 0), item.description
        person = people[who]
        retire = None if person.retirement_age is None else _date_at_age(start, person.age, person.retirement_age)
        if item.kind == "spending":
            events.append(PlanEvent(kind="spending", start=begins, end=ends, amount=12 * amount, label=label))
        elif item.kind == "one_off":
            events.append(PlanEvent(kind="one_off", start=begins, amount=amount, label=label))
        elif item.kind == "pause_saving":
            events.append(PlanEvent(kind="pause_saving", start=begins, end=ends, amount=0, label=label))
        elif item.kind == "income":
            # Extra pay on top of the person's own: the gross that adds this much take-home pay to theirs.
            own = person.employment_income
            kept = compute_tax(employment_income=own, province=province, year=year) if own > 0 else None
            base = 0.0 if kept is None else float(kept.cash_income - kept.total_deductions)
            gross = gross_for_take_home(base + 12 * amount, province=province, year=year) - own
            until = ends if ends is not None else (retire if retire is not None and begins < retire else None)
            events.append(PlanEvent(kind="earnings", start=begins, end=until, amount=max(gross, 0.0), person=who,
                                    label=label))
        elif item.kind == "income_target":
            target = gross_for_take_home(amount, province=province, year=year)
            events.append(PlanEvent(kind="income", start=begins, end=retire, amount=target - person.employment_income,
                                    person=who, label=label))
    if undated:
        missing.append(msg("plan_text.missing_undated", count=undated))
    return events[:100]


def month_date(start: date, months: int) -> date:
    """The first of the month `months` after `start` (never before it)."""
    y, m = divmod(start.month - 1 + max(months, 0), 12)
    return date(start.year + y, m + 1, 1)


def _date_at_age(start: date, age: int, at: float) -> date:
    return month_date(start, round((at - age) * 12))


# --- The plan read ------------------------------------------------------------------------------------------


class PlanYear(BaseModel):
    year: int = Field(description="Calendar year the plan year starts in")
    ages: list[int]
    employment: Amount
    cpp: Amount
    oas: Amount
    pension: Amount
    other_income: Amount
    rental_income: Amount = Field(description="Net rental income, before tax")
    dividends: Amount
    rrsp_withdrawal: Amount = Field(description="RRSP/RRIF withdrawals, minimums included")
    non_registered_withdrawal: Amount
    tfsa_withdrawal: Amount
    cash_withdrawal: Amount
    contributions: Amount
    income_tax: Amount
    oas_recovery: Amount
    payroll: Amount
    spending: Amount
    shortfall: Amount
    rrsp: Amount
    tfsa: Amount
    fhsa: Amount
    non_registered: Amount
    cash: Amount
    investable: Amount
    net_worth: Amount


class PlanMonth(BaseModel):
    """One month of the plan: its flows (the plan year's figures are their sums) and the balances at its end."""

    month: date = Field(description="The first of the month")
    ages: list[int]
    employment: Amount
    cpp: Amount
    oas: Amount
    pension: Amount
    other_income: Amount
    rental_income: Amount = Field(description="Net rental income, before tax")
    dividends: Amount
    payroll: Amount = Field(description="CPP and EI contributions on the pay")
    tax: Amount = Field(description="Income tax and OAS recovery, placed with the income it is on (settled by the "
                                    "year)")
    spending: Amount
    contributions: Amount = Field(description="Saved into the accounts")
    rrsp_withdrawal: Amount
    non_registered_withdrawal: Amount
    tfsa_withdrawal: Amount
    cash_withdrawal: Amount
    shortfall: Amount
    rrsp: Amount
    tfsa: Amount
    fhsa: Amount
    non_registered: Amount
    cash: Amount
    investable: Amount
    net_worth: Amount


class PlanMonthsRead(BaseModel):
    year: int | None = Field(description="The calendar year these months are in; null: the plan's first twelve "
                                         "months, from this month")
    first_year: int = Field(description="The plan's first calendar year (it starts this month)")
    last_year: int = Field(description="The plan's last calendar year (the horizon)")
    months: list[PlanMonth] = Field(description="The plan's months in `year`, oldest first")


class HouseholdSummary(BaseModel):
    fi_date: date | None = Field(description="The first month from which the plan pays the household's spending "
                                             "after tax to the horizon, if every earner stopped working then")
    fi_ages: list[float] | None
    months_to_fi: int | None
    fire_number: Amount | None = Field(description="The investable savings needed at the FI date (today's "
                                                  "dollars): taxes and government benefits counted")
    rule_of_thumb: Amount = Field(description="25 x the yearly spending: the simple 4% rule, for comparison")
    plan_lasts: bool = Field(description="The plan as saved (everyone retiring at their retirement age) pays its "
                                         "spending to the horizon")
    first_short_year: int | None = Field(description="Calendar year the plan first cannot pay its spending")
    estate: Amount = Field(description="What is left at the horizon after the tax at the last death")
    lifetime_tax: Amount = Field(description="Income tax and OAS recovery over the plan, today's dollars")
    lifetime_income_tax: Amount = Field(description="Of the lifetime tax: federal and provincial income tax")
    lifetime_oas_recovery: Amount = Field(description="Of the lifetime tax: OAS paid back (the recovery tax)")
    lifetime_payroll: Amount = Field(description="CPP and EI contributions over the plan (not in the lifetime tax)")
    estate_tax: Amount = Field(description="Tax at the last death (RRSPs/RRIFs and gains deemed sold), today's "
                                           "dollars; the estate is after it")
    horizon_year: int
    net_worth_today: Amount = Field(description="Assets less debts today, as everywhere in FIRE Path")


class PlanBalances(BaseModel):
    """The drawdown by account: what each kind of account holds today and at each plan year's end, the points of
    the summary's chart (its `years`). The five add up to its `investable`."""

    years: list[int] = Field(description="Today (the start month), then each plan year's end (the same month of the "
                                         "next years): the summary's years")
    rrsp: list[Amount] = Field(description="RRSPs and RRIFs, everyone's")
    tfsa: list[Amount]
    fhsa: list[Amount]
    non_registered: list[Amount]
    cash: list[Amount]


class HouseholdPlanRead(BaseModel):
    summary: HouseholdSummary
    years: list[PlanYear]
    balances: PlanBalances
    inputs: HouseholdInputs
    missing: list[str]
    assumptions: list[str]


def account_balances(inputs: HouseholdInputs, years: list[PlanYear]) -> PlanBalances:
    """Today's balances by kind of account (the plan's inputs), then the plan's at each year end."""
    return PlanBalances(
        years=[inputs.start.year] + [y.year + 1 for y in years],
        rrsp=[round(sum(p.rrsp for p in inputs.people), 2)] + [y.rrsp for y in years],
        tfsa=[round(sum(p.tfsa for p in inputs.people), 2)] + [y.tfsa for y in years],
        fhsa=[round(sum(p.fhsa for p in inputs.people), 2)] + [y.fhsa for y in years],
        non_registered=[round(inputs.non_registered, 2)] + [y.non_registered for y in years],
        cash=[round(inputs.cash, 2)] + [y.cash for y in years])


@dataclass(frozen=True)
class PlanRun:
    """The plan of some inputs: its headline figures, its years and (when asked for) its months."""

    summary: HouseholdSummary
    years: list[PlanYear]
    months: list[PlanMonth]


def plan_household(inputs: HouseholdInputs, *, net_worth_today: Decimal) -> tuple[HouseholdSummary, list[PlanYear]]:
    """The plan of `inputs` (figures and years); today's net worth is passed in, read from the net-worth service (its
    one source)."""
    run = run_plan(inputs, net_worth_today=net_worth_today)
    return run.summary, run.years


def run_plan(inputs: HouseholdInputs, *, net_worth_today: Decimal, by_month: bool = False) -> PlanRun:
    """`plan_household`, and with `by_month` the plan's months too (from the same run)."""
    try:
        engine = Engine(inputs)
        lanes: Lanes = engine.run(np.array([1e9]), constant_market(inputs), by_month=by_month)
        # With no spending to pay there is no independence to reach, only data to add.
        spends = inputs.spending > 0 or bool(inputs.retirement_spending) or any(
            e.kind in ("spending", "one_off") and e.amount > 0 for e in inputs.events)
        fi = find_fi(engine) if spends else FiResult(month=None, portfolio=None)
    except PlanningInputError as exc:
        raise Invalid(str(exc), details={"field": exc.field}) from exc
    start = inputs.start
    years = [_year_row(lanes, y, start.year + y, [p.age + y for p in inputs.people]) for y in range(engine.years)]
    failed = int(lanes.failed_year[0])
    fi_date = None if fi.month is None else _date_at_age(start, 0, fi.month / 12)
    summary = HouseholdSummary(
        fi_date=fi_date, fi_ages=None if fi.month is None else [round(p.age + fi.month / 12, 2)
                                                                for p in inputs.people],
        months_to_fi=fi.month, fire_number=None if fi.portfolio is None else round(fi.portfolio, 2),
        rule_of_thumb=round(25 * (inputs.retirement_spending if inputs.retirement_spending is not None
                                  else inputs.spending), 2),
        plan_lasts=failed < 0, first_short_year=None if failed < 0 else start.year + failed,
        estate=round(float(lanes.estate[0]), 2),
        lifetime_tax=round(float((lanes.tax[:, 0] + lanes.oas_recovery[:, 0]).sum()), 2),
        lifetime_income_tax=round(float(lanes.tax[:, 0].sum()), 2),
        lifetime_oas_recovery=round(float(lanes.oas_recovery[:, 0].sum()), 2),
        lifetime_payroll=round(float(lanes.payroll[:, 0].sum()), 2),
        estate_tax=round(float(lanes.estate_tax[0]), 2),
        horizon_year=start.year + engine.years,
        net_worth_today=round(float(net_worth_today), 2))
    return PlanRun(summary=summary, years=years, months=_months(inputs, lanes))


def _months(inputs: HouseholdInputs, lanes: Lanes) -> list[PlanMonth]:
    if lanes.months is None:
        return []
    columns = {k: np.round(lanes.months[k][:, 0], 2).tolist() for k in MONTHLY}
    fields = [k for k in MONTHLY if k in PlanMonth.model_fields]
    return [PlanMonth(month=month_date(inputs.start, i), ages=[p.age + i // 12 for p in inputs.people],
                      **{k: columns[k][i] for k in fields})
            for i in range(len(columns["spending"]))]


def months_of_year(inputs: HouseholdInputs, months: list[PlanMonth], year: int | None) -> PlanMonthsRead:
    """The plan's months in one calendar year, or its first twelve months (from this month) when no year is asked;
    a year outside the plan is refused."""
    first, last = inputs.start.year, (months[-1].month.year if months else inputs.start.year)
    if year is None:
        return PlanMonthsRead(year=None, first_year=first, last_year=last, months=months[:12])
    if not first <= year <= last:
        said = msg("plan.months_outside", first=first, last=last)
        raise Invalid(msg("validation_error.field", field="year", message=said),
                      details=[{"field": "year", "message": said}])
    return PlanMonthsRead(year=year, first_year=first, last_year=last,
                          months=[m for m in months if m.month.year == year])


def _year_row(lanes: Lanes, y: int, year: int, ages: list[int]) -> PlanYear:
    def v(name: str) -> float:
        return round(float(getattr(lanes, name)[y, 0]), 2)

    return PlanYear(year=year, ages=ages, employment=v("employment"), cpp=v("cpp"), oas=v("oas"),
                    pension=v("pension"), other_income=v("other_income"), rental_income=v("rental_income"),
                    dividends=v("dividends"),
                    rrsp_withdrawal=v("rrsp_withdrawal"), non_registered_withdrawal=v("non_registered_withdrawal"),
                    tfsa_withdrawal=v("tfsa_withdrawal"), cash_withdrawal=v("cash_withdrawal"),
                    contributions=v("contributions"), income_tax=v("tax"), oas_recovery=v("oas_recovery"),
                    payroll=v("payroll"), spending=v("spending"), shortfall=v("shortfall"), rrsp=v("rrsp"),
                    tfsa=v("tfsa"), fhsa=v("fhsa"), non_registered=v("non_registered"), cash=v("cash"),
                    investable=v("investable"), net_worth=v("net_worth"))


ASSUMPTIONS = [
    "Amounts are in today's dollars. Tax brackets and credits, the OAS recovery threshold, CPP, OAS and TFSA limits "
    "rise with inflation, so each year is taxed with the latest tables.",
    "Returns and inflation are your preferences' return and 2% inflation. Pay rises with inflation, and by the "
    "income growth in your future plans beyond it. Money moves month by month (pay, CPP and OAS from their months, "
    "one-offs in theirs); tax is settled by the year.",
    "Spending is after tax; a surplus is saved by your budget's split within each account's room (the rest "
    "non-registered); a shortfall is drawn from cash, non-registered, RRSPs/RRIFs, then TFSAs, grossed up for its "
    "tax. RRIF minimums start the year after 71; couples split eligible pension income.",
    "CPP starts at the age chosen (65 unless set), from your statement or an estimate from earnings; OAS at 65 "
    "with 40 years in Canada unless set.",
    "Mortgages are paid from spending at their saved rate and payment (5% and your housing cost if not saved): the "
    "fixed payment weighs less each year and leaves spending once the mortgage is paid off, and the balance paid "
    "down adds to net worth; renewals at other rates are not modelled.",
    "Not modelled: the CPP death benefit, provincial low-income credits; GIS is not paid, only flagged in the years "
    "your income other than OAS is below its limit.",
]



# --- The plan under uncertain markets ---------------------------------------------------------------------


class FiPercentile(BaseModel):
    share: int = Field(description="Percent of the runs independent by `date`")
    date: date_ | None = Field(description="Null: that share is not independent even working to the horizon")
    months: int | None = Field(description="Months from today")


class RiskCard(BaseModel):
    question: str = Field(description="The one question this figure answers")
    success_rate: float
    runs: int = Field(description="Simulated markets, or historical start years")
    bands: list[dict[str, float]] = Field(description="Investable savings at each year end (today's dollars): "
                                                      "year, p10, p25, p50, p75, p90")
    median_estate: Amount
    first_short_years: dict[int, int] = Field(description="Calendar year -> runs that first fall short then")
    source: str
    start_years: list[int] | None = Field(default=None, description="Backtest: each start year")
    start_years_lasted: list[bool] | None = None
    fi_question: str = Field(default="", description="The one question the FI-date distribution answers")
    fi_runs: int = Field(default=0, description="Markets (or start years) the FI date was searched in")
    fi_dates: list[FiPercentile] = Field(default_factory=list, description="By when each share of the runs could "
                                                                           "stop working (10, 25, 50, 75, 90%)")


class HouseholdRiskRead(BaseModel):
    monte_carlo: RiskCard
    backtest: RiskCard
    missing: list[str]


def _fi_question(runs: int, history: bool) -> str:
    if history:
        return ("When could you stop working? The plan's FI date (the first month from which it pays the spending to "
                f"the horizon) in each of {runs:,} historical start years")
    return ("When could you stop working? The plan's FI date (the first month from which it pays the spending to the "
            f"horizon) in each of {runs:,} simulated markets")


def _card(risk: HouseholdRisk, start_year: int, history: bool, fi: FiDates | None = None,
          start: date_ | None = None) -> RiskCard:
    bands = [{"year": float(start_year + y), **{f"p{p}": round(risk.bands[p][y], 2) for p in risk.bands}}
             for y in range(len(risk.bands[50]))]
    return RiskCard(question=risk.question, success_rate=round(risk.success_rate, 4), runs=risk.lanes, bands=bands,
                    median_estate=round(risk.median_estate, 2),
                    first_short_years={start_year + y: c for y, c in risk.first_short_years.items()},
                    source=risk.source, start_years=risk.labels if history else None,
                    start_years_lasted=risk.succeeded if history else None,
                    fi_question="" if fi is None else _fi_question(fi.runs, history),
                    fi_runs=0 if fi is None else fi.runs,
                    fi_dates=[] if fi is None or start is None else [
                        FiPercentile(share=share, months=months,
                                     date=None if months is None else month_date(start, months))
                        for share, months in fi.percentiles.items()])


def get_household_risk(*, session: Session, user_id: uuid.UUID, paths: int = 2_000,
                       seed: int | None = 1) -> HouseholdRiskRead:
    inputs, missing = household_inputs(session=session, user_id=user_id)
    try:
        return risk_read(inputs, missing, household_risk.monte_carlo(inputs, paths=paths, seed=seed), paths, seed)
    except PlanningInputError as exc:
        raise Invalid(str(exc), details={"field": exc.field}) from exc


def risk_read(inputs: HouseholdInputs, missing: list[str], mc: HouseholdRisk, paths: int,
              seed: int | None) -> HouseholdRiskRead:
    """The Analysis risk cards from a Monte Carlo already run (the plan summary's, when the defaults are asked):
    the backtest and both FI-date distributions are added."""
    bt = household_risk.backtest(inputs)
    fi_mc, fi_bt = household_risk.fi_distributions(inputs, paths=paths, seed=seed)
    start = inputs.start.year
    return HouseholdRiskRead(monte_carlo=_card(mc, start, False, fi_mc, inputs.start),
                             backtest=_card(bt, start, True, fi_bt, inputs.start), missing=missing)


# --- The optimiser ------------------------------------------------------------------------------------------


class OutcomeRead(BaseModel):
    choice: str = Field(description="What this plan does: CPP and OAS start ages, RRSP meltdown, withdrawal order")
    cpp_start_age: float | None = Field(description="Null: as saved for each adult")
    oas_start_age: float | None
    meltdown_income: Amount | None
    rrsp_first: bool | None = Field(description="Null: the saved withdrawal order (non-registered savings first); "
                                                "true: RRSPs/RRIFs before non-registered savings")
    sustainable_spending: Amount = Field(description="Yearly retirement spending the plan pays to the horizon "
                                                    "(today's dollars, after tax); 0 when not searched")
    lifetime_tax: Amount
    estate_tax: Amount
    estate: Amount
    lasts: bool


class OptimiseRead(BaseModel):
    objective: Literal["spending", "tax"]
    saved: OutcomeRead = Field(description="The plan as saved")
    best: OutcomeRead
    gain: Amount = Field(description="More yearly spending (spending) or less lifetime and estate tax (tax) than "
                                    "the plan as saved")
    tried: int
    summary: str


def _outcome(o: optimise.Outcome) -> OutcomeRead:
    c = o.choice
    return OutcomeRead(choice=c.describe(), cpp_start_age=c.cpp_start_age, oas_start_age=c.oas_start_age,
                       meltdown_income=c.meltdown_income, rrsp_first=c.rrsp_first,
                       sustainable_spending=o.sustainable_spending,
                       lifetime_tax=o.lifetime_tax, estate_tax=o.estate_tax, estate=o.estate, lasts=o.lasts)


def get_optimised(*, session: Session, user_id: uuid.UUID, objective: Literal["spending", "tax"]) -> OptimiseRead:
    inputs, _ = household_inputs(session=session, user_id=user_id)
    try:
        result = optimise.optimise(inputs, objective)
    except PlanningInputError as exc:
        raise Invalid(str(exc), details={"field": exc.field}) from exc
    if result.best is result.saved:
        summary = f"Of {result.tried} plans tried, none beats the plan as saved."
    elif objective == "spending":
        summary = (f"{result.best.choice.describe()}: ${result.gain:,.0f} more a year to spend in retirement "
                   f"(${result.best.sustainable_spending:,.0f} instead of ${result.saved.sustainable_spending:,.0f}).")
    else:
        summary = (f"{result.best.choice.describe()}: ${result.gain:,.0f} less income and estate tax over the plan.")
    return OptimiseRead(objective=objective, saved=_outcome(result.saved), best=_outcome(result.best),
                        gain=round(result.gain, 2), tried=result.tried, summary=summary)
