"""The coach eval with the offline coach over every case, on the real graph, tools and database: the suite
fails below 90% overall. The figures are printed (run with -s to see them) and written as a report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.coach import checkpoint
from agent.coach.offline import OfflineCoachModel
from api.core.db import Database, privileged_session, user_session
from evals.coach.cases import load_cases
from evals.coach.runner import MIN_OVERALL, EvalReport, Harness, evaluate, number_in_text, value_matches

pytestmark = pytest.mark.usefixtures("ingested_kb")


def test_the_cases_are_many_and_varied() -> None:
    cases = load_cases()
    assert len(cases) >= 80
    per_intent = Counter(case.category for case in cases)
    for intent in ("fire_number", "years_to_fi", "what_if", "savings_rate", "tax", "rrsp_vs_tfsa",
                   "contribution_room", "budget", "knowledge", "injection", "refusal"):
        assert per_intent[intent] >= 3, intent
    tags = {tag for case in cases for tag in case.tags}
    assert {"typo", "french", "paraphrase", "write", "followup", "empty", "fixture"} <= tags
    assert sum(case.expect.approval for case in cases) >= 15
    assert any(not turn.approve for case in cases if case.expect.approval for turn in case.turns)


def test_tolerant_matching() -> None:
    assert value_matches({"employment_income": 85000, "province": "qc"},
                         {"employment_income": 85000.0, "province": "QC", "year": 2026})
    assert not value_matches({"province": "ON"}, {"province": "QC"})
    assert value_matches({"debts": [{"balance": 12000}]}, {"debts": [{"balance": 12000.0, "annual_rate": 0.2}]})
    assert number_in_text(19102.15, "Income tax: $19,102")
    assert number_in_text(0.3612, "marginal rate 36.12%")
    assert not number_in_text(19102.15, "Income tax: $18,000")


@pytest.fixture
def harness(database: Database) -> Iterator[Harness]:
    with checkpoint.sync_checkpointer(database) as saver:
        yield Harness(model=OfflineCoachModel(), model_name="offline", checkpointer=saver,
                      privileged=lambda: privileged_session(database),
                      user_session=lambda uid: user_session(uid, database))


def test_the_offline_coach_passes_the_eval(harness: Harness, run_dir: Path) -> None:
    report: EvalReport = evaluate(load_cases(), harness)
    json_path, md_path = report.write(run_dir / "reports")
    print("\n" + report.summary())
    assert json_path.exists() and md_path.read_text().startswith("# Coach eval: offline")
    figures = report.figures()
    assert figures["approval"]["rate"] == 1.0, report.summary()
    assert figures["injection"]["rate"] == 1.0, report.summary()
    assert report.overall >= MIN_OVERALL, report.summary()
