"""Canadian mortgages: fixed-rate interest compounds semi-annually (Interest Act), variable rates, HELOCs and
US-style loans monthly; payments monthly, semi-monthly, bi-weekly, weekly or accelerated; amortization
schedule with prepayments; CMHC insurance premium when the down payment is under 20%; the OSFI stress-test
qualifying rate."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy_financial as npf

from api.planning.errors import PlanningInputError, check_non_negative, check_rate
from api.planning.tables import account_tables
from api.planning.tvm import periodic_rate

Frequency = Literal["monthly", "semi_monthly", "bi_weekly", "weekly", "accelerated_bi_weekly", "accelerated_weekly"]
Compounding = Literal["semi_annual", "monthly"]
COMPOUNDING: dict[str, int] = {"semi_annual": 2, "monthly": 12}
PERIODS: dict[str, int] = {"monthly": 12, "semi_monthly": 24, "bi_weekly": 26, "weekly": 52,
                           "accelerated_bi_weekly": 26, "accelerated_weekly": 52}


def payment(principal: float, annual_rate: float, amortization_years: float, frequency: Frequency,
            compounding: Compounding = "semi_annual") -> float:
    """The regular payment. Accelerated payments are the monthly payment split in 2 (or 4) and paid 26 (or 52)
    times a year, which pays the loan off sooner."""
    if frequency.startswith("accelerated"):
        monthly = payment(principal, annual_rate, amortization_years, "monthly", compounding)
        return monthly / (2 if frequency == "accelerated_bi_weekly" else 4)
    n = PERIODS[frequency]
    rate = periodic_rate(annual_rate, n, COMPOUNDING[compounding])
    if rate == 0:
        return principal / (amortization_years * n)
    return float(npf.pmt(rate, amortization_years * n, -principal))


@dataclass(frozen=True)
class CmhcPremium:
    required: bool
    insurable: bool
    loan_to_value: float
    premium_rate: float
    premium: float
    minimum_down_payment: float
    note: str | None = None


def minimum_down_payment(price: float) -> float:
    rules = account_tables()["mortgage"]
    if price >= rules["insured_max_price"]:
        return 0.2 * price
    md = rules["min_down_payment"]
    return float(md["first_500k"] * min(price, 500_000) + md["above_500k"] * max(price - 500_000, 0.0))


def cmhc_premium(*, price: float, down_payment: float, amortization_years: float) -> CmhcPremium:
    """Mortgage insurance when the down payment is under 20%. A down payment below the legal minimum, or under
    20% on a home of $1.5M or more, cannot be insured: the answer says so (`insurable` false) with no premium."""
    rules = account_tables()["mortgage"]
    check_non_negative("price", price)
    check_non_negative("down_payment", down_payment)
    down = min(down_payment, price)
    minimum = minimum_down_payment(price)
    loan = price - down
    ltv = loan / price if price > 0 else 0.0
    if price == 0 or down >= 0.2 * price:
        return CmhcPremium(required=False, insurable=True, loan_to_value=ltv, premium_rate=0.0, premium=0.0,
                           minimum_down_payment=minimum)
    if price >= rules["insured_max_price"]:
        return CmhcPremium(required=True, insurable=False, loan_to_value=ltv, premium_rate=0.0, premium=0.0,
                           minimum_down_payment=minimum,
                           note="homes priced at $1.5M or more need at least 20% down: no insurance is available")
    if down + 0.005 < minimum:
        return CmhcPremium(required=True, insurable=False, loan_to_value=ltv, premium_rate=0.0, premium=0.0,
                           minimum_down_payment=minimum,
                           note=f"the down payment is below the minimum of {minimum:,.2f} for this price")
    # Insurable means at least the minimum down payment, so at most 95% loan-to-value (give or take a cent).
    rate = next((r for cap, r in rules["cmhc_premiums"] if ltv <= cap + 1e-9), rules["cmhc_premiums"][-1][1])
    if amortization_years > 25:
        rate += rules["cmhc_30_year_surcharge"]
    return CmhcPremium(required=True, insurable=True, loan_to_value=ltv, premium_rate=rate, premium=loan * rate,
                       minimum_down_payment=minimum)


def qualifying_rate(contract_rate: float) -> float:
    st = account_tables()["mortgage"]["stress_test"]
    return float(max(contract_rate + st["buffer"], st["floor"]))


@dataclass(frozen=True)
class ScheduleYear:
    year: int
    payments: float
    principal: float
    interest: float
    prepayments: float
    ending_balance: float


@dataclass(frozen=True)
class MortgageResult:
    principal: float
    payment: float
    periods_per_year: int
    periodic_rate: float
    total_interest: float
    total_paid: float
    payoff_periods: int
    payoff_years: float
    schedule: list[ScheduleYear]
    cmhc: CmhcPremium | None
    qualifying_rate: float
    qualifying_monthly_payment: float


def mortgage(*, principal: float | None = None, price: float | None = None, down_payment: float | None = None,
             annual_rate: float, amortization_years: float, frequency: Frequency = "monthly",
             extra_payment: float = 0.0, annual_prepayment: float = 0.0,
             compounding: Compounding = "semi_annual") -> MortgageResult:
    """Either a loan `principal`, or a `price` and `down_payment` (adding any CMHC premium to the loan). With
    neither, nothing is borrowed and every figure is zero. `compounding` is semi-annual for Canadian fixed
    rates (the default) and monthly for variable rates, HELOCs and US-style loans."""
    check_rate("annual_rate", annual_rate)
    if annual_rate < 0:
        raise PlanningInputError("annual_rate", "must be zero or more")
    if not 1 <= amortization_years <= 40:
        raise PlanningInputError("amortization_years", "must be between 1 and 40")
    check_non_negative("extra_payment", extra_payment)
    check_non_negative("annual_prepayment", annual_prepayment)
    cmhc = None
    if principal is None:
        if price is not None:
            cmhc = cmhc_premium(price=price, down_payment=down_payment or 0.0, amortization_years=amortization_years)
            principal = max(price - (down_payment or 0.0), 0.0) + cmhc.premium
        else:
            principal = 0.0
    check_non_negative("principal", principal)
    n = PERIODS[frequency]
    rate = periodic_rate(annual_rate, n, COMPOUNDING[compounding])
    regular = payment(principal, annual_rate, amortization_years, frequency, compounding) if principal > 0 else 0.0
    balance, period = principal, 0
    schedule: list[ScheduleYear] = []
    total_interest = total_paid = 0.0
    max_periods = round(amortization_years * n)
    while balance > 0.005 and period < max_periods:
        year_pay = year_principal = year_interest = year_pre = 0.0
        for _ in range(n):
            if balance <= 0.005 or period >= max_periods:
                break
            interest = balance * rate
            due = min(regular + extra_payment, balance + interest)
            balance = balance + interest - due
            period += 1
            year_pay += due
            year_interest += interest
            year_principal += due - interest
        if annual_prepayment > 0 and balance > 0.005:
            pre = min(annual_prepayment, balance)
            balance -= pre
            year_pre += pre
        total_interest += year_interest
        total_paid += year_pay + year_pre
        schedule.append(ScheduleYear(year=len(schedule) + 1, payments=year_pay, principal=year_principal,
                                     interest=year_interest, prepayments=year_pre, ending_balance=max(balance, 0.0)))
    q_rate = qualifying_rate(annual_rate)
    return MortgageResult(principal=principal, payment=regular, periods_per_year=n, periodic_rate=rate,
                          total_interest=total_interest, total_paid=total_paid, payoff_periods=period,
                          payoff_years=period / n, schedule=schedule, cmhc=cmhc, qualifying_rate=q_rate,
                          qualifying_monthly_payment=payment(principal, q_rate, amortization_years, "monthly",
                                                                             compounding))
