"""Mortgage payoff in the household plan: the payment is a fixed number of dollars, so in today's dollars it weighs
less each year and leaves spending when the mortgage is paid off; the balance paid down adds to net worth."""

from __future__ import annotations

from datetime import date

import numpy as np
import numpy_financial as npf
import pytest

from api.planning.household import Engine, HouseholdInputs, Mortgage, Person, constant_market, find_fi
from api.planning.mortgage import payment

START = date(2026, 1, 1)


def household(**changes: object) -> HouseholdInputs:
    base = HouseholdInputs(start=START, province="ON", spending=60_000, cash=20_000, return_rate=0.05,
                           inflation=0.02, home_equity=200_000,
                           people=[Person(age=40, retirement_age=60, employment_income=110_000, rrsp=150_000,
                                          tfsa=60_000)])
    return base.model_copy(update=changes)


def run(h: HouseholdInputs):  # type: ignore[no-untyped-def]
    engine = Engine(h)
    return engine, engine.run(np.array([1e9]), constant_market(h))


def test_the_payoff_month_is_the_amortization_schedules() -> None:
    """$300,000 at 5% over 25 years: the bank's monthly payment (semi-annual compounding) pays it off in month 300."""
    monthly = payment(300_000, 0.05, 25, "monthly")
    engine, _ = run(household(mortgages=[Mortgage(balance=300_000, rate=0.05, payment=monthly)]))
    assert engine.mortgage_payoffs == [300]
    periodic = (1 + 0.05 / 2) ** (1 / 6) - 1
    shorter = Mortgage(balance=120_000, rate=0.05, payment=1_500)
    engine, _ = run(household(mortgages=[shorter]))
    assert engine.mortgage_payoffs == [int(np.ceil(npf.nper(periodic, -1_500, 120_000)))]


def test_spending_falls_with_inflation_then_by_the_whole_payment() -> None:
    loan = Mortgage(balance=120_000, rate=0.05, payment=1_500)
    engine, with_loan = run(household(mortgages=[loan]))
    _, without = run(household())
    payoff = engine.mortgage_payoffs[0]
    assert payoff is not None and 90 < payoff < 100  # about eight years
    less = without.spending[:, 0] - with_loan.spending[:, 0]
    # Year 1: the payment's worth to inflation lost by mid-year; after the payoff year: all of it, 12 payments.
    assert less[0] == pytest.approx(18_000 * (1 - 1.02 ** -0.5))
    assert np.all(np.diff(less[: payoff // 12]) > 0)
    assert less[payoff // 12 + 1] == pytest.approx(18_000)
    # The balance paid down is home equity: once paid off, net worth holds the whole balance more.
    gain = with_loan.net_worth[:, 0] - without.net_worth[:, 0]
    assert gain[payoff // 12 + 1] >= 120_000  # plus the investments the lower spending let grow


def test_a_mortgage_paid_off_brings_financial_independence_sooner() -> None:
    loan = Mortgage(balance=200_000, rate=0.045, payment=2_000, in_spending=24_000)
    with_loan = find_fi(Engine(household(mortgages=[loan])))
    without = find_fi(Engine(household()))
    assert with_loan.month is not None and without.month is not None
    assert with_loan.month < without.month


def test_a_payment_below_the_interest_never_pays_off() -> None:
    engine, result = run(household(mortgages=[Mortgage(balance=500_000, rate=0.06, payment=1_000)]))
    assert engine.mortgage_payoffs == [None]
    assert np.all(np.isfinite(result.net_worth))


def test_only_the_part_in_spending_leaves_it() -> None:
    """A rental's mortgage paid from its rent is not in the household's spending: `in_spending=0` changes none."""
    _, plain = run(household())
    _, rental = run(household(mortgages=[Mortgage(balance=100_000, rate=0.05, payment=1_200, in_spending=0)]))
    assert np.allclose(plain.spending, rental.spending)
    assert rental.net_worth[-1, 0] > plain.net_worth[-1, 0]  # its balance still falls
