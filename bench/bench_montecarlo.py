"""Monte Carlo speed: 10,000 paths with Guyton-Klinger guardrails over 60 annual steps and over 720 monthly
steps. Prints the median time of the whole simulation (market generation included), the peak memory it
allocates (tracemalloc, which sees NumPy's buffers) and the process's peak RSS, and the time of a
straightforward per-path Python loop over the same generated market, as the ratio to beat (>= 50x).

Targets on a 2-core machine: annual < 50 ms, monthly < 400 ms, peak < 300 MB.

    .venv/bin/python bench/bench_montecarlo.py [--runs 11] [--paths 10000]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
import tracemalloc

import numpy as np

from api.planning.history import load_us_history
from api.planning.montecarlo import PERCENTILES, SimulationInputs, generate_market, run_gross, simulate
from api.planning.withdrawal import WithdrawalRule

# Guardrails from 5%, with a spending floor of 40,000 (today's dollars) so that some paths run dry.
RULE = WithdrawalRule(kind="guyton_klinger", initial_rate=0.05, floor=40_000)


def python_percentiles(columns: list[list[float]]) -> list[list[float]]:
    """Linear-interpolation percentiles (NumPy's default) of each year's values across paths."""
    out = []
    for q in PERCENTILES:
        row = []
        for values in columns:
            ordered = sorted(values)
            pos = q / 100 * (len(ordered) - 1)
            lo = int(pos)
            hi = min(lo + 1, len(ordered) - 1)
            row.append(ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo))
        out.append(row)
    return out


def python_loop(inputs: SimulationInputs, growth: np.ndarray, price_growth: np.ndarray
                ) -> tuple[float, list[list[float]], list[list[float]]]:
    """The same guardrails and floor, one path at a time, in plain Python floats, with the same outputs:
    the success rate and the percentile bands of real balances and real spending by year."""
    spy, rule = inputs.steps_per_year, inputs.rule
    floor = rule.floor or 0.0
    steps, n = growth.shape
    years = steps // spy
    survived = 0
    balances_by_year: list[list[float]] = [[inputs.initial_balance] * n] + [[0.0] * n for _ in range(years)]
    spending_by_year: list[list[float]] = [[0.0] * n for _ in range(years)]
    for p in range(n):
        r_path, i_path = growth[:, p].tolist(), price_growth[:, p].tolist()
        balance, price, amount, last_price, initial, year_growth, last_return = (
            inputs.initial_balance, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0)
        per_step = 0.0
        failed = False
        for t in range(steps):
            if t % spy == 0:
                last_return, year_growth = year_growth - 1, 1.0
                if t == 0:
                    amount = max(rule.initial_rate * balance, floor)
                    initial = amount / balance if balance > 0 else float("inf")
                else:
                    inflated = amount * price / last_price
                    current = amount / balance if balance > 0 else float("inf")
                    if not (last_return < 0 and current > initial):
                        amount = inflated
                    now = amount / balance if balance > 0 else float("inf")
                    if now > initial * (1 + rule.guardrail_upper):
                        amount *= 1 - rule.guardrail_adjustment
                    elif now < initial * (1 - rule.guardrail_lower):
                        amount *= 1 + rule.guardrail_adjustment
                    amount = max(amount / price, floor) * price
                last_price = price
                per_step = amount / spy
                spending_by_year[t // spy][p] = amount / price
            if per_step - balance > 1e-6:
                failed = True
            balance = max(balance - per_step, 0.0) * r_path[t]
            year_growth *= r_path[t]
            price *= i_path[t]
            if t % spy == spy - 1:
                balances_by_year[t // spy + 1][p] = balance / price
        survived += not failed
    return survived / n, python_percentiles(balances_by_year), python_percentiles(spending_by_year)


def measure(label: str, inputs: SimulationInputs, runs: int) -> None:
    simulate(inputs)  # warm caches (history, imports)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = simulate(inputs)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    simulate(inputs)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    growth, price_growth = generate_market(inputs, load_us_history(), np.random.default_rng(inputs.seed))
    engine_times = []
    for _ in range(max(3, runs // 2)):
        start = time.perf_counter()
        engine = run_gross(inputs, growth, price_growth)
        engine_times.append(time.perf_counter() - start)
    start = time.perf_counter()
    looped, loop_bands, loop_spending = python_loop(inputs, growth, price_growth)
    loop_time = time.perf_counter() - start
    same = (abs(looped - engine.success_rate) < 1e-12
            and np.allclose(loop_bands, [engine.bands[q] for q in PERCENTILES], rtol=1e-9, atol=1e-6)
            and np.allclose(loop_spending, [engine.spending_bands[q] for q in PERCENTILES], rtol=1e-9, atol=1e-6))
    median, engine_median = statistics.median(times), statistics.median(engine_times)
    print(f"{label}: {inputs.paths:,} paths x {inputs.years * inputs.steps_per_year} steps, guardrails")
    print(f"  simulate (generation + paths): median {median * 1000:.1f} ms over {runs} runs "
          f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}); success {result.success_rate:.4f}")
    print(f"  peak allocated (tracemalloc): {peak / 2**20:.1f} MB; process peak RSS so far {rss:.0f} MB")
    print(f"  vectorised paths alone: median {engine_median * 1000:.1f} ms")
    print(f"  per-path Python loop (same outputs: success and bands): {loop_time * 1000:.0f} ms; "
          f"success {looped:.4f}; {'agrees' if same else 'DIFFERS'} with the engine")
    print(f"  speed-up: {loop_time / engine_median:.0f}x over the same market, "
          f"{loop_time / median:.0f}x against the whole simulation")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--paths", type=int, default=10_000)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}, numpy {np.__version__}")
    base = {"initial_balance": 1_000_000.0, "paths": args.paths, "rule": RULE, "seed": 2026}
    measure("annual", SimulationInputs(years=60, steps_per_year=1, **base), args.runs)  # type: ignore[arg-type]
    measure("monthly", SimulationInputs(years=60, steps_per_year=12, **base), args.runs)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
