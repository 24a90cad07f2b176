"""The fast tax path (TaxSystem) computes what compute_tax computes, to the cent, for random people in every
province and year: employees, the self-employed, retirees with pensions, CPP, OAS, dividends and gains."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from api.planning.tables import PROVINCES, tax_years
from api.planning.tax import compute_tax
from api.planning.taxsystem import Array, TaxSystem, tax_system


@pytest.mark.parametrize("year", tax_years())
@pytest.mark.parametrize("province", PROVINCES)
@pytest.mark.parametrize("age", [40, 67, 80])
def test_the_fast_path_equals_compute_tax(province: str, year: int, age: int) -> None:
    rng = np.random.default_rng(hash((province, year, age)) % 2**32)
    n = 400
    scale = rng.choice([20_000, 80_000, 300_000], size=n)
    employment = rng.uniform(0, 1, n) * scale * (rng.uniform(size=n) < 0.6)
    pension = rng.uniform(0, 1, n) * scale * 0.5 * (rng.uniform(size=n) < 0.5)
    other = rng.uniform(0, 1, n) * scale * 0.3
    oas = np.where(rng.uniform(size=n) < 0.5, 8_900.0, 0.0)
    elig = rng.uniform(0, 1, n) * scale * 0.2 * (rng.uniform(size=n) < 0.4)
    nonelig = rng.uniform(0, 1, n) * scale * 0.1 * (rng.uniform(size=n) < 0.2)
    gains = rng.uniform(0, 1, n) * scale * 0.3 * (rng.uniform(size=n) < 0.3)
    rrsp = np.minimum(rng.uniform(0, 1, n) * 20_000, employment * 0.18)
    ref = compute_tax(employment_income=employment, pension_income=pension, other_income=other, oas_income=oas,
                      eligible_dividends=elig, non_eligible_dividends=nonelig, capital_gains=gains,
                      rrsp_deduction=rrsp, age=age, province=province, year=year)
    system = tax_system(year, province)
    gu = system.gross_up
    pay = ref.payroll
    federal, provincial = system.tax(
        net=ref.net_income, taxable=ref.taxable_income, eligible_pension=pension,
        grossed_eligible=elig * (1 + gu["eligible"]), grossed_other=nonelig * (1 + gu["non_eligible"]),
        employment=employment, cpp_base=pay.cpp_base, ei=pay.ei, qpip=pay.qpip, age=age)
    np.testing.assert_allclose(federal, ref.federal_tax, atol=0.005)
    np.testing.assert_allclose(provincial, ref.provincial_tax, atol=0.005)


def test_ages_can_differ_across_the_array() -> None:
    system = tax_system(2026, "QC")
    incomes = np.array([40_000.0, 40_000.0, 60_000.0])
    ages = np.array([60, 70, 70])
    federal, provincial = system.tax(net=incomes, eligible_pension=np.array([0.0, 10_000.0, 10_000.0]), age=ages)
    for i in range(3):
        one = system.tax(net=incomes[i], eligible_pension=[0.0, 10_000.0, 10_000.0][i], age=int(ages[i]))
        assert float(one[0]) == pytest.approx(float(federal[i]))
        assert float(one[1]) == pytest.approx(float(provincial[i]))


def _household_by_hand(system: TaxSystem, ordinary: Array, eligible: Array, oas: Array, dividends: Array,
                       deductions: Array, ages: Array, split: bool, rate: float, threshold: float
                       ) -> tuple[Array, Array]:
    """A household's tax the long way, person by person with `TaxSystem.tax`: pension splitting, then the OAS
    recovery tax, then income tax on what is left."""
    gross = dividends * (1 + system.gross_up["eligible"])
    before = np.maximum(ordinary + eligible + oas + gross - deductions, 0.0)
    pension = eligible.copy()
    if split and before.shape[0] == 2:
        gap = (before[0] - before[1]) / 2
        move = np.where(gap > 0, np.minimum(gap, pension[0] / 2), -np.minimum(-gap, pension[1] / 2))
        before, pension = before + np.stack([-move, move]), pension + np.stack([-move, move])
    recovery = np.minimum(oas, rate * np.maximum(before - threshold, 0.0))
    net = np.maximum(before - recovery, 0.0)
    federal, provincial = system.tax(net=net, eligible_pension=pension, grossed_eligible=gross, age=ages[:, None])
    return (federal + provincial).sum(axis=0), recovery.sum(axis=0)


@pytest.mark.parametrize("province", ["ON", "QC", "BC", "AB", "NS"])
@pytest.mark.parametrize("persons", [1, 2])
@pytest.mark.parametrize("split", [True, False])
def test_the_household_kernel_equals_the_long_way(province: str, persons: int, split: bool) -> None:
    rng = np.random.default_rng(hash((province, persons, split)) % 2**32)
    system, lanes = tax_system(2026, province), 300
    shape = (persons, lanes)
    ordinary = rng.uniform(0, 150_000, shape) * (rng.uniform(size=shape) < 0.7)
    eligible = rng.uniform(0, 80_000, shape) * (rng.uniform(size=shape) < 0.5)
    oas = np.where(rng.uniform(size=shape) < 0.5, 8_900.0, 0.0)
    dividends = rng.uniform(0, 10_000, shape)
    deductions = rng.uniform(0, 15_000, shape) * (rng.uniform(size=shape) < 0.3)
    ages = rng.choice([45.0, 66.0, 80.0], size=persons)
    zero = np.zeros(shape)
    tax, recovery = system.household(
        ordinary=ordinary, eligible=eligible, oas=oas, dividends=dividends, deductions=deductions,
        payroll=(zero, zero, zero), employment=zero, ages=ages, joint=np.full(persons, 1 / persons),
        extra_rrsp=zero, gains=np.zeros(lanes), rrsp_deduction=zero, split=split, oas_rate=0.15,
        oas_threshold=93_454.0)
    want_tax, want_recovery = _household_by_hand(system, ordinary, eligible, oas, dividends, deductions, ages, split,
                                                 0.15, 93_454.0)
    np.testing.assert_allclose(tax, want_tax, rtol=0, atol=1e-6)
    np.testing.assert_allclose(recovery, want_recovery, rtol=0, atol=1e-6)


def test_a_couple_splits_a_pension_and_rrsp_money_drawn_from_65_is_pension_income() -> None:
    system = tax_system(2026, "ON")
    zero = np.zeros((2, 1))
    common: dict[str, Any] = dict(
        oas=zero, dividends=zero, deductions=zero, payroll=(zero, zero, zero), employment=zero,
        ages=np.array([67.0, 66.0]), joint=np.array([0.5, 0.5]), gains=np.zeros(1), rrsp_deduction=zero,
        oas_rate=0.15, oas_threshold=93_454.0)
    # A $60,000 pension on one side and nothing on the other: $30,000 each once split.
    pension = np.array([[60_000.0], [0.0]])
    split, _ = system.household(ordinary=zero, eligible=pension, extra_rrsp=zero, split=True, **common)
    each = system.tax(net=30_000.0, eligible_pension=30_000.0, age=67)
    assert float(split[0]) == pytest.approx(2 * float(each[0] + each[1]))
    alone, _ = system.household(ordinary=zero, eligible=pension, extra_rrsp=zero, split=False, **common)
    assert float(alone[0]) > float(split[0])
    # The same $60,000 drawn from a RRIF at 67 is eligible pension income too (the same split, the same tax).
    drawn, _ = system.household(ordinary=zero, eligible=zero, extra_rrsp=pension, split=True, **common)
    assert float(drawn[0]) == float(split[0])


def test_oas_is_recovered_above_the_threshold_and_no_more_than_was_paid() -> None:
    system = tax_system(2026, "ON")
    zero = np.zeros((1, 3))
    oas = np.full((1, 3), 8_900.0)
    _, recovery = system.household(
        ordinary=np.array([[50_000.0, 103_454.0 - 8_900.0, 300_000.0]]), eligible=zero, oas=oas, dividends=zero,
        deductions=zero, payroll=(zero, zero, zero), employment=zero, ages=np.array([70.0]), joint=np.ones(1),
        extra_rrsp=zero, gains=np.zeros(3), rrsp_deduction=zero, split=True, oas_rate=0.15, oas_threshold=93_454.0)
    np.testing.assert_allclose(recovery, [0.0, 1_500.0, 8_900.0])
