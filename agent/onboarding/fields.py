"""The fields onboarding may save, what is still missing, the before/after proposal, and the save itself.

Everything is saved through the domain services (profile, income, expenses, goals, activity) in the
caller's transaction. Records are merged, not replaced: a field onboarding did not hear keeps its saved
value, the expense list keeps its items (onboarding's "Other spending" item is replaced), goals are added.
"""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import Field
from sqlalchemy.orm import Session

from api.activity import service as activity
from api.activity.schemas import ActivityIn
from api.core.schemas import NOT_BLANK, Age, Input, Money
from api.expenses import service as expenses
from api.expenses.schemas import ExpenseItemIn, ExpensesIn
from api.goals import service as goals
from api.goals.schemas import Category, GoalIn
from api.income import service as income
from api.income.schemas import IncomeIn
from api.planning.canada import Province
from api.profile import service as profile
from api.profile.schemas import ProfileIn

ProvinceCode = Province
MaritalStatus = Literal["single", "married", "common-law", "separated", "divorced", "widowed"]
OTHER_SPENDING = "Other spending"


class GoalDraft(Input):
    name: str = Field(min_length=1, max_length=200, pattern=NOT_BLANK)  # as GoalIn: refused here, not at save
    category: Category = "other"
    target_amount: Money = Decimal("0")
    target_date: date | None = None


class OnboardingFields(Input):
    """What onboarding proposes to save; every field optional. Monthly amounts unless named otherwise."""

    age: Age | None = None
    province: ProvinceCode | None = Field(default=None, description="Two-letter code, e.g. ON")
    marital_status: MaritalStatus | None = None
    dependents: int | None = Field(default=None, ge=0, le=30)
    monthly_take_home: Money | None = None
    annual_salary: Money | None = Field(default=None, description="Per year, before tax")
    partner_income: Money | None = None
    rent_mortgage: Money | None = None
    other_monthly_spending: Money | None = None
    goals: list[GoalDraft] = Field(default_factory=list, max_length=20)


LABELS = {"age": "Age", "province": "Province or territory", "marital_status": "Household",
          "dependents": "Dependants", "monthly_take_home": "Take-home pay per month",
          "annual_salary": "Salary per year (before tax)", "partner_income": "Partner's income per month",
          "rent_mortgage": "Rent or mortgage per month", "other_monthly_spending": "Other spending per month"}
TARGETS = {"age": "profile", "province": "profile", "marital_status": "profile", "dependents": "profile",
           "monthly_take_home": "income", "annual_salary": "income", "partner_income": "income",
           "rent_mortgage": "expenses", "other_monthly_spending": "expenses"}
QUESTIONS: list[tuple[tuple[str, ...], str]] = [
    (("age",), "How old are you?"),
    (("province",), "Which province or territory do you live in?"),
    (("monthly_take_home", "annual_salary"), "What is your take-home pay per month, or your salary per year?"),
    (("rent_mortgage",), "How much is your rent or mortgage payment each month?"),
    (("other_monthly_spending",), "About how much do you spend each month besides housing?"),
    (("marital_status",), "Are you single, married or living with a partner? Any children or other dependants?"),
    (("goals",), "What is one goal you are saving for, how much does it take, and by when?"),
]


def fields_from(extracted: dict[str, Any]) -> OnboardingFields:
    """The proposal's values from the extractor's output (confidence and wording dropped)."""
    values: dict[str, Any] = {name: item["value"] for name, item in extracted.items() if name != "goals"}
    values["goals"] = [{k: g[k] for k in ("name", "category", "target_amount", "target_date")}
                       for g in extracted.get("goals", [])]
    return OnboardingFields.model_validate(values)


def missing_questions(fields: OnboardingFields) -> list[dict[str, str]]:
    """What to ask next: one question per thing still unknown, in the order a person would ask."""
    data = fields.model_dump()
    return [{"field": names[0], "question": question} for names, question in QUESTIONS
            if not any(data.get(name) not in (None, []) for name in names)]


def _json(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, date):
        return value.isoformat()
    return value


def _current(session: Session, user_id: uuid.UUID) -> dict[str, Any]:
    saved_profile = profile.get_profile(session=session, user_id=user_id)
    saved_income = income.get_income(session=session, user_id=user_id)
    saved_expenses = expenses.get_expenses(session=session, user_id=user_id)
    other = next((i.amount for i in saved_expenses.items if i.category == OTHER_SPENDING), None)
    return {
        "age": saved_profile.age if saved_profile else None,
        "province": saved_profile.province if saved_profile else None,
        "marital_status": saved_profile.marital_status if saved_profile else None,
        "dependents": saved_profile.dependents if saved_profile else None,
        "monthly_take_home": saved_income.monthly_take_home if saved_income else None,
        "annual_salary": saved_income.annual_salary if saved_income else None,
        "partner_income": saved_income.partner_income if saved_income else None,
        "rent_mortgage": saved_expenses.rent_mortgage or None,  # no expenses saved reads as 0
        "other_monthly_spending": other,
    }


def preview(*, session: Session, user_id: uuid.UUID, fields: OnboardingFields) -> dict[str, Any]:
    """The before/after of every field onboarding would save (nothing is written)."""
    before = _current(session, user_id)
    changes = [{"field": name, "label": LABELS[name], "target": TARGETS[name], "before": _json(before[name]),
                "after": _json(value)}
               for name, value in fields.model_dump(exclude={"goals"}).items() if value is not None]
    for goal in fields.goals:
        changes.append({"field": "goals", "label": f"New goal: {goal.name}", "target": "goal", "before": None,
                        "after": {k: _json(v) for k, v in goal.model_dump().items()}})
    return {"title": "Save what you told us", "changes": changes,
            "fields": fields.model_dump(mode="json", exclude_none=True)}


def save(*, session: Session, user_id: uuid.UUID, fields: OnboardingFields) -> dict[str, Any]:
    """Save the approved fields through the domain services and log one activity entry."""
    saved: dict[str, Any] = {}
    profile_values = fields.model_dump(include={"age", "province", "marital_status", "dependents"},
                                       exclude_none=True)
    if profile_values:
        current = profile.get_profile(session=session, user_id=user_id)
        merged = {name: getattr(current, name) for name in ProfileIn.model_fields} if current else {}
        merged.update(profile_values)
        if not merged.get("country"):
            merged["country"] = "Canada"
        row = profile.save_profile(session=session, user_id=user_id, data=ProfileIn.model_validate(merged))
        saved["profile"] = {name: getattr(row, name) for name in (*profile_values, "country")}
    income_values = fields.model_dump(include={"monthly_take_home", "annual_salary", "partner_income"},
                                      exclude_none=True)
    if income_values:
        current_income = income.get_income(session=session, user_id=user_id)
        merged = {name: getattr(current_income, name) for name in IncomeIn.model_fields} if current_income else {}
        merged.update(income_values)
        row_income = income.save_income(session=session, user_id=user_id, data=IncomeIn.model_validate(merged))
        saved["income"] = {name: getattr(row_income, name) for name in income_values}
    if fields.rent_mortgage is not None or fields.other_monthly_spending is not None:
        current_expenses = expenses.get_expenses(session=session, user_id=user_id)
        items = [ExpenseItemIn.model_validate(item.model_dump(exclude={"id", "created_at"}))
                 for item in current_expenses.items
                 if not (fields.other_monthly_spending is not None and item.category == OTHER_SPENDING)]
        if fields.other_monthly_spending is not None:
            items.append(ExpenseItemIn(category=OTHER_SPENDING, subcategory="From voice onboarding",
                                       amount=fields.other_monthly_spending))
        rent = fields.rent_mortgage if fields.rent_mortgage is not None else current_expenses.rent_mortgage
        result = expenses.save_expenses(session=session, user_id=user_id,
                                        data=ExpensesIn(rent_mortgage=rent, items=items))
        saved["expenses"] = {"rent_mortgage": result.rent_mortgage, "total": result.totals.total}
    for goal in fields.goals:
        row_goal = goals.add_goal(session=session, user_id=user_id,
                                  data=GoalIn(name=goal.name, category=goal.category,
                                              target_amount=goal.target_amount, target_date=goal.target_date))
        saved.setdefault("goals", []).append({"id": str(row_goal.id), "name": row_goal.name,
                                              "target_amount": row_goal.target_amount,
                                              "target_date": row_goal.target_date})
    if not saved:
        return {}
    parts = [name if name != "goals" else f"{len(saved['goals'])} goal(s)" for name in saved]
    entry = activity.add_activity(session=session, user_id=user_id, data=ActivityIn(
        description=f"Voice onboarding saved your {', '.join(parts)}", category="onboarding"))
    session.flush()
    return {"activity_id": str(entry.id), **{k: _deep_json(v) for k, v in saved.items()}}


def _deep_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_json(v) for v in value]
    return _json(value)
