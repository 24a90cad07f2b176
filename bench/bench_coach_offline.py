"""The offline coach's understanding of a message (intent, values, the tool calls to make): time per message over
every user turn of the coach eval's development set, and on messages of 20,000 characters (the longest the chat
accepts). Targets (issue "FI coach: understand how people really ask"): a 20,000-character message understood or
refused in under a second; the whole offline turn p95 under 150 ms of server time (`firepath eval coach` prints
the turn latency with tools and database)."""

from __future__ import annotations

import argparse
import random
import statistics
import time

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
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
