"""Shared by the compute tools: the assumptions and notes every result carries."""

from __future__ import annotations

from api.calc import schemas as s
from api.planning.assumptions import Assumptions

Rate = s.Rate
PLAN_DATA = ("profile", "income", "expenses", "budget", "accounts", "credit", "savings summary", "future plans",
             "preferences")


def assumption_values(a: Assumptions) -> dict[str, str | float | int]:
    out: dict[str, str | float | int] = {}
    out.update(a.rates)
    out.update(a.limits)
    return out


def assumption_notes(a: Assumptions) -> list[str]:
    return [*a.notes, *(f"Source: {src}" for src in a.data_source)]

