"""The household plan under uncertain markets: the same plan (its cash flows, taxes, room and cost base tracked
inside every path) run over simulated markets (Monte Carlo) and over every stretch of market history
(backtest). Each answers one question, said in its `question`.

Markets are real (after-inflation) yearly returns of a 60/40 stock/bond mix. The Monte Carlo draws them from a
normal model whose median path grows at the plan's own return (so the deterministic plan is its middle), with the
volatility of Shiller's 60/40 real returns since 1871. The backtest replays Shiller's 60/40 real returns and
inflation from every start year whose whole horizon is recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from api.planning.history import SOURCE as SHILLER
from api.planning.history import load_us_history
from api.planning.household import Engine, HouseholdInputs, Market

Array = npt.NDArray[np.float64]
STOCK_SHARE = 0.6
PERCENTILES = (10, 25, 50, 75, 90)


@lru_cache
def _history_mix() -> tuple[npt.NDArray[np.int64], Array, Array]:
    """(years, real return of the 60/40 mix, inflation) from Shiller's record."""
    h = load_us_history()
    nominal = STOCK_SHARE * h.stocks + (1 - STOCK_SHARE) * h.bonds
    return h.years, (1 + nominal) / (1 + h.inflation) - 1, h.inflation


def real_volatility() -> float:
    return float(np.std(_history_mix()[1], ddof=1))


@dataclass(frozen=True)
class HouseholdRisk:
    question: str
    success_rate: float
    lanes: int
    bands: dict[int, list[float]]  # percentile -> investable savings at each year end (today's dollars)
    median_estate: float
    first_short_years: dict[int, int]  # plan year -> paths (or start years) first short then
    source: str
    labels: list[int]  # the start years (backtest) or path numbers (Monte Carlo)
    succeeded: list[bool]


@dataclass(frozen=True)
class FiDates:
    """When the household could stop working in each market: the plan's FI date (the earliest month from which
    it pays the spending to the horizon if every earner stopped then) found on each path or start year."""

    runs: int
    months: list[int | None]  # per run: months from the start; None: not even working to the horizon pays
    percentiles: dict[int, int | None]  # share of runs (percent) -> the month by which that share is independent


def fi_dates(engine: Engine, market: Market) -> FiDates:
    """Each run's FI month by bisection over the months to the horizon (a later stop never makes a plan fail
    that worked earlier, so one search per run, all runs as lanes: about ten runs of the plan)."""
    lanes = market.real_return.shape[1]
    horizon = engine.years * 12

    def lasts(months: Array) -> npt.NDArray[np.bool_]:
        return np.asarray(engine.run(months, market, exact=True).failed_year < 0)

    now, ever = lasts(np.zeros(lanes)), lasts(np.full(lanes, float(horizon)))
    low, high = np.zeros(lanes), np.full(lanes, float(horizon))
    searching = ever & ~now
    while True:
        todo = searching & (high - low > 1)
        if not todo.any():
            break
        middle = np.where(todo, np.floor((low + high) / 2), high)
        ok = lasts(middle)
        high = np.where(todo & ok, middle, high)
        low = np.where(todo & ~ok, middle, low)
    found = np.where(now, 0.0, np.where(ever, high, np.inf))
    return _part([None if not np.isfinite(m) else int(m) for m in found])


def _summarise(engine: Engine, market: Market, question: str, source: str, labels: list[int]) -> HouseholdRisk:
    lanes = market.real_return.shape[1]
    run = engine.run(np.full(lanes, 1e9), market)
    failed = run.failed_year
    ordered = np.sort(run.investable, axis=1)
    position = np.asarray(PERCENTILES, dtype=np.float64) / 100 * (lanes - 1)
    low = np.floor(position).astype(int)
    high = np.minimum(low + 1, lanes - 1)
    frac = position - low
    bands = ordered[:, low] + (ordered[:, high] - ordered[:, low]) * frac
    counts = np.bincount(failed[failed >= 0], minlength=engine.years)
    return HouseholdRisk(
        question=question, success_rate=float(np.mean(failed < 0)), lanes=lanes,
        bands={p: bands[:, i].tolist() for i, p in enumerate(PERCENTILES)},
        median_estate=float(np.median(run.estate)),
        first_short_years={int(y): int(c) for y, c in enumerate(counts) if c},
        source=source, labels=labels, succeeded=(failed < 0).tolist())


FI_PATHS = 250  # the FI-date distribution runs on the first paths of the Monte Carlo


def monte_carlo(inputs: HouseholdInputs, *, paths: int = 2_000, seed: int | None = None) -> HouseholdRisk:
    """The plan over `paths` simulated markets."""
    engine = Engine(inputs)
    market = _simulated(inputs, engine.years, paths, seed)
    horizon = inputs.horizon_age
    question = (f"How often does the plan pay its spending to {horizon} across {paths:,} simulated markets "
                "whose middle path earns your return?")
    return _summarise(engine, market, question, f"{SHILLER} (volatility of a 60/40 mix, after inflation)",
                      list(range(paths)))


def _simulated(inputs: HouseholdInputs, years: int, paths: int, seed: int | None) -> Market:
    sd = real_volatility()
    median_real = (1 + inputs.return_rate) / (1 + inputs.inflation) - 1
    # Lognormal growth whose median is the plan's own real return.
    mu, sigma = np.log1p(median_real), np.sqrt(np.log1p(sd ** 2 / (1 + median_real) ** 2))
    rng = np.random.default_rng(seed)
    real = np.expm1(mu + sigma * rng.standard_normal((years, paths)))
    return Market(real_return=real, inflation=np.full((years, paths), inputs.inflation))


def backtest(inputs: HouseholdInputs) -> HouseholdRisk:
    """The plan started in every year whose whole horizon the record holds."""
    engine = Engine(inputs)
    market, labels = _historical(engine.years)
    question = (f"Would the plan have paid its spending to {inputs.horizon_age} had it started in each year from "
                f"{labels[0]} to {labels[-1]}, with the markets that followed?")
    return _summarise(engine, market, question, f"{SHILLER} (a 60/40 mix, rebalanced yearly)", labels)


def _historical(years: int) -> tuple[Market, list[int]]:
    record_years, real, inflation = _history_mix()
    starts = record_years.size - years + 1
    if starts < 1:  # a horizon longer than the record: the longest stretches, wrapping around
        starts = 1
    idx = (np.arange(starts)[None, :] + np.arange(years)[:, None]) % record_years.size
    market = Market(real_return=real[idx], inflation=inflation[idx])
    return market, [int(record_years[i]) for i in range(starts)]


def fi_distributions(inputs: HouseholdInputs, *, paths: int = 2_000, seed: int | None = None,
                     fi_paths: int = FI_PATHS) -> tuple[FiDates, FiDates]:
    """The FI date over the first `fi_paths` of the Monte Carlo's markets (the same draws as `monte_carlo` with
    `paths` and `seed`) and over every historical start year, in one search."""
    engine = Engine(inputs)
    simulated = _simulated(inputs, engine.years, paths, seed)
    runs = min(fi_paths, paths)
    history, _ = _historical(engine.years)
    both = Market(np.concatenate([simulated.real_return[:, :runs], history.real_return], axis=1),
                  np.concatenate([simulated.inflation[:, :runs], history.inflation], axis=1))
    found = fi_dates(engine, both)
    return _part(found.months[:runs]), _part(found.months[runs:])


def _part(months: list[int | None]) -> FiDates:
    lanes = len(months)
    ordered = sorted(np.inf if m is None else float(m) for m in months)
    percentiles: dict[int, int | None] = {}
    for p in PERCENTILES:
        value = ordered[min(int(np.ceil(p / 100 * lanes)) - 1, lanes - 1)] if lanes else np.inf
        percentiles[p] = None if not np.isfinite(value) else int(value)
    return FiDates(runs=lanes, months=months, percentiles=percentiles)
