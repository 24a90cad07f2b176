"""What a dashboard needs, from the user's saved data (spec section 9 formulas)."""

from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy.orm import Session

from api.completion.service import compute_completion
from api.core.repository import one_for_user
from api.expenses.service import get_expenses
from api.income.models import Income
from api.income.service import total_monthly_income
from api.networth.service import compute_net_worth
from api.preferences.models import DEFAULTS, UserPreferences
from api.snapshot.schemas import NetWorthRead, SnapshotRead

CENT = Decimal("0.01")


def get_snapshot(*, session: Session, user_id: uuid.UUID) -> SnapshotRead:
    income = total_monthly_income(one_for_user(session, Income, user_id))
    expenses = get_expenses(session=session, user_id=user_id).totals
    preferences = one_for_user(session, UserPreferences, user_id)
    multiplier = preferences.fire_rule_multiplier if preferences else Decimal(str(DEFAULTS["fire_rule_multiplier"]))
    surplus = income - expenses.total
    annual = expenses.total * 12
    worth = compute_net_worth(session=session, user_id=user_id)
    return SnapshotRead(
        total_monthly_income=income,
        expenses=expenses,
        monthly_surplus=surplus,
        savings_rate=(surplus / income).quantize(Decimal("0.0001")) if income > 0 else None,
        annual_expenses=annual,
        fire_multiplier=multiplier,
        fire_number=(annual * multiplier).quantize(CENT),
        net_worth=NetWorthRead(assets=worth.assets, liabilities=worth.liabilities, net_worth=worth.net_worth),
        completion=compute_completion(session=session, user_id=user_id),
    )
