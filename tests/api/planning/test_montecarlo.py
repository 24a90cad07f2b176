"""Monte Carlo: seeded runs repeat exactly, a higher withdrawal never raises success, the withdrawal rules
behave as defined, the solve-for finds the edge, and the FI-date distribution."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.planning.errors import PlanningInputError
from api.planning.montecarlo import (
    PERCENTILES,
    MarketAssumptions,
    SimulationInputs,
    percentiles,
    run_paths,
    simulate,
    solve_spending,
)
from api.planning.withdrawal import WithdrawalRule


def _inputs(**kw: object) -> SimulationInputs:
    base: dict[str, object] = {"initial_balance": 1_000_000.0, "years": 30, "paths": 2_000, "seed": 11}
    return SimulationInputs(**{**base, **kw})  # type: ignore[arg-type]


@pytest.mark.parametrize("model", ["normal", "bootstrap", "historical"])
@pytest.mark.parametrize("steps", [1, 12])
def test_a_seeded_run_repeats_exactly(model: str, steps: int) -> None:
    inputs = _inputs(market=MarketAssumptions(model=model), steps_per_year=steps,  # type: ignore[arg-type]
                     rule=WithdrawalRule(kind="guyton_klinger"))
    first, second = simulate(inputs), simulate(inputs)
    assert first.success_rate == second.success_rate
    assert first.bands == second.bands
    assert first.spending_bands == second.spending_bands
    other = simulate(_inputs(market=MarketAssumptions(model=model), steps_per_year=steps, seed=12,  # type: ignore[arg-type]
                             rule=WithdrawalRule(kind="guyton_klinger")))
    assert other.bands != first.bands


@settings(max_examples=25, deadline=None)
@given(low=st.floats(10_000, 80_000), more=st.floats(1, 40_000), model=st.sampled_from(["normal", "bootstrap"]),
       kind=st.sampled_from(["constant_dollar", "constant_percentage"]), seed=st.integers(0, 2**32 - 1))
def test_a_higher_withdrawal_never_raises_success(low: float, more: float, model: str, kind: str,
                                                  seed: int) -> None:
    def success(amount: float) -> float:
        rule = (WithdrawalRule(kind="constant_dollar", initial_amount=amount) if kind == "constant_dollar"
                else WithdrawalRule(kind="constant_percentage", initial_rate=amount / 1_000_000,
                                    floor=amount * 0.8))
        return simulate(_inputs(paths=400, seed=seed, rule=rule, market=MarketAssumptions(model=model))).success_rate  # type: ignore[arg-type]

    assert success(low + more) <= success(low)


def test_constant_dollar_withdraws_the_same_real_amount_every_year() -> None:
    result = simulate(_inputs(rule=WithdrawalRule(kind="constant_dollar", initial_rate=0.04)))
    for p in PERCENTILES:
        assert result.spending_bands[p][0] == pytest.approx(40_000)
    # Paths that survive keep spending 40,000 real; the median year-30 spending is still 40,000.
    assert result.spending_bands[50][-1] == pytest.approx(40_000)


def test_guardrails_cut_in_bad_markets_and_raise_in_good_ones() -> None:
    result = simulate(_inputs(rule=WithdrawalRule(kind="guyton_klinger", initial_rate=0.05)))
    assert result.spending_bands[10][-1] < 50_000 < result.spending_bands[90][-1]


def test_floors_and_ceilings_bound_spending() -> None:
    rule = WithdrawalRule(kind="constant_percentage", initial_rate=0.05, floor=35_000, ceiling=60_000)
    result = simulate(_inputs(rule=rule))
    spending = np.array([result.spending_bands[p] for p in PERCENTILES])
    assert spending.min() >= 35_000 - 1e-6 and spending.max() <= 60_000 + 1e-6


def test_vpw_spends_everything_by_the_last_year() -> None:
    rule = WithdrawalRule(kind="vpw", vpw_real_return=0.04)
    result = simulate(_inputs(rule=rule, market=MarketAssumptions(model="historical")))
    assert result.median_ending_balance == pytest.approx(0, abs=1e-6)
    # The first year withdraws the VPW share of the whole balance: PMT(4%, 30, -1, when=begin).
    share = 0.04 / (1 - 1.04 ** -30) / 1.04
    assert result.spending_bands[50][0] == pytest.approx(share * 1_000_000)


@pytest.mark.parametrize("rate", [0.0, 0.04])
def test_vpw_emptying_the_account_in_its_last_year_is_not_a_failure(rate: float) -> None:
    result = simulate(_inputs(rule=WithdrawalRule(kind="vpw", vpw_real_return=rate), steps_per_year=1))
    assert result.success_rate == 1.0
    assert result.depleted_share_by_year[-1] == pytest.approx(1.0)


def test_deterministic_market_matches_the_closed_form() -> None:
    """With a constant 5% return and 2% inflation, a 4% constant-dollar plan's balance follows the recurrence."""
    inputs = _inputs(paths=3, years=10)
    returns, inflation = np.full((10, 3), 0.05), np.full((10, 3), 0.02)
    result = run_paths(inputs, returns, inflation)
    balance, price = 1_000_000.0, 1.0
    for _ in range(10):
        balance = (balance - 40_000 * price) * 1.05
        price *= 1.02
    assert result.median_ending_balance == pytest.approx(balance / price)
    assert result.success_rate == 1.0


def test_solve_for_finds_the_highest_spending_with_the_target_success() -> None:
    inputs = _inputs(paths=1_000)
    found = solve_spending(inputs, 0.9)
    assert found.success_rate >= 0.9
    from dataclasses import replace
    above = simulate(replace(inputs, rule=WithdrawalRule(initial_amount=found.initial_amount + 50)))
    at = simulate(replace(inputs, rule=WithdrawalRule(initial_amount=found.initial_amount)))
    assert at.success_rate >= 0.9 > above.success_rate
    assert 30_000 < found.initial_amount < 60_000


def test_accumulation_gives_a_distribution_of_the_fi_date() -> None:
    result = simulate(_inputs(initial_balance=50_000, years=50, accumulation_years=25, annual_contribution=25_000,
                              fi_target=1_000_000))
    assert result.fi_reached_share is not None and 0.5 < result.fi_reached_share <= 1
    p = result.fi_year_percentiles
    assert p[10] is not None and p[90] is not None and p[10] <= p[50] <= p[90]  # type: ignore[operator]


def test_percentiles_match_numpy() -> None:
    values = np.random.default_rng(3).lognormal(size=(5, 1_001))
    assert np.allclose(percentiles(values), np.percentile(values, PERCENTILES, axis=1))


def test_bad_inputs_name_the_field() -> None:
    with pytest.raises(PlanningInputError) as years:
        simulate(_inputs(years=0))
    assert years.value.field == "years"
    with pytest.raises(PlanningInputError) as rate:
        simulate(_inputs(market=MarketAssumptions(stock_mean=1.5)))
    assert rate.value.field == "market.stock_mean"


def test_simulations_too_large_for_memory_are_refused() -> None:
    with pytest.raises(PlanningInputError) as err:
        simulate(_inputs(paths=50_000, years=60, steps_per_year=12))
    assert err.value.field == "paths"
