"""Read tools return what the domain services (and so the REST routes) return, for the demo household and
for a new user who has saved nothing."""

from __future__ import annotations

import uuid
from decimal import Decimal

from api.completion.service import compute_completion
from api.core.db import user_session
from api.expenses.service import get_expenses
from api.snapshot.service import get_snapshot
from tests.tools.helpers import call
from tools.base import ToolContext


def test_demo_reads_match_the_services(demo: ToolContext, demo_user: uuid.UUID) -> None:
    with user_session(demo_user) as s:
        snapshot = get_snapshot(session=s, user_id=demo_user)
        expenses = get_expenses(session=s, user_id=demo_user)
        completion = compute_completion(session=s, user_id=demo_user)
    assert call(demo, "get_snapshot").snapshot == snapshot
    assert call(demo, "get_completion").completion == completion
    income = call(demo, "get_income")
    assert income.total_monthly_income == snapshot.total_monthly_income == Decimal("13005.00")
    assert income.income.annual_salary == Decimal("118000")
    out = call(demo, "get_expenses")
    assert out.totals == expenses.totals and out.rent_mortgage == Decimal("3390")
    assert out.annual_total == expenses.totals.total * 12 == snapshot.annual_expenses
    assert {i.name for i in out.items} >= {"Groceries", "Daily coffee shop"}
    assert call(demo, "get_profile").profile.province == "ON"
    budget = call(demo, "get_budget").budget
    assert (budget.needs_percentage, budget.investments_percentage) == (Decimal("50"), Decimal("25"))
    accounts = call(demo, "get_accounts")
    assert len(accounts.accounts) == 8 and float(accounts.total_balance) == 333400
    assert float(accounts.by_type["tfsa"]) == 68500 + 41200
    assert all("account_number" not in a.model_dump() for a in accounts.accounts)
    goals = {g.name: g for g in call(demo, "get_goals").goals}
    fund = goals["Six-month emergency fund"]
    assert fund.progress == 0.8 and float(fund.remaining) == 6000
    props = call(demo, "get_properties")
    assert float(props.total_equity) == 1085000 - 612000 and float(props.total_mortgage) == 612000
    credit = call(demo, "get_credit")
    assert credit.summary.credit_score == 781 and float(credit.total_card_balance) == 1240.56 + 618.20
    plans = call(demo, "get_future_plans").plans
    assert float(plans.expense_change_amount) == -480 and float(plans.side_hustle_amount) == 800
    prefs = call(demo, "get_preferences")
    assert (prefs.retirement_age, float(prefs.investment_return_rate), float(prefs.withdrawal_rate)) == (52, 0.06, 0.04)
    savings = call(demo, "get_savings")
    assert float(savings.monthly_items_total) == 400 + 300 + 1000 + 1200 + 208
    # The one monthly figure (saved and invested) agrees with the items it breaks down into.
    assert float(savings.summary.monthly_savings) == float(savings.monthly_items_total)
    assert income.provenance.data == ["income"] and not income.provenance.notes


def test_a_new_user_reads_empty_records_with_notes(empty: ToolContext, empty_user: uuid.UUID) -> None:
    profile = call(empty, "get_profile")
    assert profile.profile is None and profile.provenance.notes == ["No profile saved yet."]
    assert call(empty, "get_income").total_monthly_income == 0
    assert call(empty, "get_expenses").items == [] and call(empty, "get_budget").budget is None
    assert call(empty, "get_accounts").accounts == [] and call(empty, "get_goals").goals == []
    assert call(empty, "get_properties").properties == [] and call(empty, "get_credit").cards == []
    assert call(empty, "get_future_plans").plans is None
    assert call(empty, "get_preferences").fire_rule_multiplier == Decimal("25")
    snap = call(empty, "get_snapshot").snapshot
    assert snap.fire_number == 0 and snap.savings_rate is None
    with user_session(empty_user) as s:
        assert call(empty, "get_completion").completion == compute_completion(session=s, user_id=empty_user)
