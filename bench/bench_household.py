#!/usr/bin/env python3
"""The household plan's speed: one plan to 95 with taxes (money moving month by month; with and without keeping the
monthly series), the FI-date search, Monte Carlo of the whole plan and the backtest, for the demo couple. Prints
medians (targets from the issue "One plan": plan under 20 ms, Monte Carlo of 10,000 paths under 1 s)."""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable
from datetime import date
from decimal import Decimal

import numpy as np

from api.plan.household import plan_household
from api.plan.summary import SUCCESS_PATHS, target_for
from api.planning.household import Engine, HouseholdInputs, Person, PlanEvent, constant_market, find_fi
from api.planning.household_risk import backtest, fi_distributions, monte_carlo
from api.planning.optimise import optimise

DEMO = HouseholdInputs(
    start=date(2026, 11, 1), province="ON", spending=12 * 7857, other_net_income=12 * 85,
    people=[Person(name="Maya", age=34, retirement_age=52, employment_income=118_000, rrsp=112_300, tfsa=68_500),
            Person(name="Daniel", age=36, retirement_age=54, employment_income=85_700, rrsp=58_600, tfsa=41_200)],
    non_registered=9_800, cash=28_800, home_equity=473_000, debts=1_858.76,
    split={"tfsa": 40, "rrsp": 45, "fhsa": 0, "non_registered": 15}, return_rate=0.06, inflation=0.02,
    events=[PlanEvent(kind="spending", start=date(2028, 9, 1), amount=-5_760)])


def timed(label: str, work: Callable[[], object], runs: int) -> None:
    work()  # warm caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1e3)
    print(f"  {label}: median {statistics.median(times):.1f} ms over {runs} runs (min {min(times):.1f}, "
          f"max {max(times):.1f})")


def summary_uncached(inputs: HouseholdInputs) -> object:
    """What the first read of /api/v1/plan/summary computes (later reads come from the per-user cache until an
    input changes; their speed is in bench_api_load.py): the plan, its FI date, the Monte Carlo success rate and
    the target with the saving that closes it."""
    summary, _ = plan_household(inputs, net_worth_today=Decimal(0))
    monte_carlo(inputs, paths=SUCCESS_PATHS, seed=1)
    return target_for(inputs, summary)


def machine_speed() -> float:
    """Milliseconds for a million additions in a plain Python loop: how fast this machine runs Python today, to
    compare figures taken on different days (the same code's figures move with it; 2026-12-03: 69 ms)."""
    best = math.inf
    for _ in range(3):
        start, total = time.perf_counter(), 0
        for i in range(1_000_000):
            total += i
        best = min(best, (time.perf_counter() - start) * 1e3)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}, numpy {np.__version__}; a million "
          f"Python additions take {machine_speed():.0f} ms")
    engine = Engine(DEMO)
    market = constant_market(DEMO)
    print(f"the demo couple, {engine.years} years")
    timed("one plan to 95 with taxes, money moving month by month", lambda: engine.run(np.array([1e9]), market),
          args.runs)
    timed("  ... and its monthly series kept (the plan a user's read builds)",
          lambda: engine.run(np.array([1e9]), market, by_month=True), args.runs)
    timed("the FI date (every year, then every month)", lambda: find_fi(engine), args.runs)
    timed("backtest (every start year since 1871)", lambda: backtest(DEMO), args.runs)
    timed("optimiser, most spending (37 choices x 16 spending levels)", lambda: optimise(DEMO, "spending"), args.runs)
    timed("optimiser, least lifetime tax", lambda: optimise(DEMO, "tax"), args.runs)
    timed("plan summary, first read (plan, FI date, 2,000-path Monte Carlo, target)",
          lambda: summary_uncached(DEMO), args.runs)
    late = DEMO.model_copy(update={"people": [p.model_copy(update={"retirement_age": 40.0}) for p in DEMO.people]})
    timed("plan summary, first read, target missed (adds the saving search)", lambda: summary_uncached(late),
          max(2, args.runs // 2))
    timed("FI-date distributions (250 simulated markets and every start year since 1871)",
          lambda: fi_distributions(DEMO, paths=SUCCESS_PATHS, seed=1), max(2, args.runs // 3))
    for paths in (2_000, 10_000):
        timed(f"Monte Carlo, {paths:,} paths", lambda paths=paths: monte_carlo(DEMO, paths=paths, seed=1),
              max(2, args.runs // 3))


if __name__ == "__main__":
    main()
