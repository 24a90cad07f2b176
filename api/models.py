"""Imports every domain's models so `Base.metadata` knows the whole schema (Alembic, tests)."""

from api.accounts.models import UserAccount
from api.activity.models import ActivityLog
from api.analytics.models import AnalyticsEvent, FeatureUsage
from api.auth.models import (
    AccountDeletion,
    AuthSession,
    FlowState,
    Identity,
    OneTimeToken,
    RateLimitHit,
    RefreshToken,
    User,
    UserRole,
)
from api.budget.models import BudgetAllocation
from api.coach.models import CoachChange, CoachThread, CoachUsage
from api.community.models import CommunityComment, CommunityPost, CommunityReaction, CommunityReport
from api.core.db import Base
from api.core.outbox import OutboxTask
from api.credit.models import CreditCard, CreditData, LineOfCredit
from api.expenses.models import Expense, ExpenseItem
from api.future_plans.models import FuturePlan, FuturePlanItem
from api.goals.models import Goal
from api.household.models import HouseholdMember
from api.income.models import Income
from api.knowledge.models import KbChunk, KbDocument
from api.networth.models import NetWorthSnapshot
from api.plan.models import PlanScenario, PlanVersion
from api.preferences.models import UserPreferences
from api.profile.models import Profile
from api.properties.models import UserProperty
from api.reports.models import ErrorReport
from api.savings.models import SavingsInvestment, SavingsItem

__all__ = [
    "AccountDeletion",
    "ActivityLog",
    "AnalyticsEvent",
    "AuthSession",
    "Base",
    "BudgetAllocation",
    "CoachChange",
    "CoachThread",
    "CoachUsage",
    "CommunityComment",
    "CommunityPost",
    "CommunityReaction",
    "CommunityReport",
    "CreditCard",
    "CreditData",
    "ErrorReport",
    "Expense",
    "ExpenseItem",
    "FeatureUsage",
    "FlowState",
    "FuturePlan",
    "FuturePlanItem",
    "Goal",
    "HouseholdMember",
    "Identity",
    "Income",
    "KbChunk",
    "KbDocument",
    "LineOfCredit",
    "NetWorthSnapshot",
    "OneTimeToken",
    "OutboxTask",
    "PlanScenario",
    "PlanVersion",
    "Profile",
    "RateLimitHit",
    "RefreshToken",
    "SavingsInvestment",
    "SavingsItem",
    "User",
    "UserAccount",
    "UserPreferences",
    "UserProperty",
    "UserRole",
]
