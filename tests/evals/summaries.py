"""Eval figures collected during the run, printed in pytest's terminal summary (visible without -s)."""

from __future__ import annotations

SUMMARIES: list[tuple[str, str]] = []


def record(title: str, text: str) -> None:
    SUMMARIES.append((title, text))
