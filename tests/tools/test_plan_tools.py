"""The coach's plan tools (fire_number, years_to_fi, what_if, projection, monte_carlo_summary, savings_needed)
answer from the household plan: with nothing changed, the same figures as the plan summary the dashboard shows;
with changes, the same figures as the Analysis what-if for the same changes."""

from __future__ import annotations

import re
import uuid
from datetime import date
from decimal import Decimal

import numpy as np
import pytest

from api.calc import schemas as s
from api.calc import service as calc
from api.core.db import user_session
from api.core.errors import Invalid
from api.expenses.schemas import ExpenseItemIn, ExpensesIn
from api.expenses.service import save_expenses
from api.income.schemas import IncomeIn
from api.income.service import save_income
from api.plan import scenarios
from api.plan.household import month_date
from api.plan.summary import PlanBundle, plan_bundle
from api.plan.targets import get_savings_needed
from api.planning.household import Engine, PlanEvent, constant_market
from api.preferences.schemas import PreferencesIn
from api.preferences.service import save_preferences
from api.profile.schemas import ProfileIn
from api.profile.service import save_profile
from api.snapshot.service import get_snapshot
from tests.tools.conftest import context_for
from tests.tools.helpers import call, tool
from tools.base import ToolContext
from tools.common import fmt_money
from tools.write import undo_change


@pytest.fixture
def saver(empty_user: uuid.UUID) -> uuid.UUID:
    """A 30-year-old in BC earning $120,000 and spending $3,000 a month, retiring at 65."""
    with user_session(empty_user) as session:
        save_profile(session=session, user_id=empty_user, data=ProfileIn(age=30, province="British Columbia"))
        save_income(session=session, user_id=empty_user, data=IncomeIn(annual_salary=Decimal(120000),
                                                                     monthly_take_home=Decimal(8000)))
        save_expenses(session=session, user_id=empty_user, data=ExpensesIn(rent_mortgage=Decimal(2000), items=[
            ExpenseItemIn(category="Food", subcategory="Groceries", amount=Decimal(1000))]))
        save_preferences(session=session, user_id=empty_user, data=PreferencesIn(
            investment_return_rate=Decimal("0.07"), retirement_age=65))
    return empty_user


def _bundle(user_id: uuid.UUID) -> PlanBundle:
    with user_session(user_id) as session:
        return plan_bundle(session=session, user_id=user_id)


def _what_if(user_id: uuid.UUID, **changes: object) -> scenarios.ScenarioResult:
    with user_session(user_id) as session:
        return scenarios.what_if(session=session, user_id=user_id,
                                 changes=scenarios.ScenarioChanges.model_validate(changes), with_risk=False)


def test_fire_number_is_the_plans_beside_the_rule_of_thumb(demo: ToolContext, demo_user: uuid.UUID) -> None:
    plan = _bundle(demo_user).read
    with user_session(demo_user) as session:
        snapshot = get_snapshot(session=session, user_id=demo_user)
    out = call(demo, "fire_number")
    assert plan.fire_number is not None and out.fire_number == Decimal(str(plan.fire_number))
    assert out.plan_fi_date == plan.fi_date and out.plan_fire_number == out.fire_number
    assert out.rule_of_thumb == snapshot.fire_number == Decimal("2357100.00")  # 25 x the saved spending
    assert out.current_portfolio == Decimal(str(plan.investable_today))
    assert out.progress == round(float(out.current_portfolio / out.fire_number), 4)
    assert fmt_money(out.fire_number) in out.summary and "rule of thumb" in out.summary
    expected = calc.fire_variants(data=s.FireVariantsIn(
        annual_expenses=snapshot.annual_expenses, multiplier=25, current_portfolio=out.current_portfolio,
        current_age=34, retirement_age=52, annual_return=0.06, inflation=0.02))
    assert (out.lean_fire_number, out.fat_fire_number, out.coast_fire_number) == (
        expected.lean_fire_number, expected.fat_fire_number, expected.coast_fire_number)
    given = call(demo, "fire_number", annual_spending=60000, withdrawal_rate=0.035)  # a rule-of-thumb question
    assert given.fire_number == calc.fire_summary(data=s.FireIn(annual_expenses=Decimal(60000),
                                                                multiplier=1 / 0.035)).fire_number
    assert given.withdrawal_rate == 0.035 and given.plan_fire_number == out.fire_number


def test_years_to_fi_and_projection_are_the_plan_summary(saver: uuid.UUID) -> None:
    context = context_for(saver)
    b = _bundle(saver)
    plan = b.read
    assert plan.months_to_fi is not None and plan.months_to_fi > 0
    out = call(context, "years_to_fi")
    t = out.timing
    assert (t.months_to_fi, t.fi_date, t.fire_number) == (plan.months_to_fi, plan.fi_date, plan.fire_number)
    assert plan.fi_ages is not None and t.fi_age == plan.fi_ages[0]
    assert f"{t.fi_date:%B %Y}" in out.summary and plan.target is not None and plan.target.sentence in out.summary
    projection = call(context, "projection")
    assert [float(r.net_worth_real) for r in projection.rows] == [float(y.net_worth) for y in b.years]
    assert projection.timing == t and float(projection.lifetime_tax) == float(plan.lifetime_tax)
    sparse = call(context, "projection", years=11, every_years=5)
    assert [r.year for r in sparse.rows] == [0, 5, 10]


def test_what_if_is_the_analysis_what_if(saver: uuid.UUID) -> None:
    context = context_for(saver)
    base = call(context, "years_to_fi").timing
    out = call(context, "what_if", extra_monthly_savings=1000)
    assert out.baseline == base and out.changes == {"extra_monthly_savings": 1000.0}
    analysis = _what_if(saver, extra_monthly_saving=1000)
    assert analysis.months_to_fi is not None and base.months_to_fi is not None
    assert out.scenario.months_to_fi == analysis.months_to_fi < base.months_to_fi
    assert out.difference_months == (analysis.months_to_fi or 0) - (base.months_to_fi or 0)
    assert "sooner" in out.summary
    retire = call(context, "what_if", retirement_age=55)
    assert retire.scenario.months_to_fi == _what_if(saver, retirement_ages=[55]).months_to_fi
    spend_less = call(context, "what_if", annual_spending=30000)
    assert spend_less.scenario.months_to_fi == _what_if(saver, spending=30000).months_to_fi
    assert spend_less.difference_months is not None and spend_less.difference_months < 0
    lower = call(context, "what_if", expected_return=0.04)
    assert lower.scenario.months_to_fi == _what_if(saver, return_rate=0.04).months_to_fi
    assert lower.difference_months is not None and lower.difference_months > 0 and "later" in lower.summary
    with pytest.raises(Invalid):
        call(context, "what_if")


def test_what_if_income_spending_and_pauses_move_the_saving(saver: uuid.UUID) -> None:
    context = context_for(saver)
    base = call(context, "years_to_fi").timing
    cut = call(context, "what_if", monthly_spending_change=-500)
    assert float(cut.scenario.monthly_savings) == pytest.approx(float(base.monthly_savings) + 500, abs=1)
    raised = call(context, "what_if", income_change=0.1)
    assert raised.scenario.monthly_savings > base.monthly_savings and raised.difference_months < 0
    pause = call(context, "what_if", pause_saving_years=2)
    half = call(context, "what_if", pause_saving_years=0.5)
    assert pause.scenario.reached and 0 < half.difference_months < pause.difference_months
    assert pause.summary.startswith("Saving stops for 2 years and then resumes.")
    for_good = call(context, "what_if", monthly_savings=0)
    assert for_good.difference_months is None or for_good.difference_months > pause.difference_months
    with pytest.raises(ValueError):
        call(context, "what_if", pause_saving_years=0)


def test_monte_carlo_is_the_plans_success_rate(saver: uuid.UUID) -> None:
    context = context_for(saver)
    plan = _bundle(saver).read
    out = call(context, "monte_carlo_summary")
    assert out.success_rate == plan.success_rate and out.question == plan.success_question
    fewer = call(context, "monte_carlo_summary", paths=500)
    assert fewer.paths == 500 and call(context, "monte_carlo_summary", paths=500).success_rate == fewer.success_rate
    poorer = call(context, "monte_carlo_summary", expected_return=0.03)
    assert poorer.success_rate <= out.success_rate


def test_savings_needed_is_the_least_saving_that_makes_the_plan_independent(saver: uuid.UUID) -> None:
    """'How much do I need to save a month to retire at 37?': found on the household plan; two dollars less a
    month does not make the plan independent by then."""
    context = context_for(saver)
    out = call(context, "savings_needed", fi_age=37)
    with user_session(saver) as session:
        same = get_savings_needed(session=session, user_id=saver, fi_age=37)
    assert out.model_dump(exclude={"summary", "provenance"}) == same.model_dump()
    assert out.months == 84 and out.target_date.year == date.today().year + 7
    assert not out.on_track and out.savings_difference is not None and out.savings_difference > 0
    assert out.summary.startswith("To be independent by age 37")
    assert fmt_money(out.monthly_savings_needed) in out.summary
    inputs = _bundle(saver).inputs
    end = month_date(inputs.start, 84)

    def lasts(extra: float) -> bool:
        changed = inputs.model_copy(update={"events": [*inputs.events, PlanEvent(
            kind="spending", start=inputs.start, end=end, amount=-12 * extra)]})
        return bool(Engine(changed).run(np.array([84.0]), constant_market(changed)).failed_year[0] < 0)

    assert lasts(float(out.savings_difference)) and not lasts(float(out.savings_difference) - 2)
    later = call(context, "savings_needed", years=40)
    assert later.on_track and later.savings_difference == 0 and later.summary.startswith("You are on track")
    by_year = call(context, "savings_needed", by_year=date.today().year + 21)
    assert by_year.months == 20 * 12 + 12 - date.today().month + 1
    cheaper = call(context, "savings_needed", fi_age=37, annual_spending=24000)
    assert cheaper.monthly_savings_needed is not None and cheaper.monthly_savings_needed < out.monthly_savings_needed
    assert call(context, "savings_needed").months == 35 * 12  # the retirement age saved: 65
    with pytest.raises(Invalid, match="not after your current age"):
        call(context, "savings_needed", fi_age=25)
    with pytest.raises(Invalid, match="not in the future"):
        call(context, "savings_needed", by_year=2000)


def test_the_demo_couple_gets_the_dashboards_answer(demo: ToolContext, demo_user: uuid.UUID) -> None:
    plan = _bundle(demo_user).read
    out = call(demo, "years_to_fi")
    assert out.timing.fi_date == plan.fi_date and out.timing.fire_number == plan.fire_number
    if plan.fi_date is not None:
        assert f"{plan.fi_date:%B %Y}" in out.summary
    projection = call(demo, "projection", years=10)
    assert fmt_money(plan.net_worth_today) in projection.summary
    match = re.search(r"\((\d+(?:\.\d+)?) years from now", call(demo, "years_to_fi", monthly_savings=6000).summary)
    assert match is not None and len(match.group(1).partition(".")[2]) <= 2


def test_the_coach_saves_a_scenario_with_approval_and_compares_it(demo: ToolContext, demo_user: uuid.UUID) -> None:
    """'Save a scenario where we retire at 50 and take CPP at 70', then 'compare my scenarios': the preview is the
    before/after the user approves (nothing saved until then), the run saves it through the scenarios service,
    undo removes it, and the comparison is the one /api/v1/plan/scenarios/compare gives."""
    save = tool(demo, "save_scenario")
    preview = save.preview(save.parse({"name": "Retire at 50", "retirement_age": 50, "cpp_start_age": 70}))  # type: ignore[misc]
    assert preview.before is None and preview.title == "Save the scenario 'Retire at 50'"
    assert {c.field for c in preview.changes} == {"name", "retirement_age", "cpp_start_age"}
    seeded = ["Both retire two years sooner"]  # the demo household's own scenario
    with user_session(demo_user) as session:
        assert [r.name for r in scenarios.list_scenarios(session=session, user_id=demo_user)] == seeded
    result = call(demo, "save_scenario", name="Retire at 50", retirement_age=50, cpp_start_age=70)
    assert result.summary == "Save the scenario 'Retire at 50': Your retirement age 50; CPP from age 70"
    with user_session(demo_user) as session:
        row = scenarios.list_scenarios(session=session, user_id=demo_user)[-1]
        expected = scenarios.compare(session=session, user_id=demo_user, ids=[row.id])
    assert row.changes["retirement_ages"] == [50.0, None] and row.changes["cpp_start_age"] == 70
    compared = call(demo, "compare_scenarios", names=["Retire at 50"])
    assert [r.name for r in compared.results] == ["Your plan", "Retire at 50"]
    assert [(r.fi_date, r.success_rate) for r in compared.results] == [
        (r.fi_date, r.success_rate) for r in expected.results]
    assert compared.results[0].fi_date == _bundle(demo_user).read.fi_date  # the plan as saved is the dashboard's
    assert "Retire at 50: " in compared.summary
    house = call(demo, "save_scenario", name="Buy a house in 2028", one_off_date="2028-06-01", one_off_amount=120000)
    assert "One-off amount $120,000" in house.summary
    both = call(demo, "compare_scenarios", names=["retire at 50", "Buy a house in 2028"])
    assert [r.name for r in both.results] == ["Your plan", "Retire at 50", "Buy a house in 2028"]
    # named as people say them: the saved name whose words hold theirs ("the house one")
    fuzzy = call(demo, "compare_scenarios", names=["house", "Retire at 50"])
    assert [r.name for r in fuzzy.results] == ["Your plan", "Buy a house in 2028", "Retire at 50"]
    with pytest.raises(Invalid, match="No scenario is called 'Sabbatical'"):
        call(demo, "compare_scenarios", names=["Sabbatical"])
    with pytest.raises(Invalid, match="one_off_date"):
        call(demo, "save_scenario", name="Boat", one_off_amount=50000)
    with pytest.raises(Invalid, match="Say what the scenario changes"):
        call(demo, "save_scenario", name="Nothing")
    undo_change(demo, result.change_id)
    with user_session(demo_user) as session:
        assert [r.name for r in scenarios.list_scenarios(session=session, user_id=demo_user)] == [
            *seeded, "Buy a house in 2028"]
    latest = call(demo, "compare_scenarios")  # none named: the three saved last
    assert [r.name for r in latest.results] == ["Your plan", *seeded, "Buy a house in 2028"]
