"""The saving needed for FI by a date: exact to the dollar on the plan itself, for any plan."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.planning.errors import PlanningInputError
from api.planning.projection import PlanInputs, build_plan
from api.planning.savings_needed import savings_needed


def _inputs(**overrides: Any) -> PlanInputs:
    base: dict[str, Any] = {
        "start_date": date(2026, 1, 1), "current_age": 30, "monthly_income": Decimal(6000),
        "monthly_expenses": Decimal(4000),
        "preferences": {"investment_return_rate": 0.0, "inflation_rate": 0.0, "retirement_age": 65}}
    base.update(overrides)
    return PlanInputs(**base)


def _fi_month(inputs: PlanInputs, months: int, extra: Decimal) -> int | None:
    prefs = inputs.preferences.model_copy(update={"retirement_age": None, "max_projection_years": -(-months // 12)})
    plan = build_plan(inputs.model_copy(update={"preferences": prefs, "extra_monthly_savings": extra}))
    return plan.fire.months_to_fi


def test_without_growth_the_answer_is_the_fire_number_over_the_months() -> None:
    """No return, no inflation: FIRE number 1,200,000 in 240 months needs 5,000 a month, 3,000 more than now."""
    out = savings_needed(_inputs(), 240)
    assert out.monthly_savings_needed == Decimal(5000) and out.current_monthly_savings == Decimal(2000)
    assert out.savings_difference == Decimal(3000) and not out.on_track
    assert out.share_of_income == pytest.approx(5000 / 6000, abs=1e-4)
    assert out.target_date == date(2046, 1, 1) and out.target_age == 50
    assert out.fire_number == out.fire_number_at_target == Decimal(1_200_000)
    # Already on track: 2,000 a month reaches 1,200,000 in 600 months, so over 50 years 2,000 is exactly enough.
    relaxed = savings_needed(_inputs(), 600)
    assert relaxed.on_track and relaxed.monthly_savings_needed == Decimal(2000) and relaxed.savings_difference == 0


def test_balances_that_get_there_alone_need_nothing_and_no_spending_has_no_answer() -> None:
    rich = savings_needed(_inputs(balances={"tfsa": "1300000"}), 12)
    assert rich.monthly_savings_needed == 0 and rich.on_track
    with pytest.raises(PlanningInputError, match="no FIRE number"):
        savings_needed(_inputs(monthly_expenses=Decimal(0)), 120)


@settings(max_examples=15, deadline=None)
@given(income=st.integers(0, 20_000), expenses=st.integers(500, 15_000), balance=st.integers(0, 2_000_000),
       rate=st.floats(-0.02, 0.12), inflation=st.floats(0.0, 0.06), growth=st.floats(0.0, 0.05),
       months=st.integers(1, 240))
def test_the_answer_is_the_least_whole_dollar_that_reaches_fi_by_the_date(
        income: int, expenses: int, balance: int, rate: float, inflation: float, growth: float, months: int) -> None:
    inputs = _inputs(monthly_income=Decimal(income), monthly_expenses=Decimal(expenses),
                     balances={"non_registered": Decimal(balance)},
                     preferences={"investment_return_rate": rate, "inflation_rate": inflation, "retirement_age": 65},
                     future_plans={"income_growth_rate": growth})
    out = savings_needed(inputs, months)
    if out.monthly_savings_needed == 0:
        return
    # The extra on top of the plan's own first-month saving, which is negative when the plan draws on the accounts.
    extra = out.monthly_savings_needed - Decimal(income - expenses)
    reached = _fi_month(inputs, months, extra)
    assert reached is not None and reached <= months
    short = _fi_month(inputs, months, extra - 1)
    assert short is None or short > months
