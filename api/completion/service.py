"""Completion scores, computed in one query (spec section 5 "Progress rules")."""

from __future__ import annotations

import uuid
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from api.accounts.models import UserAccount
from api.budget.models import BudgetAllocation
from api.completion.schemas import Badge, CompletionRead, SectionCompletion
from api.core.i18n import Language, localize
from api.credit.models import CreditData
from api.expenses.models import ExpenseItem
from api.future_plans.models import FuturePlan
from api.goals.models import Goal
from api.income.models import Income
from api.preferences.models import UserPreferences
from api.profile.models import Profile
from api.properties.models import UserProperty
from api.savings.models import SavingsInvestment, SavingsItem

PROFILE_FIELDS = ("first_name", "last_name", "email", "age", "country", "province", "marital_status")

# (key, label, group, route), in the Profile Setup dialog's order; the label is said in the reader's language (the
# group and badge are identifiers the clients name themselves)
SECTIONS = [
    ("profile", "Personal Profile", "Essential", "/settings/profile"),
    ("income", "Income Sources", "Essential", "/settings/income"),
    ("expenses", "Monthly Expenses", "Essential", "/settings/expenses"),
    ("budgeting", "Budget Planning", "Important", "/settings/budgeting"),
    ("savings", "Savings & Investments", "Important", "/settings/savings"),
    ("goals", "Financial Goals", "Important", "/settings/goals"),
    ("accounts", "Bank Accounts", "Optional", "/settings/accounts"),
    ("futurePlans", "Future Plans", "Optional", "/settings/future-plans"),
    ("properties", "Properties", "Optional", "/settings/properties"),
    ("credit", "Credit Management", "Optional", "/settings/credit"),
    ("preferences", "Preferences", "Optional", "/settings/preferences"),
]


def badge(score: int) -> Badge:
    return "Complete" if score >= 100 else "In Progress" if score > 0 else "Not Started"


def _exists(model: Any, user_id: uuid.UUID) -> Any:
    return exists().where(model.user_id == user_id)


def _value(column: Any, user_id: uuid.UUID, label: str) -> Any:
    """A column of the user's one row (of a one-row-per-user table), NULL when there is no row."""
    return select(column).where(column.class_.user_id == user_id).scalar_subquery().label(label)


def _facts(session: Session, user_id: uuid.UUID) -> Any:
    return session.execute(select(
        *(_value(getattr(Profile, f), user_id, f"p_{f}") for f in PROFILE_FIELDS),
        _value(Income.annual_salary, user_id, "annual_salary"),
        _value(Income.monthly_take_home, user_id, "monthly_take_home"),
        _exists(ExpenseItem, user_id).label("has_expense_items"),
        _exists(SavingsItem, user_id).label("has_savings_items"),
        _exists(UserAccount, user_id).label("has_accounts"),
        _value(SavingsInvestment.monthly_savings, user_id, "monthly_savings"),
        _value(BudgetAllocation.needs_percentage, user_id, "needs"),
        _value(BudgetAllocation.wants_percentage, user_id, "wants"),
        _value(BudgetAllocation.savings_percentage, user_id, "savings"),
        _exists(Goal, user_id).label("has_goals"),
        _exists(UserProperty, user_id).label("has_properties"),
        _value(FuturePlan.income_growth_rate, user_id, "growth"),
        _value(CreditData.credit_score, user_id, "score"),
        _value(UserPreferences.retirement_age, user_id, "retirement_age"),
    )).one()


def _filled(value: Any) -> bool:
    return value is not None and (not isinstance(value, str) or value.strip() != "")


def _positive(value: Any) -> bool:
    return value is not None and value > 0


def scores(facts: Any) -> dict[str, int]:
    profile_filled = sum(_filled(getattr(facts, f"p_{f}")) for f in PROFILE_FIELDS)
    savings = (60 if facts.has_savings_items else 0) + (40 if facts.has_accounts else 0)
    if _positive(facts.monthly_savings):
        savings = max(savings, 50)
    return {
        "profile": _round(Decimal(100 * profile_filled) / len(PROFILE_FIELDS)),
        "income": 100 if facts.annual_salary is not None or facts.monthly_take_home is not None else 0,
        "expenses": 100 if facts.has_expense_items else 0,
        "savings": min(savings, 100),
        "budgeting": 100 if any(_positive(v) for v in (facts.needs, facts.wants, facts.savings)) else 0,
        "accounts": 100 if facts.has_accounts else 0,
        "futurePlans": 100 if facts.growth is not None and facts.growth >= 0 else 0,
        "goals": 100 if facts.has_goals else 0,
        "properties": 100 if facts.has_properties else 0,
        "credit": 100 if facts.score is not None else 0,
        "preferences": 100 if facts.retirement_age is not None else 0,
    }


def _round(value: Decimal) -> int:
    return int(value.quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def compute_completion(*, session: Session, user_id: uuid.UUID, language: Language = "en") -> CompletionRead:
    """Every section's score and badge, and the overall; the sections named in `language`."""
    by_key = scores(_facts(session, user_id))
    overall = _round(Decimal(sum(by_key.values())) / len(by_key))
    sections = [SectionCompletion(key=key, label=label, group=group, route=route,
                                  score=by_key[key], badge=badge(by_key[key]))
                for key, label, group, route in SECTIONS]
    return said_in(CompletionRead(overall=overall, badge=badge(overall), sections=sections), language)


def said_in(read: CompletionRead, language: Language) -> CompletionRead:
    """`read` with its sections named in `language` (English: `read` itself)."""
    if language == "en":
        return read
    return read.model_copy(update={"sections": [s.model_copy(update={"label": localize(s.label, language)[0]})
                                                for s in read.sections]})
