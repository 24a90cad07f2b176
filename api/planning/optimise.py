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
threshold, each with non-registered savings drawn before RRSPs or after them: 36 plans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from api.planning.household import Engine, HouseholdInputs, LaneChoices, constant_market

Array = npt.NDArray[np.float64]

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
    rrsp_first: bool | None = None  # None: the saved withdrawal order

    def describe(self) -> str:
        parts = []
        if self.cpp_start_age is not None:
            parts.append(f"CPP at {self.cpp_start_age:g}")
        if self.oas_start_age is not None:
            parts.append(f"OAS at {self.oas_start_age:g}")
        parts.append("no RRSP meltdown" if self.meltdown_income is None
                     else f"RRSP meltdown to ${self.meltdown_income:,.0f} of taxable income before CPP and OAS")
        if self.rrsp_first is not None:
            parts.append("RRSPs drawn before non-registered savings" if self.rrsp_first
                         else "non-registered savings drawn before RRSPs")
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


def _retirement_spending(inputs: HouseholdInputs) -> float:
    return inputs.retirement_spending if inputs.retirement_spending is not None else inputs.spending


def _lanes(choices: list[Choice], repeat: int) -> LaneChoices:
    """Each choice `repeat` times, side by side (NaN keeps what is saved, or means no meltdown)."""
    def column(values: list[float | None]) -> Array:
        return np.repeat(np.array([np.nan if v is None else v for v in values], dtype=np.float64), repeat)

    return LaneChoices(cpp_start_age=column([c.cpp_start_age for c in choices]),
                       oas_start_age=column([c.oas_start_age for c in choices]),
                       meltdown_income=column([c.meltdown_income for c in choices]),
                       rrsp_first=column([None if c.rrsp_first is None else float(c.rrsp_first) for c in choices]))


def evaluate_all(inputs: HouseholdInputs, candidates: list[Choice], *, find_spending: bool = True) -> list[Outcome]:
    """Every choice on the plan in one run (one lane each), then, for the highest sustainable spending, every
    choice at many spending levels at once, narrowing on each choice's edge."""
    engine = Engine(inputs)
    k = len(candidates)
    own = engine.run(np.full(k, 1e9), constant_market(inputs, k), choices=_lanes(candidates, 1))
    spending = np.zeros(k)
    base = _retirement_spending(inputs)
    if find_spending and base > 0:
        low, high = np.zeros(k), np.full(k, 3.0)
        market = constant_market(inputs, k * LANES)
        lanes = _lanes(candidates, LANES)
        for _ in range(ROUNDS):
            steps = np.linspace(0.0, 1.0, LANES)
            scales = (low[:, None] + (high - low)[:, None] * steps[None, :])  # (choices, levels)
            lasts = (engine.run(np.full(k * LANES, 1e9), market, spending_scale=scales.ravel(), choices=lanes)
                     .failed_year < 0).reshape(k, LANES)
            for c in range(k):
                ok = np.flatnonzero(lasts[c])
                if ok.size == 0:
                    high[c] = scales[c, 1]
                    continue
                best = int(ok.max())
                if best == LANES - 1:  # still lasting at the top: look higher
                    low[c], high[c] = scales[c, -1], scales[c, -1] * 2
                else:
                    low[c], high[c] = scales[c, best], scales[c, best + 1]
        spending = low * base
    return [Outcome(choice=c, sustainable_spending=round(float(spending[i]), 2),
                    lifetime_tax=round(float((own.tax[:, i] + own.oas_recovery[:, i]).sum()), 2),
                    estate_tax=round(float(own.estate_tax[i]), 2), estate=round(float(own.estate[i]), 2),
                    lasts=bool(own.failed_year[i] < 0)) for i, c in enumerate(candidates)]


def evaluate(inputs: HouseholdInputs, choice: Choice, *, find_spending: bool = True) -> Outcome:
    return evaluate_all(inputs, [choice], find_spending=find_spending)[0]


def choices(inputs: HouseholdInputs) -> list[Choice]:
    engine = Engine(inputs)
    first_bracket = float(engine.system.federal.thresholds[1])
    meltdowns: list[float | None] = [None, first_bracket, engine.oas_threshold]
    return [Choice(cpp, oas, melt, order) for cpp in CPP_AGES for oas in OAS_AGES for melt in meltdowns
            for order in (False, True)]


def optimise(inputs: HouseholdInputs, objective: Objective = "spending") -> Optimised:
    candidates = choices(inputs)
    outcomes = evaluate_all(inputs, [Choice(None, None, inputs.meltdown_income), *candidates],
                            find_spending=objective == "spending")
    saved, outcomes = outcomes[0], outcomes[1:]
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
