"""Income tax against published figures: RCGT tax tables, CRA payroll maxima, published combined marginal
rates; and properties that must hold in every province and year."""

from __future__ import annotations

import numpy as np
import pytest

from api.planning.errors import PlanningInputError
from api.planning.tables import PROVINCES, tax_years
from api.planning.tax import compute_tax, marginal_rate, rrsp_deduction_effect


def _basic(income: float, province: str, year: int) -> tuple[float, float]:
    """(federal, provincial) with basic personal amounts only, as published tax tables show them."""
    b = compute_tax(employment_income=income, province=province, year=year, include_payroll=False)
    return float(b.federal_tax), float(b.provincial_tax - b.ontario_health_premium)


# RCGT "Tax Table - Ontario 2025" (basic personal amounts only; no health premium).
@pytest.mark.parametrize(("income", "federal", "ontario", "total"), [
    (30_000, 2_011, 871, 2_882), (40_000, None, None, 4_837), (50_000, 4_911, 1_881, 6_792),
    (53_000, 5_346, 2_037, 7_383), (58_000, 6_109, 2_495, 8_604)])
def test_ontario_2025_matches_rcgt_tax_table(income: float, federal: float | None, ontario: float | None,
                                             total: float) -> None:
    fed, prov = _basic(income, "ON", 2025)
    if federal is not None:
        assert fed == pytest.approx(federal, abs=1)
        assert prov == pytest.approx(ontario, abs=1)
    assert fed + prov == pytest.approx(total, abs=1)


# RCGT "Tax Table Quebec 2025": federal shown net of the 16.5% abatement.
@pytest.mark.parametrize(("income", "federal", "quebec"), [
    (20_000, 469, 200), (30_000, 1_679, 1_600), (50_000, 4_101, 4_400), (54_000, 4_585, 4_997),
    (58_000, 5_101, 5_757)])
def test_quebec_2025_matches_rcgt_tax_table(income: float, federal: float, quebec: float) -> None:
    fed, prov = _basic(income, "QC", 2025)
    assert fed == pytest.approx(federal, abs=1)
    assert prov == pytest.approx(quebec, abs=1)


@pytest.mark.parametrize(("year", "cpp", "cpp2", "ei"), [(2025, 4034.10, 396.00, 1077.48),
                                                          (2026, 4230.45, 416.00, 1123.07)])
def test_payroll_maxima_match_cra_and_esdc(year: int, cpp: float, cpp2: float, ei: float) -> None:
    b = compute_tax(employment_income=250_000, province="ON", year=year)
    assert float(b.cpp) == pytest.approx(cpp, abs=0.005)
    assert float(b.cpp2) == pytest.approx(cpp2, abs=0.005)
    assert float(b.ei) == pytest.approx(ei, abs=0.005)


# Combined federal + provincial marginal rates on ordinary income, 2026, as published by
# transcanadawealthmanagement.com (ON, MB, AB, BC), TaxTips.ca (NB, SK), taxgpt.ca (NS) and netpayview.com (NT).
@pytest.mark.parametrize(("province", "income", "rate"), [
    ("ON", 56_000, 0.2315), ("ON", 80_000, 0.2965), ("ON", 100_000, 0.3148), ("ON", 110_000, 0.3389),
    ("ON", 115_000, 0.3791), ("ON", 160_000, 0.4497), ("ON", 300_000, 0.5353),
    ("MB", 40_000, 0.2480), ("MB", 80_000, 0.3325), ("AB", 40_000, 0.22), ("AB", 80_000, 0.305),
    ("AB", 400_000, 0.48), ("BC", 30_000, 0.2262), ("BC", 45_000, 0.1906), ("BC", 185_000, 0.4399),
    ("BC", 300_000, 0.535), ("NB", 30_000, 0.234), ("NB", 55_000, 0.28), ("SK", 40_000, 0.245),
    ("NS", 60_000, 0.3545), ("NS", 100_000, 0.38), ("NT", 55_000, 0.226)])
def test_marginal_rates_match_published_2026_tables(province: str, income: float, rate: float) -> None:
    got = marginal_rate(employment_income=0, other_income=income, province=province, year=2026, include_payroll=False)
    assert got == pytest.approx(rate, abs=0.0001)


def test_bc_low_income_reduction_removes_provincial_tax_below_its_threshold() -> None:
    b = compute_tax(employment_income=24_000, province="BC", year=2026, include_payroll=False)
    assert float(b.provincial_tax) == 0.0
    assert float(b.bc_tax_reduction) > 0


def test_ontario_health_premium_schedule() -> None:
    premiums = [float(compute_tax(employment_income=x, province="ON", year=2025, include_payroll=False)
                      .ontario_health_premium) for x in (20_000, 25_000, 40_000, 50_000, 100_000, 250_000)]
    assert premiums == pytest.approx([0, 300, 450, 600, 750, 900])


def test_quebec_abatement_is_16_5_percent_of_basic_federal_tax() -> None:
    qc = compute_tax(employment_income=80_000, province="QC", year=2026)
    on = compute_tax(employment_income=80_000, province="ON", year=2026)
    # Same federal rules apart from QPP's rate; the abatement is 16.5% of the basic federal tax.
    basic = float(qc.federal_tax + qc.quebec_abatement)
    assert float(qc.quebec_abatement) == pytest.approx(0.165 * basic)
    assert float(on.quebec_abatement) == 0.0


@pytest.mark.parametrize("year", tax_years())
@pytest.mark.parametrize("province", PROVINCES)
def test_every_province_taxes_more_on_more_income(province: str, year: int) -> None:
    incomes = np.linspace(0, 400_000, 81)
    b = compute_tax(employment_income=incomes, province=province, year=year)
    total = b.income_tax
    assert float(total[0]) == 0.0
    assert np.all(np.diff(total) >= -1e-9)
    assert 0 < float(total[-1]) < 400_000 * 0.56


def test_rrsp_deduction_saves_tax_at_the_marginal_rate_within_a_bracket() -> None:
    saved, rate = rrsp_deduction_effect(employment_income=100_000, deduction=1_000, province="ON", year=2026)
    assert rate == pytest.approx(marginal_rate(employment_income=0, other_income=99_500, province="ON", year=2026,
                                               include_payroll=False), abs=0.002)
    assert saved == pytest.approx(1_000 * rate)


def test_unknown_year_and_province_name_the_field() -> None:
    with pytest.raises(PlanningInputError) as year:
        compute_tax(employment_income=1, province="ON", year=2019)
    assert year.value.field == "year"
    with pytest.raises(PlanningInputError) as province:
        compute_tax(employment_income=1, province="XX", year=2025)
    assert province.value.field == "province"
    with pytest.raises(PlanningInputError) as negative:
        compute_tax(employment_income=-1, province="ON", year=2025)
    assert negative.value.field == "employment_income"
