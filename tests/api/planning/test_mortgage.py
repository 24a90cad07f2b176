"""Canadian mortgages: semi-annual compounding against a bank's published payment, CMHC premiums, the
stress test, schedules and prepayments."""

from __future__ import annotations

import numpy_financial as npf
import pytest

from api.planning import mortgage
from api.planning.errors import PlanningInputError


def test_monthly_payment_matches_the_published_example() -> None:
    # 500,000 at 5% (compounded semi-annually, as Canadian banks quote fixed rates) over 25 years: $2,908.02.
    result = mortgage.mortgage(principal=500_000, annual_rate=0.05, amortization_years=25)
    assert round(result.payment, 2) == 2908.02
    assert result.periodic_rate == pytest.approx(1.025 ** (1 / 6) - 1)
    assert result.payoff_periods == 300


def test_payments_match_published_canadian_calculators() -> None:
    # bronsonjob.com (BC Real Estate Codex): $800,000 at 5.5% over 25 years -> $4,883.13 a month, total interest
    # $664,939.56, $713,500 left after year 5, $206,488 of interest paid through year 5.
    big = mortgage.mortgage(principal=800_000, annual_rate=0.055, amortization_years=25)
    assert round(big.payment, 2) == 4883.13
    assert round(big.total_interest, 2) == 664_939.56
    assert round(big.schedule[4].ending_balance) == 713_500
    assert round(sum(y.interest for y in big.schedule[:5])) == 206_488
    # thomas-goebel.ca: $300,000 at 4% over 30 years -> $1,426.56 (Canadian semi-annual compounding).
    assert round(mortgage.payment(300_000, 0.04, 30, "monthly"), 2) == 1426.56


def test_payment_equals_spreadsheet_pmt_at_the_equivalent_rate() -> None:
    for frequency, n in (("monthly", 12), ("semi_monthly", 24), ("bi_weekly", 26), ("weekly", 52)):
        rate = (1 + 0.0479 / 2) ** (2 / n) - 1
        expected = -npf.pmt(rate, 30 * n, 420_000)
        assert mortgage.payment(420_000, 0.0479, 30, frequency) == pytest.approx(expected, abs=0.005)  # type: ignore[arg-type]


def test_accelerated_bi_weekly_is_half_the_monthly_and_pays_off_sooner() -> None:
    monthly = mortgage.mortgage(principal=500_000, annual_rate=0.05, amortization_years=25)
    fast = mortgage.mortgage(principal=500_000, annual_rate=0.05, amortization_years=25,
                             frequency="accelerated_bi_weekly")
    assert fast.payment == pytest.approx(monthly.payment / 2)
    assert fast.payoff_years < 22.5
    assert fast.total_interest < monthly.total_interest


def test_schedule_repays_the_principal_and_prepayments_shorten_it() -> None:
    plain = mortgage.mortgage(principal=300_000, annual_rate=0.045, amortization_years=25)
    assert sum(y.principal for y in plain.schedule) == pytest.approx(300_000, abs=0.01)
    assert plain.schedule[-1].ending_balance == pytest.approx(0, abs=0.01)
    assert plain.total_paid == pytest.approx(300_000 + plain.total_interest, abs=0.01)
    extra = mortgage.mortgage(principal=300_000, annual_rate=0.045, amortization_years=25, annual_prepayment=10_000)
    assert extra.payoff_years < plain.payoff_years
    assert extra.total_interest < plain.total_interest
    assert sum(y.principal + y.prepayments for y in extra.schedule) == pytest.approx(300_000, abs=0.01)


def test_cmhc_premium_below_20_percent_down() -> None:
    result = mortgage.mortgage(price=600_000, down_payment=60_000, annual_rate=0.05, amortization_years=25)
    assert result.cmhc is not None and result.cmhc.required
    assert result.cmhc.minimum_down_payment == 35_000  # 5% of 500k + 10% of 100k
    assert result.cmhc.premium_rate == pytest.approx(0.031)
    assert result.principal == pytest.approx(540_000 * 1.031)
    thirty = mortgage.cmhc_premium(price=400_000, down_payment=20_000, amortization_years=30)
    assert thirty.premium_rate == pytest.approx(0.042)
    none = mortgage.cmhc_premium(price=400_000, down_payment=80_000, amortization_years=25)
    assert not none.required and none.premium == 0


def test_cmhc_says_when_a_down_payment_cannot_be_insured() -> None:
    small = mortgage.cmhc_premium(price=600_000, down_payment=30_000, amortization_years=25)
    assert small.required and not small.insurable and small.premium == 0
    assert small.note is not None and "35,000.00" in small.note
    dear = mortgage.cmhc_premium(price=1_600_000, down_payment=200_000, amortization_years=25)
    assert dear.required and not dear.insurable and dear.minimum_down_payment == 320_000


def test_nothing_borrowed_is_all_zeros_and_negative_input_names_the_field() -> None:
    empty = mortgage.mortgage(annual_rate=0.05, amortization_years=25)
    assert empty.payment == 0 and empty.total_interest == 0 and empty.schedule == []
    with pytest.raises(PlanningInputError) as err:
        mortgage.mortgage(principal=-1, annual_rate=0.05, amortization_years=25)
    assert err.value.field == "principal"


@pytest.mark.parametrize(("rate", "qualifying"), [(0.02, 0.0525), (0.0325, 0.0525), (0.05, 0.07)])
def test_stress_test_rate(rate: float, qualifying: float) -> None:
    assert mortgage.qualifying_rate(rate) == pytest.approx(qualifying)


def test_monthly_compounding_for_variable_rates_helocs_and_us_loans() -> None:
    # Spreadsheet PMT(6%/12, 300, -300000) = $1,932.90: a loan whose rate compounds monthly.
    monthly = mortgage.mortgage(principal=300_000, annual_rate=0.06, amortization_years=25, compounding="monthly")
    assert round(monthly.payment, 2) == 1932.90
    assert monthly.periodic_rate == pytest.approx(0.005)
    # The same nominal rate compounded semi-annually (a Canadian fixed rate) costs a little less.
    fixed = mortgage.mortgage(principal=300_000, annual_rate=0.06, amortization_years=25)
    assert round(fixed.payment, 2) == round(-npf.pmt(1.03 ** (1 / 6) - 1, 300, 300_000), 2) < 1932.90
