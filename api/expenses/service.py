"""Monthly expenses: rent or mortgage plus items, replaced as a whole in one transaction."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from decimal import Decimal

from sqlalchemy import delete
from sqlalchemy.orm import Session

from api.core.repository import entry_times, list_for_user, one_for_user, upsert_for_user
from api.expenses.models import Expense, ExpenseItem
from api.expenses.schemas import ExpenseItemRead, ExpensesIn, ExpensesRead, ExpenseTotals

ZERO = Decimal("0")


def totals(rent_mortgage: Decimal, items: Sequence[ExpenseItem]) -> ExpenseTotals:
    """Spec section 9: needs = needs items + rent/mortgage; total = needs + wants."""
    needs = rent_mortgage + sum((i.amount for i in items if i.needs_wants_category == "needs"), ZERO)
    wants = sum((i.amount for i in items if i.needs_wants_category == "wants"), ZERO)
    bad = sum((i.amount for i in items if i.is_bad_habit), ZERO)
    return ExpenseTotals(needs=needs, wants=wants, bad_habits=bad, total=needs + wants)


def get_expenses(*, session: Session, user_id: uuid.UUID) -> ExpensesRead:
    expense = one_for_user(session, Expense, user_id)
    rent = expense.rent_mortgage if expense else ZERO
    items = list_for_user(session, ExpenseItem, user_id, newest_first=False)
    return ExpensesRead(user_id=user_id, rent_mortgage=rent,
                        items=[ExpenseItemRead.model_validate(i) for i in items], totals=totals(rent, items))


def save_expenses(*, session: Session, user_id: uuid.UUID, data: ExpensesIn) -> ExpensesRead:
    """Replace-all: the old items go and the new ones come in the request's one transaction, so a failure
    leaves the saved list as it was."""
    upsert_for_user(session, Expense, user_id, {"rent_mortgage": data.rent_mortgage})
    session.execute(delete(ExpenseItem).where(ExpenseItem.user_id == user_id))
    session.add_all(ExpenseItem(user_id=user_id, created_at=at, **item.model_dump())
                    for item, at in zip(data.items, entry_times(len(data.items)), strict=True))
    session.flush()
    return get_expenses(session=session, user_id=user_id)
