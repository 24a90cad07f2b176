"""Seed the demo account: Maya and Daniel Chen, a two-income Toronto household with a toddler, a
townhouse mortgage, TFSAs, RRSPs and an RESP, aiming for financial independence in their early fifties.

Amounts are plausible for Toronto in 2026 (take-home pay after tax and CPP/EI on a $118,000 salary,
a $612,000 mortgage at about 4.5%, Ontario's reduced child-care fees). Running it again resets the
account to the same picture.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal as D

from sqlalchemy import delete
from sqlalchemy.orm import Session

from api.accounts.models import UserAccount
from api.activity.models import ActivityLog
from api.analytics.models import AnalyticsEvent, FeatureUsage
from api.auth.models import User
from api.auth.service import create_user, find_user_by_email
from api.budget.models import BudgetAllocation
from api.community.models import CommunityComment, CommunityPost
from api.core.repository import entry_times
from api.credit.models import CreditCard, CreditData, LineOfCredit
from api.expenses.models import Expense, ExpenseItem
from api.future_plans.models import FuturePlan, FuturePlanItem
from api.goals.models import Goal
from api.household.models import HouseholdMember
from api.income.models import Income
from api.networth import service as networth
from api.networth.models import NetWorthSnapshot
from api.plan.models import PlanScenario
from api.preferences.models import UserPreferences
from api.profile.models import Profile
from api.properties.models import UserProperty
from api.savings.models import SavingsInvestment, SavingsItem

DEMO_EMAIL = "demo@example.com"

# (category, subcategory, monthly amount, needs|wants, bad habit)
EXPENSE_ITEMS = [
    ("Food", "Groceries", D("1150"), "needs", False),
    ("Housing", "Property tax", D("430"), "needs", False),
    ("Housing", "Hydro, gas and water", D("265"), "needs", False),
    ("Housing", "Home insurance", D("95"), "needs", False),
    ("Utilities", "Internet and two phones", D("185"), "needs", False),
    ("Transportation", "Car insurance", D("215"), "needs", False),
    ("Transportation", "Gas and maintenance", D("240"), "needs", False),
    ("Transportation", "TTC monthly pass", D("156"), "needs", False),
    ("Childcare", "Daycare (Ontario $22/day program)", D("480"), "needs", False),
    ("Insurance", "Term life insurance", D("68"), "needs", False),
    ("Food", "Restaurants", D("320"), "wants", False),
    ("Food", "Takeout and delivery apps", D("180"), "wants", True),
    ("Food", "Daily coffee shop", D("95"), "wants", True),
    ("Entertainment", "Streaming services", D("48"), "wants", False),
    ("Health", "Gym memberships", D("90"), "wants", False),
    ("Shopping", "Clothing", D("150"), "wants", False),
    ("Travel", "Vacation fund", D("300"), "wants", False),
]

# (category, subcategory, monthly amount, goal, investment type)
SAVINGS_ITEMS = [
    ("savings", "Emergency fund top-up", D("400"), "Six months of expenses", None),
    ("savings", "Vacation", D("300"), "Japan in 2027", None),
    ("investment", "TFSA", D("1000"), "Financial independence", "All-in-one ETF"),
    ("investment", "RRSP", D("1200"), "Financial independence", "All-in-one ETF"),
    ("investment", "RESP", D("208"), "Leo's education", "Balanced ETF"),
]

# (name, type, balance, purpose, institution, last digits, owner)
ACCOUNTS = [
    ("Joint chequing", "chequing", D("4800"), "Bills and day-to-day spending", "TD Canada Trust", "4412", "joint"),
    ("Emergency fund", "savings", D("24000"), "Six months of core expenses", "EQ Bank", "0931", "joint"),
    ("Maya's TFSA", "tfsa", D("68500"), "Long-term investing (VEQT)", "Wealthsimple", "7719", "self"),
    ("Daniel's TFSA", "tfsa", D("41200"), "Long-term investing (XEQT)", "Questrade", "2284", "partner"),
    ("Maya's RRSP", "rrsp", D("112300"), "Retirement (group plan + self-directed)", "Questrade", "5521", "self"),
    ("Daniel's RRSP", "rrsp", D("58600"), "Retirement", "Questrade", "5538", "partner"),
    ("Family RESP", "resp", D("14200"), "Leo's post-secondary education", "Wealthsimple", "8802", "joint"),
    ("Non-registered", "non-registered", D("9800"), "Overflow once registered room is used", "Questrade",
     "6610", "joint"),
]
# The two adults (Daniel's gross pay gives the $5,350 a month take-home on the income page).
MEMBERS = [
    {"role": "self", "name": "Maya", "birth_date": date(1992, 3, 12), "employment_income": D("118000"),
     "retirement_age": 52},
    {"role": "partner", "name": "Daniel", "birth_date": date(1990, 8, 3), "employment_income": D("85700"),
     "retirement_age": 54},
]

GOALS = [
    ("Six-month emergency fund", "emergency-fund", D("30000"), D("24000"), date(2027, 6, 30), "high",
     "Six months of core expenses, kept in a high-interest savings account."),
    ("Financial independence at 52", "retirement", D("1650000"), D("305000"), date(2044, 6, 30), "high",
     "25 x our expected $66,000 of yearly spending in retirement."),
    ("Leo's education", "education", D("60000"), D("14200"), date(2042, 9, 1), "medium",
     "RESP with the Canada Education Savings Grant (20% on the first $2,500 a year)."),
    ("Family trip to Japan", "travel", D("9000"), D("2300"), date(2027, 4, 1), "low", None),
]


@dataclass(frozen=True)
class DemoAccount:
    email: str
    password: str
    user_id: str
    net_worth: D


def _newest_first(count: int) -> list[datetime]:
    return list(reversed(entry_times(count)))


# The couple's dated plans: a side business, Maya's promotion and daycare ending.
FUTURE_PLANS: list[dict[str, object]] = [
    {"kind": "income", "description": "Weekend bookkeeping for small businesses", "start_date": date(2027, 1, 1),
     "amount": D("800"), "notes": "6 hours a week", "person": "self"},
    {"kind": "income_target", "description": "Maya's promotion to senior analyst", "start_date": date(2029, 1, 1),
     "amount": D("92000"), "person": "self"},
    {"kind": "spending", "description": "Daycare ends when Leo starts full-day kindergarten",
     "start_date": date(2028, 9, 1), "amount": D("-480"), "person": "self"},
]


def seed_demo(*, session: Session, password: str, email: str = DEMO_EMAIL) -> DemoAccount:
    """Create (or reset) the demo user and fill every resource. Runs on the privileged path."""
    existing = find_user_by_email(session=session, email=email)
    if existing is not None:
        session.execute(delete(User).where(User.id == existing.id))  # cascades to every table
        session.flush()
    user = create_user(session=session, email=email, password=password,
                       user_metadata={"first_name": "Maya", "last_name": "Chen", "full_name": "Maya Chen"})
    uid = user.id
    now = datetime.now(UTC)

    session.add(Profile(user_id=uid, first_name="Maya", last_name="Chen", email=email, age=34,
                        location="Leslieville, Toronto", country="Canada", province="ON", city="Toronto",
                        marital_status="married", dependents=1, risk_tolerance="moderate",
                        goals="Reach financial independence by 52 while saving for Leo's education."))
    session.add(Income(user_id=uid, annual_salary=D("118000"), monthly_take_home=D("7120"),
                       secondary_income=D("0"), side_hustle_income=D("450"), partner_income=D("5350"),
                       other_income=D("85")))
    session.add(Expense(user_id=uid, rent_mortgage=D("3390")))
    # Rows saved together get distinct times, so every list reads in the order written here (item lists oldest
    # first, as entered; accounts, goals and cards newest first), as rows saved through the API do.
    session.add_all(ExpenseItem(user_id=uid, category=c, subcategory=s, amount=a, needs_wants_category=nw,
                                is_bad_habit=bad, created_at=at)
                    for (c, s, a, nw, bad), at in zip(EXPENSE_ITEMS, entry_times(len(EXPENSE_ITEMS)), strict=True))
    session.add_all(SavingsItem(user_id=uid, category=c, subcategory=s, amount=a, goal=g, investment_type=t,
                                created_at=at)
                    for (c, s, a, g, t), at in zip(SAVINGS_ITEMS, entry_times(len(SAVINGS_ITEMS)), strict=True))
    session.add(SavingsInvestment(user_id=uid, monthly_savings=D("3108"), emergency_fund=D("24000"),
                                  short_term_savings=D("2300"), debt_amount=D("0"),
                                  savings_destinations=["High-interest savings", "TFSA", "RRSP", "RESP"],
                                  investment_types=["All-in-one ETFs", "Broad-market index ETFs"]))
    session.add(BudgetAllocation(user_id=uid, needs_percentage=D("50"), wants_percentage=D("15"),
                                 savings_percentage=D("10"), investments_percentage=D("25"),
                                 tfsa_allocation=D("40"), rrsp_allocation=D("45"), fhsa_allocation=D("0"),
                                 non_registered_allocation=D("15")))
    session.add(FuturePlan(user_id=uid, income_growth_rate=D("0.03")))
    session.add_all(FuturePlanItem(user_id=uid, created_at=at, **item)
                    for item, at in zip(FUTURE_PLANS, entry_times(len(FUTURE_PLANS)), strict=True))
    session.add(UserPreferences(user_id=uid, currency_code="CAD", locale="en-CA",
                                investment_return_rate=D("0.06"), fire_rule_multiplier=D("25"),
                                max_projection_years=30, retirement_age=52))
    session.add_all(UserAccount(user_id=uid, account_name=n, account_type=t, balance=b, purpose=p,
                                institution=i, account_number=f"****{digits}", owner=owner, created_at=at)
                    for (n, t, b, p, i, digits, owner), at in zip(ACCOUNTS, _newest_first(len(ACCOUNTS)),
                                                                  strict=True))
    session.add_all(HouseholdMember(user_id=uid, created_at=at, **member)
                    for member, at in zip(MEMBERS, entry_times(len(MEMBERS)), strict=True))
    session.add(PlanScenario(user_id=uid, name="Both retire two years sooner",
                             changes={"retirement_ages": [50, 52]}))
    session.add_all(Goal(user_id=uid, name=n, category=c, target_amount=t, current_amount=cur, target_date=d,
                         priority=p, notes=notes, created_at=at)
                    for (n, c, t, cur, d, p, notes), at in zip(GOALS, _newest_first(len(GOALS)), strict=True))
    session.add(UserProperty(user_id=uid, type="townhouse", description="Three-bedroom townhouse in Leslieville",
                             market_value=D("1085000"), purchase_price=D("865000"),
                             mortgage_balance=D("612000"), mortgage_rate=D("0.0479"), mortgage_payment=D("3390")))
    session.add(CreditData(user_id=uid, credit_score=781, credit_card_types=["credit"],
                           line_of_credit_amount=D("25000"), credit_utilization_rate=D("0.07"),
                           credit_account_linked=False))
    first_card, second_card = _newest_first(2)
    session.add_all([
        CreditCard(user_id=uid, created_at=first_card, name="Aeroplan Visa Infinite", issuer="TD", card_network="Visa",
                   card_type="credit", credit_limit=D("15000"), balance=D("1240.56"), interest_rate=D("0.2099"),
                   annual_fee=D("139"), payment_due_day=12),
        CreditCard(user_id=uid, created_at=second_card, name="Cobalt", issuer="American Express", card_network="Amex",
                   card_type="credit", credit_limit=D("10000"), balance=D("618.20"), interest_rate=D("0.2199"),
                   annual_fee=D("191.88"), payment_due_day=3),
    ])
    session.add(LineOfCredit(user_id=uid, name="Personal line of credit", lender="TD", credit_limit=D("25000"),
                             balance=D("0"), interest_rate=D("0.0845"), secured=False))
    session.add_all(ActivityLog(user_id=uid, description=d, category=c, created_at=now - timedelta(days=days))
                    for d, c, days in [
                        ("Updated the budget: 25% to investments", "budget", 12),
                        ("Added the goal 'Family trip to Japan'", "goals", 9),
                        ("Recorded RRSP contribution of $1,200", "savings", 4),
                        ("Updated credit score to 781", "credit", 1),
                    ])
    session.add_all(AnalyticsEvent(user_id=uid, event_type="navigation", event_name="page_view",
                                   event_data={}, session_id="demo-session", page_path=path)
                    for path in ("/fire-dashboard", "/analysis", "/settings/budgeting"))
    session.add(FeatureUsage(user_id=uid, feature_name="fire_calculator", feature_category="calculators",
                             meta={"source": "demo"}, usage_count=3))
    post = CommunityPost(user_id=uid, category="fire-journey", title="Two years into our FIRE plan in Toronto",
                         body="Our savings rate went from 18% to 31% once we tracked takeout and coffee. "
                              "What helped you the most in your first years?")
    session.add(post)
    session.flush()
    session.add(CommunityComment(user_id=uid, post_id=post.id,
                                 body="Automating the TFSA contribution on payday made the difference for us."))
    session.flush()

    _net_worth_history(session=session, user_id=uid, today=now.date())
    current = networth.compute_net_worth(session=session, user_id=uid)
    return DemoAccount(email=email, password=password, user_id=str(uid), net_worth=current.net_worth)


def _net_worth_history(*, session: Session, user_id: uuid.UUID, today: date) -> None:
    """Twelve month-end snapshots leading to today's, growing as steady saving and ~6% returns would."""
    networth.take_snapshots(session=session, on=today, user_id=user_id)
    current = networth.compute_net_worth(session=session, user_id=user_id)
    monthly_growth = D("1.005")
    saved_per_month = D("3100")
    assets, liabilities = current.assets, current.liabilities
    day = today
    for _ in range(12):
        day = day.replace(day=1) - timedelta(days=1)  # the previous month's last day
        assets = ((assets - saved_per_month) / monthly_growth).quantize(D("0.01"))
        liabilities = (liabilities + D("1450")).quantize(D("0.01"))  # mortgage principal paid down each month
        session.add(NetWorthSnapshot(user_id=user_id, taken_on=day, assets=assets, liabilities=liabilities,
                                     net_worth=assets - liabilities))
