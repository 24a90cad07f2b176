"""Backtests over every start year of the Shiller history, checked against a plain loop over the CSV."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from api.planning import history
from api.planning.montecarlo import MarketAssumptions, SimulationInputs
from api.planning.withdrawal import WithdrawalRule

CSV = Path(history.__file__).parent / "data" / "us_annual_returns.csv"


def test_the_series_covers_1871_to_2025_without_gaps() -> None:
    series = history.load_us_history()
    assert series.years[0] == 1871 and series.years[-1] == 2025
    assert list(series.years) == list(range(1871, 2026))
    # Geometric means stated in the data README: stocks 9.36%, bonds 4.60%, CPI 2.13%.
    n = series.years.size
    assert (1 + series.stocks).prod() ** (1 / n) - 1 == pytest.approx(0.0936, abs=0.00005)
    assert (1 + series.bonds).prod() ** (1 / n) - 1 == pytest.approx(0.0460, abs=0.00005)
    assert (1 + series.inflation).prod() ** (1 / n) - 1 == pytest.approx(0.0213, abs=0.00005)


def test_backtest_runs_every_start_year_and_matches_a_plain_loop() -> None:
    inputs = SimulationInputs(initial_balance=1_000_000, years=30, market=MarketAssumptions(stock_share=0.6),
                              rule=WithdrawalRule(kind="constant_dollar", initial_rate=0.04))
    result = history.backtest(inputs)
    assert result.start_years == 126 and result.first_start == 1871 and result.last_start == 1996
    rows = list(csv.DictReader(CSV.open()))
    by_year = {int(r["year"]): r for r in rows}

    def plain(start: int) -> float:
        balance, price = 1_000_000.0, 1.0
        for y in range(start, start + 30):
            r = by_year[y]
            balance = max(balance - 40_000 * price, 0.0)
            balance *= 1 + 0.6 * float(r["sp_composite_tr_nominal"]) + 0.4 * float(r["bond10_tr_nominal"])
            price *= 1 + float(r["cpi_inflation_jan_to_jan"])
        return balance / price

    for row in result.results[::25] + [r for r in result.results if r.start_year == 1966]:
        assert row.ending_balance == pytest.approx(plain(row.start_year), rel=1e-9, abs=1e-6)
    wins = sum(plain(y) > 0 for y in range(1871, 1997))
    assert result.success_rate == pytest.approx(wins / 126)
    assert 0.9 < result.success_rate < 1.0


def test_a_lower_withdrawal_rate_never_fails_more_often() -> None:
    def rate(r: float) -> float:
        return history.backtest(SimulationInputs(initial_balance=1_000_000, years=30,
                                                 rule=WithdrawalRule(initial_rate=r))).success_rate

    assert rate(0.03) >= rate(0.04) >= rate(0.05) >= rate(0.06)
    assert rate(0.03) == 1.0
