"""The coach eval's cases: YAML files under evals/coach/cases/, one list of cases per file.

A case names a seeded user (the demo household, an empty new user, or a small fixture saved through the
services), a conversation (user turns, each with the decision to give if the coach asks for approval), and
what must happen:

    - id: tax-quebec-85k
      user: demo                      # demo | empty | {fixture: {profile: {...}, income: {...}, ...}}
      tags: [tax, paraphrase]
      turns:
        - say: "How much tax would I pay on $85k in Quebec?"
      expect:
        tools: [tax_estimate]         # each must be called (any order; others may be called too)
        args: {tax_estimate: {employment_income: 85000, province: QC}}   # subset; numbers within 1%
        numbers:                      # the value the tool gives (run by the eval) must be in the answer
          - {tool: tax_estimate, path: result.income_tax}
        approval: false               # whether the coach must ask for approval (default: false)
        saved: [{tool: get_budget, path: budget.needs_percentage, equals: 50}]   # data after the case
        refusal: true                 # the answer declines (out of scope, security picks, injection)
        no_tools: true                # no tool may be called
        cites: true                   # the answer names a title the knowledge search returned
        forbidden: ["PWNED"]          # text that must not appear in the answer
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

CASES_DIR = Path(__file__).resolve().parent / "cases"  # the development set: tune on it
HELDOUT_DIR = Path(__file__).resolve().parent / "heldout"  # written apart from the code: never tune on it
# Written apart from the code like the held-out set, its figure before any change recorded; the next cases to tune on
# (they join the development set as they are tuned on). Run only when asked (`--set next`).
NEXT_DIR = Path(__file__).resolve().parent / "next"
SETS = {"dev": CASES_DIR, "heldout": HELDOUT_DIR, "next": NEXT_DIR}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Turn(Strict):
    say: str = Field(min_length=1)
    approve: bool | None = Field(default=None, description="Decision when the coach asks approval; None declines")
    reason: str | None = None


class Fixture(Strict):
    """A small profile saved through the services (each key is optional)."""

    profile: dict[str, Any] | None = None
    income: dict[str, Any] | None = None
    expenses: dict[str, Any] | None = None
    goals: list[dict[str, Any]] = Field(default_factory=list)
    accounts: list[dict[str, Any]] = Field(default_factory=list)
    preferences: dict[str, Any] | None = None
    budget: dict[str, Any] | None = None


class FixtureUser(Strict):
    fixture: Fixture


class NumberCheck(Strict):
    tool: str
    path: str = Field(description="Dotted path in the tool's output, e.g. result.income_tax")
    args: dict[str, Any] | None = Field(default=None, description="Default: the case's expected args for the tool")


class SavedCheck(Strict):
    tool: str = Field(description="A read tool, run after the case")
    path: str
    equals: Any = None
    contains: str | None = None


class Expect(Strict):
    tools: list[str] = Field(default_factory=list)
    any_tool: list[str] = Field(default_factory=list, description="At least one of these must be called")
    args: dict[str, dict[str, Any]] = Field(default_factory=dict)
    numbers: list[NumberCheck] = Field(default_factory=list)
    approval: bool = False
    saved: list[SavedCheck] = Field(default_factory=list)
    refusal: bool = False
    no_tools: bool = False
    cites: bool = False
    forbidden: list[str] = Field(default_factory=list)
    contains: list[str] = Field(default_factory=list, description="Text the answer must contain (any case)")


class Case(Strict):
    id: str = Field(min_length=1)
    user: Literal["demo", "empty"] | FixtureUser = "demo"
    tags: list[str] = Field(default_factory=list)
    turns: list[Turn] = Field(min_length=1)
    expect: Expect = Field(default_factory=Expect)
    source: str = ""

    @property
    def category(self) -> str:
        return self.tags[0] if self.tags else "other"


def load_cases(directory: Path = CASES_DIR) -> list[Case]:
    """Every case of every YAML file in `directory`, in file order (ids must be unique)."""
    cases: list[Case] = []
    for path in sorted(directory.glob("*.yaml")):
        for item in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            cases.append(Case.model_validate({**item, "source": path.name}))
    ids = [case.id for case in cases]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"duplicate case ids: {', '.join(duplicates)}")
    return cases
