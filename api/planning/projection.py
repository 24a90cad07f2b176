"""The user's plan: a month-by-month projection of net worth from plain inputs (`PlanInputs`), with the FIRE
figures and, optionally, a Monte Carlo of the retirement phase. `build_plan(inputs)` is what
`/api/v1/plan`, the coach's tools and the FIRE report call; feeding it from saved data is the caller's job.

Model (each month): income grows at the future plans' growth rate (and jumps to the income target from its
date); expenses grow with inflation (an expense change applies from its date, in today's dollars); a side
hustle adds its monthly amount from its date. Until the retirement age, savings (the budget's monthly
savings if given, else income less expenses) go to TFSA / RRSP / FHSA / non-registered by the budget's
split; a shortfall is drawn from cash, then non-registered, RRSP, TFSA and FHSA. From the retirement age,
earned income stops and expenses are withdrawn in that same order. Invested accounts grow at the
preferences' return rate (an effective annual rate compounded monthly); cash earns nothing; debts stay as
given. Taxes on withdrawals and registered-account room limits are not modelled here (the tax and
accounts calculators handle them).
"""

from __future__ import annotations

import math
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PlainSerializer, WithJsonSchema

from api.planning.assumptions import Assumptions
from api.planning.errors import PlanningInputError
from api.planning.fire import FAT_SHARE, LEAN_SHARE, fire_variants, real_rate
from api.planning.montecarlo import MarketAssumptions, SimulationInputs, simulate
from api.planning.withdrawal import WithdrawalRule

_as_number = PlainSerializer(lambda v: float(v), return_type=float, when_used="json")
# Results are not bounded like stored money (a century of growth can exceed NUMERIC(14,2)).
Amount = Annotated[Decimal, _as_number]
# Inputs of calculations: JSON numbers up to the largest stored amount, rounded to the cent (nothing is saved,
# so more decimals are rounded rather than refused), with a plain-number schema rather than number-or-string.
_LIMIT = Decimal("999999999999.99")


def _to_cent(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


MoneyIn = Annotated[Decimal, Field(ge=0, le=_LIMIT), AfterValidator(_to_cent), _as_number,
                    WithJsonSchema({"type": "number", "minimum": 0, "maximum": float(_LIMIT)})]
SignedMoneyIn = Annotated[Decimal, Field(ge=-_LIMIT, le=_LIMIT), AfterValidator(_to_cent), _as_number,
                          WithJsonSchema({"type": "number", "minimum": -float(_LIMIT), "maximum": float(_LIMIT)})]
Rate = Annotated[float, Field(gt=-1, le=1)]  # -100% would zero every later value
Percent = Annotated[float, Field(ge=0, le=100)]
ACCOUNTS = ("tfsa", "rrsp", "fhsa", "non_registered")
DRAW_ORDER = ("cash", "non_registered", "rrsp", "tfsa", "fhsa")
CENT = Decimal("0.01")


def money(value: float) -> Decimal:
    """A float result as Decimal cents. Floats reach 1e308, beyond the default 28-digit Decimal context."""
    if not math.isfinite(value):
        raise PlanningInputError("request", "the result is too large to compute; use lower rates or fewer years")
    with localcontext() as ctx:
        ctx.prec = 400
        return Decimal(repr(round(value, 6))).quantize(CENT, rounding=ROUND_HALF_UP)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AccountBalances(_Strict):
    tfsa: MoneyIn = Decimal(0)
    rrsp: MoneyIn = Decimal(0)
    fhsa: MoneyIn = Decimal(0)
    non_registered: MoneyIn = Decimal(0)
    cash: MoneyIn = Decimal(0)


class ContributionSplit(_Strict):
    """The budget's allocation of savings, in percent (0 to 100); all zero sends everything non-registered."""

    tfsa: Percent = 0
    rrsp: Percent = 0
    fhsa: Percent = 0
    non_registered: Percent = 0


class PlanPreferences(_Strict):
    investment_return_rate: Rate = 0.1
    fire_rule_multiplier: float = Field(default=25, ge=0.01, le=100)
    max_projection_years: int = Field(default=30, ge=1, le=100)
    retirement_age: int | None = Field(default=65, ge=0, le=120)
    inflation_rate: float = Field(default=0.02, ge=-0.5, le=1, description="Deflation beyond 50% a year is refused")


class FuturePlanChanges(_Strict):
    income_growth_rate: Rate = 0.0
    income_target_date: date | None = None
    income_target_amount: MoneyIn | None = Field(default=None, description="Annual take-home income from the date")
    expense_change_date: date | None = None
    expense_change_amount: SignedMoneyIn | None = Field(default=None, description="Monthly, signed, today's dollars")
    side_hustle_date: date | None = None
    side_hustle_amount: MoneyIn | None = Field(default=None, description="Monthly take-home from the date")


class PlanInputs(_Strict):
    """Everything the plan needs, as plain data (monthly amounts are after tax)."""

    start_date: date
    current_age: int = Field(ge=0, le=120)
    monthly_income: MoneyIn
    monthly_expenses: MoneyIn
    monthly_savings: MoneyIn | None = Field(default=None, description="Overrides income - expenses while working")
    contribution_split: ContributionSplit = Field(default_factory=ContributionSplit)
    balances: AccountBalances = Field(default_factory=AccountBalances)
    debts: MoneyIn = Decimal(0)
    preferences: PlanPreferences = Field(default_factory=PlanPreferences)
    future_plans: FuturePlanChanges = Field(default_factory=FuturePlanChanges)
    extra_monthly_savings: SignedMoneyIn = Field(default=Decimal(0), description=(
        "Added to each working month's saving (growing with income growth); negative saves less"))
    savings_pause_months: int = Field(default=0, ge=0, le=1200, description=(
        "Saving stops for this many months from the start, then resumes: the surplus is spent, a shortfall is "
        "still drawn from the accounts"))
    monte_carlo_paths: int = Field(default=0, ge=0, le=20_000)
    seed: int | None = Field(default=None, ge=0)


class ProjectionPoint(BaseModel):
    month: int
    date: date
    age: float
    income: Amount
    expenses: Amount
    contribution: Amount
    balances: dict[str, Amount]
    investable: Amount
    net_worth: Amount
    net_worth_real: Amount
    fire_number: Amount
    retired: bool


class FireSummary(BaseModel):
    fire_number: Amount
    lean_fire_number: Amount
    fat_fire_number: Amount
    coast_fire_number: Amount | None
    barista_fire_number: Amount
    coast_reached: bool
    withdrawal_rate: float
    savings_rate: float
    months_to_fi: int | None
    years_to_fi: float | None
    fi_date: date | None
    fi_age: float | None


class RetirementOutlook(BaseModel):
    success_rate: float
    paths: int
    years: int
    starting_balance_real: Amount
    annual_spending_real: Amount
    median_ending_balance_real: Amount


class PlanResult(BaseModel):
    fire: FireSummary
    points: list[ProjectionPoint]
    net_worth_at_retirement: Amount | None
    depleted_date: date | None
    ending_net_worth: Amount
    ending_net_worth_real: Amount
    retirement_outlook: RetirementOutlook | None
    assumptions: Assumptions


def _add_months(start: date, months: int) -> date:
    year, month = divmod(start.month - 1 + months, 12)
    return date(start.year + year, month + 1, 1)


def _month_index(start: date, when: date | None) -> int | None:
    if when is None:
        return None
    return max((when.year - start.year) * 12 + when.month - start.month, 0)


def build_plan(inputs: PlanInputs) -> PlanResult:
    prefs, plans = inputs.preferences, inputs.future_plans
    # Dates stop at year 9999 (the calendar's end), whatever start date and horizon are asked for.
    months = min(prefs.max_projection_years * 12,
                 (9999 - inputs.start_date.year) * 12 + 12 - inputs.start_date.month)
    monthly_return = (1 + prefs.investment_return_rate) ** (1 / 12) - 1
    monthly_inflation = (1 + prefs.inflation_rate) ** (1 / 12) - 1
    monthly_growth = (1 + plans.income_growth_rate) ** (1 / 12) - 1
    split = {a: getattr(inputs.contribution_split, a) for a in ACCOUNTS}
    total_split = sum(split.values())
    shares = {a: (v / total_split if total_split else float(a == "non_registered")) for a, v in split.items()}
    balances = {name: float(getattr(inputs.balances, name)) for name in (*ACCOUNTS, "cash")}
    debts = float(inputs.debts)
    target_at = _month_index(inputs.start_date, plans.income_target_date)
    change_at = _month_index(inputs.start_date, plans.expense_change_date)
    hustle_at = _month_index(inputs.start_date, plans.side_hustle_date)
    # A retirement age already past means retired from the first month.
    retire_at = (None if prefs.retirement_age is None
                 else max(round((prefs.retirement_age - inputs.current_age) * 12), 0))
    multiplier = prefs.fire_rule_multiplier
    extra = float(inputs.extra_monthly_savings)

    points: list[ProjectionPoint] = []
    fi_month: int | None = None
    depleted: date | None = None
    at_retirement: float | None = None
    income_base = float(inputs.monthly_income)
    for m in range(months + 1):
        when = _add_months(inputs.start_date, m)
        retired = retire_at is not None and m >= retire_at
        price = (1 + monthly_inflation) ** m
        if target_at is not None and m >= target_at and plans.income_target_amount is not None:
            income = float(plans.income_target_amount) / 12 * (1 + monthly_growth) ** (m - target_at)
        else:
            income = income_base * (1 + monthly_growth) ** m
        if hustle_at is not None and m >= hustle_at and plans.side_hustle_amount is not None:
            income += float(plans.side_hustle_amount)
        expenses = float(inputs.monthly_expenses)
        if change_at is not None and m >= change_at and plans.expense_change_amount is not None:
            expenses += float(plans.expense_change_amount)
        expenses = max(expenses, 0.0) * price
        if retired:
            income = 0.0
            contribution = -expenses
        elif m < inputs.savings_pause_months:
            contribution = min(income - expenses, 0.0)
        elif inputs.monthly_savings is not None:
            contribution = float(inputs.monthly_savings) * (1 + monthly_growth) ** m
        else:
            contribution = income - expenses
        if not retired and m >= inputs.savings_pause_months:
            contribution += extra * (1 + monthly_growth) ** m
        investable = sum(balances.values())
        fire_target = expenses * 12 * multiplier
        if fi_month is None and investable >= fire_target > 0:
            fi_month = m
        if retired and at_retirement is None:
            at_retirement = investable - debts
        points.append(ProjectionPoint(
            month=m, date=when, age=round(inputs.current_age + m / 12, 4), income=money(income),
            expenses=money(expenses), contribution=money(contribution),
            balances={k: money(v) for k, v in balances.items()}, investable=money(investable),
            net_worth=money(investable - debts), net_worth_real=money((investable - debts) / price),
            fire_number=money(fire_target), retired=retired))
        if m == months:
            break
        # Apply this month's flows, then a month of growth to the invested accounts.
        if contribution >= 0:
            for a in ACCOUNTS:
                balances[a] += contribution * shares[a]
        else:
            need = -contribution
            for a in DRAW_ORDER:
                take = min(need, balances[a])
                balances[a] -= take
                need -= take
            if need > 0.005 and depleted is None:
                depleted = when
        for a in ACCOUNTS:
            balances[a] *= 1 + monthly_return

    first_expenses = float(points[0].expenses) * 12
    variants = fire_variants(
        annual_expenses=first_expenses, multiplier=multiplier, current_portfolio=float(points[0].investable),
        current_age=inputs.current_age,
        retirement_age=max(prefs.retirement_age if prefs.retirement_age is not None else 0, inputs.current_age),
        annual_real_return=real_rate(prefs.investment_return_rate, prefs.inflation_rate))
    income0 = float(points[0].income)
    saved0 = (float(inputs.monthly_savings) if inputs.monthly_savings is not None else income0 - first_expenses / 12
              ) + extra
    fire = FireSummary(
        fire_number=money(variants.fire_number), lean_fire_number=money(variants.lean_fire_number),
        fat_fire_number=money(variants.fat_fire_number),
        coast_fire_number=None if variants.coast_fire_number is None else money(variants.coast_fire_number),
        barista_fire_number=money(variants.barista_fire_number), coast_reached=variants.coast_reached,
        withdrawal_rate=variants.withdrawal_rate,
        savings_rate=round(saved0 / income0, 6) if income0 > 0 else 0.0,
        months_to_fi=fi_month, years_to_fi=None if fi_month is None else round(fi_month / 12, 4),
        fi_date=None if fi_month is None else points[fi_month].date,
        fi_age=None if fi_month is None else points[fi_month].age)
    last = points[-1]
    outlook = _retirement_outlook(inputs, points, retire_at) if inputs.monte_carlo_paths else None
    return PlanResult(
        fire=fire, points=points, net_worth_at_retirement=None if at_retirement is None else money(at_retirement),
        depleted_date=depleted, ending_net_worth=last.net_worth, ending_net_worth_real=last.net_worth_real,
        retirement_outlook=outlook, assumptions=plan_assumptions(inputs))


def _retirement_outlook(inputs: PlanInputs, points: list[ProjectionPoint], retire_at: int | None
                        ) -> RetirementOutlook | None:
    """Monte Carlo of the retirement phase (constant-dollar spending of the projected expenses), from the
    projected balance at retirement, over the rest of the projection (at least 30 years)."""
    if retire_at is None or retire_at >= len(points):
        return None
    prefs = inputs.preferences
    at = points[retire_at]
    price = (1 + prefs.inflation_rate) ** (retire_at / 12)
    start_real = float(at.investable) / price
    spending_real = float(at.expenses) * 12 / price
    years = max(prefs.max_projection_years - retire_at // 12, 30)
    market = MarketAssumptions(model="normal", stock_share=1.0, stock_mean=prefs.investment_return_rate,
                               inflation_mean=prefs.inflation_rate)
    result = simulate(SimulationInputs(initial_balance=start_real, years=years, paths=inputs.monte_carlo_paths,
                                       seed=inputs.seed, market=market,
                                       rule=WithdrawalRule(kind="constant_dollar", initial_amount=spending_real)))
    return RetirementOutlook(success_rate=result.success_rate, paths=result.paths, years=years,
                             starting_balance_real=money(start_real), annual_spending_real=money(spending_real),
                             median_ending_balance_real=money(result.median_ending_balance))


def plan_assumptions(inputs: PlanInputs) -> Assumptions:
    prefs = inputs.preferences
    notes = [
        "Effective annual rates, applied monthly; amounts are after tax.",
        f"Lean FIRE uses {LEAN_SHARE:.0%} and Fat FIRE {FAT_SHARE:.0%} of current expenses.",
        f"Shortfalls and retirement spending are drawn from {', '.join(DRAW_ORDER)}, in that order.",
        "Not modelled: tax on withdrawals, registered-account room limits, CPP and OAS income, debt repayment.",
    ]
    if inputs.monte_carlo_paths:
        notes.append("Retirement outlook: normal model with volatility estimated from Shiller's US history "
                     "1871-2025 and the mean set to the investment return rate; constant-dollar spending.")
    rates = {
        "investment_return_rate": prefs.investment_return_rate,
        "inflation_rate": prefs.inflation_rate,
        "real_return_rate": round(real_rate(prefs.investment_return_rate, prefs.inflation_rate), 6),
        "withdrawal_rate": round(1 / prefs.fire_rule_multiplier, 6),
        "income_growth_rate": inputs.future_plans.income_growth_rate,
    }
    limits = {"fire_rule_multiplier": prefs.fire_rule_multiplier, "max_projection_years": prefs.max_projection_years}
    if prefs.retirement_age is not None:
        limits["retirement_age"] = prefs.retirement_age
    return Assumptions(rates=rates, limits=limits, notes=notes,
                       data_source=["the inputs given (the user's saved profile, budget, plans and preferences)"])
