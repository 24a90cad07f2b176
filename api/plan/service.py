"""`PlanInputs` from the user's saved records: the plain monthly figures (take-home pay, expenses, balances) the coach's
smaller calculators default from. Every FI figure comes from the household plan (`api.plan.summary`) instead; the
old `GET /api/v1/plan`, which answered with a second FI date, is gone."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.accounts.models import UserAccount
from api.budget.models import BudgetAllocation
from api.core.repository import one_for_user
from api.expenses.service import get_expenses
from api.future_plans.service import get_plan
from api.income.models import Income
from api.income.service import total_monthly_income
from api.networth.service import other_debts, savings_page_cash
from api.planning.canada import account_kind
from api.planning.projection import _LIMIT as MONEY_LIMIT
from api.planning.projection import (
    AccountBalances,
    ContributionSplit,
    FuturePlanChanges,
    PlanInputs,
    PlanPreferences,
)
from api.preferences.service import get_preferences
from api.profile.models import Profile

ASSUMED_AGE = 30
RATE_FLOOR = -0.99  # the engine refuses -100% (it would zero every later value)


def _money(value: Decimal | None) -> Decimal:
    """Saved amounts (and their sums) within what the engine accepts."""
    return min(max(value or Decimal(0), Decimal(0)), MONEY_LIMIT)


def _signed(value: Decimal | None) -> Decimal | None:
    return None if value is None else min(max(value, -MONEY_LIMIT), MONEY_LIMIT)


def _rate(value: Decimal | None) -> float:
    return max(float(value or 0), RATE_FLOOR)




def _balances(session: Session, user_id: uuid.UUID) -> AccountBalances:
    totals: dict[str, Decimal] = {}
    for kind, balance in session.execute(select(UserAccount.account_type, UserAccount.balance)
                                         .where(UserAccount.user_id == user_id)):
        key = account_kind(kind)
        if balance > 0 and key != "other":  # an RESP or RDSP is someone else's money, not the household's
            totals[key] = totals.get(key, Decimal(0)) + balance
    kept = savings_page_cash(session=session, user_id=user_id)  # counted as in net worth
    if kept > 0:
        totals["cash"] = totals.get("cash", Decimal(0)) + kept
    return AccountBalances(**{k: _money(v) for k, v in totals.items()})


def plan_inputs(*, session: Session, user_id: uuid.UUID) -> tuple[PlanInputs, list[str]]:
    missing: list[str] = []
    profile = one_for_user(session, Profile, user_id)
    if profile is None or profile.age is None:
        missing.append(f"age (assumed {ASSUMED_AGE})")
    income = one_for_user(session, Income, user_id)
    if income is None:
        missing.append("income")
    expenses = get_expenses(session=session, user_id=user_id)
    if not expenses.items and not expenses.rent_mortgage:
        missing.append("expenses")
    budget = one_for_user(session, BudgetAllocation, user_id)
    prefs = get_preferences(session=session, user_id=user_id)
    plans = get_plan(session=session, user_id=user_id)  # the first of each kind, as the old engine takes them
    today = datetime.now(UTC).date()
    inputs = PlanInputs(
        start_date=today.replace(day=1),
        current_age=profile.age if profile and profile.age is not None else ASSUMED_AGE,
        monthly_income=_money(total_monthly_income(income)),
        monthly_expenses=_money(expenses.totals.total),
        contribution_split=ContributionSplit(
            tfsa=float(budget.tfsa_allocation), rrsp=float(budget.rrsp_allocation),
            fhsa=float(budget.fhsa_allocation), non_registered=float(budget.non_registered_allocation),
        ) if budget else ContributionSplit(),
        balances=_balances(session, user_id),
        debts=_money(other_debts(session=session, user_id=user_id)),
        preferences=PlanPreferences(
            investment_return_rate=_rate(prefs.investment_return_rate),
            fire_rule_multiplier=float(prefs.fire_rule_multiplier),
            max_projection_years=prefs.max_projection_years, retirement_age=prefs.retirement_age),
        future_plans=FuturePlanChanges(
            income_growth_rate=_rate(plans.income_growth_rate),
            income_target_date=plans.income_target_date, income_target_amount=_money(plans.income_target_amount)
            if plans.income_target_amount is not None else None,
            expense_change_date=plans.expense_change_date, expense_change_amount=_signed(plans.expense_change_amount),
            side_hustle_date=plans.side_hustle_date, side_hustle_amount=_money(plans.side_hustle_amount)
            if plans.side_hustle_amount is not None else None,
        ) if plans else FuturePlanChanges(),
    )
    return inputs, missing
