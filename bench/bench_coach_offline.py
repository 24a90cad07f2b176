"""The offline coach's understanding of a message (intent, values, the tool calls to make): time per message over
every user turn of the coach eval's development set, and on messages of 20,000 characters (the longest the chat
accepts). With `--turns`, whole offline turns with tools and database: every turn of the development set through
the coach graph (as `firepath eval coach` runs them, on an embedded PostgreSQL in a temporary folder), p50/p95 of
server time per turn and by the tools a turn called. Targets (issue "FI coach: understand how people really ask"):
a 20,000-character message understood or refused in under a second; the whole offline turn p95 under 150 ms of
server time."""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from agent.coach.offline_plan import plan_message
from evals.coach.cases import load_cases

LONG_WORDS = ["my", "tfsa", "rrsp", "is", "45000", "and", "I", "spend", "3,200", "a", "month", "on", "rent",
              "groceries", "I", "am", "34", "retire", "at", "55", "what", "if", "the", "market", "drops"]


def long_messages() -> dict[str, str]:
    rng = random.Random(1)
    return {
        "words": " ".join(rng.choice(LONG_WORDS) for _ in range(4000))[:20_000],
        "one question repeated": ("How much tax would I pay on $85k in Quebec? " * 500)[:20_000],
        "characters at random": "".join(rng.choice("abcdefghij klmnop0123456789$%,.") for _ in range(20_000)),
        "digits": "1" * 20_000,
    }


def timed(text: str, previous: list[str]) -> float:
    start = time.perf_counter()
    plan_message(text, previous)
    return time.perf_counter() - start


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def whole_turns(limit: int | None, every: int) -> None:
    """Whole turns (model, tools, database, checkpoints) of the development set's cases, timed as the eval does."""
    from agent.coach.offline import OfflineCoachModel
    from api.core.config import get_settings
    from api.main import prepare_database
    from evals.coach.runner import database_harness, evaluate

    prepare_database(get_settings())
    cases = load_cases()[::every][:limit]
    with database_harness(OfflineCoachModel(), "offline") as harness:
        evaluate(cases[:10], harness)  # warm: the router, the models, the connections
        started = time.perf_counter()
        report = evaluate(cases, harness)
    took = time.perf_counter() - started
    times = [x for r in report.results for x in r.latencies]
    by_tool: dict[str, list[float]] = defaultdict(list)
    for result in report.results:
        tools = sorted({c["name"] for c in result.calls}) or ["(no tool)"]
        for latency in result.latencies[-1:]:  # the last turn's calls are the ones recorded
            for tool in tools:
                by_tool[tool].append(latency)
    print(f"whole offline turns, {len(times)} turns of {len(cases)} cases ({took:.0f} s): "
          f"p50 {_percentile(times, 0.5) * 1000:.0f} ms, p95 {_percentile(times, 0.95) * 1000:.0f} ms, "
          f"max {max(times) * 1000:.0f} ms (target p95 < 150 ms)")
    for tool, values in sorted(by_tool.items(), key=lambda item: -_percentile(item[1], 0.95)):
        print(f"  {tool:<24} n={len(values):<4} p50 {_percentile(values, 0.5) * 1000:6.0f} ms  "
              f"p95 {_percentile(values, 0.95) * 1000:6.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", action="store_true", help="time whole turns with tools and database")
    parser.add_argument("--limit", type=int, default=None, help="with --turns: at most this many cases")
    parser.add_argument("--every", type=int, default=1, help="with --turns: every n-th case of the set")
    args = parser.parse_args()
    if args.turns:
        data_dir = Path(tempfile.mkdtemp(prefix="firepath-bench-coach-"))
        runtime = Path(tempfile.mkdtemp(prefix="firepath-bench-xdg-"))
        os.chmod(runtime, 0o700)
        os.environ.update({"FIREPATH_DATA_DIR": str(data_dir), "DATABASE_URL": "", "DATABASE_APP_URL": "",
                           "CELERY_BROKER_URL": "", "FIREPATH_LOG_LEVEL": "WARNING", "FIREPATH_LOG_JSON": "false",
                           "XDG_RUNTIME_DIR": str(runtime)})
        try:
            whole_turns(args.limit, args.every)
        finally:
            from api.core import embedded
            from api.core.db import get_database

            get_database().dispose()
            embedded.stop(data_dir / "postgres")
            shutil.rmtree(data_dir, ignore_errors=True)
            shutil.rmtree(runtime, ignore_errors=True)
        return
    turns = [(t.say, [p.say for p in c.turns[:i]]) for c in load_cases() for i, t in enumerate(c.turns)]
    for text, previous in turns:  # warm the caches
        plan_message(text, previous)
    times = sorted(min(timed(text, previous) for _ in range(args.runs)) for text, previous in turns)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"understanding {len(times)} messages of the development set: median {statistics.median(times) * 1000:.2f} "
          f"ms, p95 {p95 * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms")
    for name, text in long_messages().items():
        best = min(timed(text, []) for _ in range(args.runs))
        print(f"a message of {len(text):,} characters ({name}): {best * 1000:.0f} ms (target < 1,000 ms)")


if __name__ == "__main__":
    main()
