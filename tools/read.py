"""Read tools: the signed-in user's saved records, each through the same service its REST route uses.

Outputs leave out what the model does not need (row ids, timestamps, account numbers) and add the totals
the screens show. Accounts and goals take an optional name, enumerated from the user's own records.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from api.accounts.service import list_accounts
from api.budget.schemas import BudgetFields
from api.budget.service import get_budget
from api.completion.schemas import CompletionRead
from api.completion.service import compute_completion
from api.core.schemas import Number
from api.credit import service as credit
from api.credit.schemas import CreditDataRead
from api.expenses.schemas import ExpenseTotals
from api.expenses.service import get_expenses
from api.future_plans.service import get_plan, list_items
from api.goals.service import list_goals
from api.income.schemas import IncomeFields
from api.income.service import get_income, total_monthly_income
from api.planning.canada import account_kind
from api.preferences.service import get_preferences
from api.profile.schemas import ProfileFields
from api.profile.service import get_profile
from api.properties.service import list_properties
from api.savings import service as savings
from api.savings.schemas import SavingsSummaryFields
from api.snapshot.schemas import SnapshotRead
from api.snapshot.service import get_snapshot
from tools.base import CoachTool, Provenance, ToolContext, ToolOutput
from tools.common import NoExtra, fmt_money, in_session, optional_name_input

ZERO = Decimal("0")


class NoInput(NoExtra):
    """This tool takes no arguments."""


def _provenance(*data: str, notes: Sequence[str] = ()) -> Provenance:
    return Provenance(data=list(data), notes=list(notes))


# --- outputs ----------------------------------------------------------------------------------------------


class ProfileOut(ToolOutput):
    profile: ProfileFields | None = Field(description="The saved profile; null when none was saved")


class IncomeOut(ToolOutput):
    income: IncomeFields | None = Field(description="annual_salary is yearly before tax; the rest are monthly "
                                                    "after tax. Null when no income was saved")
    total_monthly_income: Number = Field(description="Take-home + secondary + side hustle + partner + other, "
                                                      "per month")


class ExpenseItemOut(BaseModel):
    name: str = Field(description="The item's name: its subcategory, or its category when it has none")
    category: str
    subcategory: str | None
    amount: Number = Field(description="Per month")
    needs_wants_category: Literal["needs", "wants"]
    is_bad_habit: bool


class ExpensesOut(ToolOutput):
    rent_mortgage: Number = Field(description="Rent or mortgage payment per month")
    items: list[ExpenseItemOut]
    totals: ExpenseTotals = Field(description="Per month; needs include rent or mortgage")
    annual_total: Number


class SavingsItemOut(BaseModel):
    category: Literal["savings", "investment"]
    subcategory: str | None
    amount: Number = Field(description="Per month")
    goal: str | None
    investment_type: str | None


class SavingsOut(ToolOutput):
    items: list[SavingsItemOut]
    monthly_items_total: Number = Field(description="Sum of the items, per month")
    summary: SavingsSummaryFields | None = Field(description="The savings & investments summary, if saved")


class BudgetOut(ToolOutput):
    budget: BudgetFields | None = Field(description="Percentages 0 to 100 of take-home pay (needs, wants, savings, "
                                                    "investments) and of savings per account; null if not saved")


class AccountOut(BaseModel):
    account_name: str
    account_type: str = Field(description="e.g. chequing, savings, tfsa, rrsp, fhsa, resp, non-registered")
    balance: Number
    purpose: str | None
    institution: str | None


class AccountsOut(ToolOutput):
    accounts: list[AccountOut]
    total_balance: Number = Field(description="Sum of the balances listed")
    by_type: dict[str, Number] = Field(description="Total balance per account type")


TotalsKind = Literal["tfsa", "rrsp", "fhsa", "resp", "non_registered", "cash", "all"]
_KIND_LABELS = {"tfsa": "TFSAs", "rrsp": "RRSPs, RRIFs and LIRAs", "fhsa": "FHSAs", "resp": "RESPs and RDSPs",
                "non_registered": "non-registered accounts", "cash": "chequing, savings and other cash"}


class AccountTotalsInput(NoExtra):
    account_type: TotalsKind = Field(default="all", description="One kind of account (TFSAs, RRSPs with RRIFs and "
                                                                "LIRAs, FHSAs, RESPs, non-registered, cash); "
                                                                "all: every kind")


class KindTotal(BaseModel):
    kind: str
    label: str
    total: Number
    accounts: list[str] = Field(description="The accounts counted, by name")


class AccountTotalsOut(ToolOutput):
    totals: list[KindTotal] = Field(description="Per kind of account, largest first")
    total: Number = Field(description="Sum of the kinds listed")
    summary: str


class GoalOut(BaseModel):
    name: str
    category: str
    target_amount: Number
    current_amount: Number
    progress: float = Field(description="current / target as a fraction (0 when no target)")
    remaining: Number
    target_date: date | None
    priority: Literal["low", "medium", "high"]
    notes: str | None


class GoalsOut(ToolOutput):
    goals: list[GoalOut]


class PropertyOut(BaseModel):
    type: str
    description: str | None
    market_value: Number
    purchase_price: Number
    mortgage_balance: Number
    equity: Number = Field(description="Market value less the mortgage")
    gain_since_purchase: Number = Field(description="Market value less the purchase price (how much it has gone up)")


class PropertiesOut(ToolOutput):
    properties: list[PropertyOut]
    total_equity: Number
    total_mortgage: Number


class CardOut(BaseModel):
    name: str
    issuer: str | None
    card_type: str
    credit_limit: Number
    balance: Number
    interest_rate: Number | None = Field(description="Yearly, as a fraction")
    annual_fee: Number


class LineOut(BaseModel):
    name: str
    lender: str | None
    credit_limit: Number
    balance: Number
    interest_rate: Number | None
    secured: bool


class CreditOut(ToolOutput):
    summary: CreditDataRead
    cards: list[CardOut]
    lines_of_credit: list[LineOut]
    total_card_balance: Number
    total_line_balance: Number


class FuturePlanOut(BaseModel):
    income_growth_rate: Number | None = Field(description="Yearly, as a fraction")
    income_target_date: date | None
    income_target_amount: Number | None = Field(description="Yearly take-home income from the target date")
    expense_change_description: str | None
    expense_change_date: date | None
    expense_change_amount: Number | None = Field(description="Per month, signed: negative for a decrease")
    side_hustle_description: str | None
    side_hustle_date: date | None
    side_hustle_amount: Number | None = Field(description="Per month")
    side_hustle_time_commitment: str | None


class FuturePlanItemOut(BaseModel):
    kind: str = Field(description="spending (a change per month, signed), income (extra take-home pay per month), "
                                  "income_target (the person's yearly take-home pay from then), one_off (spent; "
                                  "negative: received), pause_saving")
    description: str
    person: str = Field(description="self or partner")
    start_date: date | None
    end_date: date | None
    amount: Number | None


class FuturePlansOut(ToolOutput):
    plans: FuturePlanOut | None = Field(description="Income growth, and the first income target, expense change "
                                                     "(signed per month) and side income; null if not saved")
    items: list[FuturePlanItemOut] = Field(default_factory=list, description="Every dated plan, soonest first")


class PreferencesOut(ToolOutput):
    currency_code: str
    locale: str
    investment_return_rate: Number = Field(description="Yearly expected return, as a fraction")
    fire_rule_multiplier: Number = Field(description="FIRE number = annual spending x this (25 = the 4% rule)")
    withdrawal_rate: Number = Field(description="1 / the multiplier")
    max_projection_years: int
    retirement_age: int | None


class SnapshotOut(ToolOutput):
    snapshot: SnapshotRead


class CompletionOut(ToolOutput):
    completion: CompletionRead


# --- the tools --------------------------------------------------------------------------------------------


def _profile(session: Session, uid: uuid.UUID) -> ProfileOut:
    row = get_profile(session=session, user_id=uid)
    return ProfileOut(profile=ProfileFields.model_validate(row, from_attributes=True) if row else None,
                      provenance=_profile_provenance(row is None))


def _profile_provenance(missing: bool) -> Provenance:
    return _provenance("profile", notes=["No profile saved yet."] if missing else [])


def _income(session: Session, uid: uuid.UUID) -> IncomeOut:
    row = get_income(session=session, user_id=uid)
    return IncomeOut(income=IncomeFields.model_validate(row, from_attributes=True) if row else None,
                     total_monthly_income=total_monthly_income(row),
                     provenance=_provenance("income", notes=["No income saved yet."] if row is None else []))


def item_name(category: str, subcategory: str | None) -> str:
    return subcategory if subcategory and subcategory.strip() else category


def _expenses(session: Session, uid: uuid.UUID) -> ExpensesOut:
    saved = get_expenses(session=session, user_id=uid)
    items = [ExpenseItemOut(name=item_name(i.category, i.subcategory), category=i.category,
                            subcategory=i.subcategory, amount=i.amount, needs_wants_category=i.needs_wants_category,
                            is_bad_habit=i.is_bad_habit) for i in saved.items]
    notes = [] if items or saved.rent_mortgage else ["No expenses saved yet."]
    return ExpensesOut(rent_mortgage=saved.rent_mortgage, items=items, totals=saved.totals,
                       annual_total=saved.totals.total * 12, provenance=_provenance("expenses", notes=notes))


def _savings(session: Session, uid: uuid.UUID) -> SavingsOut:
    items = savings.get_items(session=session, user_id=uid).items
    summary = savings.get_summary(session=session, user_id=uid)
    return SavingsOut(
        items=[SavingsItemOut.model_validate(i, from_attributes=True) for i in items],
        monthly_items_total=sum((i.amount for i in items), ZERO),
        summary=SavingsSummaryFields.model_validate(summary, from_attributes=True) if summary else None,
        provenance=_provenance("savings items", "savings summary"))


def _budget(session: Session, uid: uuid.UUID) -> BudgetOut:
    row = get_budget(session=session, user_id=uid)
    return BudgetOut(budget=BudgetFields.model_validate(row, from_attributes=True) if row else None,
                     provenance=_provenance("budget", notes=["No budget saved yet."] if row is None else []))


def _accounts(session: Session, uid: uuid.UUID, name: str | None) -> AccountsOut:
    rows = [r for r in list_accounts(session=session, user_id=uid) if name is None or r.account_name == name]
    by_type: dict[str, Decimal] = {}
    for row in rows:
        by_type[row.account_type] = by_type.get(row.account_type, ZERO) + row.balance
    return AccountsOut(accounts=[AccountOut.model_validate(r, from_attributes=True) for r in rows],
                       total_balance=sum((r.balance for r in rows), ZERO), by_type=by_type,
                       provenance=_provenance("accounts", notes=[] if rows else ["No accounts saved yet."]))


def _kind(account_type: str) -> str:
    kind = account_kind(account_type)
    return "resp" if kind == "other" else kind


def _account_totals(session: Session, uid: uuid.UUID, wanted: str) -> AccountTotalsOut:
    """Every account of a kind added up (all TFSAs, all RRSPs with RRIFs and LIRAs, ...), both spouses' included."""
    rows = [r for r in list_accounts(session=session, user_id=uid)
            if wanted == "all" or _kind(r.account_type) == wanted]
    groups: dict[str, list[Any]] = {}
    for row in rows:
        groups.setdefault(_kind(row.account_type), []).append(row)
    totals = sorted((KindTotal(kind=k, label=_KIND_LABELS[k], total=sum((r.balance for r in g), ZERO),
                               accounts=[r.account_name for r in g]) for k, g in groups.items()),
                    key=lambda t: -t.total)
    total = sum((t.total for t in totals), ZERO)
    if not rows:
        summary = (f"You have no {_KIND_LABELS[wanted]} saved." if wanted != "all" else "You have no accounts saved.")
    elif wanted != "all":
        names = ", ".join(totals[0].accounts)
        summary = f"Your {_KIND_LABELS[wanted]} add up to {fmt_money(total)} ({names})."
    else:
        parts = "; ".join(f"{t.label} {fmt_money(t.total)}" for t in totals)
        summary = f"Your accounts add up to {fmt_money(total)}: {parts}."
    return AccountTotalsOut(totals=totals, total=total, summary=summary, provenance=_provenance(
        "accounts", notes=[] if rows else ["Add accounts in Settings → Accounts."]))


def _goal(row: Any) -> GoalOut:
    target, current = row.target_amount, row.current_amount
    return GoalOut(name=row.name, category=row.category, target_amount=target, current_amount=current,
                   progress=round(float(current / target), 4) if target > 0 else 0.0,
                   remaining=max(target - current, ZERO), target_date=row.target_date, priority=row.priority,
                   notes=row.notes)


def _goals(session: Session, uid: uuid.UUID, name: str | None) -> GoalsOut:
    rows = [r for r in list_goals(session=session, user_id=uid) if name is None or r.name == name]
    return GoalsOut(goals=[_goal(r) for r in rows],
                    provenance=_provenance("goals", notes=[] if rows else ["No goals saved yet."]))


def _properties(session: Session, uid: uuid.UUID) -> PropertiesOut:
    rows = list_properties(session=session, user_id=uid)
    out = [PropertyOut(type=r.type, description=r.description, market_value=r.market_value,
                       purchase_price=r.purchase_price, mortgage_balance=r.mortgage_balance,
                       equity=r.market_value - r.mortgage_balance,
                       gain_since_purchase=r.market_value - r.purchase_price) for r in rows]
    return PropertiesOut(properties=out, total_equity=sum((p.equity for p in out), ZERO),
                         total_mortgage=sum((p.mortgage_balance for p in out), ZERO),
                         provenance=_provenance("properties", notes=[] if rows else ["No properties saved yet."]))


def _credit(session: Session, uid: uuid.UUID) -> CreditOut:
    cards = credit.list_cards(session=session, user_id=uid)
    lines = credit.list_lines(session=session, user_id=uid)
    return CreditOut(summary=credit.get_credit_data(session=session, user_id=uid),
                     cards=[CardOut.model_validate(c, from_attributes=True) for c in cards],
                     lines_of_credit=[LineOut.model_validate(line, from_attributes=True) for line in lines],
                     total_card_balance=sum((c.balance for c in cards), ZERO),
                     total_line_balance=sum((line.balance for line in lines), ZERO),
                     provenance=_provenance("credit summary", "credit cards", "lines of credit"))


def _future_plans(session: Session, uid: uuid.UUID) -> FuturePlansOut:
    row = get_plan(session=session, user_id=uid)
    items = [FuturePlanItemOut.model_validate(i, from_attributes=True)
             for i in list_items(session=session, user_id=uid)]
    return FuturePlansOut(plans=FuturePlanOut.model_validate(row, from_attributes=True) if row else None, items=items,
                          provenance=_provenance("future plans",
                                                 notes=["No future plans saved yet."] if row is None else []))


def _preferences(session: Session, uid: uuid.UUID) -> PreferencesOut:
    row = get_preferences(session=session, user_id=uid)
    return PreferencesOut(currency_code=row.currency_code, locale=row.locale,
                          investment_return_rate=row.investment_return_rate,
                          fire_rule_multiplier=row.fire_rule_multiplier,
                          withdrawal_rate=(Decimal(1) / row.fire_rule_multiplier).quantize(Decimal("0.0001")),
                          max_projection_years=row.max_projection_years, retirement_age=row.retirement_age,
                          provenance=_provenance("preferences"))


def _snapshot(session: Session, uid: uuid.UUID) -> SnapshotOut:
    return SnapshotOut(snapshot=get_snapshot(session=session, user_id=uid), provenance=_provenance(
        "income", "expenses", "preferences", "accounts", "properties", "credit", "savings summary",
        notes=["Savings rate = (income - expenses) / income; FIRE number = annual expenses x the multiplier."]))


def _completion(session: Session, uid: uuid.UUID) -> CompletionOut:
    return CompletionOut(completion=compute_completion(session=session, user_id=uid),
                         provenance=_provenance("every settings section"))


def _names(context: ToolContext) -> tuple[list[str], list[str]]:
    """The user's account and goal names, for the enumerations (read once, when the tools are built)."""
    def read(session: Session) -> tuple[list[str], list[str]]:
        accounts = [r.account_name for r in list_accounts(session=session, user_id=context.user_id)]
        goals = [r.name for r in list_goals(session=session, user_id=context.user_id)]
        return accounts, goals
    return in_session(context, read)


def read_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    uid = context.user_id

    def simple(name: str, description: str, output: type[ToolOutput],
               fetch: Any) -> CoachTool[Any, Any]:
        def run(_: BaseModel) -> Any:
            return in_session(context, lambda s: fetch(s, uid))
        return CoachTool(name=name, description=description, kind="read", input_model=NoInput,
                         output_model=output, run=run)

    account_names, goal_names = _names(context)
    account_input = optional_name_input(
        "GetAccountsInput", "account", account_names, "One account by its exact name; omit for all accounts.",
        "Which of the user's accounts to read.")
    goal_input = optional_name_input(
        "GetGoalsInput", "goal", goal_names, "One goal by its exact name; omit for all goals.",
        "Which of the user's goals to read.")

    def run_accounts(data: BaseModel) -> AccountsOut:
        return in_session(context, lambda s: _accounts(s, uid, getattr(data, "account", None)))

    def run_totals(data: BaseModel) -> AccountTotalsOut:
        return in_session(context, lambda s: _account_totals(s, uid, getattr(data, "account_type", "all")))

    def run_goals(data: BaseModel) -> GoalsOut:
        return in_session(context, lambda s: _goals(s, uid, getattr(data, "goal", None)))

    return [
        simple("get_profile", "The user's profile: name, age, province, city, marital status, dependents, risk "
               "tolerance and goals in their own words.", ProfileOut, _profile),
        simple("get_income", "The user's saved income: yearly salary before tax and monthly take-home, secondary, "
               "side-hustle, partner and other income, with the monthly total.", IncomeOut, _income),
        simple("get_expenses", "The user's monthly expenses: rent or mortgage and each item (needs or wants, bad "
               "habits flagged), with needs, wants and total per month.", ExpensesOut, _expenses),
        simple("get_savings", "The user's monthly savings and investment items and their savings summary "
               "(monthly savings, contributions, emergency fund, other debt).", SavingsOut, _savings),
        simple("get_budget", "The user's budget: percentages of take-home pay for needs, wants, savings and "
               "investments, and how savings split across TFSA, RRSP, FHSA and non-registered.", BudgetOut, _budget),
        CoachTool(name="get_accounts", description="The user's bank and investment accounts (type, balance, "
                  "institution, purpose) with totals by type. Give `account` to read one.", kind="read",
                  input_model=account_input, output_model=AccountsOut, run=run_accounts),
        CoachTool(name="get_goals", description="The user's financial goals with target, amount saved, progress, "
                  "target date and priority. Give `goal` to read one.", kind="read", input_model=goal_input,
                  output_model=GoalsOut, run=run_goals),
        simple("get_properties", "The user's properties: market value, purchase price, mortgage balance and "
               "equity.", PropertiesOut, _properties),
        simple("get_credit", "The user's credit: score, utilisation, credit cards and lines of credit with "
               "balances and interest rates.", CreditOut, _credit),
        simple("get_future_plans", "The user's future plans: income growth, and every dated plan (spending changes, "
               "extra income, an income target, one-offs, pauses in saving) with its dates and amount.",
               FuturePlansOut, _future_plans),
        simple("get_preferences", "The user's planning preferences: expected return, FIRE multiplier (withdrawal "
               "rate), projection horizon and retirement age.", PreferencesOut, _preferences),
        simple("get_snapshot", "The dashboard snapshot: monthly income, expenses, surplus, savings rate, annual "
               "expenses, FIRE number, net worth and profile completion.", SnapshotOut, _snapshot),
        simple("get_completion", "How complete the user's profile is: overall score and each settings section "
               "with its score and screen.", CompletionOut, _completion),
        CoachTool(name="account_totals", description="Totals of the user's accounts by kind: all TFSAs, all RRSPs "
                  "(with RRIFs and LIRAs), FHSAs, RESPs, non-registered and cash, both spouses' accounts counted. "
                  "Give `account_type` for one kind.", kind="read", input_model=AccountTotalsInput,
                  output_model=AccountTotalsOut, run=run_totals),
    ]
