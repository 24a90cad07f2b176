"""The fast tax path (TaxSystem) computes what compute_tax computes, to the cent, for random people in every
province and year: employees, the self-employed, retirees with pensions, CPP, OAS, dividends and gains."""

from __future__ import annotations

import numpy as np
import pytest

from api.planning.tables import PROVINCES, tax_years
from api.planning.tax import compute_tax
from api.planning.taxsystem import tax_system


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
