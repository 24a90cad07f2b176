"""Investment growth against spreadsheet FV, PMT and NPER (numpy-financial), with fees and inflation."""

from __future__ import annotations

import numpy_financial as npf
import pytest

from api.planning.investment import future_value


def test_fv_matches_a_spreadsheet() -> None:
    # =FV(0.5%, 360, -500, -10000) = 562,483.27
    result = future_value(initial=10_000, contribution=500, years=30, annual_return=0.06, nominal_rate=True)
    assert round(result.future_value, 2) == 562_483.27
    assert result.future_value == pytest.approx(npf.fv(0.005, 360, -500, -10_000), abs=0.005)


@pytest.mark.parametrize("timing", ["end", "begin"])
@pytest.mark.parametrize("periods", [1, 12, 26])
def test_fv_matches_numpy_financial_at_the_effective_period_rate(timing: str, periods: int) -> None:
    result = future_value(initial=25_000, contribution=300, years=20, annual_return=0.07, periods_per_year=periods,
                          timing=timing)  # type: ignore[arg-type]
    rate = 1.07 ** (1 / periods) - 1
    expected = npf.fv(rate, 20 * periods, -300, -25_000, when=timing)
    assert result.future_value == pytest.approx(expected, rel=1e-9)
    assert result.total_growth == pytest.approx(expected - 25_000 - 300 * 20 * periods, rel=1e-9)


def test_required_contribution_and_time_match_pmt_and_nper() -> None:
    result = future_value(initial=10_000, contribution=500, years=30, annual_return=0.06, nominal_rate=True,
                          target=1_000_000)
    assert result.required_contribution == pytest.approx(-npf.pmt(0.005, 360, -10_000, 1_000_000), abs=0.005)
    assert result.periods_to_target == pytest.approx(npf.nper(0.005, -500, -10_000, 1_000_000), rel=1e-9)


def test_fees_and_inflation() -> None:
    gross = future_value(initial=100_000, contribution=0, years=25, annual_return=0.06, periods_per_year=1)
    net = future_value(initial=100_000, contribution=0, years=25, annual_return=0.06, periods_per_year=1, mer=0.02,
                       inflation=0.02)
    assert net.future_value == pytest.approx(100_000 * (1.06 * 0.98) ** 25)
    assert net.fees_cost == pytest.approx(gross.future_value - net.future_value)
    assert net.future_value_real == pytest.approx(100_000 * (1.06 * 0.98 / 1.02) ** 25)


def test_contributions_grow_once_a_year() -> None:
    result = future_value(initial=0, contribution=1_000, years=3, annual_return=0.0, periods_per_year=12,
                          contribution_growth=0.1)
    assert result.total_contributions == pytest.approx(12_000 + 13_200 + 14_520)
    assert [y.contributions for y in result.schedule] == pytest.approx([12_000, 25_200, 39_720])
