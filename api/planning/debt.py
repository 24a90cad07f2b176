"""Debt payoff over the user's cards and lines of credit: avalanche (highest rate first) and snowball
(smallest balance first). Each month interest accrues at rate/12, every debt gets its minimum, and the
rest of the monthly budget (including minimums freed by paid-off debts) goes to the target debt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from api.planning.errors import PlanningInputError, check_non_negative

Strategy = Literal["avalanche", "snowball"]
MAX_MONTHS = 1200


@dataclass(frozen=True)
class Debt:
    name: str
    balance: float
    annual_rate: float
    minimum_payment: float


@dataclass(frozen=True)
class DebtPayoff:
    name: str
    payoff_month: int
    interest_paid: float


@dataclass(frozen=True)
class PayoffPlan:
    strategy: Strategy
    months: int
    total_interest: float
    total_paid: float
    order: list[str]
    debts: list[DebtPayoff]


def payoff(*, debts: list[Debt], monthly_payment: float, strategy: Strategy) -> PayoffPlan:
    if not debts:
        raise PlanningInputError("debts", "give at least one debt")
    for i, d in enumerate(debts):
        check_non_negative(f"debts.{i}.balance", d.balance)
        check_non_negative(f"debts.{i}.minimum_payment", d.minimum_payment)
        if not 0 <= d.annual_rate <= 1:
            raise PlanningInputError(f"debts.{i}.annual_rate", "must be a fraction between 0 and 1")
    balance = np.array([d.balance for d in debts], dtype=np.float64)
    rate = np.array([d.annual_rate for d in debts]) / 12
    minimum = np.array([d.minimum_payment for d in debts])
    if monthly_payment + 1e-9 < float(np.minimum(minimum, balance).sum()):
        raise PlanningInputError("monthly_payment", "must cover at least the minimum payments")
    # Target order is fixed at the start, as both methods are usually taught.
    key = (-rate, balance) if strategy == "avalanche" else (balance, -rate)
    order = list(np.lexsort(key[::-1]))
    interest_paid = np.zeros_like(balance)
    paid_off = np.zeros(balance.size, dtype=np.int64)
    month = 0
    total_paid = 0.0
    while np.any(balance > 0.005):
        month += 1
        if month > MAX_MONTHS:
            raise PlanningInputError("monthly_payment", "too small: the debts would not be paid off in 100 years")
        interest = balance * rate
        balance += interest
        interest_paid += interest
        pay = np.minimum(minimum, balance)
        left = monthly_payment - pay.sum()
        for i in order:
            if left <= 0:
                break
            extra = min(left, balance[i] - pay[i])
            pay[i] += extra
            left -= extra
        balance -= pay
        total_paid += float(pay.sum())
        newly = (balance <= 0.005) & (paid_off == 0)
        paid_off[newly] = month
        if not np.any(pay > 0) and np.any(balance > 0.005):
            raise PlanningInputError("monthly_payment", "too small to reduce the balances")
    results = [DebtPayoff(name=d.name, payoff_month=int(paid_off[i]), interest_paid=float(interest_paid[i]))
               for i, d in enumerate(debts)]
    return PayoffPlan(strategy=strategy, months=month, total_interest=sum(r.interest_paid for r in results),
                      total_paid=total_paid, order=[debts[i].name for i in order], debts=results)
