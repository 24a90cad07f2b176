"""Debt payoff: avalanche and snowball."""

from __future__ import annotations

import numpy_financial as npf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.planning.debt import Debt, payoff
from api.planning.errors import PlanningInputError


def test_single_debt_months_match_nper() -> None:
    plan = payoff(debts=[Debt("visa", 5_000, 0.1999, 50)], monthly_payment=200, strategy="avalanche")
    assert plan.months == int(-(-npf.nper(0.1999 / 12, -200, 5_000) // 1))
    assert plan.total_paid == pytest.approx(5_000 + plan.total_interest)


def test_avalanche_targets_the_dearest_and_snowball_the_smallest() -> None:
    debts = [Debt("card", 6_000, 0.22, 120), Debt("loc", 15_000, 0.09, 150), Debt("store", 900, 0.12, 25)]
    avalanche = payoff(debts=debts, monthly_payment=900, strategy="avalanche")
    snowball = payoff(debts=debts, monthly_payment=900, strategy="snowball")
    assert avalanche.order == ["card", "store", "loc"]
    assert snowball.order == ["store", "card", "loc"]
    assert avalanche.total_interest < snowball.total_interest
    first = {d.name: d.payoff_month for d in snowball.debts}
    assert 0 < first["store"] < first["card"]


@settings(max_examples=40, deadline=None)
@given(balances=st.lists(st.floats(100, 20_000), min_size=1, max_size=4),
       rates=st.lists(st.floats(0, 0.3), min_size=4, max_size=4), extra=st.floats(50, 2_000))
def test_avalanche_never_costs_more_interest_than_snowball(balances: list[float], rates: list[float],
                                                          extra: float) -> None:
    debts = [Debt(f"d{i}", b, rates[i], b * 0.03) for i, b in enumerate(balances)]
    budget = sum(d.minimum_payment for d in debts) + extra
    a = payoff(debts=debts, monthly_payment=budget, strategy="avalanche")
    s = payoff(debts=debts, monthly_payment=budget, strategy="snowball")
    assert a.total_interest <= s.total_interest + 0.01


def test_a_payment_below_the_minimums_is_raised_to_them() -> None:
    plan = payoff(debts=[Debt("visa", 5_000, 0.2, 100)], monthly_payment=50, strategy="snowball")
    assert plan.monthly_payment == 100 and plan.paid_off


def test_a_payment_that_never_clears_the_debt_says_so() -> None:
    plan = payoff(debts=[Debt("visa", 10_000, 0.24, 150)], monthly_payment=150, strategy="avalanche")
    assert not plan.paid_off and plan.months == 1200
    assert not plan.debts[0].paid_off and plan.remaining_balance > 10_000


def test_negative_input_names_the_field() -> None:
    with pytest.raises(PlanningInputError) as err:
        payoff(debts=[Debt("visa", -5, 0.2, 100)], monthly_payment=50, strategy="snowball")
    assert err.value.field == "debts.0.balance"


def test_decimal_months_equal_nper() -> None:
    """NPER(19.99%/12, -250, 6000) = 30.8994 months; the payoff plan says 31 months, and 30.8994 as a decimal."""
    plan = payoff(debts=[Debt("visa", 6_000, 0.1999, 100)], monthly_payment=250, strategy="avalanche")
    assert plan.months == 31
    assert plan.months_decimal == pytest.approx(float(npf.nper(0.1999 / 12, -250, 6_000)), abs=1e-9)
    free = payoff(debts=[Debt("family", 6_000, 0.0, 100)], monthly_payment=250, strategy="snowball")
    assert free.months_decimal == 24.0
    never = payoff(debts=[Debt("visa", 6_000, 0.2999, 100)], monthly_payment=100, strategy="avalanche")
    assert never.months_decimal is None
