"""Borrowing: the mortgage payment and debt payoff plans."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import Field

from api.calc import schemas as s
from api.calc import service as calc
from api.core.errors import Invalid
from api.credit import service as credit_rules
from api.planning.projection import MoneyIn
from tools.base import ToolOutput
from tools.common import NoExtra, cents, fmt_money, fmt_rate
from tools.compute.common import assumption_notes, assumption_values
from tools.facts import Facts

# --- mortgage_payment -------------------------------------------------------------------------------------


DEFAULT_MORTGAGE_RATE = 0.05


class MortgageInput(NoExtra):
    """A Canadian mortgage payment (semi-annual compounding), schedule by year and CMHC insurance."""

    principal: MoneyIn | None = Field(default=None, description="Amount borrowed; default: the saved mortgage "
                                                                "balances, unless price is given")
    price: MoneyIn | None = Field(default=None, description="Home price (with down_payment, instead of principal)")
    down_payment: MoneyIn | None = None
    annual_rate: float | None = Field(default=None, ge=0, le=0.3, description="Yearly rate as a fraction; "
                                                                              "default 0.05 (say so if assumed)")
    amortization_years: int = Field(default=25, ge=1, le=40)
    frequency: Literal["monthly", "semi_monthly", "bi_weekly", "weekly", "accelerated_bi_weekly",
                       "accelerated_weekly"] = "monthly"
    extra_payment: MoneyIn = Field(default=Decimal(0), description="Added to each payment")


class MortgageOutput(ToolOutput):
    result: s.MortgageOut
    summary: str


def mortgage_payment(facts: Facts, data: MortgageInput) -> MortgageOutput:
    notes: list[str] = []
    principal = data.principal
    if principal is None and data.price is None:
        if facts.mortgage_balance <= 0:
            raise Invalid("No mortgage is saved: give a principal, or a price and a down payment")
        principal = facts.mortgage_balance
        notes.append(f"Principal: the saved mortgage balance, {fmt_money(principal)}.")
    rate = data.annual_rate
    if rate is None:
        rate = DEFAULT_MORTGAGE_RATE
        notes.append(f"Interest rate assumed {fmt_rate(rate)} (no rate given; the app does not store it).")
    result = calc.mortgage_calc(data=s.MortgageIn(
        principal=principal, price=data.price, down_payment=data.down_payment, annual_rate=rate,
        amortization_years=data.amortization_years, frequency=data.frequency, extra_payment=data.extra_payment))
    summary = (f"{fmt_money(result.payment)} per payment ({data.frequency.replace('_', '-')}) on "
               f"{fmt_money(result.principal)} at {fmt_rate(rate)} over {data.amortization_years} years; total "
               f"interest {fmt_money(result.total_interest)}.")
    return MortgageOutput(result=result, summary=summary, provenance=facts.provenance(
        "properties", assumptions=assumption_values(result.assumptions),
        notes=notes + assumption_notes(result.assumptions)))


# --- debt_payoff ------------------------------------------------------------------------------------------


# One rule with the debt payoff calculator's "use my cards and lines" (api.credit.service.payoff_debts).
MINIMUM_SHARE = credit_rules.MINIMUM_SHARE
MINIMUM_FLOOR = credit_rules.MINIMUM_FLOOR
UNKNOWN_DEBT_RATE = float(credit_rules.UNKNOWN_DEBT_RATE)


class DebtInput(NoExtra):
    name: str = Field(default="", max_length=200)
    balance: MoneyIn
    annual_rate: float = Field(ge=0, le=1, description="Yearly interest as a fraction (0.1999 = 19.99%)")
    minimum_payment: MoneyIn | None = Field(default=None, description="Default: 3% of the balance, at least $10")


class DebtPayoffInput(NoExtra):
    """Avalanche (highest rate first) and snowball (smallest balance first) payoff plans."""

    debts: list[DebtInput] | None = Field(default=None, max_length=50, description="Default: the user's credit "
                                                                                   "cards, lines and other debt")
    monthly_payment: MoneyIn | None = Field(default=None, description="Paid toward all debts each month; "
                                                                      "default: the minimums + extra")
    extra_monthly: MoneyIn = Field(default=Decimal(0), description="Paid on top of the minimums")


class DebtPayoffOutput(ToolOutput):
    result: s.DebtPayoffOut | None = Field(description="Null when there is no debt")
    debts: list[s.DebtIn]
    summary: str


def _minimum(balance: Decimal) -> Decimal:
    return min(balance, max(cents(balance * MINIMUM_SHARE), MINIMUM_FLOOR))


def debt_payoff(facts: Facts, data: DebtPayoffInput) -> DebtPayoffOutput:
    notes: list[str] = []
    if data.debts is not None:
        debts = [s.DebtIn(name=d.name, balance=d.balance, annual_rate=d.annual_rate,
                          minimum_payment=d.minimum_payment if d.minimum_payment is not None else _minimum(d.balance))
                 for d in data.debts]
    else:
        debts = []
        for d in facts.debts:
            rate = float(d.annual_rate) if d.annual_rate is not None else UNKNOWN_DEBT_RATE
            if d.annual_rate is None:
                notes.append(f"{d.name}: interest rate assumed {fmt_rate(rate)} (none saved).")
            debts.append(s.DebtIn(name=d.name, balance=cents(d.balance), annual_rate=rate,
                                  minimum_payment=_minimum(d.balance)))
    if debts and (data.debts is None or any(d.minimum_payment is None for d in data.debts)):
        notes.append("Minimum payments not given are taken as 3% of the balance, at least $10.")
    if not debts:
        return DebtPayoffOutput(result=None, debts=[], summary="No debts to pay off (no card, line of credit or "
                                                               "other debt with a balance is saved).",
                                provenance=facts.provenance("credit cards", "lines of credit", "savings summary",
                                                            notes=notes))
    minimums = sum((d.minimum_payment for d in debts), Decimal(0))
    payment = data.monthly_payment if data.monthly_payment is not None else minimums + data.extra_monthly
    result = calc.debt_payoff(data=s.DebtPayoffIn(debts=debts, monthly_payment=payment))
    a = result.avalanche
    summary = (f"Paying {fmt_money(a.monthly_payment)} a month clears {fmt_money(sum(d.balance for d in debts))} "
               + (f"in {a.months} months" if a.paid_off else "never (the payment does not cover the interest)")
               + f" with the avalanche method ({fmt_money(a.total_interest)} interest); avalanche saves "
               f"{fmt_money(result.interest_saved_by_avalanche)} over snowball.")
    return DebtPayoffOutput(result=result, debts=debts, summary=summary, provenance=facts.provenance(
        "credit cards", "lines of credit", "savings summary", assumptions=assumption_values(result.assumptions),
        notes=notes + assumption_notes(result.assumptions)))


