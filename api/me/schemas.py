"""The export file ("your data is yours"): every saved resource in the shape its own create endpoint takes.

Each resource section is the create schema of its domain (`AccountIn`, `GoalIn`, ...), so an import is validated
by exactly the rules a save through the API is, and a file written by one account reads into another. Sections
that are kept for the record only (community posts and comments, the activity log, coach conversations) are read
but not restored. No ids, user ids, password hashes or tokens are written.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field

from api.accounts.schemas import AccountIn
from api.budget.schemas import BudgetIn
from api.core.schemas import Input, Money, SignedMoney
from api.credit.schemas import CreditCardIn, CreditDataIn, LineOfCreditIn
from api.expenses.schemas import ExpensesIn
from api.future_plans.schemas import FuturePlanIn, FuturePlanItemRecord
from api.goals.schemas import GoalIn
from api.household.schemas import HouseholdIn
from api.income.schemas import IncomeIn
from api.plan.scenarios import MAX_SCENARIOS, ScenarioIn
from api.preferences.schemas import PreferencesIn
from api.profile.schemas import ProfileIn
from api.properties.schemas import PropertyIn
from api.savings.schemas import SavingsItemIn, SavingsSummaryIn

FORMAT_VERSION = 1
MAX_ROWS = 1000  # per list: far above what a person enters, low enough that one file cannot flood the database


class NetWorthPoint(Input):
    """One day of the net-worth history (the nightly snapshot)."""

    taken_on: date
    assets: Money
    liabilities: Money
    net_worth: SignedMoney


class PostRecord(BaseModel):
    category: str
    title: str
    body: str
    created_at: datetime


class CommentRecord(BaseModel):
    post_title: str | None = Field(default=None, description="The post commented on, when it is still visible")
    body: str
    created_at: datetime


class ActivityRecord(BaseModel):
    description: str
    category: str | None = None
    created_at: datetime


class ConversationMessage(BaseModel):
    role: Literal["user", "assistant"]
    content: str


class ConversationRecord(BaseModel):
    title: str
    created_at: datetime
    updated_at: datetime
    messages: list[ConversationMessage] = Field(default_factory=list)


class SavedData(Input):
    """What an import restores: every resource the plan and the settings pages are built from."""

    profile: ProfileIn | None = None
    income: IncomeIn | None = None
    expenses: ExpensesIn | None = None
    savings_items: list[SavingsItemIn] = Field(default_factory=list, max_length=MAX_ROWS)
    savings_summary: SavingsSummaryIn | None = None
    budget: BudgetIn | None = None
    accounts: list[AccountIn] = Field(default_factory=list, max_length=MAX_ROWS)
    properties: list[PropertyIn] = Field(default_factory=list, max_length=MAX_ROWS)
    credit_summary: CreditDataIn | None = None
    credit_cards: list[CreditCardIn] = Field(default_factory=list, max_length=MAX_ROWS)
    lines_of_credit: list[LineOfCreditIn] = Field(default_factory=list, max_length=MAX_ROWS)
    goals: list[GoalIn] = Field(default_factory=list, max_length=MAX_ROWS)
    future_plan: FuturePlanIn | None = Field(default=None, description="The income growth (files written before "
                                                                      "the dated plans were a list also hold an "
                                                                      "income target, an expense change and a side "
                                                                      "hustle here, restored as dated plans)")
    future_plan_items: list[FuturePlanItemRecord] = Field(default_factory=list, max_length=MAX_ROWS)
    preferences: PreferencesIn | None = None
    household: HouseholdIn | None = None
    scenarios: list[ScenarioIn] = Field(default_factory=list, max_length=MAX_SCENARIOS)
    net_worth_history: list[NetWorthPoint] = Field(default_factory=list, max_length=MAX_ROWS * 10)


class ExportFile(SavedData):
    """The whole file: the restorable resources, plus what is kept for the record only."""

    format_version: int = Field(description=f"{FORMAT_VERSION} for files this version writes")
    exported_at: datetime
    app: str = "FIRE Path"
    community_posts: list[PostRecord] = Field(default_factory=list)
    community_comments: list[CommentRecord] = Field(default_factory=list)
    activity: list[ActivityRecord] = Field(default_factory=list)
    coach_conversations: list[ConversationRecord] = Field(default_factory=list)


# The sections an import reads but does not restore (kept in the file for the record).
RECORD_ONLY = ("community_posts", "community_comments", "activity", "coach_conversations")


class ImportRead(BaseModel):
    """What an import restored, per resource, and what the file held that is not restored."""

    restored: dict[str, int] = Field(description="Rows restored per resource (1 or 0 for single records)")
    not_restored: dict[str, int] = Field(description="Rows in the file kept for the record only: coach "
                                                     "conversations, community posts and comments, activity")
    message: str
