"""The month-by-month plan: flows, splits, future-plan changes, retirement draw-down, views, and the
property that more savings never delays FI."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.planning.errors import PlanningInputError
from api.planning.projection import PlanInputs, build_plan


def _inputs(**overrides: Any) -> PlanInputs:
    base: dict[str, Any] = {
        "start_date": date(2026, 1, 1), "current_age": 30, "monthly_income": Decimal(6000),
        "monthly_expenses": Decimal(4000),
        "preferences": {"investment_return_rate": 0.0, "inflation_rate": 0.0, "max_projection_years": 40,
                        "retirement_age": 65}}
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            base[key] = {**base[key], **value}
        else:
            base[key] = value
    return PlanInputs(**base)


def test_without_growth_savings_accumulate_linearly_and_fi_is_reached_on_time() -> None:
    plan = build_plan(_inputs(preferences={"fire_rule_multiplier": 10}))
    # FIRE number = 48,000 x 10 = 480,000; 2,000 saved a month -> 240 months.
    assert plan.fire.fire_number == Decimal("480000.00")
    assert plan.points[12].investable == Decimal("24000.00")
    assert plan.fire.months_to_fi == 240
    assert plan.fire.fi_date == date(2046, 1, 1)
    assert plan.fire.fi_age == 50
    assert plan.fire.savings_rate == pytest.approx(1 / 3)


def test_savings_follow_the_budget_split() -> None:
    plan = build_plan(_inputs(contribution_split={"tfsa": 50, "rrsp": 30, "fhsa": 20, "non_registered": 0}))
    balances = plan.points[10].balances
    assert balances["tfsa"] == Decimal("10000.00")
    assert balances["rrsp"] == Decimal("6000.00")
    assert balances["fhsa"] == Decimal("4000.00")
    assert balances["non_registered"] == Decimal("0.00")


def test_future_plan_changes_apply_from_their_dates() -> None:
    plan = build_plan(_inputs(future_plans={"side_hustle_date": date(2027, 1, 1), "side_hustle_amount": "500",
                                            "expense_change_date": date(2028, 1, 1), "expense_change_amount": "-1000",
                                            "income_target_date": date(2030, 1, 1),
                                            "income_target_amount": "120000"}))
    assert plan.points[11].contribution == Decimal("2000.00")
    assert plan.points[12].contribution == Decimal("2500.00")
    assert plan.points[24].contribution == Decimal("3500.00")
    assert plan.points[48].income == Decimal("10500.00")


def test_a_pause_in_saving_stops_contributions_for_its_months_then_saving_resumes() -> None:
    """'Stop saving for 2 years': 24 months of no contributions (the surplus is spent), then 2,000 a month again,
    so FI comes exactly 24 months later than without the pause when nothing grows."""
    base = build_plan(_inputs(preferences={"fire_rule_multiplier": 10}))
    paused = build_plan(_inputs(preferences={"fire_rule_multiplier": 10}, savings_pause_months=24))
    assert [p.contribution for p in paused.points[:24]] == [Decimal("0.00")] * 24
    assert paused.points[24].contribution == Decimal("2000.00")
    assert paused.points[24].investable == Decimal("0.00") and paused.points[36].investable == Decimal("24000.00")
    assert paused.fire.months_to_fi == base.fire.months_to_fi + 24  # type: ignore[operator]
    assert paused.fire.savings_rate == base.fire.savings_rate  # the rate while saving, not the pause's zero
    # A shortfall during the pause is still drawn from the accounts: the pause stops saving, not spending.
    short = build_plan(_inputs(monthly_income=Decimal(3000), balances={"cash": "12000"}, savings_pause_months=6))
    assert short.points[1].contribution == Decimal("-1000.00") and short.points[6].investable == Decimal("6000.00")
    with pytest.raises(ValueError):
        _inputs(savings_pause_months=-1)


def test_an_extra_monthly_saving_rides_on_the_plans_own_saving() -> None:
    """extra_monthly_savings adds to income - expenses each working month (not during a pause, not in retirement)."""
    plan = build_plan(_inputs(extra_monthly_savings="500", savings_pause_months=3,
                              future_plans={"expense_change_date": date(2027, 1, 1), "expense_change_amount": "1000"}))
    assert [p.contribution for p in plan.points[:4]] == [Decimal("0.00")] * 3 + [Decimal("2500.00")]
    assert plan.points[12].contribution == Decimal("1500.00")  # the plan's own saving fell by 1,000; the 500 stays
    less = build_plan(_inputs(extra_monthly_savings="-500"))
    assert less.points[0].contribution == Decimal("1500.00") and less.fire.savings_rate == pytest.approx(0.25)
    retired = build_plan(_inputs(extra_monthly_savings="500", current_age=70))
    assert retired.points[0].contribution == Decimal("-4000.00")


def test_growth_inflation_and_the_two_views() -> None:
    plan = build_plan(_inputs(balances={"tfsa": "100000"}, monthly_savings="0",
                              preferences={"investment_return_rate": 0.05, "inflation_rate": 0.02}))
    assert float(plan.points[12].balances["tfsa"]) == pytest.approx(100_000 * 1.05, abs=0.01)
    assert float(plan.points[12].expenses) == pytest.approx(4_000 * 1.02, abs=0.01)
    assert float(plan.points[12].net_worth_real) == pytest.approx(100_000 * 1.05 / 1.02, abs=0.01)


def test_retirement_stops_income_and_draws_cash_first_then_runs_out() -> None:
    plan = build_plan(_inputs(current_age=60, balances={"cash": "10000", "rrsp": "50000"},
                              preferences={"retirement_age": 61}))
    at = plan.points[12]
    assert at.retired and at.income == Decimal("0.00")
    assert plan.net_worth_at_retirement == Decimal("84000.00")
    assert plan.points[15].balances["cash"] == Decimal("0.00")
    # 84,000 / 4,000 = 21 months of spending after retirement.
    assert plan.depleted_date == date(2028, 10, 1)
    assert plan.ending_net_worth == Decimal("0.00")


def test_debts_reduce_net_worth_and_assumptions_are_carried() -> None:
    plan = build_plan(_inputs(debts="5000"))
    assert plan.points[0].net_worth == Decimal("-5000.00")
    assert plan.assumptions.rates["investment_return_rate"] == 0.0
    assert plan.assumptions.limits["retirement_age"] == 65
    assert plan.assumptions.data_source


def test_a_retirement_age_already_past_means_retired_now() -> None:
    plan = build_plan(_inputs(current_age=70, balances={"cash": "8000"}, preferences={"retirement_age": 65}))
    assert plan.points[0].retired and plan.points[0].income == Decimal("0.00")
    assert plan.depleted_date == date(2026, 3, 1)


def test_money_too_large_to_show_names_the_request() -> None:
    from api.planning.projection import money

    with pytest.raises(PlanningInputError) as err:
        money(float("inf"))
    assert err.value.field == "request"


def test_retirement_outlook_is_seeded() -> None:
    inputs = _inputs(current_age=40, balances={"tfsa": "800000"}, monte_carlo_paths=500, seed=7,
                     preferences={"retirement_age": 45, "investment_return_rate": 0.06, "inflation_rate": 0.02})
    first, second = build_plan(inputs), build_plan(inputs)
    assert first.retirement_outlook is not None
    assert first.retirement_outlook == second.retirement_outlook
    assert 0 <= first.retirement_outlook.success_rate <= 1


@settings(max_examples=30, deadline=None)
@given(savings=st.integers(0, 5_000), more=st.integers(1, 5_000), rate=st.floats(-0.02, 0.1),
       inflation=st.floats(0, 0.05), start=st.integers(0, 500_000))
def test_more_savings_never_delays_fi_in_the_projection(savings: int, more: int, rate: float, inflation: float,
                                                        start: int) -> None:
    def fi(monthly: int) -> int | None:
        plan = build_plan(_inputs(monthly_savings=Decimal(monthly), balances={"tfsa": Decimal(start)},
                                  preferences={"investment_return_rate": rate, "inflation_rate": inflation,
                                               "max_projection_years": 30}))
        return plan.fire.months_to_fi

    base, better = fi(savings), fi(savings + more)
    if base is not None:
        assert better is not None and better <= base
