"""Withdrawal rules, vectorised over paths. Each rule sets the year's withdrawal at the start of every
retirement year from the balances and price levels of all paths at once:

- constant_dollar (the 4% rule): the first year's amount, raised with inflation every year;
- constant_percentage: a fixed share of the balance at the start of each year;
- guyton_klinger: the guardrails of Guyton and Klinger (2006): raise with inflation except after a losing
  year when the current rate is above the initial one; cut 10% when the rate is 20% above the initial rate
  (capital preservation), raise 10% when it is 20% below (prosperity);
- vpw: variable percentage withdrawal, the payment that would empty the balance over the remaining years at
  an expected real return (Bogleheads' VPW), recomputed each year.

Floors and ceilings are in today's dollars and apply to every rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from api.planning.errors import PlanningInputError, check_non_negative

RuleKind = Literal["constant_dollar", "constant_percentage", "guyton_klinger", "vpw"]
Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class WithdrawalRule:
    kind: RuleKind = "constant_dollar"
    initial_rate: float = 0.04
    initial_amount: float | None = None
    floor: float | None = None
    ceiling: float | None = None
    guardrail_upper: float = 0.20
    guardrail_lower: float = 0.20
    guardrail_adjustment: float = 0.10
    vpw_real_return: float = 0.04

    def validate(self) -> None:
        if not 0 < self.initial_rate <= 1:
            raise PlanningInputError("withdrawal.initial_rate", "must be a fraction above 0 and at most 1")
        if self.initial_amount is not None:
            check_non_negative("withdrawal.initial_amount", self.initial_amount)
        if self.floor is not None:
            check_non_negative("withdrawal.floor", self.floor)
        if self.ceiling is not None:
            check_non_negative("withdrawal.ceiling", self.ceiling)
            if self.floor is not None and self.ceiling < self.floor:
                raise PlanningInputError("withdrawal.ceiling", "must not be below the floor")
        for name in ("guardrail_upper", "guardrail_lower", "guardrail_adjustment"):
            if not 0 <= getattr(self, name) <= 1:
                raise PlanningInputError(f"withdrawal.{name}", "must be a fraction between 0 and 1")
        if not -1 < self.vpw_real_return <= 1:
            raise PlanningInputError("withdrawal.vpw_real_return", "must be a fraction between -1 and 1")


class WithdrawalState:
    """Per-path state carried from one retirement year to the next. Amounts are kept both nominal and in
    today's dollars, so inflation-indexing is one multiplication (this runs once a year for 10,000 paths)."""

    def __init__(self, rule: WithdrawalRule, n_paths: int) -> None:
        self.rule = rule
        self.started = False
        self.amount: Array = np.zeros(n_paths)  # this year's withdrawal, nominal
        self.real: Array = np.zeros(n_paths)  # the same in today's dollars
        self._initial_rate: Array = np.zeros(n_paths)
        self._upper: Array = np.zeros(n_paths)
        self._lower: Array = np.zeros(n_paths)

    def start_year(self, *, balance: Array, price: Array, last_year_return: Array, years_left: int) -> Array:
        """The nominal withdrawal for the year that starts now (also kept in `amount` and `real`)."""
        rule = self.rule
        if rule.kind == "constant_percentage":
            amount = balance * rule.initial_rate
        elif rule.kind == "vpw":
            r = rule.vpw_real_return
            with np.errstate(over="ignore"):  # a rate near -100% overflows to inf: the share tends to 0
                annuity = float(1 - np.float64(1 + r) ** -float(years_left))
            # PMT(r, years_left, -1, when=begin); a rate too small to move (1+r)^n is a zero rate.
            share = 1.0 / years_left if abs(annuity) < 1e-12 or years_left <= 1 else r / annuity / (1 + r)
            amount = balance * share
        elif not self.started:
            amount = price * rule.initial_amount if rule.initial_amount is not None else balance * rule.initial_rate
        elif rule.kind == "constant_dollar":
            amount = self.real * price
        else:  # guyton_klinger; rates are compared as amount > rate * balance, which also holds when balance is 0
            amount = self.real * price
            freeze = (last_year_return < 0) & (self.amount > self._initial_rate * balance)
            amount = np.where(freeze, self.amount, amount)
            factor = np.where(amount > self._upper * balance, 1 - rule.guardrail_adjustment,
                              np.where(amount < self._lower * balance, 1 + rule.guardrail_adjustment, 1.0))
            amount *= factor
        real = amount / price
        if rule.floor is not None or rule.ceiling is not None:
            np.clip(real, rule.floor if rule.floor is not None else 0.0,
                    rule.ceiling if rule.ceiling is not None else np.inf, out=real)
            amount = real * price
        if not self.started:
            with np.errstate(divide="ignore", invalid="ignore"):
                self._initial_rate = np.where(balance > 0, amount / balance, np.inf)
                self._upper = self._initial_rate * (1 + rule.guardrail_upper)
                self._lower = self._initial_rate * (1 - rule.guardrail_lower)
            self.started = True
        self.amount, self.real = amount, real
        return amount
