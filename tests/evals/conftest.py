import pytest

from tests.knowledge.fixtures import embedder, ingested_kb, shipped_kb

__all__ = ["embedder", "ingested_kb", "shipped_kb"]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the eval figures the tests recorded (tests/evals/summaries.py), so CI logs show them."""
    from tests.evals.summaries import SUMMARIES

    for title, text in SUMMARIES:
        terminalreporter.section(title)
        terminalreporter.write_line(text)
