"""What the compute tools default their inputs from: the user's saved data read in one transaction, through
the plan service (`plan_inputs`, the same inputs `/api/v1/plan` builds) and the snapshot service."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property

from sqlalchemy.orm import Session

from api.accounts.service import list_accounts
from api.budget.service import get_budget
from api.credit import service as credit
from api.income.service import get_income
from api.plan.service import ASSUMED_AGE, plan_inputs
from api.plan.summary import PlanBundle, plan_bundle
from api.planning.canada import Province, province_code
from api.planning.projection import PlanInputs
from api.profile.service import get_profile
from api.properties.service import list_properties
from api.savings.service import get_summary
from api.snapshot.schemas import SnapshotRead
from api.snapshot.service import get_snapshot
from tools.base import Provenance, ToolContext
from tools.common import DEFAULT_PROVINCE, in_session

ZERO = Decimal("0")


@dataclass(frozen=True)
class SavedDebt:
    name: str
    balance: Decimal
    annual_rate: Decimal | None


@dataclass(frozen=True)
class Facts:
    inputs: PlanInputs
    missing: list[str]
    snapshot: SnapshotRead
    age: int | None
    province_saved: str | None
    annual_salary: Decimal | None
    mortgage_balance: Decimal
    debts: list[SavedDebt] = field(default_factory=list)
    account_types: list[str] = field(default_factory=list)
    budget_savings_share: float | None = None
    load_plan: Callable[[], PlanBundle] | None = None

    @cached_property
    def plan(self) -> PlanBundle:
        """The household plan and its headline figures (`api.plan.summary`): what every screen shows."""
        assert self.load_plan is not None
        return self.load_plan()

    @property
    def current_age(self) -> int:
        return self.inputs.current_age

    @property
    def portfolio(self) -> Decimal:
        """Every positive account balance (what the plan invests and draws from)."""
        b = self.inputs.balances
        return b.tfsa + b.rrsp + b.fhsa + b.non_registered + b.cash

    @property
    def annual_spending(self) -> Decimal:
        return self.inputs.monthly_expenses * 12

    @property
    def monthly_surplus(self) -> Decimal:
        return self.inputs.monthly_income - self.inputs.monthly_expenses

    @property
    def retirement_age(self) -> int | None:
        return self.inputs.preferences.retirement_age

    @property
    def multiplier(self) -> float:
        return self.inputs.preferences.fire_rule_multiplier

    @property
    def expected_return(self) -> float:
        return self.inputs.preferences.investment_return_rate

    @property
    def inflation(self) -> float:
        return self.inputs.preferences.inflation_rate

    def province(self, notes: list[str]) -> Province:
        """The saved province as a tax-table code; Ontario, said in `notes`, when none is saved or recognised."""
        code = province_code(self.province_saved)
        if code is None:
            said = f"'{self.province_saved}' is not a province we know" if self.province_saved else "no province saved"
            notes.append(f"Province assumed {DEFAULT_PROVINCE} ({said}).")
            return DEFAULT_PROVINCE
        return code

    def age_note(self, notes: list[str]) -> None:
        if self.age is None:
            notes.append(f"Age assumed {ASSUMED_AGE} (no age saved in the profile).")

    def provenance(self, *data: str, assumptions: dict[str, str | float | int] | None = None,
                   notes: list[str] | None = None, tax_year: int | None = None) -> Provenance:
        extra = [f"Missing from your saved data: {', '.join(self.missing)}."] if self.missing else []
        return Provenance(data=list(data), assumptions=assumptions or {}, notes=[*(notes or []), *extra],
                          tax_year=tax_year)


def _load(session: Session, context: ToolContext) -> Facts:
    uid = context.user_id
    inputs, missing = plan_inputs(session=session, user_id=uid)
    profile = get_profile(session=session, user_id=uid)
    income = get_income(session=session, user_id=uid)
    debts = [SavedDebt(name=c.name, balance=c.balance, annual_rate=c.interest_rate)
             for c in credit.list_cards(session=session, user_id=uid) if c.balance > 0]
    debts += [SavedDebt(name=line.name, balance=line.balance, annual_rate=line.interest_rate)
              for line in credit.list_lines(session=session, user_id=uid) if line.balance > 0]
    summary = get_summary(session=session, user_id=uid)
    if summary is not None and summary.debt_amount:
        debts.append(SavedDebt(name="Other debt", balance=summary.debt_amount, annual_rate=None))
    budget = get_budget(session=session, user_id=uid)
    return Facts(
        inputs=inputs, missing=missing, snapshot=get_snapshot(session=session, user_id=uid),
        age=profile.age if profile else None, province_saved=profile.province if profile else None,
        annual_salary=income.annual_salary if income else None,
        mortgage_balance=sum((p.mortgage_balance for p in list_properties(session=session, user_id=uid)), ZERO),
        debts=debts,
        account_types=[a.account_type.strip().lower() for a in list_accounts(session=session, user_id=uid)],
        budget_savings_share=None if budget is None
        else float((budget.savings_percentage + budget.investments_percentage) / 100))


def load_facts(context: ToolContext) -> Facts:
    facts = in_session(context, lambda s: _load(s, context))
    return replace(facts, load_plan=lambda: in_session(context, lambda s: plan_bundle(session=s,
                                                                                       user_id=context.user_id)))
