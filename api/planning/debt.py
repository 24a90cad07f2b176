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
    payoff_month: int  # the month it was cleared; the last month simulated when not paid_off
    interest_paid: float
    paid_off: bool = True


@dataclass(frozen=True)
class PayoffPlan:
    strategy: Strategy
    months: int
    paid_off: bool
    monthly_payment: float
    total_interest: float
    total_paid: float
    remaining_balance: float
    order: list[str]
    debts: list[DebtPayoff]
    months_decimal: float | None = None  # the same time with the last month as a fraction, as NPER counts it


def _last_month_fraction(balance: float, monthly_rate: float, budget: float) -> float:
    """The fraction of a month that pays off `balance` (owed at the start of the month) with payments of
    `budget` a month, solved as NPER solves it: balance = budget x (1 - (1 + r)^-t) / r."""
    if budget <= 0:
        return 1.0
    if monthly_rate <= 0:
        return min(balance / budget, 1.0)
    share = balance * monthly_rate / budget
    if share >= 1:
        return 1.0
    return float(min(-np.log1p(-share) / np.log1p(monthly_rate), 1.0))


def payoff(*, debts: list[Debt], monthly_payment: float, strategy: Strategy) -> PayoffPlan:
    """A budget below the minimum payments is raised to them (minimums are owed regardless); a plan that does
    not clear the debts within 100 years says so (`paid_off` false) with the balance left."""
    if not debts:
        raise PlanningInputError("debts", "give at least one debt")
    check_non_negative("monthly_payment", monthly_payment)
    for i, d in enumerate(debts):
        check_non_negative(f"debts.{i}.balance", d.balance)
        check_non_negative(f"debts.{i}.minimum_payment", d.minimum_payment)
        if not 0 <= d.annual_rate <= 1:
            raise PlanningInputError(f"debts.{i}.annual_rate", "must be a fraction between 0 and 1")
    balance = np.array([d.balance for d in debts], dtype=np.float64)
    rate = np.array([d.annual_rate for d in debts]) / 12
    minimum = np.array([d.minimum_payment for d in debts])
    budget = max(monthly_payment, float(np.minimum(minimum, balance).sum()))
    # Target order is fixed at the start, as both methods are usually taught.
    key = (-rate, balance) if strategy == "avalanche" else (balance, -rate)
    order = list(np.lexsort(key[::-1]))
    interest_paid = np.zeros_like(balance)
    paid_off = np.zeros(balance.size, dtype=np.int64)
    month = 0
    total_paid = 0.0
    start = balance.copy()
    while np.any(balance > 0.005) and month < MAX_MONTHS:
        month += 1
        start = balance.copy()
        interest = balance * rate
        balance += interest
        interest_paid += interest
        pay = np.minimum(minimum, balance)
        left = budget - pay.sum()
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
    cleared = bool(np.all(balance <= 0.005))
    decimal = None
    if cleared:
        owed = start[start > 0.005]
        if owed.size:
            weighted = float((owed * rate[start > 0.005]).sum() / owed.sum())
            decimal = month - 1 + _last_month_fraction(float(owed.sum()), weighted, budget)
        else:
            decimal = 0.0
    results = [DebtPayoff(name=d.name, payoff_month=int(paid_off[i]) if balance[i] <= 0.005 else month,
                          interest_paid=float(interest_paid[i]), paid_off=bool(balance[i] <= 0.005))
               for i, d in enumerate(debts)]
    return PayoffPlan(strategy=strategy, months=month, paid_off=cleared, monthly_payment=budget,
                      total_interest=float(interest_paid.sum()), total_paid=total_paid,
                      remaining_balance=float(np.maximum(balance, 0.0).sum()),
                      order=[debts[i].name for i in order], debts=results, months_decimal=decimal)
