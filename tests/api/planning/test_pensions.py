"""CPP, OAS and RRIF figures against the published rules and tables."""

from __future__ import annotations

import math

import pytest

from api.planning import pensions
from api.planning.errors import PlanningInputError


@pytest.mark.parametrize(("age", "factor"), [(60, 0.64), (62.5, 0.82), (65, 1.0), (66, 1.084), (70, 1.42)])
def test_cpp_adjusts_0_6_percent_a_month_early_and_0_7_late(age: float, factor: float) -> None:
    cpp = pensions.cpp_pension(start_age=age, year=2026)
    assert cpp.adjustment == pytest.approx(factor)
    assert cpp.monthly == pytest.approx(1507.65 * factor)


def test_cpp_break_even_ages() -> None:
    assert pensions.cpp_pension(start_age=60, year=2025).break_even_age_vs_65 == pytest.approx(73.89, abs=0.01)
    assert pensions.cpp_pension(start_age=70, year=2025).break_even_age_vs_65 == pytest.approx(81.90, abs=0.01)
    assert pensions.cpp_pension(start_age=65, year=2025, monthly_at_65=1000).break_even_age_vs_65 is None


def test_oas_break_even_ages() -> None:
    # Deferred to 70, OAS pays 36% more (0.6% a month): the extra catches up with five years missed at 70 * 1.36 - 65
    # over 0.36, about age 83.9
    assert pensions.oas_pension(start_age=70, year=2025, net_income=0).break_even_age_vs_65 == pytest.approx(
        (70 * 1.36 - 65) / 0.36, abs=0.01)
    assert pensions.oas_pension(start_age=65, year=2025, net_income=0).break_even_age_vs_65 is None


def test_cpp_outside_60_to_70_names_the_field() -> None:
    with pytest.raises(PlanningInputError) as err:
        pensions.cpp_pension(start_age=59, year=2025)
    assert err.value.field == "start_age"


def test_oas_deferral_and_recovery_tax() -> None:
    at_70 = pensions.oas_pension(start_age=70, year=2025, net_income=50_000)
    assert at_70.deferral_increase == pytest.approx(0.36)
    assert at_70.monthly == pytest.approx(727.67 * 1.36)
    clawed = pensions.oas_pension(start_age=65, year=2025, net_income=100_000)
    assert clawed.recovery_tax == pytest.approx(0.15 * (100_000 - 93_454))
    gone = pensions.oas_pension(start_age=65, year=2025, net_income=160_000)
    assert gone.annual_net == 0
    partial = pensions.oas_pension(start_age=65, year=2026, net_income=0, years_in_canada_after_18=20)
    assert partial.monthly == pytest.approx(742.31 / 2)


@pytest.mark.parametrize(("year", "full_recovery"), [(2025, 151_668), (2026, 154_708)])
def test_oas_is_fully_recovered_at_the_published_income(year: int, full_recovery: float) -> None:
    just_below = pensions.oas_pension(start_age=65, year=year, net_income=full_recovery - 10)
    at = pensions.oas_pension(start_age=65, year=year, net_income=full_recovery + 1)
    assert 0 < just_below.annual_net < 2
    assert at.annual_net == 0


@pytest.mark.parametrize(("age", "factor"), [(65, 0.04), (70, 0.05), (71, 0.0528), (80, 0.0682), (94, 0.1879),
                                             (95, 0.20), (101, 0.20)])
def test_rrif_factors_match_the_cra_chart(age: int, factor: float) -> None:
    assert pensions.rrif_factor(age) == pytest.approx(factor)


def test_rrif_schedule_withdraws_the_minimum_then_grows_the_rest() -> None:
    rows = pensions.rrif_schedule(age=71, balance=100_000, annual_return=0.05, years=2)
    assert rows[0].minimum == pytest.approx(5_280)
    assert rows[1].start_balance == pytest.approx((100_000 - 5_280) * 1.05)
    assert rows[1].minimum == pytest.approx(rows[1].start_balance * 0.0540)


@pytest.mark.parametrize(("year", "age", "start", "full"), [
    # ESDC quarterly statistics footnote 7 (2025, 2026) and canada.ca's OAS recovery tax page (income year 2024):
    # the recovery tax starts at the threshold and takes all of the maximum OAS at the upper figure.
    (2024, 70, 90_997, 148_065), (2024, 80, 90_997, 153_771), (2025, 66, 93_454, 151_668),
    (2025, 75, 93_454, 157_490), (2026, 74, 95_323, 154_708), (2026, 90, 95_323, 160_647)])
def test_oas_shows_both_recovery_thresholds_for_the_age(year: int, age: int, start: float, full: float) -> None:
    r = pensions.oas_pension(start_age=65, year=year, net_income=0, age=age)
    assert r.recovery_threshold == start and r.full_recovery_threshold == full
    assert r.age_band == ("75_plus" if age >= 75 else "65_74")
    # ESDC's upper threshold is the lower one plus 12 months of the maximum / 15%, rounded up to the dollar.
    assert math.ceil(r.recovery_threshold + r.annual_gross / 0.15) == full
    assert pensions.oas_pension(start_age=65, year=year, net_income=full + 1, age=age).annual_net == 0


def test_oas_for_75_and_over_is_ten_percent_higher_and_2024_amounts_exist() -> None:
    # Maximum monthly OAS, January-March 2024: $713.34 (65-74) and $784.67 (75+).
    assert pensions.oas_pension(start_age=65, year=2024, net_income=0, age=70).monthly == pytest.approx(713.34)
    assert pensions.oas_pension(start_age=65, year=2024, net_income=0, age=76).monthly == pytest.approx(784.67)


def test_cpp_maximum_for_2024() -> None:
    # ESDC: maximum monthly retirement pension at 65, new in January 2024: $1,364.60.
    assert pensions.cpp_pension(start_age=65, year=2024).monthly == pytest.approx(1_364.60)
