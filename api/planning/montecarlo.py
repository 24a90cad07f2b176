"""Monte Carlo retirement simulation, vectorised over paths (10,000 by default, seedable).

Returns come from one of three models: a normal model of a stock/bond mix (parameters estimated from the
Shiller history unless given), bootstrapped historical years (stock, bond and inflation of one year
drawn together), or replayed historical sequences (consecutive years from a random start, wrapping
around the end of the record). Steps are annual or monthly; a monthly step gets the year's rate spread
geometrically. An optional accumulation phase adds inflation-indexed contributions before withdrawals
start, which gives a distribution of the FI date. Balances and bands are in today's dollars.

Memory: returns and inflation are held as two (steps x paths) float64 arrays, about 115 MB for 10,000
monthly paths over 60 years; the loop itself only keeps per-path vectors.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from api.planning.errors import PlanningInputError, check_non_negative, check_rate
from api.planning.history import HistoricalSeries, load_us_history
from api.planning.withdrawal import WithdrawalRule, WithdrawalState

Array = npt.NDArray[np.float64]
ReturnModel = Literal["normal", "bootstrap", "historical"]
PERCENTILES = (10, 25, 50, 75, 90)
MAX_PATHS = 100_000
MAX_CELLS = 12_000_000  # two float64 (steps x paths) arrays stay under 200 MB
SOLVE_MAX_CELLS = 1_200_000
SHORTFALL_TOLERANCE = 1e-6  # dollars


@dataclass(frozen=True)
class MarketAssumptions:
    model: ReturnModel = "normal"
    stock_share: float = 0.6
    stock_mean: float | None = None
    stock_sd: float | None = None
    bond_mean: float | None = None
    bond_sd: float | None = None
    correlation: float | None = None
    inflation_mean: float | None = None
    inflation_sd: float | None = None
    fee: float = 0.0

    def resolved(self, history: HistoricalSeries) -> MarketAssumptions:
        """Any parameter left out is estimated from the history (arithmetic mean, sample SD)."""
        est = history.estimates()
        return MarketAssumptions(
            model=self.model, stock_share=self.stock_share, fee=self.fee,
            stock_mean=est["stock_mean"] if self.stock_mean is None else self.stock_mean,
            stock_sd=est["stock_sd"] if self.stock_sd is None else self.stock_sd,
            bond_mean=est["bond_mean"] if self.bond_mean is None else self.bond_mean,
            bond_sd=est["bond_sd"] if self.bond_sd is None else self.bond_sd,
            correlation=est["correlation"] if self.correlation is None else self.correlation,
            inflation_mean=est["inflation_mean"] if self.inflation_mean is None else self.inflation_mean,
            inflation_sd=est["inflation_sd"] if self.inflation_sd is None else self.inflation_sd)

    def validate(self) -> None:
        if not 0 <= self.stock_share <= 1:
            raise PlanningInputError("market.stock_share", "must be a fraction between 0 and 1")
        for name in ("stock_mean", "bond_mean", "inflation_mean", "correlation"):
            value = getattr(self, name)
            if value is not None:
                check_rate(f"market.{name}", value)
        for name in ("stock_sd", "bond_sd", "inflation_sd"):
            value = getattr(self, name)
            if value is not None and not 0 <= value <= 1:
                raise PlanningInputError(f"market.{name}", "must be a fraction between 0 and 1")
        if not 0 <= self.fee < 0.2:
            raise PlanningInputError("market.fee", "must be a fraction from 0 up to 0.2")


@dataclass(frozen=True)
class SimulationInputs:
    initial_balance: float
    years: int
    rule: WithdrawalRule = field(default_factory=WithdrawalRule)
    market: MarketAssumptions = field(default_factory=MarketAssumptions)
    paths: int = 10_000
    steps_per_year: Literal[1, 12] = 1
    seed: int | None = None
    accumulation_years: int = 0
    annual_contribution: float = 0.0
    fi_target: float | None = None
    nominal_spending: bool = False  # also the spending bands in each year's dollars (one more sort)
    withdrawal_timing: Literal["start", "end"] = "start"  # withdrawals before or after each step's growth

    def validate(self) -> None:
        check_non_negative("initial_balance", self.initial_balance)
        if not 1 <= self.years <= 100:
            raise PlanningInputError("years", "must be between 1 and 100")
        if not 1 <= self.paths <= MAX_PATHS:
            raise PlanningInputError("paths", f"must be between 1 and {MAX_PATHS}")
        if self.paths * self.years * self.steps_per_year > MAX_CELLS:
            raise PlanningInputError("paths", f"paths x steps must be at most {MAX_CELLS:,} "
                                              "(e.g. 10,000 monthly paths over 100 years)")
        if not 0 <= self.accumulation_years < self.years:
            raise PlanningInputError("accumulation_years", "must be zero or more and less than years")
        check_non_negative("annual_contribution", self.annual_contribution)
        if self.seed is not None and self.seed < 0:
            raise PlanningInputError("seed", "must be zero or more")
        if self.fi_target is not None:
            check_non_negative("fi_target", self.fi_target)
        self.rule.validate()
        self.market.validate()


@dataclass(frozen=True)
class PathDetail:
    """Per-path figures (today's dollars), kept for backtests where each path is a start year."""

    ending_real: Array
    short: npt.NDArray[np.bool_]
    lowest_real: Array
    first_withdrawal_real: Array
    lowest_withdrawal_real: Array


@dataclass(frozen=True)
class SimulationResult:
    success_rate: float
    paths: int
    years: int
    bands: dict[int, list[float]]  # percentile -> real balance at each year end (index 0 = start)
    spending_bands: dict[int, list[float]]  # percentile -> real withdrawal in each retirement year
    spending_bands_nominal: dict[int, list[float]]  # the same in the dollars of their year (empty unless asked)
    median_ending_balance: float
    median_ending_balance_nominal: float
    depleted_share_by_year: list[float]
    fi_reached_share: float | None
    fi_year_percentiles: dict[int, float | None]
    market: MarketAssumptions
    per_path: PathDetail | None = None


def percentiles(values: Array, ps: tuple[int, ...] = PERCENTILES) -> Array:
    """Percentiles along axis 1 with linear interpolation (NumPy's default method), by a full sort: NumPy's
    vectorised sort beats its partition-based percentile several times over on (years x 10,000) arrays."""
    ordered = np.sort(values, axis=1)
    position = np.asarray(ps, dtype=np.float64) / 100 * (values.shape[1] - 1)
    lower = np.floor(position).astype(int)
    upper = np.minimum(lower + 1, values.shape[1] - 1)
    frac = position - lower
    low, high = ordered[:, lower], ordered[:, upper]
    return np.asarray((low + (high - low) * frac).T)


def _bands(real_balances: Array, spending: Array, nominal: Array | None) -> tuple[Array, Array, Array]:
    """Percentiles of balances and of spending (real, and nominal when kept) by year; the sorts run side by
    side on large runs (NumPy releases the GIL while sorting)."""
    empty = np.zeros((len(PERCENTILES), 0))
    if not spending.shape[0]:
        return percentiles(real_balances), empty, empty
    spend = spending if nominal is None else np.concatenate((spending, nominal))
    if real_balances.size < 200_000:
        pct, both = percentiles(real_balances), percentiles(spend)
    else:
        with ThreadPoolExecutor(max_workers=2) as pool:
            balances = pool.submit(percentiles, real_balances)
            both = percentiles(spend)
            pct = balances.result()
    count = spending.shape[0]
    return pct, both[:, :count], both[:, count:] if nominal is not None else empty


def standard_normal(rng: np.random.Generator, shape: tuple[int, int], chunks: int = 4) -> Array:
    """Standard normals filled in row chunks by child generators on a small thread pool (NumPy releases the
    GIL while filling). The chunking is fixed, so a seed gives the same numbers on any machine."""
    out = np.empty(shape)
    bounds = np.linspace(0, shape[0], chunks + 1).astype(int)
    children = rng.spawn(chunks)

    def fill(j: int) -> None:
        children[j].standard_normal(out=out[bounds[j]:bounds[j + 1]])

    if out.size < 2_000_000:  # a pool costs more than it saves on small arrays
        for j in range(chunks):
            fill(j)
        return out
    with ThreadPoolExecutor(max_workers=min(chunks, os.cpu_count() or 1)) as pool:
        list(pool.map(fill, range(chunks)))
    return out


def generate_market(inputs: SimulationInputs, history: HistoricalSeries, rng: np.random.Generator
                    ) -> tuple[Array, Array]:
    """(growth, price growth): 1 + the per-step return (net of the annual fee) and 1 + the per-step inflation,
    arrays of shape (steps, paths). Gross factors save the loop an addition per step."""
    m = inputs.market.resolved(history)
    spy, years, n = inputs.steps_per_year, inputs.years, inputs.paths
    steps = years * spy
    w = m.stock_share
    if m.model == "normal":
        assert m.stock_mean is not None and m.stock_sd is not None and m.bond_mean is not None
        assert m.bond_sd is not None and m.correlation is not None
        assert m.inflation_mean is not None and m.inflation_sd is not None
        mean = w * m.stock_mean + (1 - w) * m.bond_mean
        var = ((w * m.stock_sd) ** 2 + ((1 - w) * m.bond_sd) ** 2
               + 2 * w * (1 - w) * m.correlation * m.stock_sd * m.bond_sd)
        mu, sd = (1 + mean) ** (1 / spy) - 1, np.sqrt(var / spy)
        imu, isd = (1 + m.inflation_mean) ** (1 / spy) - 1, m.inflation_sd / np.sqrt(spy)
        growth = standard_normal(rng, (steps, n))
        growth *= sd
        growth += 1 + mu
        np.maximum(growth, 0.01, out=growth)  # a step can lose at most 99%
        price_growth = standard_normal(rng, (steps, n))
        price_growth *= isd
        price_growth += 1 + imu
        np.maximum(price_growth, 0.01, out=price_growth)  # prices cannot fall more than 99% in a step
    else:
        portfolio_hist = w * history.stocks + (1 - w) * history.bonds
        count = history.years.size
        if m.model == "bootstrap":
            idx = rng.integers(0, count, size=(years, n))
        else:
            starts = rng.integers(0, count, size=n)
            idx = (starts[None, :] + np.arange(years)[:, None]) % count
        growth, price_growth = gross_steps(portfolio_hist[idx], history.inflation[idx], spy)
    if m.fee:
        growth *= (1 - m.fee) ** (1 / spy)  # fees are a share of assets: (1 + return) x (1 - fee)
    return growth, price_growth


def gross_steps(annual_returns: Array, annual_inflation: Array, spy: int) -> tuple[Array, Array]:
    """Per-step growth factors from annual rates (years x paths): a monthly step gets the year's rate spread
    geometrically."""
    if spy == 1:
        return 1 + annual_returns, 1 + annual_inflation
    return (np.repeat((1 + annual_returns) ** (1 / spy), spy, axis=0),
            np.repeat((1 + annual_inflation) ** (1 / spy), spy, axis=0))


def run_paths(inputs: SimulationInputs, returns: Array, inflation: Array, keep_paths: bool = False
              ) -> SimulationResult:
    """The simulation over given per-step returns and inflation rates (steps x paths)."""
    return run_gross(inputs, returns + 1.0, inflation + 1.0, keep_paths)


def run_gross(inputs: SimulationInputs, growth: Array, price_growth: Array, keep_paths: bool = False
              ) -> SimulationResult:
    """The simulation over per-step growth factors (1 + return, 1 + inflation; steps x paths)."""
    spy = inputs.steps_per_year
    steps, n = growth.shape
    years = steps // spy
    balance = np.full(n, float(inputs.initial_balance))
    price = np.ones(n)
    no_return = np.zeros(n)
    needs_last_return = inputs.rule.kind == "guyton_klinger"
    state = WithdrawalState(inputs.rule, n)
    real_balances = np.empty((years + 1, n))
    real_balances[0] = balance
    retire_years = years - inputs.accumulation_years
    spending = np.zeros((retire_years, n))
    spending_nominal = np.zeros((retire_years, n)) if inputs.nominal_spending else None
    fi_step = np.full(n, -1, dtype=np.int64) if inputs.fi_target is not None else None
    contribution_step = inputs.annual_contribution / spy
    per_step = np.zeros(n)
    # A path fails when a planned withdrawal is more than what is left (VPW's last year empties the account
    # by design, which is not a failure).
    short = np.zeros(n, dtype=bool)
    gap = np.empty(n)
    at_end = inputs.withdrawal_timing == "end"
    for t in range(steps):
        year, first_step = divmod(t, spy)
        if first_step == 0 and year >= inputs.accumulation_years:
            last_year_return = (growth[t - spy:t].prod(axis=0) - 1) if needs_last_return and t >= spy else no_return
            amount = state.start_year(balance=balance, price=price, last_year_return=last_year_return,
                                      years_left=years - year)
            spending[year - inputs.accumulation_years] = state.real
            if spending_nominal is not None:
                spending_nominal[year - inputs.accumulation_years] = amount
            np.divide(amount, spy, out=per_step)
        if year < inputs.accumulation_years:
            balance += contribution_step * price
        elif not at_end:
            np.subtract(per_step, balance, out=gap)
            short |= gap > SHORTFALL_TOLERANCE
            balance -= per_step
            np.maximum(balance, 0.0, out=balance)
        balance *= growth[t]
        if at_end and year >= inputs.accumulation_years:
            np.subtract(per_step, balance, out=gap)
            short |= gap > SHORTFALL_TOLERANCE
            balance -= per_step
            np.maximum(balance, 0.0, out=balance)
        price *= price_growth[t]
        if fi_step is not None and inputs.fi_target is not None:
            hit = (fi_step < 0) & (balance >= inputs.fi_target * price)
            fi_step[hit] = t + 1
        if first_step == spy - 1:
            np.divide(balance, price, out=real_balances[year + 1])
    depleted = np.mean(real_balances[1:] <= 0, axis=1)
    success = 1.0 - float(np.mean(short))
    pct, spend, spend_nominal = _bands(real_balances, spending, spending_nominal)
    fi_share: float | None = None
    fi_pct: dict[int, float | None] = {}
    detail = None
    if keep_paths:
        detail = PathDetail(ending_real=real_balances[-1].copy(), short=short.copy(),
                            lowest_real=real_balances.min(axis=0),
                            first_withdrawal_real=spending[0].copy() if retire_years else np.zeros(n),
                            lowest_withdrawal_real=spending.min(axis=0) if retire_years else np.zeros(n))
    if fi_step is not None:
        reached = fi_step >= 0
        fi_share = float(np.mean(reached))
        fi_years = fi_step[reached] / spy
        for p in PERCENTILES:
            fi_pct[p] = float(np.percentile(fi_years, p)) if fi_years.size else None
    return SimulationResult(
        success_rate=success, paths=n, years=years,
        bands={p: pct[i].tolist() for i, p in enumerate(PERCENTILES)},
        spending_bands={p: spend[i].tolist() for i, p in enumerate(PERCENTILES)},
        spending_bands_nominal={p: spend_nominal[i].tolist() for i, p in enumerate(PERCENTILES)},
        median_ending_balance=float(pct[PERCENTILES.index(50), -1]),
        median_ending_balance_nominal=float(np.median(balance)),
        depleted_share_by_year=depleted.tolist(), fi_reached_share=fi_share, fi_year_percentiles=fi_pct,
        market=inputs.market, per_path=detail)


def simulate(inputs: SimulationInputs, history: HistoricalSeries | None = None) -> SimulationResult:
    inputs.validate()
    history = history or load_us_history()
    rng = np.random.default_rng(inputs.seed)
    growth, price_growth = generate_market(inputs, history, rng)
    result = run_gross(inputs, growth, price_growth)
    return SimulationResult(**{**result.__dict__, "market": inputs.market.resolved(history)})


@dataclass(frozen=True)
class SpendingSolution:
    initial_amount: float
    success_rate: float
    target_success: float
    iterations: int


def solve_spending(inputs: SimulationInputs, target_success: float, history: HistoricalSeries | None = None,
                   tolerance: float = 10.0) -> SpendingSolution:
    """The highest starting annual spending (today's dollars) whose success rate is at least the target,
    by bisection over one set of simulated markets (common random numbers, so the answer is stable)."""
    if not 0 < target_success <= 1:
        raise PlanningInputError("target_success", "must be a fraction above 0 and at most 1")
    if inputs.rule.kind not in ("constant_dollar", "guyton_klinger"):
        raise PlanningInputError("withdrawal.kind", "solve-for applies to constant_dollar and guyton_klinger")
    if inputs.paths * inputs.years * inputs.steps_per_year > SOLVE_MAX_CELLS:
        raise PlanningInputError("solve_for_success", f"needs paths x steps of at most {SOLVE_MAX_CELLS:,} "
                                                      "(it runs the simulation about 20 times); use annual steps")
    inputs.validate()
    history = history or load_us_history()
    rng = np.random.default_rng(inputs.seed)
    growth, price_growth = generate_market(inputs, history, rng)

    def success(amount: float) -> float:
        rule = WithdrawalRule(**{**inputs.rule.__dict__, "initial_amount": amount})
        trial = SimulationInputs(**{**inputs.__dict__, "rule": rule, "nominal_spending": False})
        return run_gross(trial, growth, price_growth).success_rate

    low, high = 0.0, max(inputs.initial_balance, 1.0) + inputs.annual_contribution * inputs.accumulation_years
    best_rate, iterations = success(low), 0
    if best_rate < target_success:
        return SpendingSolution(initial_amount=0.0, success_rate=best_rate, target_success=target_success,
                                iterations=1)
    while high - low > tolerance and iterations < 40:
        iterations += 1
        mid = (low + high) / 2
        rate = success(mid)
        if rate >= target_success:
            low, best_rate = mid, rate
        else:
            high = mid
    return SpendingSolution(initial_amount=low, success_rate=best_rate, target_success=target_success,
                            iterations=iterations)
