"""FIRE numbers, time to FI (spreadsheet NPER), and the property that more savings never delays FI."""

from __future__ import annotations

import math

import numpy_financial as npf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.planning import fire
from api.planning.errors import PlanningInputError


def test_fire_number_is_expenses_times_the_multiplier() -> None:
    assert fire.fire_number(40_000) == 1_000_000
    assert fire.fire_number(40_000, 30) == 1_200_000
    with pytest.raises(PlanningInputError) as err:
        fire.fire_number(40_000, 0)
    assert err.value.field == "multiplier"


def test_months_to_fi_is_nper_rounded_up() -> None:
    rate = 1.05 ** (1 / 12) - 1
    months = fire.months_to_fi(current=100_000, monthly_savings=3_000, target=1_000_000, annual_real_return=0.05)
    assert months == math.ceil(npf.nper(rate, -3_000, -100_000, 1_000_000))
    assert fire.months_to_fi(current=100_000, monthly_savings=1_000, target=160_000, annual_real_return=0.0) == 60
    assert fire.months_to_fi(current=2e6, monthly_savings=0, target=1e6, annual_real_return=0.05) == 0
    assert fire.months_to_fi(current=0, monthly_savings=0, target=1e6, annual_real_return=0.0) is None


def test_variants() -> None:
    v = fire.fire_variants(annual_expenses=40_000, barista_annual_income=15_000, current_portfolio=310_000,
                           current_age=30, retirement_age=60, annual_real_return=0.04)
    assert v.fire_number == 1_000_000
    assert v.lean_fire_number == pytest.approx(700_000)
    assert v.fat_fire_number == pytest.approx(1_500_000)
    assert v.barista_fire_number == 625_000
    assert v.coast_fire_number == pytest.approx(1_000_000 / 1.04 ** 30)
    assert v.coast_reached
    assert fire.savings_rate(income=80_000, savings=20_000) == 0.25


@settings(max_examples=200, deadline=None)
@given(current=st.floats(0, 2e6), savings=st.floats(0, 20_000), more=st.floats(0, 20_000),
       target=st.floats(1, 5e6), real=st.floats(-0.05, 0.12))
def test_more_savings_never_delays_fi(current: float, savings: float, more: float, target: float,
                                      real: float) -> None:
    base = fire.months_to_fi(current=current, monthly_savings=savings, target=target, annual_real_return=real)
    better = fire.months_to_fi(current=current, monthly_savings=savings + more, target=target,
                               annual_real_return=real)
    if base is not None:
        assert better is not None and better <= base
