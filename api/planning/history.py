"""Market history and backtests over every start year.

The series is `data/us_annual_returns.csv`: US stocks (S&P Composite total return), 10-year Treasury
total return and CPI inflation, January to January, 1871-2025, derived from Robert J. Shiller's data (the
README beside it gives the sources). No Canadian series long enough for backtests was found in public
material, so Canadian plans use the US series until one is added to the data folder.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from api.planning.errors import PlanningInputError

if TYPE_CHECKING:
    from api.planning.montecarlo import SimulationInputs

Array = npt.NDArray[np.float64]
SOURCE = ("Robert J. Shiller, ie_data.xls (http://www.econ.yale.edu/~shiller/data.htm): S&P Composite total "
          "return, 10-year Treasury total return and CPI, January to January")


@dataclass(frozen=True)
class HistoricalSeries:
    name: str
    source: str
    years: npt.NDArray[np.int64]
    stocks: Array
    bonds: Array
    inflation: Array

    def estimates(self) -> dict[str, float]:
        return {
            "stock_mean": float(self.stocks.mean()), "stock_sd": float(self.stocks.std(ddof=1)),
            "bond_mean": float(self.bonds.mean()), "bond_sd": float(self.bonds.std(ddof=1)),
            "correlation": float(np.corrcoef(self.stocks, self.bonds)[0, 1]),
            "inflation_mean": float(self.inflation.mean()), "inflation_sd": float(self.inflation.std(ddof=1)),
        }


@lru_cache
def load_us_history() -> HistoricalSeries:
    text = resources.files("api.planning").joinpath("data", "us_annual_returns.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    return HistoricalSeries(
        name="us_shiller", source=SOURCE,
        years=np.array([int(r["year"]) for r in rows], dtype=np.int64),
        stocks=np.array([float(r["sp_composite_tr_nominal"]) for r in rows]),
        bonds=np.array([float(r["bond10_tr_nominal"]) for r in rows]),
        inflation=np.array([float(r["cpi_inflation_jan_to_jan"]) for r in rows]))


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


def backtest(inputs: SimulationInputs, history: HistoricalSeries | None = None) -> BacktestResult:
    """Runs the plan from every start year whose whole horizon lies inside the record (no wrap-around)."""
    from api.planning.montecarlo import SimulationInputs as Sim
    from api.planning.montecarlo import gross_steps, run_gross

    history = history or load_us_history()
    starts = history.years.size - inputs.years + 1
    if starts < 1:
        raise PlanningInputError("years", f"the history holds {history.years.size} years; ask for fewer")
    trial = Sim(**{**inputs.__dict__, "paths": int(starts)})
    trial.validate()
    w = inputs.market.stock_share
    idx = np.arange(starts)[None, :] + np.arange(inputs.years)[:, None]
    annual_r = (w * history.stocks + (1 - w) * history.bonds)[idx]
    if inputs.market.fee:
        annual_r = (1 + annual_r) * (1 - inputs.market.fee) - 1
    growth, price_growth = gross_steps(annual_r, history.inflation[idx], inputs.steps_per_year)
    result = run_gross(trial, growth, price_growth, keep_paths=True)
    detail = result.per_path
    assert detail is not None
    ending = detail.ending_real
    order = np.argsort(ending)
    rows = [StartYearResult(start_year=int(history.years[i]), success=not bool(detail.short[i]),
                            ending_balance=float(ending[i]), lowest_balance=float(detail.lowest_real[i]),
                            first_year_withdrawal=float(detail.first_withdrawal_real[i]),
                            lowest_withdrawal=float(detail.lowest_withdrawal_real[i]))
            for i in range(starts)]
    worst = int(order[0])
    return BacktestResult(success_rate=result.success_rate, start_years=int(starts),
                          first_start=int(history.years[0]), last_start=int(history.years[starts - 1]),
                          worst_start_year=int(history.years[worst]), worst_ending_balance=float(ending[worst]),
                          median_ending_balance=float(np.median(ending)), results=rows, source=history.source)
