"""The coach's router by meaning (agent/coach/router.py), which decides what the offline coach does: every tool's
example requests (tools/examples/), their shipped vectors, spelling, and where the nearest examples send the
development set's questions."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.coach.offline_plan import TOOL_INTENTS, plan_for, route_intent, understand
from agent.coach.router import EXAMPLES_DIR, NONE, get_router, load_examples, shipped_vectors_current
from evals.coach.cases import load_cases
from tests.evals.summaries import record
from tools.registry import TOOL_NAMES


def test_every_tool_declares_its_example_requests() -> None:
    examples = load_examples()
    for name in TOOL_NAMES:
        assert len(examples.get(name, [])) >= 35, f"{name} needs example requests in {EXAMPLES_DIR}"
        assert name in TOOL_INTENTS, f"{name}: the plan has no intent for it"
    assert len(examples[NONE]) >= 50  # what no tool answers: small talk, off-topic, trades, other people's data
    every = [text.lower() for items in examples.values() for text in items]
    assert len(every) == len(set(every)), "an example appears twice"


def test_a_new_file_is_a_new_tool(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("tool: alpha\nexamples: ['what is my fire number', 'how much do I need']\n")
    (tmp_path / "b.yaml").write_text("tool: beta\nexamples: ['how much tax on 85k', 'income tax in Quebec']\n")
    (tmp_path / "bad.yaml").write_text("examples: [1]\n")
    with pytest.raises(ValueError):
        load_examples(tmp_path)
    (tmp_path / "bad.yaml").unlink()
    router = get_router(tmp_path)
    assert router.route("What's my FIRE number?").tool == "alpha"
    assert router.route("how much income tax would I pay in Ontario on 90k").tool == "beta"
    assert router.route("qwzx plmk").tool is None  # nothing close enough: the coach asks instead of guessing


def test_where_the_router_sends_the_development_questions() -> None:
    cases = [c for c in load_cases() if len(c.turns) == 1 and c.expect.tools]
    right = 0
    for case in cases:
        message = understand(case.turns[0].say)
        intent, _ = route_intent(message)
        called = {name for name, _ in plan_for(intent, message).calls} if intent else set()
        right += set(case.expect.tools) <= called
    share = right / len(cases)
    record("coach router by meaning (development set, single turns)", f"{right}/{len(cases)} ({share:.1%})")
    assert share >= 0.95
    assert get_router().route("who won the hockey game last night?").tool in (NONE, None)


def test_the_shipped_vectors_are_those_of_the_examples() -> None:
    """A server must not embed 1,700 examples before its first answer: after editing an example, run
    `python -m agent.coach.router` to write tools/examples/vectors.npy again."""
    assert shipped_vectors_current(), "tools/examples changed: run `python -m agent.coach.router`"


def test_typos_are_read_as_the_words_they_miss() -> None:
    router = get_router()
    assert router.spelled("updte my salray to 88000") == "update my salary to 88000"
    assert router.spelled("Qu'est-ce qu'un REER au Québec?") == "Qu'est-ce qu'un REER au Québec?"
    assert router.route("how's my savngs rate looking").tool == "savings_rate"
