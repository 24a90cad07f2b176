"""The fields onboarding may save, what is still missing, the before/after proposal, and the save itself.

Everything is saved through the coach's writers (`tools.write`: profile, income, expense items, goals), in the
caller's transaction, with the same before/after preview, change record and undo as a write the coach proposes.
Records are merged, not replaced: a field onboarding did not hear keeps its saved value, the expense list keeps
its items (onboarding's "Other spending" item is changed, not added twice), goals are added or updated by name.
"""

from __future__ import annotations

import uuid
from contextlib import nullcontext
from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from agent.coach.offline_language import localized
from agent.onboarding import texts
from agent.onboarding.lexicon import Language
from api.core.errors import Invalid
from api.core.schemas import NOT_BLANK, Age, Input, Money
from api.expenses import service as expenses
from api.goals.schemas import Category
from api.planning.canada import Province
from tools.base import ChangePreview, ToolContext
from tools.read import item_name
from tools.write import (
    NOTHING_TO_CHANGE,
    MaritalStatus,
    UpdateIncomeInput,
    UpdateProfileInput,
    UpsertExpenseInput,
    UpsertGoalInput,
    apply_write,
    preview_write,
)

ProvinceCode = Province
# The line onboarding keeps for everything but housing, named in the session's language (as the web wizard names
# it); found again by either name
OTHER_SPENDING_NAMES: dict[Language, str] = {"en": "Other spending", "fr": "Autres dépenses"}
OTHER_SPENDING = OTHER_SPENDING_NAMES["en"]


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


LABELS = texts.LABELS["en"]
TARGETS = {"age": "profile", "province": "profile", "marital_status": "profile", "dependents": "profile",
           "monthly_take_home": "income", "annual_salary": "income", "partner_income": "income",
           "rent_mortgage": "expenses", "other_monthly_spending": "expenses"}
QUESTIONS: list[tuple[tuple[str, ...], str]] = texts.questions("en")


def fields_from(extracted: dict[str, Any]) -> OnboardingFields:
    """The proposal's values from the extractor's output (confidence and wording dropped)."""
    values: dict[str, Any] = {name: item["value"] for name, item in extracted.items() if name != "goals"}
    values["goals"] = [{k: g[k] for k in ("name", "category", "target_amount", "target_date")}
                       for g in extracted.get("goals", [])]
    return OnboardingFields.model_validate(values)


def missing_questions(fields: OnboardingFields, language: Language = "en") -> list[dict[str, str]]:
    """What to ask next: one question per thing still unknown, in the order a person would ask, in `language`."""
    data = fields.model_dump()
    return [{"field": names[0], "question": question} for names, question in texts.questions(language)
            if not any(data.get(name) not in (None, []) for name in names)]


def localise_questions(missing: list[dict[str, str]], language: Language) -> list[dict[str, str]]:
    """The questions of `missing` in `language`, each by its field (an English thread's read in English is as it
    was)."""
    return [{**q, "question": texts.question_for(q["field"], language) or q["question"]} for q in missing]


def localise_preview(preview: dict[str, Any], language: Language) -> dict[str, Any]:
    """The proposal's title and labels in `language`, each change by its field (an English thread's read in English
    is as it was)."""
    labels = texts.LABELS[language]
    changes = []
    for change in preview.get("changes", []):
        label = change.get("label")
        if change.get("field") == "goals" and isinstance(label, str):
            for said in texts.NEW_GOAL.values():
                prefix = said.split("{", 1)[0]
                if label.startswith(prefix):
                    label = texts.NEW_GOAL[language].format(name=label.removeprefix(prefix))
                    break
        else:
            label = labels.get(str(change.get("field")), label)
        changes.append({**change, "label": label})
    return {**preview, "title": texts.TITLE[language], "changes": changes}


def _other_spending(session: Session, user_id: uuid.UUID, language: Language) -> tuple[str, str]:
    """The name and category of the saved "Other spending" item onboarding changes (its own or the wizard's, in
    whichever language it was named), or of a new one in `language`."""
    saved = expenses.get_expenses(session=session, user_id=user_id)
    found = next((i for i in saved.items if i.category in OTHER_SPENDING_NAMES.values()), None)
    if found is None:
        return OTHER_SPENDING_NAMES[language], OTHER_SPENDING_NAMES[language]
    return item_name(found.category, found.subcategory), found.category


def writes(session: Session, user_id: uuid.UUID, fields: OnboardingFields,
           language: Language = "en") -> list[tuple[str, str | None, BaseModel]]:
    """The fields as the coach's writes: (writer, onboarding field it stands for when one, its input)."""
    out: list[tuple[str, str | None, BaseModel]] = []
    profile_values = fields.model_dump(include={"age", "province", "marital_status", "dependents"}, exclude_none=True)
    if profile_values:
        out.append(("update_profile", None, UpdateProfileInput.model_validate(profile_values)))
    income_values = fields.model_dump(include={"monthly_take_home", "annual_salary", "partner_income"},
                                      exclude_none=True)
    if income_values:
        out.append(("update_income", None, UpdateIncomeInput.model_validate(income_values)))
    if fields.rent_mortgage is not None:
        out.append(("upsert_expense_item", "rent_mortgage",
                    UpsertExpenseInput(name="rent", amount=fields.rent_mortgage)))
    if fields.other_monthly_spending is not None:
        name, category = _other_spending(session, user_id, language)
        out.append(("upsert_expense_item", "other_monthly_spending", UpsertExpenseInput(
            name=name, amount=fields.other_monthly_spending, category=category)))
    for goal in fields.goals:
        out.append(("upsert_goal", "goals", UpsertGoalInput(name=goal.name, category=goal.category,
                                                            target_amount=goal.target_amount,
                                                            target_date=goal.target_date)))
    return out


def _context(session: Session, user_id: uuid.UUID) -> ToolContext:
    return ToolContext(user_id=user_id, session=lambda: nullcontext(session))


def _previews(session: Session, user_id: uuid.UUID, fields: OnboardingFields,
              language: Language = "en") -> list[tuple[str, str | None, BaseModel, ChangePreview]]:
    """Each write's before/after; a write that would change nothing (already saved so) is left out."""
    out = []
    for name, field, data in writes(session, user_id, fields, language):
        try:
            out.append((name, field, data, preview_write(name, _context(session, user_id), data)))
        except Invalid as exc:
            if exc.code != NOTHING_TO_CHANGE:
                raise
    return out


def preview(*, session: Session, user_id: uuid.UUID, fields: OnboardingFields,
            language: Language = "en") -> dict[str, Any]:
    """The before/after of every field onboarding would save, from the same writers that save it (nothing is
    written), its title and labels in `language`. Each change names the onboarding field it comes from."""
    changes: list[dict[str, Any]] = []
    for _, field, _, shown in _previews(session, user_id, fields, language):
        if field == "goals":
            changes.append({"field": "goals", "label": texts.NEW_GOAL["en"].format(name=shown.after.get("name"))
                            if shown.before is None else shown.title, "target": "goal", "before": shown.before,
                            "after": shown.after})
            continue
        for change in shown.changes:
            if field == "other_monthly_spending" and change.field != "amount":
                continue
            key = field or change.field
            changes.append({"field": key, "label": LABELS.get(key, change.label), "target": TARGETS.get(key),
                            "before": change.before, "after": change.after})
    return localise_preview({"title": texts.TITLE["en"], "changes": changes,
                             "fields": fields.model_dump(mode="json", exclude_none=True)}, language)


def save(*, session: Session, user_id: uuid.UUID, fields: OnboardingFields,
         language: Language = "en") -> dict[str, Any]:
    """Save the approved fields through the coach's writers, in the caller's transaction: each write is recorded
    as a change (with its activity entry) that undo can reverse, as if the coach had saved it. Each change's summary
    is said in `language`, as the coach says its writers' English sentences (`coach.*` templates)."""
    saved = [apply_write(name, _context(session, user_id), data) for name, _, data, _ in
             _previews(session, user_id, fields, language)]
    session.flush()
    return {"changes": [{"change_id": str(result.change_id), "summary": saved_summary(result.summary, language)}
                        for result in saved]}


def saved_summary(english: str, language: Language) -> str:
    """A writer's summary in `language`; one no French template knows stays in English (logged by `localized`):
    the person is told what was saved in some words rather than in none."""
    return localized(english, language) or english
