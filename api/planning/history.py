"""Market history and backtests over every start year (or a window of start years).

Two records, each with its README in the data folder:
- `data/us_annual_returns.csv`: US stocks (S&P Composite total return), 10-year Treasury total return and
  CPI inflation, January to January, 1871-2025, from Robert J. Shiller's data. The default.
- `data/us_bond_series.csv`: Aswath Damodaran's calendar-year series, 1928-2025: the S&P 500 with
  dividends, 3-month Treasury bills, 10-year Treasuries, Moody's Baa corporate bonds and CPI. A backtest that
  picks one of these bond legs takes its stocks and inflation from the same record, so every year lines up.

No Canadian series long enough for backtests was found in public material, so Canadian plans use the US
series until one is added to the data folder.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Literal

import numpy as np
import numpy.typing as npt

from api.planning.errors import PlanningInputError

Array = npt.NDArray[np.float64]
SOURCE = ("Robert J. Shiller, ie_data.xls (http://www.econ.yale.edu/~shiller/data.htm): S&P Composite total "
          "return, 10-year Treasury total return and CPI, January to January")
DAMODARAN = ("Aswath Damodaran, Historical Returns on Stocks, Bonds and Bills (histretSP.xls, January 2026): "
             "S&P 500 with dividends, {bonds} and CPI, calendar years")
BondSeries = Literal["treasury_10y", "treasury_10y_calendar", "corporate_baa", "treasury_bills"]
BOND_SERIES: dict[str, tuple[str, str]] = {
    "treasury_10y_calendar": ("treasury_10y_tr_damodaran", "10-year Treasury total return"),
    "corporate_baa": ("baa_corporate_tr", "Moody's Baa corporate bond total return"),
    "treasury_bills": ("tbill_3m", "3-month Treasury bills (the year's average yield)"),
}


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


@lru_cache
def load_history(bond_series: BondSeries = "treasury_10y") -> HistoricalSeries:
    """Shiller's record for 10-year Treasuries (the default), or Damodaran's with the bond leg asked for."""
    if bond_series == "treasury_10y":
        return load_us_history()
    if bond_series not in BOND_SERIES:
        raise PlanningInputError("bond_series", f"use one of treasury_10y, {', '.join(BOND_SERIES)}")
    column, label = BOND_SERIES[bond_series]
    text = resources.files("api.planning").joinpath("data", "us_bond_series.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    return HistoricalSeries(
        name=f"us_damodaran_{bond_series}", source=DAMODARAN.format(bonds=label),
        years=np.array([int(r["year"]) for r in rows], dtype=np.int64),
        stocks=np.array([float(r["sp500_tr_damodaran"]) for r in rows]),
        bonds=np.array([float(r[column]) for r in rows]),
        inflation=np.array([float(r["cpi_inflation_damodaran"]) for r in rows]))
