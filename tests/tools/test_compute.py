"""Compute tools: numbers equal the calculators' service and the plan for the same inputs, inputs default
from saved data, and provenance says what was read and assumed."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

import pytest

from api.calc import schemas as s
from api.calc import service as calc
from api.core.db import user_session
from api.core.errors import Invalid
from api.expenses.schemas import ExpenseItemIn, ExpensesIn
from api.expenses.service import save_expenses
from api.income.schemas import IncomeIn
from api.income.service import save_income
from api.plan.service import get_plan, plan_inputs
from api.preferences.schemas import PreferencesIn
from api.preferences.service import save_preferences
from api.profile.schemas import ProfileIn
from api.profile.service import save_profile
from api.snapshot.service import get_snapshot
from tests.tools.conftest import context_for
from tests.tools.helpers import call
from tools.base import ToolContext
from tools.common import fmt_money


@pytest.fixture
def saver(empty_user: uuid.UUID) -> uuid.UUID:
    """A 30-year-old in BC taking home $8,000 and spending $3,000 a month: FI within the plan's horizon."""
    with user_session(empty_user) as session:
        save_profile(session=session, user_id=empty_user, data=ProfileIn(age=30, province="British Columbia"))
        save_income(session=session, user_id=empty_user, data=IncomeIn(annual_salary=Decimal(120000),
                                                                     monthly_take_home=Decimal(8000)))
        save_expenses(session=session, user_id=empty_user, data=ExpensesIn(rent_mortgage=Decimal(2000), items=[
            ExpenseItemIn(category="Food", subcategory="Groceries", amount=Decimal(1000))]))
        save_preferences(session=session, user_id=empty_user, data=PreferencesIn(
            investment_return_rate=Decimal("0.07"), retirement_age=65))
    return empty_user


def test_fire_number_equals_the_snapshot_and_the_variants_calculator(demo: ToolContext, demo_user: uuid.UUID) -> None:
    with user_session(demo_user) as session:
        snapshot = get_snapshot(session=session, user_id=demo_user)
    out = call(demo, "fire_number")
    assert out.fire_number == snapshot.fire_number == Decimal("2357100.00")
    assert out.annual_spending == snapshot.annual_expenses and out.multiplier == 25
    expected = calc.fire_variants(data=s.FireVariantsIn(
        annual_expenses=snapshot.annual_expenses, multiplier=25, current_portfolio=Decimal("319200"),
        current_age=34, retirement_age=52, annual_return=0.06, inflation=0.02))
    assert (out.lean_fire_number, out.fat_fire_number, out.coast_fire_number) == (
        expected.lean_fire_number, expected.fat_fire_number, expected.coast_fire_number)
    # Invested and cash: every account but the RESP ($14,200 for Leo's education is not the household's money).
    assert out.current_portfolio == Decimal("319200") and out.progress == round(319200 / 2357100, 4)
    assert out.provenance.assumptions["expected_return"] == 0.06 and "expenses" in out.provenance.data
    given = call(demo, "fire_number", annual_spending=60000, withdrawal_rate=0.035)
    assert given.fire_number == calc.fire_summary(data=s.FireIn(annual_expenses=Decimal(60000),
                                                                multiplier=1 / 0.035)).fire_number
    assert given.withdrawal_rate == 0.035


def test_years_to_fi_and_projection_equal_the_plan(saver: uuid.UUID) -> None:
    context = context_for(saver)
    with user_session(saver) as session:
        plan = get_plan(session=session, user_id=saver).plan
    assert plan.fire.months_to_fi is not None  # the fixture reaches FI
    out = call(context, "years_to_fi")
    t = out.timing
    assert (t.months_to_fi, t.years_to_fi, t.fi_date, t.fi_age) == (
        plan.fire.months_to_fi, plan.fire.years_to_fi, plan.fire.fi_date, plan.fire.fi_age)
    assert t.reached and t.fire_number == plan.fire.fire_number == Decimal(900000)
    assert f"{t.fi_date:%B %Y}" in out.summary and "income" in out.provenance.data
    projection = call(context, "projection")
    yearly = [p for p in plan.points if p.month % 12 == 0]
    assert [r.net_worth for r in projection.rows] == [p.net_worth for p in yearly]
    assert len(projection.rows) == 31 and projection.ending_net_worth == plan.ending_net_worth
    sparse = call(context, "projection", years=10, every_years=5)
    assert [r.year for r in sparse.rows] == [0, 5, 10]


def test_what_if_compares_the_scenario_with_the_saved_plan(saver: uuid.UUID) -> None:
    context = context_for(saver)
    out = call(context, "what_if", extra_monthly_savings=1000)
    base = call(context, "years_to_fi").timing
    assert out.baseline == base and out.changes == {"extra_monthly_savings": 1000.0}
    with user_session(saver) as session:
        inputs, _ = plan_inputs(session=session, user_id=saver)
    # $1,000 on top of the plan's own saving, which still shrinks as inflation raises the spending (before, the
    # scenario froze the saving at $6,000 and reached FI five months too soon).
    inputs.extra_monthly_savings = Decimal(1000)
    inputs.preferences.max_projection_years = out.scenario.horizon_years
    expected = calc.projection(data=inputs).fire
    assert out.scenario.months_to_fi == expected.months_to_fi < base.months_to_fi
    assert out.difference_months == expected.months_to_fi - base.months_to_fi
    assert out.difference_years == round(out.difference_months / 12, 4) and "sooner" in out.summary
    spend_less = call(context, "what_if", annual_spending=30000)
    assert spend_less.scenario.fire_number == Decimal(750000) and spend_less.difference_months < 0
    later = call(context, "what_if", expected_return=0.04)
    assert later.difference_months > 0 and "later" in later.summary
    with pytest.raises(Invalid):
        call(context, "what_if")


def test_monte_carlo_summary_runs_the_calculator_on_saved_figures(saver: uuid.UUID) -> None:
    context = context_for(saver)
    out = call(context, "monte_carlo_summary", paths=500)
    expected = calc.monte_carlo(data=s.MonteCarloIn(
        initial_balance=Decimal(0), years=35 + 30, paths=500, seed=7, accumulation_years=35,
        annual_contribution=Decimal(60000), fi_target=Decimal(900000),
        withdrawal=s.WithdrawalIn(kind="constant_dollar", initial_amount=Decimal(36000)),
        market=s.MarketIn(model="normal", stock_share=1.0, stock_mean=0.07, inflation_mean=0.02)))
    assert out.success_rate == expected.success_rate and out.paths == 500
    assert out.ending_balance.p50 == expected.balance_bands[-1].p50
    assert out.balance_at_retirement.p50 == expected.balance_bands[35].p50
    assert (out.accumulation_years, out.retirement_years) == (35, 30)
    assert out.provenance.assumptions["seed"] == 7
    assert call(context, "monte_carlo_summary", paths=500).success_rate == out.success_rate  # seeded


def test_savings_rate_equals_the_snapshot(demo: ToolContext, demo_user: uuid.UUID) -> None:
    with user_session(demo_user) as session:
        snapshot = get_snapshot(session=session, user_id=demo_user)
    out = call(demo, "savings_rate")
    assert snapshot.savings_rate is not None and out.savings_rate == float(snapshot.savings_rate)
    assert out.monthly_surplus == snapshot.monthly_surplus and out.budgeted_savings_share == 0.35
    given = call(demo, "savings_rate", monthly_income=10000, monthly_expenses=7500)
    assert given.savings_rate == 0.25 and given.annual_savings == 30000


def test_tax_rrsp_vs_tfsa_and_room_default_from_the_profile_and_income(demo: ToolContext) -> None:
    tax = call(demo, "tax_estimate")
    expected = calc.income_tax(data=s.TaxIn(year=2026, province="ON", employment_income=Decimal(118000)))
    assert tax.result == expected and tax.provenance.tax_year == 2026
    assert tax.provenance.assumptions["province"] == "ON"
    quebec = call(demo, "tax_estimate", province="QC", employment_income=80000, year=2025)
    assert quebec.result == calc.income_tax(data=s.TaxIn(year=2025, province="QC",
                                                         employment_income=Decimal(80000)))
    versus = call(demo, "rrsp_vs_tfsa")
    assert versus.result == calc.rrsp_vs_tfsa(data=s.RrspVsTfsaIn(
        pre_tax_amount=Decimal(1000), years=52 - 34, annual_return=0.06, province="ON", year=2026,
        income_now=Decimal(118000), income_retirement=Decimal("94284.00")))
    assert versus.provenance.tax_year == 2026
    room = call(demo, "contribution_room")
    assert room.rrsp == calc.rrsp_room(data=s.RrspRoomIn(year=2026, previous_year_earned_income=Decimal(118000),
                                                         age=34))
    assert room.tfsa == calc.tfsa_room(data=s.TfsaRoomIn(birth_year=2026 - 34, year=2026, contributions=[
        s.YearAmount(year=2026, amount=Decimal(0))]))
    assert room.fhsa is not None and float(room.fhsa.room) == 8000
    only = call(demo, "contribution_room", account="tfsa", tfsa_contributed=50000)
    assert only.rrsp is None and only.tfsa is not None and only.tfsa.room == room.tfsa.room - 50000


def test_a_new_user_gets_stated_assumptions(empty: ToolContext) -> None:
    tax = call(empty, "tax_estimate", employment_income=60000)
    assert any("Province assumed ON" in n for n in tax.provenance.notes)
    room = call(empty, "contribution_room", account="rrsp")
    assert float(room.rrsp.available) == 0 and any("Age assumed 30" in n for n in room.provenance.notes)
    fire = call(empty, "fire_number")
    assert fire.fire_number == 0 and "No FIRE number yet" in fire.summary
    assert any("Missing from your saved data" in n for n in fire.provenance.notes)
    assert call(empty, "savings_rate").savings_rate is None
    assert call(empty, "debt_payoff").result is None
    with pytest.raises(Invalid, match="No mortgage is saved"):
        call(empty, "mortgage_payment")


def test_mortgage_and_debt_payoff_use_the_saved_balances(demo: ToolContext) -> None:
    mortgage = call(demo, "mortgage_payment", annual_rate=0.045)
    assert mortgage.result == calc.mortgage_calc(data=s.MortgageIn(principal=Decimal(612000), annual_rate=0.045))
    assumed = call(demo, "mortgage_payment")
    assert any("assumed 5%" in n for n in assumed.provenance.notes)
    debts = call(demo, "debt_payoff", extra_monthly=100)
    assert {d.name for d in debts.debts} == {"Aeroplan Visa Infinite", "Cobalt"}  # the line of credit is at 0
    minimums = sum((d.minimum_payment for d in debts.debts), Decimal(0))
    assert debts.result == calc.debt_payoff(data=s.DebtPayoffIn(debts=debts.debts, monthly_payment=minimums + 100))
    given = call(demo, "debt_payoff", debts=[{"name": "Car loan", "balance": 12000, "annual_rate": 0.07,
                                              "minimum_payment": 300}], monthly_payment=500)
    assert given.result.avalanche.paid_off and given.result.avalanche.monthly_payment == 500


def test_fi_not_reached_before_retirement_says_why(demo: ToolContext) -> None:
    """The demo household retires at 52 before reaching its FIRE number: the answer names the retirement age
    (when the plan stops saving), not just the horizon; saving more reaches FI before then."""
    out = call(demo, "years_to_fi")
    assert not out.timing.reached and out.timing.retirement_age == 52
    assert "planned retirement at age 52" in out.summary and "$2,357,100" in out.summary
    more = call(demo, "what_if", extra_monthly_savings=500)
    assert more.scenario.reached and more.scenario.fi_age is not None and more.scenario.fi_age < 52


def test_what_if_a_pause_in_saving_is_temporary(saver: uuid.UUID) -> None:
    """'Stop saving for 2 years' used to be computed as stopping for good (monthly_savings = 0, FI never reached).
    Now saving stops for 24 months and resumes: FI comes later, but it comes."""
    context = context_for(saver)
    for_good = call(context, "what_if", monthly_savings=0)
    out = call(context, "what_if", pause_saving_years=2)
    assert not for_good.scenario.reached
    assert out.changes == {"pause_saving_years": 2.0}
    assert out.scenario.reached and out.difference_months is not None and out.difference_months > 0
    # It resumes at 8,000 - 3,000 x 1.02^2 a month: two years of inflation raised the spending meanwhile.
    assert out.baseline.monthly_savings == Decimal(5000) and out.scenario.monthly_savings == Decimal("4878.80")
    assert out.summary.startswith("Saving stops for 2 years and then resumes at $4,878.80 a month.")
    assert any("pause_saving_years = 2" in n for n in out.provenance.notes)
    half = call(context, "what_if", pause_saving_years=0.5)
    assert half.summary.startswith("Saving stops for 6 months") and 0 < half.difference_months < out.difference_months
    with pytest.raises(ValueError):
        call(context, "what_if", pause_saving_years=0)
    rows = call(context, "projection", pause_saving_years=1, years=2).rows
    assert rows[1].investable == rows[0].investable  # nothing added in the first year (no growth of an empty start)


def test_savings_needed_is_the_least_monthly_saving_that_reaches_fi_by_the_date(saver: uuid.UUID) -> None:
    """'How much do I need to save a month to retire at 40?': the answer is found on the user's own plan; a dollar
    less a month misses the date, and the what-if with that saving reaches FI by it."""
    context = context_for(saver)
    out = call(context, "savings_needed", fi_age=40)
    assert out.months == 120 and out.target_date.year == date.today().year + 10
    assert out.current_monthly_savings == Decimal(5000) and out.monthly_savings_needed > Decimal(5000)
    assert not out.on_track and out.savings_difference == out.monthly_savings_needed - Decimal(5000)
    assert out.share_of_income == pytest.approx(float(out.monthly_savings_needed) / 8000, abs=1e-4)
    assert out.fire_number == Decimal(900000) and out.fire_number_at_target > out.fire_number  # inflation
    assert out.summary.startswith("To reach FI by age 40") and fmt_money(out.monthly_savings_needed) in out.summary
    with user_session(saver) as session:
        inputs, _ = plan_inputs(session=session, user_id=saver)
    inputs.preferences.retirement_age = None
    inputs.preferences.max_projection_years = 10
    # The plan's own saving (income - inflating expenses) plus the difference reaches FI by 40; a dollar less not.
    enough = calc.projection(data=inputs.model_copy(update={"extra_monthly_savings": out.savings_difference}))
    short = calc.projection(data=inputs.model_copy(update={"extra_monthly_savings": out.savings_difference - 1}))
    assert enough.fire.months_to_fi is not None and enough.fire.months_to_fi <= 120
    assert short.fire.months_to_fi is None
    later = call(context, "savings_needed", years=20)
    assert later.on_track and Decimal(0) < later.monthly_savings_needed < Decimal(5000) and later.savings_difference < 0
    assert "you save $5,000.00 now, so you are on track" in later.summary
    by_year = call(context, "savings_needed", by_year=date.today().year + 21)
    assert by_year.months == 20 * 12 + 12 - date.today().month + 1
    cheaper = call(context, "savings_needed", fi_age=40, annual_spending=24000)
    assert cheaper.monthly_savings_needed < out.monthly_savings_needed and cheaper.fire_number == Decimal(600000)
    default_age = call(context, "savings_needed")  # the retirement age saved in preferences: 65
    assert default_age.months == 35 * 12
    with pytest.raises(Invalid, match="not after your current age"):
        call(context, "savings_needed", fi_age=25)
    with pytest.raises(Invalid, match="not in the future"):
        call(context, "savings_needed", by_year=2000)


def test_savings_needed_is_zero_when_the_balances_get_there_alone(demo: ToolContext) -> None:
    """The demo household's $331k grows past a $500k FIRE number by 70 without another dollar saved."""
    out = call(demo, "savings_needed", fi_age=70, annual_spending=20000)
    assert out.monthly_savings_needed == 0 and out.on_track
    assert out.summary.startswith("What you have already reaches your FIRE number by age 70")
    year = call(demo, "savings_needed", by_year=2045)
    assert year.summary.startswith("To reach FI by January 2045 (in ") and year.target_date == date(2045, 1, 1)


def test_what_if_a_percentage_raise_scales_the_saved_income(demo: ToolContext) -> None:
    """'What if I get a 10% raise?': the scenario's income is the saved income x 1.1, so it saves more."""
    base = call(demo, "years_to_fi")
    out = call(demo, "what_if", income_change=0.1)
    assert out.changes == {"income_change": 0.1}
    # The demo saves income 13,005 - expenses 7,857 a month; 10% more income adds 1,300.50 to savings.
    assert out.scenario.monthly_savings == base.timing.monthly_savings + Decimal("1300.50")
    assert out.scenario.reached
    with pytest.raises(ValueError):
        call(demo, "what_if", income_change=5)


def test_the_projection_does_not_call_savings_less_debts_the_net_worth(demo: ToolContext) -> None:
    """The plan leaves the home, the mortgage and the RESP out; the snapshot's net worth ($804,541.24) includes them,
    so the projection's $317,341.24 must not be called 'net worth'."""
    out = call(demo, "projection", years=10)
    assert out.rows[0].net_worth == Decimal("317341.24")
    assert not out.summary.startswith("Net worth") and "home and mortgage not counted" in out.summary


def test_what_if_a_monthly_spending_change_moves_the_saved_expenses(demo: ToolContext) -> None:
    """'Cut $500 a month': expenses 7,857 -> 7,357 a month, so savings rise by 500 and the FIRE number falls."""
    base = call(demo, "years_to_fi")
    out = call(demo, "what_if", monthly_spending_change=-500)
    assert out.changes == {"monthly_spending_change": -500.0}
    assert out.scenario.monthly_savings == base.timing.monthly_savings + 500
    assert out.scenario.fire_number == Decimal("7357") * 12 * 25


def test_room_for_next_year_keeps_the_birth_year_from_todays_age(demo: ToolContext) -> None:
    """'How much RRSP room will I have next year?' said 'Birth year taken as 1993' for a 34-year-old in 2026."""
    from datetime import date

    this_year = date.today().year
    now = call(demo, "contribution_room", account="tfsa")
    later = call(demo, "contribution_room", account="tfsa", year=this_year + 1)
    assert now.provenance.assumptions["birth_year"] == later.provenance.assumptions["birth_year"] == this_year - 34


def test_years_to_fi_is_written_with_two_decimals_at_most(demo: ToolContext) -> None:
    """'how long to reach FI if I save 6000 a month' answered 'FI in 15.6667 years'."""
    import re

    out = call(demo, "years_to_fi", monthly_savings=6000)
    assert out.timing.reached
    match = re.search(r"FI in (\d+(?:\.\d+)?) years", out.summary)
    assert match is not None and len(match.group(1).partition(".")[2]) <= 2, out.summary
