"""Income tax against published figures: RCGT tax tables, CRA payroll maxima, published combined marginal
rates; and properties that must hold in every province and year."""

from __future__ import annotations

import numpy as np
import pytest

from api.planning.errors import PlanningInputError
from api.planning.tables import PROVINCES, tax_years
from api.planning.tax import best_pension_split, compute_tax, marginal_rate, marginal_rates, rrsp_deduction_effect


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


# --- 2024, credits, the breakdown and the inputs people ask about ----------------------------------------

# twealth.net "British Columbia combined federal and provincial personal income tax rates 2024": basic tax at the
# top of each band (basic personal amounts, the federal BPA phase-out and the BC tax reduction) and the marginal
# rates on regular income, eligible and other dividends, and capital gains within the band.
BC_2024 = [  # (band from, band to, basic tax at the top, regular, eligible, other, capital gains)
    (15_706, 23_390, 1_153, 0.15, None, 0.0687, 0.075), (23_391, 24_338, 1_343, 0.2006, None, 0.1043, 0.1003),
    (24_339, 39_703, 4_972, 0.2362, None, 0.1453, 0.1181), (39_704, 47_937, 6_624, 0.2006, None, 0.1043, 0.1003),
    (47_938, 55_867, 8_424, 0.2270, None, 0.1347, 0.1135), (55_868, 95_875, 19_706, 0.2820, None, 0.1980, 0.1410),
    (95_876, 110_076, 24_109, 0.31, None, 0.2302, 0.155), (110_077, 111_733, 24_652, 0.3279, 0.0796, 0.2507, 0.164),
    (111_734, 133_664, 33_049, 0.3829, 0.1555, 0.3140, 0.1915),
    (133_665, 173_205, 49_142, 0.4070, 0.1888, 0.3417, 0.2035),
    (173_206, 181_232, 52_676, 0.4402, 0.2345, 0.3798, 0.2201),
    (181_233, 246_752, 82_891, 0.4612, 0.2635, 0.4040, 0.2306),
    (246_753, 252_752, 85_879, 0.4980, 0.3144, 0.4464, 0.249)]


@pytest.mark.parametrize(("low", "high", "tax", "regular", "eligible", "other", "gains"), BC_2024)
def test_bc_2024_matches_the_published_combined_table(low: float, high: float, tax: float, regular: float,
                                                      eligible: float | None, other: float, gains: float) -> None:
    assert sum(_basic(high, "BC", 2024)) + float(compute_tax(employment_income=high, province="BC", year=2024,
                                                             include_payroll=False).ontario_health_premium) \
        == pytest.approx(tax, abs=1)
    rates = marginal_rates(other_income=(low + high) / 2, province="BC", year=2024, include_payroll=False)
    assert rates["other_income"] == pytest.approx(regular, abs=0.0001)
    assert rates["non_eligible_dividends"] == pytest.approx(other, abs=0.0001)
    assert rates["capital_gains"] == pytest.approx(gains, abs=0.0001)
    # Below 55,868 the table shows 0.00% where the credit exceeds the tax on the dividend. It repeats 7.56% for
    # the next two bands, which fits neither band's rates (1.38 x (20.5% + 7.70%) - 1.38 x (15.0198% + 12%) = 1.63%
    # and, with BC's 10.50%, 5.49%), while every other eligible-dividend cell follows that arithmetic: those two
    # cells are left out.
    if eligible is not None:
        assert rates["eligible_dividends"] == pytest.approx(eligible, abs=0.0001)


@pytest.mark.parametrize(("year", "cpp", "cpp2", "ei"), [(2024, 3_867.50, 188.00, 1_049.12)])
def test_2024_payroll_maxima_match_esdc(year: int, cpp: float, cpp2: float, ei: float) -> None:
    # ESDC 2024 quarterly statistics (CPP 3,867.50, CPP2 188.00); CRA EI 2024: 1.66% of 63,200 = 1,049.12.
    b = compute_tax(employment_income=250_000, province="ON", year=year)
    assert (round(float(b.cpp), 2), round(float(b.cpp2), 2), round(float(b.ei), 2)) == (cpp, cpp2, ei)


@pytest.mark.parametrize(("year", "qpp", "qpip"), [(2025, 4_339.20, 484.12), (2026, 4_479.30, 442.90)])
def test_quebec_pays_qpp_and_qpip(year: int, qpp: float, qpip: float) -> None:
    # Retraite Quebec: 6.40% (2025) and 6.30% (2026) of 3,500 to the MPE; Revenu Quebec: QPIP 0.494% of 98,000
    # (2025) and 0.430% of 103,000 (2026).
    b = compute_tax(employment_income=200_000, province="QC", year=year)
    assert round(float(b.cpp), 2) == qpp
    assert round(float(b.qpip), 2) == qpip


@pytest.mark.parametrize(("year", "cpp", "cpp2"), [(2024, 7_735.00, 376.00), (2025, 8_068.20, 792.00),
                                                   (2026, 8_460.90, 832.00)])
def test_self_employed_pay_both_halves_of_cpp(year: int, cpp: float, cpp2: float) -> None:
    # ESDC quarterly statistics: the self-employed maximum contributions.
    b = compute_tax(self_employment_income=300_000, province="ON", year=year)
    assert round(float(b.cpp), 2) == cpp and round(float(b.cpp2), 2) == cpp2
    assert float(b.ei) == 0.0
    # Deducted (T1 lines 22200 and 22215): the employer half, the enhanced part of the employee half, all of CPP2.
    deducted = float(b.deductions["cpp_self_employed_employer_half"] + b.deductions["cpp_enhanced_and_cpp2"])
    assert deducted == pytest.approx(cpp / 2 + cpp / 2 * (0.01 / 0.0595) + cpp2)
    credit = next(c for c in b.federal.credits if c.code == "cpp_contributions")
    assert float(credit.amount) == pytest.approx(cpp / 2 * (0.0495 / 0.0595))


def test_2026_employee_federal_tax_follows_the_t4127_formula() -> None:
    """T4127 January 2026: T3 = R x A - K - K1 - K2 - K4 with Table 8.1's R = 20.5% and K = 3,804 for
    A between 58,523 and 117,045, K1 = 14% x 16,452, K2 = 14% x (base CPP + EI) and K4 = 14% x 1,501 (the
    Canada employment amount of Table 8.2)."""
    income = 95_000
    a = income - 711.00 - 416.00  # the enhanced CPP and CPP2 are deducted
    k2 = 0.14 * (3_519.45 + 1_123.07)
    expected = 0.205 * a - 3_804 - 0.14 * 16_452 - k2 - 0.14 * 1_501
    b = compute_tax(employment_income=income, province="ON", year=2026)
    assert float(b.federal_tax) == pytest.approx(expected, abs=0.01)
    assert [c.code for c in b.federal.credits][:4] == ["basic_personal_amount", "canada_employment_amount",
                                                       "cpp_contributions", "ei_premiums"]


def test_the_basic_personal_amount_shown_is_the_one_applied() -> None:
    # T4127 BPAF 2026: 16,452 - (NI - 181,440) x (1,623 / 77,042) between 181,440 and 258,482.
    b = compute_tax(other_income=220_000, province="ON", year=2026, include_payroll=False)
    bpa = next(c for c in b.federal.credits if c.code == "basic_personal_amount")
    assert float(bpa.amount) == pytest.approx(16_452 - (220_000 - 181_440) * 1_623 / 77_042, abs=0.01)
    top = compute_tax(other_income=300_000, province="YT", year=2026, include_payroll=False)
    assert float(top.federal.credits[0].amount) == 14_829 and float(top.provincial.credits[0].amount) == 14_829


def test_age_and_pension_income_amounts() -> None:
    """CRA lines 30100 and 31400 with the 2026 indexed amounts: the age amount of 9,208 falls by 15% of net income
    above 46,432; the pension income amount is the eligible pension income up to 2,000."""
    b = compute_tax(pension_income=30_000, other_income=30_000, age=70, province="ON", year=2026)
    credits = {c.code: float(c.amount) for c in b.federal.credits}
    assert credits["age_amount"] == pytest.approx(9_208 - 0.15 * (60_000 - 46_432))
    assert credits["pension_income_amount"] == 2_000
    young = compute_tax(pension_income=30_000, other_income=30_000, age=64, province="ON", year=2026)
    assert "age_amount" not in {c.code for c in young.federal.credits}
    assert float(young.federal_tax - b.federal_tax) == pytest.approx(0.14 * credits["age_amount"], abs=0.01)
    rich = compute_tax(other_income=110_000, age=70, province="ON", year=2026)
    assert all(c.code != "age_amount" or float(c.amount) == 0 for c in rich.federal.credits)


def test_dividend_tax_credits_and_gross_up() -> None:
    """CRA line 40425: eligible dividends are grossed up 38% with a federal credit of 15.0198% of the taxable
    amount; other dividends 15% and 9.0301%."""
    b = compute_tax(eligible_dividends=10_000, non_eligible_dividends=10_000, province="ON", year=2026)
    assert float(b.total_income) == pytest.approx(13_800 + 11_500)
    credits = {c.code: float(c.credit) for c in b.federal.credits}
    assert credits["dividend_tax_credit_eligible"] == pytest.approx(13_800 * 0.150198)
    assert credits["dividend_tax_credit_non_eligible"] == pytest.approx(11_500 * 0.090301)
    assert float(b.cash_income) == 20_000


def test_capital_gains_are_half_taxable_unless_told_otherwise() -> None:
    half = compute_tax(capital_gains=50_000, province="AB", year=2026)
    assert float(half.taxable_income) == 25_000
    two_thirds = compute_tax(capital_gains=60_000, capital_gains_inclusion_rate=2 / 3, province="AB", year=2026)
    assert float(two_thirds.taxable_income) == pytest.approx(40_000)


def test_taxable_income_is_an_input_in_its_own_right() -> None:
    given = compute_tax(taxable_income=80_000, province="ON", year=2026)
    same = compute_tax(other_income=80_000, province="ON", year=2026, include_payroll=False)
    assert float(given.income_tax) == pytest.approx(float(same.income_tax))
    assert float(given.cpp) == 0
    with pytest.raises(PlanningInputError) as both:
        compute_tax(taxable_income=80_000, employment_income=1, province="ON", year=2026)
    assert both.value.field == "taxable_income"


def test_provincial_extras_are_separate_lines() -> None:
    on = compute_tax(employment_income=120_000, province="ON", year=2026)
    assert [a.code for a in on.provincial.adjustments] == ["ontario_surtax", "ontario_tax_reduction",
                                                           "ontario_health_premium"]
    assert float(on.provincial.net_tax) == pytest.approx(float(on.provincial.basic_tax + on.ontario_surtax
                                                               - on.ontario_tax_reduction + on.ontario_health_premium))
    qc = compute_tax(employment_income=120_000, province="QC", year=2026)
    assert [a.code for a in qc.federal.adjustments] == ["quebec_abatement"]
    assert "ei_premiums" in {c.code for c in qc.federal.credits}  # EI and QPIP premiums, federally
    bc = compute_tax(employment_income=30_000, province="BC", year=2026)
    assert [a.code for a in bc.provincial.adjustments] == ["bc_tax_reduction"]


def test_oas_recovery_tax_is_computed_and_deducted() -> None:
    # canada.ca: 15% of net income above 95,323 (income year 2026), deducted on line 23500.
    b = compute_tax(other_income=111_092.28, oas_income=8_907.72, age=70, province="ON", year=2026)
    assert float(b.oas_recovery_tax) == pytest.approx(0.15 * (120_000 - 95_323))
    assert float(b.net_income) == pytest.approx(120_000 - 0.15 * (120_000 - 95_323))
    assert float(b.total_tax) == pytest.approx(float(b.income_tax + b.oas_recovery_tax))


def test_pension_splitting_moves_income_and_the_pension_credit() -> None:
    """Up to half of eligible pension income can be split (CRA line 21000 / T1032); the spouse who receives it
    claims the pension income amount on it."""
    alone = compute_tax(pension_income=90_000, age=70, province="ON", year=2026)
    split = compute_tax(pension_income=90_000, pension_split_out=45_000, age=70, province="ON", year=2026)
    spouse = compute_tax(pension_split_in=45_000, age=68, province="ON", year=2026)
    assert float(split.net_income) == 45_000 and float(spouse.net_income) == 45_000
    assert {c.code: float(c.amount) for c in spouse.federal.credits}["pension_income_amount"] == 2_000
    assert float(split.income_tax + spouse.income_tax) < float(alone.income_tax)
    with pytest.raises(PlanningInputError) as err:
        compute_tax(pension_income=90_000, pension_split_out=45_001, province="ON", year=2026)
    assert err.value.field == "pension_split_out"


def test_best_pension_split_is_the_lowest_combined_tax() -> None:
    a = {"pension_income": 90_000.0, "cpp_income": 15_000.0, "age": 70}
    b = {"cpp_income": 6_000.0, "age": 68}
    best = best_pension_split(a, b, province_a="ON", province_b="ON", year=2026)
    assert best.transferor == "a" and 0 < best.amount <= 45_000 and best.saving > 1_000

    def couple(amount: float) -> float:
        ta = compute_tax(**a, province="ON", year=2026, pension_split_out=amount)  # type: ignore[arg-type]
        tb = compute_tax(**b, province="ON", year=2026, pension_split_in=amount)  # type: ignore[arg-type]
        return float(ta.total_tax + tb.total_tax)

    assert couple(best.amount) == pytest.approx(best.tax_with)
    assert all(couple(x) >= best.tax_with - 0.01 for x in np.linspace(0, 45_000, 91))
