"""Choices that change a Canadian retirement without changing what you save: when to start CPP and OAS, and an
RRSP meltdown (drawing RRSP money in the low-income years before the pensions start). The optimiser tries them
on the household plan and reports the best one against the plan as saved.

Two objectives, the user's choice:
- `spending`: the highest yearly spending in retirement (today's dollars, after tax) the plan pays to the
  horizon. Found for each choice by running many spending levels at once (one lane each) and narrowing.
- `tax`: the lowest lifetime income tax and OAS recovery tax plus the tax at the last death, at the plan's own
  spending (choices that leave the plan short are not kept).

The search: every CPP start age of 60, 65 and 70 and OAS start age of 65 and 70 (the same for both adults of a
couple) with no meltdown and with meltdowns up to the top of the first federal bracket and up to the OAS recovery
threshold: 18 plans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from api.planning.household import Engine, HouseholdInputs, constant_market

Objective = Literal["spending", "tax"]
CPP_AGES = (60.0, 65.0, 70.0)
OAS_AGES = (65.0, 70.0)
LANES = 16
ROUNDS = 3


@dataclass(frozen=True)
class Choice:
    cpp_start_age: float | None  # None: as saved
    oas_start_age: float | None
    meltdown_income: float | None

    def describe(self) -> str:
        parts = []
        if self.cpp_start_age is not None:
            parts.append(f"CPP at {self.cpp_start_age:g}")
        if self.oas_start_age is not None:
            parts.append(f"OAS at {self.oas_start_age:g}")
        parts.append("no RRSP meltdown" if self.meltdown_income is None
                     else f"RRSP meltdown to ${self.meltdown_income:,.0f} of taxable income before CPP and OAS")
        return ", ".join(parts)


@dataclass(frozen=True)
class Outcome:
    choice: Choice
    sustainable_spending: float  # retirement spending the plan pays to the horizon (today's dollars)
    lifetime_tax: float  # income tax and OAS recovery over the plan
    estate_tax: float
    estate: float
    lasts: bool  # the plan's own spending is paid to the horizon


@dataclass(frozen=True)
class Optimised:
    objective: Objective
    saved: Outcome
    best: Outcome
    tried: int

    @property
    def gain(self) -> float:
        """More spending a year (objective spending), or less tax over the plan (objective tax)."""
        if self.objective == "spending":
            return self.best.sustainable_spending - self.saved.sustainable_spending
        return (self.saved.lifetime_tax + self.saved.estate_tax) - (self.best.lifetime_tax + self.best.estate_tax)


def _apply(inputs: HouseholdInputs, choice: Choice) -> HouseholdInputs:
    people = [p.model_copy(update={k: v for k, v in (("cpp_start_age", choice.cpp_start_age),
                                                       ("oas_start_age", choice.oas_start_age)) if v is not None})
              for p in inputs.people]
    return inputs.model_copy(update={"people": people, "meltdown_income": choice.meltdown_income})


def _retirement_spending(inputs: HouseholdInputs) -> float:
    return inputs.retirement_spending if inputs.retirement_spending is not None else inputs.spending


def evaluate(inputs: HouseholdInputs, choice: Choice, *, find_spending: bool = True) -> Outcome:
    planned = _apply(inputs, choice)
    engine = Engine(planned)
    base = _retirement_spending(planned)
    own = engine.run(np.array([1e9]), constant_market(planned))
    spending = 0.0
    if find_spending and base > 0:
        low, high = 0.0, 3.0
        market = constant_market(planned, LANES)
        for _ in range(ROUNDS):
            scales = np.linspace(low, high, LANES)
            lasts = engine.run(np.full(LANES, 1e9), market, spending_scale=scales).failed_year < 0
            ok = np.flatnonzero(lasts)
            if ok.size == 0:
                high = scales[1]
                continue
            best = int(ok.max())
            low, high = float(scales[best]), float(scales[min(best + 1, LANES - 1)])
            if best == LANES - 1:  # still lasting at the top: look higher
                low, high = high, high * 2
        spending = low * base
    return Outcome(choice=choice, sustainable_spending=round(spending, 2),
                   lifetime_tax=round(float((own.tax[:, 0] + own.oas_recovery[:, 0]).sum()), 2),
                   estate_tax=round(float(own.estate_tax[0]), 2), estate=round(float(own.estate[0]), 2),
                   lasts=bool(own.failed_year[0] < 0))


def choices(inputs: HouseholdInputs) -> list[Choice]:
    engine = Engine(inputs)
    first_bracket = float(engine.system.federal.thresholds[1])
    meltdowns: list[float | None] = [None, first_bracket, engine.oas_threshold]
    return [Choice(cpp, oas, melt) for cpp in CPP_AGES for oas in OAS_AGES for melt in meltdowns]


def optimise(inputs: HouseholdInputs, objective: Objective = "spending") -> Optimised:
    saved = evaluate(inputs, Choice(None, None, inputs.meltdown_income))
    outcomes = [evaluate(inputs, c, find_spending=objective == "spending") for c in choices(inputs)]
    if objective == "spending":
        best = max(outcomes, key=lambda o: o.sustainable_spending)
    else:
        lasting = [o for o in outcomes if o.lasts] or outcomes
        best = min(lasting, key=lambda o: o.lifetime_tax + o.estate_tax)
    if objective == "spending" and best.sustainable_spending <= saved.sustainable_spending:
        best = saved
    if objective == "tax" and best.lifetime_tax + best.estate_tax >= saved.lifetime_tax + saved.estate_tax:
        best = saved
    return Optimised(objective=objective, saved=saved, best=best, tried=len(outcomes))
