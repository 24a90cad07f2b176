"""Backtests: a plan replayed from every start year (or a window of start years) of a market record, each start
year one path of the Monte Carlo engine, with no wrap-around."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from api.planning.errors import PlanningInputError
from api.planning.history import HistoricalSeries, load_us_history
from api.planning.montecarlo import SimulationInputs, gross_steps, run_gross


@dataclass(frozen=True)
class StartYearResult:
    start_year: int
    success: bool
    ending_balance: float  # today's dollars of the start year
    lowest_balance: float
    first_year_withdrawal: float
    lowest_withdrawal: float


@dataclass(frozen=True)
class BacktestResult:
    success_rate: float
    start_years: int
    first_start: int
    last_start: int
    worst_start_year: int
    worst_ending_balance: float
    median_ending_balance: float
    results: list[StartYearResult]
    source: str


def backtest(inputs: SimulationInputs, history: HistoricalSeries | None = None, *,
             first_start_year: int | None = None, last_start_year: int | None = None) -> BacktestResult:
    """Runs the plan from every start year whose whole horizon lies inside the record (no wrap-around), or
    from those between `first_start_year` and `last_start_year` (both included)."""
    history = history or load_us_history()
    count = history.years.size - inputs.years + 1
    if count < 1:
        raise PlanningInputError("years", f"the history holds {history.years.size} years; ask for fewer")
    first_year, last_year = int(history.years[0]), int(history.years[count - 1])
    low = first_year if first_start_year is None else first_start_year
    high = last_year if last_start_year is None else last_start_year
    for field, value in (("first_start_year", first_start_year), ("last_start_year", last_start_year)):
        if value is not None and not first_year <= value <= last_year:
            raise PlanningInputError(field, f"start years with a whole {inputs.years}-year horizon in this record "
                                            f"run from {first_year} to {last_year}")
    if low > high:
        raise PlanningInputError("last_start_year", "must not be before first_start_year")
    chosen = np.arange(low - first_year, high - first_year + 1)
    starts = chosen.size
    trial = SimulationInputs(**{**inputs.__dict__, "paths": int(starts)})
    trial.validate()
    w = inputs.market.stock_share
    idx = chosen[None, :] + np.arange(inputs.years)[:, None]
    annual_r = (w * history.stocks + (1 - w) * history.bonds)[idx]
    if inputs.market.fee:
        annual_r = (1 + annual_r) * (1 - inputs.market.fee) - 1
    growth, price_growth = gross_steps(annual_r, history.inflation[idx], inputs.steps_per_year)
    result = run_gross(trial, growth, price_growth, keep_paths=True)
    detail = result.per_path
    assert detail is not None
    ending = detail.ending_real
    order = np.argsort(ending)
    rows = [StartYearResult(start_year=int(history.years[chosen[i]]), success=not bool(detail.short[i]),
                            ending_balance=float(ending[i]), lowest_balance=float(detail.lowest_real[i]),
                            first_year_withdrawal=float(detail.first_withdrawal_real[i]),
                            lowest_withdrawal=float(detail.lowest_withdrawal_real[i]))
            for i in range(starts)]
    worst = int(order[0])
    return BacktestResult(success_rate=result.success_rate, start_years=int(starts),
                          first_start=low, last_start=high,
                          worst_start_year=int(history.years[chosen[worst]]), worst_ending_balance=float(ending[worst]),
                          median_ending_balance=float(np.median(ending)), results=rows, source=history.source)
