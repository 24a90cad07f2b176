"""Write tools: each has a `preview` (the before/after diff the user approves; nothing is saved) and a `run`
that saves through the same service the REST route uses, adds an activity-log entry and a `coach_changes`
row holding the before state, which `undo_change` puts back.

Undo refuses (409) when the record has changed since the coach saved it, so it never overwrites later
edits, and when the change was already undone.
"""

from __future__ import annotations

import re
import unicodedata
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field, JsonValue, create_model
from sqlalchemy.orm import Session

from api.budget.schemas import BudgetFields, BudgetIn
from api.budget.service import check_whole, get_budget, save_budget
from api.core.errors import Conflict, Invalid, NotFound
from api.core.schemas import Age, Money, Multiplier, Percent, Rate
from api.expenses.schemas import ExpenseItemIn, ExpensesIn
from api.expenses.service import get_expenses, save_expenses
from api.goals.schemas import GoalIn
from api.goals.service import add_goal, delete_goal, list_goals, update_goal
from api.income.schemas import IncomeFields, IncomeIn
from api.income.service import get_income, save_income
from api.plan.scenarios import (
    ScenarioChanges,
    ScenarioIn,
    add_scenario,
    delete_scenario,
    list_scenarios,
    update_scenario,
)
from api.planning.canada import Province
from api.preferences.schemas import PreferencesIn
from api.preferences.service import get_preferences, save_preferences
from api.profile.schemas import ProfileIn
from api.profile.service import get_profile, save_profile
from tools import changes
from tools.base import ChangePreview, CoachTool, FieldChange, Provenance, ToolContext, WriteResult
from tools.changes import REF, CoachChangeRead
from tools.common import NoExtra, fmt_money, fmt_rate, in_session
from tools.read import item_name

Json = dict[str, Any]
NOTHING_TO_CHANGE = "nothing_to_change"  # the error code of a write that would change nothing


@dataclass(frozen=True)
class Plan:
    """A write worked out against the saved state: what it is now, what it becomes, and how to find it."""

    before: Json | None
    after: Json
    title: str
    ref: Json


@dataclass(frozen=True)
class Writer:
    name: str
    target: str
    description: str
    input_model: type[BaseModel]
    labels: dict[str, str]
    plan: Callable[[Session, uuid.UUID, Any], Plan]
    save: Callable[[Session, uuid.UUID, Plan], Json]  # returns the saved state (with its ref)
    current: Callable[[Session, uuid.UUID, Json], Json | None]  # the state now, found by the ref
    restore: Callable[[Session, uuid.UUID, Json | None, Json], None]  # before, ref


def _shown(value: Any, field: str) -> Any:
    if isinstance(value, float) and field.endswith(("percentage", "allocation")):
        return f"{value:g}%"
    if isinstance(value, float) and field.endswith("_age"):
        return f"{value:g}"
    if isinstance(value, float) and field.endswith(("rate", "_return")):
        return fmt_rate(value)
    if isinstance(value, float) and field not in ("fire_rule_multiplier",):
        return fmt_money(value)
    return value


def _changes(plan: Plan, labels: dict[str, str]) -> list[FieldChange]:
    out = []
    for key, value in plan.after.items():
        old = None if plan.before is None else plan.before.get(key)
        if old != value:
            out.append(FieldChange(field=key, label=labels.get(key, key.replace("_", " ").capitalize()),
                                   before=old, after=value))
    return out


def _summary(plan: Plan, fields: list[FieldChange]) -> str:
    if plan.before is None:  # a new record: its non-empty values (the name is in the title)
        parts = [f"{c.label} {_shown(c.after, c.field)}" for c in fields
                 if c.after not in (None, "", 0, False) and c.field not in ("name", "subcategory")]
    else:
        parts = [f"{c.label} {_shown(c.before, c.field) if c.before is not None else 'not set'} → "
                 f"{_shown(c.after, c.field)}" for c in fields]
    return f"{plan.title}: " + "; ".join(parts) if parts else plan.title


def _preview(writer: Writer, context: ToolContext, data: BaseModel) -> ChangePreview:
    with context.session() as session, session.begin_nested() as savepoint:
        plan = writer.plan(session, context.user_id, data)
        savepoint.rollback()  # reading may create defaults (preferences): a preview leaves nothing behind
    fields = _changes(plan, writer.labels)
    if not fields:
        raise Invalid(f"Nothing to change: {plan.title.lower()} already has these values",
                      code=NOTHING_TO_CHANGE)
    return ChangePreview(tool=writer.name, target=writer.target, title=plan.title, before=plan.before,
                         after=plan.after, changes=fields)


def _run(writer: Writer, context: ToolContext, data: BaseModel) -> WriteResult:
    with context.session() as session:
        plan = writer.plan(session, context.user_id, data)
        fields = _changes(plan, writer.labels)
        if not fields:
            raise Invalid(f"Nothing to change: {plan.title.lower()} already has these values",
                      code=NOTHING_TO_CHANGE)
        saved = writer.save(session, context.user_id, plan)
        summary = _summary(plan, fields)
        change = changes.record(session, user_id=context.user_id, thread_id=context.thread_id, tool=writer.name,
                                target=writer.target, summary=summary, before=plan.before,
                                after={**plan.after, REF: saved.get(REF, plan.ref)})
        shown = {k: v for k, v in saved.items() if k != REF}
        return WriteResult(change_id=change.id, summary=summary, saved=shown,
                           provenance=Provenance(data=[writer.target],
                                                 notes=["Saved with your approval; its card in the chat can undo it."]))


def _same(now: Json | None, after: Json) -> bool:
    return now is not None and all(now.get(k) == v for k, v in after.items() if k != REF)


def undo(writers: dict[str, Writer], context: ToolContext, change_id: uuid.UUID) -> CoachChangeRead:
    with context.session() as session:
        change = changes.get_change(session, context.user_id, change_id)
        if change.undone_at is not None:
            raise Conflict("This change was already undone", code="already_undone")
        writer = writers.get(change.tool)
        if writer is None or change.after is None:
            raise Conflict(f"Changes made by {change.tool} cannot be undone", code="not_undoable")
        ref = change.after.get(REF) or {}
        if not _same(writer.current(session, context.user_id, ref), change.after):
            raise Conflict(f"The {writer.target.replace('_', ' ')} has changed since this change was saved; undo "
                           "would overwrite the later edits", code="changed_since")
        writer.restore(session, context.user_id, change.before, ref)
        changes.log(session, context.user_id, f"Undid: {change.summary}")
        change.undone_at = datetime.now(UTC)
        session.flush()
        return changes.read(change)


# --- save_budget ------------------------------------------------------------------------------------------


class SaveBudgetInput(NoExtra):
    """Set some of the budget's percentages; the others keep their saved values (0 when none are saved). When the
    shares given (needs, wants, savings, investments) add up to 100, the ones not given become 0; the four may
    never add up to more than 100."""

    needs_percentage: Percent | None = Field(default=None, description="Share of take-home pay for needs, 0-100")
    wants_percentage: Percent | None = Field(default=None, description="Share for wants, 0-100")
    savings_percentage: Percent | None = Field(default=None, description="Share for savings, 0-100")
    investments_percentage: Percent | None = Field(default=None, description="Share for investments, 0-100")
    tfsa_allocation: Percent | None = Field(default=None, description="Share of savings to the TFSA, 0-100")
    rrsp_allocation: Percent | None = Field(default=None, description="Share of savings to the RRSP, 0-100")
    fhsa_allocation: Percent | None = Field(default=None, description="Share of savings to the FHSA, 0-100")
    non_registered_allocation: Percent | None = Field(default=None, description="Share to non-registered, 0-100")


def _given(data: BaseModel) -> Json:
    given = data.model_dump(mode="json", exclude_none=True)
    if not given:
        raise Invalid("Give at least one value to change")
    return given


def _budget_now(session: Session, uid: uuid.UUID, _: Json) -> Json | None:
    row = get_budget(session=session, user_id=uid)
    return None if row is None else BudgetFields.model_validate(row, from_attributes=True).model_dump(mode="json")


_SHARES = ("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage")


def _plan_budget(session: Session, uid: uuid.UUID, data: SaveBudgetInput) -> Plan:
    before = _budget_now(session, uid, {})
    given = _given(data)
    after = {**(before or BudgetIn().model_dump(mode="json")), **given}
    if sum(Decimal(str(given.get(k, 0))) for k in _SHARES) == 100:
        after.update({k: 0.0 for k in _SHARES if k not in given})  # "50/30/20" is the whole of take-home pay
    total = sum(Decimal(str(after.get(k) or 0)) for k in _SHARES)
    if total > 100:
        raise Invalid(f"Needs, wants, savings and investments would add up to {float(total):g}% of take-home pay; give "
                      "shares that add up to 100% at most")
    check_whole(BudgetIn.model_validate(after))  # a budget is the whole of take-home pay (and of what is saved)
    # A change the person did not ask for is said in the request for approval ("50/30/20" zeroes investments).
    unasked = [f"{k.removesuffix('_percentage')} from {float((before or {}).get(k) or 0):g}% to 0%" for k in _SHARES
               if k not in given and float((before or {}).get(k) or 0) != float(after.get(k) or 0)]
    title = "Save your budget"
    if unasked:
        title += f" (this also sets {', '.join(unasked)}: the shares you gave make 100%)"
    return Plan(before=before, after=after, title=title, ref={})


def _save_budget(session: Session, uid: uuid.UUID, plan: Plan) -> Json:
    row = save_budget(session=session, user_id=uid, data=BudgetIn.model_validate(plan.after))
    return BudgetFields.model_validate(row, from_attributes=True).model_dump(mode="json")


def _restore_budget(session: Session, uid: uuid.UUID, before: Json | None, _: Json) -> None:
    # No budget before: all zero is what the app shows for a budget never saved.
    save_budget(session=session, user_id=uid, data=BudgetIn.model_validate(before or {}))


# --- update_income ----------------------------------------------------------------------------------------


class UpdateIncomeInput(NoExtra):
    """Change some income amounts; the others keep their saved values."""

    annual_salary: Money | None = Field(default=None, description="Yearly salary before tax")
    monthly_take_home: Money | None = Field(default=None, description="Take-home pay per month, after tax")
    secondary_income: Money | None = Field(default=None, description="Per month")
    side_hustle_income: Money | None = Field(default=None, description="Per month")
    partner_income: Money | None = Field(default=None, description="Partner's take-home per month")
    other_income: Money | None = Field(default=None, description="Per month")


def _income_now(session: Session, uid: uuid.UUID, _: Json) -> Json | None:
    row = get_income(session=session, user_id=uid)
    return None if row is None else IncomeFields.model_validate(row, from_attributes=True).model_dump(mode="json")


def _plan_income(session: Session, uid: uuid.UUID, data: UpdateIncomeInput) -> Plan:
    before = _income_now(session, uid, {})
    after = {**(before or IncomeIn().model_dump(mode="json")), **_given(data)}
    return Plan(before=before, after=after, title="Update your income", ref={})


def _save_income(session: Session, uid: uuid.UUID, plan: Plan) -> Json:
    row = save_income(session=session, user_id=uid, data=IncomeIn.model_validate(plan.after))
    return IncomeFields.model_validate(row, from_attributes=True).model_dump(mode="json")


def _restore_income(session: Session, uid: uuid.UUID, before: Json | None, _: Json) -> None:
    save_income(session=session, user_id=uid, data=IncomeIn.model_validate(before or {}))


# --- update_preferences -----------------------------------------------------------------------------------

PREFERENCE_FIELDS = ("investment_return_rate", "fire_rule_multiplier", "max_projection_years", "retirement_age")


class UpdatePreferencesInput(NoExtra):
    """Change planning preferences; the others keep their saved values."""

    investment_return_rate: Rate | None = Field(default=None, description="Expected yearly return as a fraction "
                                                                          "(0.06 = 6%)")
    fire_rule_multiplier: Multiplier | None = Field(default=None, description="FIRE number = spending x this "
                                                                              "(25 = 4% rule, 30 = 3.33%)")
    max_projection_years: int | None = Field(default=None, ge=1, le=100)
    retirement_age: int | None = Field(default=None, ge=0, le=120)


def _preferences_now(session: Session, uid: uuid.UUID, _: Json) -> Json:
    row = get_preferences(session=session, user_id=uid)
    return PreferencesIn.model_validate({f: getattr(row, f) for f in PREFERENCE_FIELDS}).model_dump(
        mode="json", include=set(PREFERENCE_FIELDS))


def _plan_preferences(session: Session, uid: uuid.UUID, data: UpdatePreferencesInput) -> Plan:
    before = _preferences_now(session, uid, {})
    return Plan(before=before, after={**before, **_given(data)}, title="Update your planning preferences", ref={})


def _save_preferences(session: Session, uid: uuid.UUID, plan: Plan) -> Json:
    save_preferences(session=session, user_id=uid, data=PreferencesIn.model_validate(plan.after))
    return _preferences_now(session, uid, {})


def _restore_preferences(session: Session, uid: uuid.UUID, before: Json | None, _: Json) -> None:
    if before is not None:
        save_preferences(session=session, user_id=uid, data=PreferencesIn.model_validate(before))


# --- upsert_expense_item ----------------------------------------------------------------------------------

HOUSING_NAMES = {"rent", "mortgage", "rent or mortgage", "rent/mortgage", "mortgage payment", "rent_mortgage"}


class UpsertExpenseInput(NoExtra):
    """Add a monthly expense item, or change the one with this name (its subcategory, or category)."""

    name: str = Field(min_length=1, max_length=100, description="The item's name, e.g. 'Groceries'; 'rent' or "
                                                                "'mortgage' changes the rent or mortgage payment")
    amount: Money | None = Field(default=None, description="Per month; required for a new item")
    category: str | None = Field(default=None, min_length=1, max_length=100,
                                 description="e.g. Food, Housing, Transportation; default 'Other' for a new item")
    needs_wants_category: Literal["needs", "wants"] | None = Field(default=None, description="Default 'needs'")
    is_bad_habit: bool | None = None


def _items(session: Session, uid: uuid.UUID) -> list[ExpenseItemIn]:
    saved = get_expenses(session=session, user_id=uid)
    return [ExpenseItemIn(category=i.category, subcategory=i.subcategory, amount=i.amount,
                          needs_wants_category=i.needs_wants_category, is_bad_habit=i.is_bad_habit)
            for i in saved.items]


_FILLER = frozenset({"the", "my", "our", "a", "an", "for", "of", "to", "and", "goal", "goals", "expense", "expenses",
                     "item", "line", "fund", "budget", "le", "la", "les", "mon", "ma", "mes", "notre", "nos", "de",
                     "du", "des", "objectif", "depense"})


# A name saved in one language and asked for in the other ("le voyage au Japon" is "Family trip to Japan").
_FRENCH_WORDS = {"voyage": "trip", "japon": "japan", "urgence": "emergency", "etude": "education",
                 "etudes": "education", "retraite": "retirement", "maison": "home", "voiture": "car", "auto": "car",
                 "mariage": "wedding", "epicerie": "groceries", "loyer": "rent", "hypotheque": "mortgage",
                 "garderie": "daycare", "independance": "independence", "financiere": "financial",
                 "vacances": "vacation", "renovation": "renovation", "cafe": "coffee"}
_FRENCH_FILLER = frozenset({"au", "aux", "a", "en", "pour", "d", "l", "de", "du", "des", "le", "la", "les", "un", "une",
                            "notre", "nos", "mon", "ma", "mes", "fonds"})


def _name_words(name: str) -> set[str]:
    words = re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKD", name.casefold()).encode("ascii", "ignore").decode())
    words = [_FRENCH_WORDS.get(w, w) for w in words if w not in _FRENCH_FILLER]
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if w not in _FILLER}


def closest_name(wanted: str, names: list[str]) -> int | None:
    """The saved name a person means: the same name (any case), else the one name whose words hold every word they
    used, or whose words are all in what they said ("the Japan trip" is "Family trip to Japan", "coffee shop" is
    "Daily coffee shop"); None when no name, or more than one, fits."""
    folded = wanted.strip().casefold()
    exact = [n for n, name in enumerate(names) if name.strip().casefold() == folded]
    if exact:
        return exact[0]
    said = _name_words(wanted)
    if not said:
        return None
    named = [_name_words(name) for name in names]
    for fits in ([n for n, words in enumerate(named) if words and said <= words],
                 [n for n, words in enumerate(named) if words and words <= said]):
        if fits:
            return fits[0] if len(fits) == 1 else None
    return None


def _find(items: list[ExpenseItemIn], name: str) -> int | None:
    return closest_name(name, [item_name(i.category, i.subcategory) for i in items])


def _is_housing(items: list[ExpenseItemIn], name: str) -> bool:
    return name.strip().casefold() in HOUSING_NAMES and _find(items, name) is None


def _expense_now(session: Session, uid: uuid.UUID, ref: Json) -> Json | None:
    if ref.get("rent_mortgage"):
        return {"rent_mortgage": float(get_expenses(session=session, user_id=uid).rent_mortgage)}
    items = _items(session, uid)
    at = _find(items, ref["name"])
    return None if at is None else items[at].model_dump(mode="json")


def _plan_expense(session: Session, uid: uuid.UUID, data: UpsertExpenseInput) -> Plan:
    items = _items(session, uid)
    if _is_housing(items, data.name):
        if data.amount is None:
            raise Invalid("amount: give the new rent or mortgage payment per month")
        before = _expense_now(session, uid, {"rent_mortgage": True})
        return Plan(before=before, after={"rent_mortgage": float(data.amount)},
                    title="Change your rent or mortgage payment", ref={"rent_mortgage": True})
    at = _find(items, data.name)
    if at is None:
        if data.amount is None:
            raise Invalid(f"amount: '{data.name}' is a new expense item; give its monthly amount")
        item = ExpenseItemIn(category=data.category or "Other", subcategory=data.name.strip(), amount=data.amount,
                             needs_wants_category=data.needs_wants_category or "needs",
                             is_bad_habit=bool(data.is_bad_habit))
        return Plan(before=None, after=item.model_dump(mode="json"), title=f"Add the expense '{data.name.strip()}'",
                    ref={"name": data.name.strip()})
    current = items[at]
    changed = current.model_copy(update={k: v for k, v in (
        ("amount", data.amount), ("category", data.category), ("needs_wants_category", data.needs_wants_category),
        ("is_bad_habit", data.is_bad_habit)) if v is not None})
    name = item_name(current.category, current.subcategory)
    return Plan(before=current.model_dump(mode="json"), after=ExpenseItemIn.model_validate(
        changed.model_dump()).model_dump(mode="json"), title=f"Change the expense '{name}'", ref={"name": name})


def _save_items(session: Session, uid: uuid.UUID, items: list[ExpenseItemIn], rent: Any = None) -> None:
    saved = get_expenses(session=session, user_id=uid)
    save_expenses(session=session, user_id=uid, data=ExpensesIn(
        rent_mortgage=saved.rent_mortgage if rent is None else rent, items=items))


def _save_expense(session: Session, uid: uuid.UUID, plan: Plan) -> Json:
    items = _items(session, uid)
    if plan.ref.get("rent_mortgage"):
        _save_items(session, uid, items, rent=plan.after["rent_mortgage"])
        return {**plan.after, REF: plan.ref}
    item = ExpenseItemIn.model_validate(plan.after)
    at = _find(items, plan.ref["name"])
    if at is None:
        items.append(item)
    else:
        items[at] = item
    _save_items(session, uid, items)
    # A category change can rename an item with no subcategory: undo finds it by its new name.
    return {**item.model_dump(mode="json"), REF: {"name": item_name(item.category, item.subcategory)}}


def _restore_expense(session: Session, uid: uuid.UUID, before: Json | None, ref: Json) -> None:
    items = _items(session, uid)
    if ref.get("rent_mortgage"):
        _save_items(session, uid, items, rent=(before or {}).get("rent_mortgage", 0))
        return
    at = _find(items, ref["name"])
    if at is None:
        raise Conflict("The expense item is no longer saved", code="changed_since")
    if before is None:
        del items[at]
    else:
        items[at] = ExpenseItemIn.model_validate(before)
    _save_items(session, uid, items)


# --- upsert_goal ------------------------------------------------------------------------------------------

GoalCategory = Literal["emergency-fund", "retirement", "home", "debt-payoff", "education", "travel", "other"]


class UpsertGoalInput(NoExtra):
    """Add a goal, or change the goal with this name; fields left out keep their saved values."""

    name: str = Field(min_length=1, max_length=200, description="The goal's name (an existing one to change it)")
    category: GoalCategory | None = Field(default=None, description="Default 'other' for a new goal")
    target_amount: Money | None = None
    current_amount: Money | None = Field(default=None, description="Saved toward it so far")
    target_date: date | None = None
    priority: Literal["low", "medium", "high"] | None = None
    notes: str | None = Field(default=None, max_length=5000)


def _goal_json(row: Any) -> Json:
    return GoalIn.model_validate(row, from_attributes=True).model_dump(mode="json")


def _find_goal(session: Session, uid: uuid.UUID, name: str) -> Any:
    saved = list(list_goals(session=session, user_id=uid))
    at = closest_name(name, [g.name for g in saved])
    return None if at is None else saved[at]


def _goal_now(session: Session, uid: uuid.UUID, ref: Json) -> Json | None:
    goal = next((g for g in list_goals(session=session, user_id=uid) if str(g.id) == ref.get("id")), None)
    return None if goal is None else _goal_json(goal)


def _plan_goal(session: Session, uid: uuid.UUID, data: UpsertGoalInput) -> Plan:
    goal = _find_goal(session, uid, data.name)
    given = data.model_dump(mode="json", exclude_none=True, exclude={"name"})
    if goal is None:
        new = GoalIn.model_validate({"name": data.name.strip(), "category": "other", **given})
        return Plan(before=None, after=new.model_dump(mode="json"), title=f"Add the goal '{data.name.strip()}'",
                    ref={})
    before = _goal_json(goal)
    after = GoalIn.model_validate({**before, **given}).model_dump(mode="json")
    return Plan(before=before, after=after, title=f"Update the goal '{goal.name}'", ref={"id": str(goal.id)})


def _save_goal(session: Session, uid: uuid.UUID, plan: Plan) -> Json:
    data = GoalIn.model_validate(plan.after)
    if plan.ref.get("id"):
        row = update_goal(session=session, user_id=uid, goal_id=uuid.UUID(plan.ref["id"]), data=data)
    else:
        row = add_goal(session=session, user_id=uid, data=data)
    return {**_goal_json(row), REF: {"id": str(row.id)}}


def _restore_goal(session: Session, uid: uuid.UUID, before: Json | None, ref: Json) -> None:
    goal_id = uuid.UUID(ref["id"])
    try:
        if before is None:
            delete_goal(session=session, user_id=uid, goal_id=goal_id)
        else:
            update_goal(session=session, user_id=uid, goal_id=goal_id, data=GoalIn.model_validate(before))
    except NotFound:
        raise Conflict("The goal is no longer saved", code="changed_since") from None


# --- save_scenario ----------------------------------------------------------------------------------------


class SaveScenarioInput(NoExtra):
    """Save a what-if on the household plan as a named scenario (or change the scenario with this name); only the
    changes given are part of it, everything else follows the saved plan."""

    name: str = Field(min_length=1, max_length=100, description="e.g. 'Retire at 50', 'Buy a house in 2028'")
    retirement_age: float | None = Field(default=None, ge=18, le=100, description="Your retirement age in it")
    partner_retirement_age: float | None = Field(default=None, ge=18, le=100)
    cpp_start_age: float | None = Field(default=None, ge=60, le=70, description="For both adults")
    oas_start_age: float | None = Field(default=None, ge=65, le=70, description="For both adults")
    annual_spending: Money | None = Field(default=None, description="Yearly spending after tax while working")
    retirement_spending: Money | None = Field(default=None, description="Yearly spending once retired")
    extra_monthly_saving: Money | None = Field(default=None, description="Saved each month on top of the plan "
                                                                         "until retirement")
    expected_return: Rate | None = Field(default=None, description="Yearly return as a fraction (0.05 = 5%)")
    one_off_date: date | None = Field(default=None, description="When a one-off amount is spent (a down payment)")
    one_off_amount: Money | None = Field(default=None, description="The one-off amount spent, today's dollars")
    one_off_label: str | None = Field(default=None, max_length=100)
    part_time_from: date | None = Field(default=None, description="Part-time work from this date...")
    part_time_until: date | None = None
    part_time_income: Money | None = Field(default=None, description="...at this gross yearly pay (yours)")


_SCENARIO_FIELDS = tuple(SaveScenarioInput.model_fields)


def _scenario_flat(row: Any) -> Json:
    c = ScenarioChanges.model_validate(row.changes)
    ages = c.retirement_ages or []
    off = c.one_offs[0] if c.one_offs else None
    part = c.part_time[0] if c.part_time else None

    def num(v: Any) -> float | None:
        return None if v is None else float(v)

    return {"name": row.name, "retirement_age": ages[0] if ages else None,
            "partner_retirement_age": ages[1] if len(ages) > 1 else None, "cpp_start_age": c.cpp_start_age,
            "oas_start_age": c.oas_start_age, "annual_spending": num(c.spending),
            "retirement_spending": num(c.retirement_spending), "extra_monthly_saving": num(c.extra_monthly_saving),
            "expected_return": c.return_rate, "one_off_date": None if off is None else off.on.isoformat(),
            "one_off_amount": None if off is None else float(off.amount), "one_off_label": None if off is None
            else off.label, "part_time_from": None if part is None else part.start.isoformat(),
            "part_time_until": None if part is None or part.end is None else part.end.isoformat(),
            "part_time_income": None if part is None else float(part.income)}


def _scenario_in(flat: Json) -> ScenarioIn:
    ages = [flat.get("retirement_age"), flat.get("partner_retirement_age")]
    changes: Json = {"retirement_ages": ages if any(a is not None for a in ages) else None,
                     "cpp_start_age": flat.get("cpp_start_age"), "oas_start_age": flat.get("oas_start_age"),
                     "spending": flat.get("annual_spending"), "retirement_spending": flat.get("retirement_spending"),
                     "extra_monthly_saving": flat.get("extra_monthly_saving"),
                     "return_rate": flat.get("expected_return")}
    if flat.get("one_off_amount") is not None:
        if flat.get("one_off_date") is None:
            raise Invalid("one_off_date: say when the one-off amount is spent")
        changes["one_offs"] = [{"on": flat["one_off_date"], "amount": flat["one_off_amount"],
                                "label": flat.get("one_off_label")}]
    if flat.get("part_time_income") is not None:
        if flat.get("part_time_from") is None:
            raise Invalid("part_time_from: say when the part-time work starts")
        changes["part_time"] = [{"start": flat["part_time_from"], "end": flat.get("part_time_until"),
                                 "income": flat["part_time_income"]}]
    return ScenarioIn.model_validate({"name": flat["name"], "changes": changes})


def _find_scenario(session: Session, uid: uuid.UUID, name: str) -> Any:
    wanted = name.strip().casefold()
    return next((r for r in list_scenarios(session=session, user_id=uid) if r.name.strip().casefold() == wanted),
                None)


def _scenario_now(session: Session, uid: uuid.UUID, ref: Json) -> Json | None:
    row = next((r for r in list_scenarios(session=session, user_id=uid) if str(r.id) == ref.get("id")), None)
    return None if row is None else _scenario_flat(row)


def _plan_scenario(session: Session, uid: uuid.UUID, data: SaveScenarioInput) -> Plan:
    given = data.model_dump(mode="json", exclude_none=True, exclude={"name"})
    if not given:
        raise Invalid("Say what the scenario changes: a retirement age, CPP or OAS age, spending, extra saving, "
                      "the return, a one-off amount or part-time work")
    row = _find_scenario(session, uid, data.name)
    empty = {k: None for k in _SCENARIO_FIELDS}
    if row is None:
        after = {**empty, "name": data.name.strip(), **given}
        _scenario_in(after)  # refused now, before approval, if it cannot be saved
        return Plan(before=None, after=after, title=f"Save the scenario '{data.name.strip()}'", ref={})
    before = _scenario_flat(row)
    after = {**before, **given}
    _scenario_in(after)
    return Plan(before=before, after=after, title=f"Update the scenario '{row.name}'", ref={"id": str(row.id)})


def _save_scenario(session: Session, uid: uuid.UUID, plan: Plan) -> Json:
    data = _scenario_in(plan.after)
    if plan.ref.get("id"):
        row = update_scenario(session=session, user_id=uid, scenario_id=uuid.UUID(plan.ref["id"]), data=data)
    else:
        row = add_scenario(session=session, user_id=uid, data=data)
    return {**_scenario_flat(row), REF: {"id": str(row.id)}}


def _restore_scenario(session: Session, uid: uuid.UUID, before: Json | None, ref: Json) -> None:
    scenario_id = uuid.UUID(ref["id"])
    try:
        if before is None:
            delete_scenario(session=session, user_id=uid, scenario_id=scenario_id)
        else:
            update_scenario(session=session, user_id=uid, scenario_id=scenario_id, data=_scenario_in(before))
    except NotFound:
        raise Conflict("The scenario is no longer saved", code="changed_since") from None


# --- update_profile (voice onboarding's writer; not one of the coach's tools) --------------------------------

MaritalStatus = Literal["single", "married", "common-law", "separated", "divorced", "widowed"]
PROFILE_FIELDS = ("age", "province", "marital_status", "dependents")


class UpdateProfileInput(NoExtra):
    """Change the profile's age, province, household or dependants; the rest of the profile keeps its values."""

    age: Age | None = None
    province: Province | None = Field(default=None, description="Two-letter code, e.g. ON")
    marital_status: MaritalStatus | None = None
    dependents: int | None = Field(default=None, ge=0, le=30)


def _profile_now(session: Session, uid: uuid.UUID, _: Json) -> Json | None:
    row = get_profile(session=session, user_id=uid)
    return None if row is None else {name: getattr(row, name) for name in PROFILE_FIELDS}


def _plan_profile(session: Session, uid: uuid.UUID, data: UpdateProfileInput) -> Plan:
    before = _profile_now(session, uid, {})
    after = {**(before or dict.fromkeys(PROFILE_FIELDS)), **_given(data)}
    return Plan(before=before, after=after, title="Update your profile", ref={})


def _write_profile(session: Session, uid: uuid.UUID, values: Json) -> None:
    current = get_profile(session=session, user_id=uid)
    merged = {name: getattr(current, name) for name in ProfileIn.model_fields} if current else {}
    merged.update(values)
    merged["country"] = merged.get("country") or "Canada"
    merged.pop("email", None)
    save_profile(session=session, user_id=uid, data=ProfileIn.model_validate(merged))


def _save_profile(session: Session, uid: uuid.UUID, plan: Plan) -> Json:
    _write_profile(session, uid, plan.after)
    return _profile_now(session, uid, {}) or {}


def _restore_profile(session: Session, uid: uuid.UUID, before: Json | None, _: Json) -> None:
    _write_profile(session, uid, before or dict.fromkeys(PROFILE_FIELDS))


# --- the tools --------------------------------------------------------------------------------------------

WRITERS: dict[str, Writer] = {w.name: w for w in (
    Writer("save_budget", "budget", "Propose new budget percentages (needs, wants, savings, investments, and the "
           "TFSA/RRSP/FHSA/non-registered split). The user sees a before/after and must approve before it is saved.",
           SaveBudgetInput, {"needs_percentage": "Needs", "wants_percentage": "Wants",
                             "savings_percentage": "Savings", "investments_percentage": "Investments",
                             "tfsa_allocation": "TFSA share", "rrsp_allocation": "RRSP share",
                             "fhsa_allocation": "FHSA share", "non_registered_allocation": "Non-registered share"},
           _plan_budget, _save_budget, _budget_now, _restore_budget),
    Writer("update_income", "income", "Propose changes to the user's income (salary, take-home, partner, side "
           "hustle, other). Saved only after the user approves the before/after.", UpdateIncomeInput,
           {"annual_salary": "Yearly salary", "monthly_take_home": "Monthly take-home pay",
            "secondary_income": "Secondary income", "side_hustle_income": "Side-hustle income",
            "partner_income": "Partner's income", "other_income": "Other income"},
           _plan_income, _save_income, _income_now, _restore_income),
    Writer("upsert_expense_item", "expense_item", "Propose adding a monthly expense item or changing one by name "
           "(or the rent/mortgage payment). Saved only after the user approves.", UpsertExpenseInput,
           {"amount": "Monthly amount", "category": "Category", "subcategory": "Name",
            "needs_wants_category": "Needs or wants", "is_bad_habit": "Bad habit",
            "rent_mortgage": "Rent or mortgage"},
           _plan_expense, _save_expense, _expense_now, _restore_expense),
    Writer("upsert_goal", "goal", "Propose adding a financial goal or updating one by name (target, amount saved, "
           "date, priority). Saved only after the user approves.", UpsertGoalInput,
           {"name": "Name", "category": "Category", "target_amount": "Target", "current_amount": "Saved so far",
            "target_date": "Target date", "priority": "Priority", "notes": "Notes"},
           _plan_goal, _save_goal, _goal_now, _restore_goal),
    Writer("update_preferences", "preferences", "Propose changes to planning preferences (expected return, FIRE "
           "multiplier, projection years, retirement age). Saved only after the user approves.",
           UpdatePreferencesInput, {"investment_return_rate": "Expected return",
                                    "fire_rule_multiplier": "FIRE multiplier",
                                    "max_projection_years": "Projection years", "retirement_age": "Retirement age"},
           _plan_preferences, _save_preferences, _preferences_now, _restore_preferences),
    Writer("save_scenario", "scenario", "Propose saving a what-if on the household plan as a named scenario (retire "
           "at 50, buy a house in 2028, part-time at 55, CPP at 70), or changing one by name. Saved only after the "
           "user approves; compare_scenarios then puts it beside the plan.", SaveScenarioInput,
           {"name": "Name", "retirement_age": "Your retirement age", "partner_retirement_age": "Partner's retirement "
            "age", "cpp_start_age": "CPP from age", "oas_start_age": "OAS from age", "annual_spending":
            "Yearly spending", "retirement_spending": "Yearly spending in retirement", "extra_monthly_saving":
            "Extra saving a month", "expected_return": "Expected return", "one_off_date": "One-off on",
            "one_off_amount": "One-off amount", "one_off_label": "One-off for", "part_time_from": "Part-time from",
            "part_time_until": "Part-time until", "part_time_income": "Part-time pay a year"},
           _plan_scenario, _save_scenario, _scenario_now, _restore_scenario),
)}


# Writers other parts of the product save through (voice onboarding), with the same preview, change record and
# undo as the coach's, but not offered to the coach as tools.
OTHER_WRITERS: dict[str, Writer] = {w.name: w for w in (
    Writer("update_profile", "profile", "Change the profile's age, province, household or dependants.",
           UpdateProfileInput, {"age": "Age", "province": "Province or territory", "marital_status": "Household",
                                "dependents": "Dependants"},
           _plan_profile, _save_profile, _profile_now, _restore_profile),
)}
ALL_WRITERS = {**WRITERS, **OTHER_WRITERS}


def preview_write(name: str, context: ToolContext, data: BaseModel) -> ChangePreview:
    """The before/after of a write (nothing saved); Invalid when it would change nothing."""
    return _preview(ALL_WRITERS[name], context, data)


def apply_write(name: str, context: ToolContext, data: BaseModel) -> WriteResult:
    """Save an approved write: the service's save, an activity entry and a change record that undo can reverse."""
    return _run(ALL_WRITERS[name], context, data)


def name_words(name: str) -> set[str]:
    """The words that make a saved name (its own, French ones read as the English saved ones, without fillers)."""
    return _name_words(name)


def _saved_names(context: ToolContext) -> dict[str, list[str]]:
    """The names the writers change by name (expense items, goals), read once when the tools are built."""
    def read(session: Session) -> dict[str, list[str]]:
        items = get_expenses(session=session, user_id=context.user_id).items
        return {"upsert_expense_item": list(dict.fromkeys(item_name(i.category, i.subcategory) for i in items)),
                "upsert_goal": list(dict.fromkeys(g.name for g in list_goals(session=session,
                                                                             user_id=context.user_id)))}
    return in_session(context, read)


_NAME_LENGTH = {"upsert_expense_item": 100, "upsert_goal": 200}


def _named_input(model: type[BaseModel], names: list[str], length: int) -> type[BaseModel]:
    """The writer's input with the user's saved names listed on `name` (as examples: a new name is allowed too)."""
    if not names:
        return model
    described = model.model_fields["name"].description or ""
    listed = ", ".join(repr(n) for n in names)
    examples: list[JsonValue] = list(names)
    field = Field(min_length=1, max_length=length, description=f"{described}. Saved: {listed}.",
                  json_schema_extra={"examples": examples})
    return create_model(model.__name__, __base__=model, __doc__=model.__doc__, name=(str, field))


def write_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    names = _saved_names(context)

    def tool(writer: Writer) -> CoachTool[Any, Any]:
        model = writer.input_model
        if writer.name in names:
            model = _named_input(model, names[writer.name], _NAME_LENGTH[writer.name])
        return CoachTool(name=writer.name, description=writer.description, kind="write",
                         input_model=model, output_model=WriteResult,
                         run=lambda data: _run(writer, context, data),
                         preview=lambda data: _preview(writer, context, data))
    return [tool(w) for w in WRITERS.values()]


def undo_change(context: ToolContext, change_id: uuid.UUID) -> CoachChangeRead:
    """Put back what an approved change replaced. NotFound for an unknown (or another user's) change;
    Conflict when it was already undone or the record changed since."""
    return undo(ALL_WRITERS, context, change_id)
