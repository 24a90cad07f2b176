"""Write tools: preview saves nothing, run saves through the service with an activity entry and a change
record, and undo puts the before state back (once, and only for the user who made the change)."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from api.activity.models import ActivityLog
from api.activity.service import list_activity
from api.budget.schemas import BudgetIn
from api.budget.service import get_budget, save_budget
from api.coach.models import CoachChange, CoachThread
from api.core.db import Database, privileged_session, user_session
from api.core.errors import Conflict, Invalid, NotFound
from api.expenses.service import get_expenses
from api.goals.service import list_goals
from api.income.service import get_income
from api.preferences.models import UserPreferences
from api.preferences.service import get_preferences
from tests.tools.conftest import context_for
from tests.tools.helpers import call, tool
from tools.base import ToolContext
from tools.registry import undo_change


def _counts(database: Database, user_id: uuid.UUID) -> tuple[int, int]:
    with privileged_session(database) as s:
        changes = s.scalar(select(func.count()).select_from(CoachChange).where(CoachChange.user_id == user_id))
        activity = s.scalar(select(func.count()).select_from(ActivityLog).where(ActivityLog.user_id == user_id))
    return changes or 0, activity or 0


def _budget(user_id: uuid.UUID) -> dict[str, float] | None:
    with user_session(user_id) as s:
        row = get_budget(session=s, user_id=user_id)
        return None if row is None else {k: float(getattr(row, k)) for k in BudgetIn.model_fields}


def test_preview_shows_the_diff_and_saves_nothing(demo: ToolContext, demo_user: uuid.UUID,
                                                  database: Database) -> None:
    save = tool(demo, "save_budget")
    before, counts = _budget(demo_user), _counts(database, demo_user)
    preview = save.preview(save.parse({"needs_percentage": 45, "savings_percentage": 15}))  # type: ignore[misc]
    assert preview.tool == "save_budget" and preview.target == "budget" and preview.before == before
    assert preview.after == {**before, "needs_percentage": 45.0, "savings_percentage": 15.0}  # type: ignore[dict-item]
    assert [(c.field, c.before, c.after) for c in preview.changes] == [
        ("needs_percentage", 50.0, 45.0), ("savings_percentage", 10.0, 15.0)]
    assert preview.changes[0].label == "Needs"
    assert _budget(demo_user) == before and _counts(database, demo_user) == counts


def test_preview_for_a_new_user_does_not_even_create_default_preferences(empty: ToolContext, empty_user: uuid.UUID,
                                                                        database: Database) -> None:
    update = tool(empty, "update_preferences")
    preview = update.preview(update.parse({"retirement_age": 55}))  # type: ignore[misc]
    assert preview.before["retirement_age"] == 65 and preview.after["retirement_age"] == 55  # type: ignore[index]
    with privileged_session(database) as s:
        assert s.scalar(select(UserPreferences).where(UserPreferences.user_id == empty_user)) is None
    assert _counts(database, empty_user) == (0, 0)


def test_run_saves_logs_and_records_then_undo_restores_once(demo: ToolContext, demo_user: uuid.UUID,
                                                             database: Database) -> None:
    before = _budget(demo_user)
    changes, activity = _counts(database, demo_user)
    result = call(demo, "save_budget", needs_percentage=45, wants_percentage=20)
    assert result.summary == "Save your budget: Needs 50% → 45%; Wants 15% → 20%"
    assert result.saved["needs_percentage"] == 45.0
    assert _budget(demo_user) == {**before, "needs_percentage": 45.0, "wants_percentage": 20.0}  # type: ignore[dict-item]
    assert _counts(database, demo_user) == (changes + 1, activity + 1)
    with user_session(demo_user) as s:
        assert list_activity(session=s, user_id=demo_user)[0].description == result.summary
        row = s.get(CoachChange, result.change_id)
        assert row is not None and row.tool == "save_budget" and row.target == "budget"
        assert row.before == before and row.after is not None and row.after["needs_percentage"] == 45.0
        assert row.activity_id is not None
    undone = undo_change(demo, result.change_id)
    assert undone.undone_at is not None and not undone.can_undo
    assert _budget(demo_user) == before
    with user_session(demo_user) as s:
        assert list_activity(session=s, user_id=demo_user)[0].description == f"Undid: {result.summary}"
    with pytest.raises(Conflict, match="already undone"):
        undo_change(demo, result.change_id)
    assert _budget(demo_user) == before


def test_another_users_change_is_not_found(demo: ToolContext, empty: ToolContext, demo_user: uuid.UUID) -> None:
    result = call(demo, "update_income", monthly_take_home=7500)
    with pytest.raises(NotFound, match="Change not found"):
        undo_change(empty, result.change_id)
    with pytest.raises(NotFound):
        undo_change(demo, uuid.uuid4())
    with user_session(demo_user) as s:
        assert get_income(session=s, user_id=demo_user).monthly_take_home == Decimal(7500)  # type: ignore[union-attr]


def test_undo_refuses_to_overwrite_a_later_edit(demo: ToolContext, demo_user: uuid.UUID) -> None:
    result = call(demo, "save_budget", wants_percentage=10, investments_percentage=30)
    with user_session(demo_user) as s:
        save_budget(session=s, user_id=demo_user, data=BudgetIn(needs_percentage=Decimal(60),
                                                                 wants_percentage=Decimal(40)))
    with pytest.raises(Conflict, match="changed since"):
        undo_change(demo, result.change_id)
    assert _budget(demo_user)["needs_percentage"] == 60.0  # type: ignore[index]


def test_a_new_users_budget_and_income_undo_to_nothing_saved(empty: ToolContext, empty_user: uuid.UUID) -> None:
    budget = call(empty, "save_budget", needs_percentage=50, wants_percentage=30, savings_percentage=20)
    assert budget.summary == "Save your budget: Needs 50%; Wants 30%; Savings 20%"
    income = call(empty, "update_income", monthly_take_home=5200)
    with user_session(empty_user) as s:
        assert get_income(session=s, user_id=empty_user).monthly_take_home == Decimal(5200)  # type: ignore[union-attr]
    undo_change(empty, income.change_id)
    undo_change(empty, budget.change_id)
    assert _budget(empty_user) == {k: 0.0 for k in BudgetIn.model_fields}  # what an unsaved budget shows
    with user_session(empty_user) as s:
        assert get_income(session=s, user_id=empty_user).monthly_take_home is None  # type: ignore[union-attr]


def _items(user_id: uuid.UUID) -> dict[str, tuple[float, str]]:
    with user_session(user_id) as s:
        saved = get_expenses(session=s, user_id=user_id)
    return {(i.subcategory or i.category): (float(i.amount), i.needs_wants_category) for i in saved.items}


def test_expense_items_change_add_and_undo_by_name(demo: ToolContext, demo_user: uuid.UUID) -> None:
    start = _items(demo_user)
    changed = call(demo, "upsert_expense_item", name="groceries", amount=1000)
    assert _items(demo_user)["Groceries"] == (1000.0, "needs") and len(_items(demo_user)) == len(start)
    added = call(demo, "upsert_expense_item", name="Pet food", amount=60, category="Pets", needs_wants_category="wants")
    assert added.summary == "Add the expense 'Pet food': Category Pets; Monthly amount $60; Needs or wants wants"
    assert _items(demo_user)["Pet food"] == (60.0, "wants")
    rent = call(demo, "upsert_expense_item", name="Mortgage", amount=3000)
    with user_session(demo_user) as s:
        assert get_expenses(session=s, user_id=demo_user).rent_mortgage == Decimal(3000)
    for change in (rent, added, changed):
        undo_change(demo, change.change_id)
    assert _items(demo_user) == start
    with user_session(demo_user) as s:
        assert get_expenses(session=s, user_id=demo_user).rent_mortgage == Decimal(3390)
    with pytest.raises(Invalid, match="new expense item"):
        call(demo, "upsert_expense_item", name="Sailing lessons")
    with pytest.raises(Invalid, match="Nothing to change"):
        call(demo, "upsert_expense_item", name="Groceries", amount=1150)


def test_goals_add_update_and_undo(demo: ToolContext, demo_user: uuid.UUID) -> None:
    def goals() -> dict[str, float]:
        with user_session(demo_user) as s:
            return {g.name: float(g.current_amount) for g in list_goals(session=s, user_id=demo_user)}

    start = goals()
    updated = call(demo, "upsert_goal", name="family trip to japan", current_amount=2500)
    assert goals()["Family trip to Japan"] == 2500 and updated.summary.endswith("Saved so far $2,300 → $2,500")
    added = call(demo, "upsert_goal", name="New car", target_amount=30000, target_date="2028-06-01")
    assert "New car" in goals()
    assert "New car" in tool(demo, "get_goals").json_schema()["function"]["parameters"]["properties"]["goal"][
        "anyOf"][0]["enum"]
    undo_change(demo, added.change_id)
    undo_change(demo, updated.change_id)
    assert goals() == start


def test_a_goal_or_expense_named_as_people_say_it_changes_the_saved_one(demo: ToolContext,
                                                                         demo_user: uuid.UUID) -> None:
    """"Bump the Japan trip goal to 11k" and "cut the coffee shop expense to $40" change those records; a name no
    saved record holds is a new one."""
    with user_session(demo_user) as s:
        before = {g.name for g in list_goals(session=s, user_id=demo_user)}
    writer = tool(demo, "upsert_goal")
    assert writer.preview is not None
    preview = writer.preview(writer.parse({"name": "Japan trip", "target_amount": 11000}))
    assert preview.title == "Update the goal 'Family trip to Japan'"
    result = call(demo, "upsert_goal", name="the japan trip", target_amount=11000)
    with user_session(demo_user) as s:
        goals = {g.name: g for g in list_goals(session=s, user_id=demo_user)}
    assert set(goals) == before and goals["Family trip to Japan"].target_amount == Decimal("11000.00")
    undo_change(demo, result.change_id)
    expense = call(demo, "upsert_expense_item", name="coffee shop", amount=40)
    assert expense.summary.startswith("Change the expense 'Daily coffee shop'")
    undo_change(demo, expense.change_id)


def test_preferences_update_and_undo(demo: ToolContext, demo_user: uuid.UUID) -> None:
    result = call(demo, "update_preferences", retirement_age=55, investment_return_rate=0.05)
    with user_session(demo_user) as s:
        prefs = get_preferences(session=s, user_id=demo_user)
        assert (prefs.retirement_age, prefs.investment_return_rate) == (55, Decimal("0.05"))
    assert "Retirement age 52 → 55" in result.summary and "Expected return 6% → 5%" in result.summary
    assert call(demo, "years_to_fi").provenance.assumptions["investment_return_rate"] == 0.05
    undo_change(demo, result.change_id)
    with user_session(demo_user) as s:
        prefs = get_preferences(session=s, user_id=demo_user)
        assert (prefs.retirement_age, prefs.investment_return_rate) == (52, Decimal("0.06"))


def test_a_change_is_linked_to_the_users_own_thread_only(demo_user: uuid.UUID, empty_user: uuid.UUID,
                                                         database: Database) -> None:
    with privileged_session(database) as s:
        mine = CoachThread(user_id=demo_user)
        theirs = CoachThread(user_id=empty_user)
        s.add_all([mine, theirs])
        s.flush()
        mine_id, theirs_id = mine.id, theirs.id
    linked = call(ToolContext(user_id=demo_user, session=context_for(demo_user).session, thread_id=mine_id),
                  "save_budget", needs_percentage=40, wants_percentage=25)
    unlinked = call(ToolContext(user_id=demo_user, session=context_for(demo_user).session, thread_id=theirs_id),
                    "save_budget", needs_percentage=41, wants_percentage=24)
    with privileged_session(database) as s:
        assert s.get(CoachChange, linked.change_id).thread_id == mine_id  # type: ignore[union-attr]
        assert s.get(CoachChange, unlinked.change_id).thread_id is None  # type: ignore[union-attr]


def test_a_write_with_no_values_is_refused(demo: ToolContext) -> None:
    with pytest.raises(Invalid, match="at least one value"):
        call(demo, "update_income")


def test_a_budget_split_that_totals_100_replaces_the_shares_not_given(demo: ToolContext, demo_user: uuid.UUID) -> None:
    """'Change my budget to 50/30/20' on the demo (50/15/10 + 25% investments) saved 125% of take-home pay; the
    three shares given are the whole budget, so investments become 0. Shares over 100% are refused."""
    result = call(demo, "save_budget", needs_percentage=50, wants_percentage=30, savings_percentage=20)
    saved = _budget(demo_user)
    assert saved is not None and result.saved["investments_percentage"] == 0.0
    assert (saved["needs_percentage"], saved["wants_percentage"], saved["savings_percentage"],
            saved["investments_percentage"]) == (50.0, 30.0, 20.0, 0.0)
    with pytest.raises(Invalid, match="add up to 110%"):
        call(demo, "save_budget", needs_percentage=60)
    with pytest.raises(Invalid, match="add up to 95%; they must total 100%"):  # the whole of take-home pay
        call(demo, "save_budget", needs_percentage=45)
    assert _budget(demo_user) == saved


def test_a_budget_that_changes_more_than_asked_says_so_before_approval(demo: ToolContext) -> None:
    """The demo saves 25% to investments; "55% needs, 25% wants, 20% savings" makes 100% and so zeroes them: the
    request for approval says it."""
    budget = tool(demo, "save_budget")
    assert budget.preview is not None
    preview = budget.preview(budget.parse({"needs_percentage": 55, "wants_percentage": 25, "savings_percentage": 20}))
    assert preview.title == ("Save your budget (this also sets investments from 25% to 0%: the shares you gave "
                             "make 100%)")
    asked = budget.preview(budget.parse({"wants_percentage": 10, "investments_percentage": 30}))
    assert asked.title == "Save your budget"
