"""The FIRE number and the savings rate."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import Field

from api.calc import schemas as s
from api.calc import service as calc
from api.core.schemas import Age, Number
from api.planning.fire import savings_rate as engine_savings_rate
from api.planning.projection import Amount, MoneyIn
from tools.base import ToolOutput
from tools.common import NoExtra, cents, fmt_money, fmt_rate
from tools.compute.common import Rate, assumption_notes, assumption_values
from tools.compute.plan import plan_provenance
from tools.facts import Facts

# --- fire_number ------------------------------------------------------------------------------------------


class FireNumberInput(NoExtra):
    """The FIRE number: the plan's own (savings needed at the FI date, taxes, CPP and OAS counted) and the rule of
    thumb with its variants. Every field is optional: omitted ones come from the user's saved data."""

    annual_spending: MoneyIn | None = Field(default=None, description="Yearly spending in retirement, CAD; default: "
                                                                      "the plan's spending")
    withdrawal_rate: float | None = Field(default=None, ge=0.01, le=0.2, description=(
        "Safe withdrawal rate for the rule of thumb, as a fraction (0.04 = the 4% rule, 25 x spending); default: "
        "from the FIRE multiplier in the user's preferences"))
    lean_annual_spending: MoneyIn | None = Field(default=None, description="Lean FIRE spending; default 70%")
    fat_annual_spending: MoneyIn | None = Field(default=None, description="Fat FIRE spending; default 150%")
    barista_annual_income: MoneyIn = Field(default=Decimal(0), description="Part-time income in retirement, "
                                                                            "yearly, for Barista FIRE")
    current_portfolio: MoneyIn | None = Field(default=None, description="Invested today; default: the plan's "
                                                                         "investable savings")
    current_age: Age | None = Field(default=None, description="Default: the plan's age")
    retirement_age: Age | None = Field(default=None, description="For Coast FIRE; default: your retirement age")
    expected_return: Rate | None = Field(default=None, description="Yearly nominal return; default: the plan's")


class FireNumberOutput(ToolOutput):
    plan_fire_number: Amount | None = Field(description="Your plan's FIRE number: the investable savings needed at "
                                                        "its FI date (today's dollars), taxes, CPP and OAS counted; "
                                                        "null when the plan never reaches FI")
    plan_fi_date: date | None = Field(description="The plan's FI date")
    annual_spending: Amount
    multiplier: float = Field(description="Rule of thumb / annual spending (25 = 4% withdrawal rate)")
    withdrawal_rate: float
    fire_number: Amount = Field(description="The FIRE number this answer is about: the plan's when nothing was "
                                            "changed, else the rule of thumb on the figures given")
    rule_of_thumb: Amount = Field(description="Annual spending x the multiplier (no tax, CPP or OAS)")
    lean_fire_number: Amount
    fat_fire_number: Amount
    barista_fire_number: Amount
    coast_fire_number: Amount | None = Field(description="Invested today, it grows into the rule-of-thumb number by "
                                                         "the retirement age with no more savings")
    coast_reached: bool
    current_portfolio: Amount
    progress: float = Field(description="current_portfolio / fire_number")
    remaining: Amount = Field(description="fire_number - current_portfolio (0 when reached)")
    years_to_retirement: int
    summary: str


def fire_number(facts: Facts, data: FireNumberInput) -> FireNumberOutput:
    notes: list[str] = []
    b = facts.plan
    plan = b.read
    you = b.inputs.people[0]
    multiplier = 1 / data.withdrawal_rate if data.withdrawal_rate else facts.multiplier
    spending = data.annual_spending if data.annual_spending is not None else cents(plan.spending)
    portfolio = data.current_portfolio if data.current_portfolio is not None else cents(plan.investable_today)
    age = data.current_age if data.current_age is not None else you.age
    retire = data.retirement_age if data.retirement_age is not None else int(you.retirement_age or 65)
    if you.retirement_age is None and data.retirement_age is None:
        notes.append("Retirement age assumed 65 (none saved).")
    expected = data.expected_return if data.expected_return is not None else b.inputs.return_rate
    result = calc.fire_variants(data=s.FireVariantsIn(
        annual_expenses=spending, multiplier=multiplier, lean_annual_expenses=data.lean_annual_spending,
        fat_annual_expenses=data.fat_annual_spending, barista_annual_income=data.barista_annual_income,
        current_portfolio=portfolio, current_age=age, retirement_age=max(retire, age),
        annual_return=expected, inflation=b.inputs.inflation))
    own = data.annual_spending is None and data.withdrawal_rate is None
    plan_number = None if plan.fire_number is None else cents(plan.fire_number)
    number = plan_number if own and plan_number is not None else result.fire_number
    progress = float(portfolio / number) if number > 0 else 0.0
    assumptions = assumption_values(result.assumptions) | {"expected_return": expected, "inflation": b.inputs.inflation}
    if spending == 0:
        notes.append("Annual spending is 0 (no expenses saved): there is no FIRE number until expenses are entered.")
    thumb = f"the {multiplier:g}x rule of thumb says {fmt_money(result.fire_number)}"
    if number <= 0:
        summary = "No FIRE number yet: the plan has no spending to pay (add your expenses)."
    elif own and plan_number is not None and plan.fi_date is not None and plan.months_to_fi:
        summary = (f"Your plan's FIRE number is {fmt_money(plan_number)}: the savings needed at your FI date "
                   f"({plan.fi_date:%B %Y}), taxes, CPP and OAS counted; {thumb}. You have "
                   f"{fmt_money(portfolio)} invested, {fmt_rate(progress)} of the way.")
    elif own and plan.months_to_fi == 0:
        summary = (f"Your savings of {fmt_money(portfolio)} already pay your spending to the end of the plan: you "
                   f"are financially independent. For comparison, {thumb}.")
    else:
        summary = (f"FIRE number {fmt_money(number)} by the rule of thumb ({fmt_money(spending)} a year x "
                   f"{multiplier:g}); {fmt_rate(progress)} of the way there with {fmt_money(portfolio)} invested.")
        if own:
            summary += " Your plan does not reach independence before its horizon, so it has no FIRE number yet."
    return FireNumberOutput(
        plan_fire_number=plan_number, plan_fi_date=plan.fi_date,
        annual_spending=spending, multiplier=round(multiplier, 4), withdrawal_rate=round(1 / multiplier, 6),
        fire_number=number, rule_of_thumb=result.fire_number, lean_fire_number=result.lean_fire_number,
        fat_fire_number=result.fat_fire_number, barista_fire_number=result.barista_fire_number,
        coast_fire_number=result.coast_fire_number, coast_reached=result.coast_reached, current_portfolio=portfolio,
        progress=round(progress, 4), remaining=max(number - portfolio, Decimal(0)),
        years_to_retirement=result.years_to_retirement, summary=summary,
        provenance=plan_provenance(facts, {}, notes + assumption_notes(result.assumptions), assumptions))



# --- savings_rate -----------------------------------------------------------------------------------------


class SavingsRateInput(NoExtra):
    """The savings rate from the user's saved income and expenses, or from amounts given here."""

    monthly_income: MoneyIn | None = Field(default=None, description="Take-home per month; default: saved total")
    monthly_expenses: MoneyIn | None = Field(default=None, description="Per month; default: saved total")


class SavingsRateOutput(ToolOutput):
    monthly_income: Number
    monthly_expenses: Number
    monthly_surplus: Number = Field(description="Income - expenses, per month")
    annual_savings: Number
    savings_rate: float | None = Field(description="Surplus / income as a fraction; null without income")
    budgeted_savings_share: float | None = Field(description="Savings + investments share of pay in the budget "
                                                             "(a fraction); null without a budget")
    summary: str


def savings_rate(facts: Facts, data: SavingsRateInput) -> SavingsRateOutput:
    snap = facts.snapshot
    income = data.monthly_income if data.monthly_income is not None else snap.total_monthly_income
    expenses = data.monthly_expenses if data.monthly_expenses is not None else snap.expenses.total
    surplus = income - expenses
    if data.monthly_income is None and data.monthly_expenses is None:
        rate = None if snap.savings_rate is None else float(snap.savings_rate)
    else:
        rate = round(engine_savings_rate(income=float(income), savings=float(surplus)), 4) if income > 0 else None
    notes = [] if income > 0 else ["No income saved: the savings rate needs take-home income."]
    budget = facts.budget_savings_share
    summary = (f"Savings rate {fmt_rate(rate)}: {fmt_money(surplus)} a month left from {fmt_money(income)} of "
               f"income after {fmt_money(expenses)} of expenses.")
    return SavingsRateOutput(monthly_income=income, monthly_expenses=expenses, monthly_surplus=surplus,
                             annual_savings=surplus * 12, savings_rate=rate, budgeted_savings_share=budget,
                             summary=summary,
                             provenance=facts.provenance("income", "expenses", "budget", notes=notes))


