"""Savings items (replace-all, dropping non-positive amounts and exact duplicates) and the summary."""

from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy import delete
from sqlalchemy.orm import Session

from api.core.repository import entry_times, list_for_user, lock_for_user, one_for_user, upsert_for_user
from api.savings.models import SavingsInvestment, SavingsItem
from api.savings.schemas import SavingsItemIn, SavingsItemRead, SavingsItemsIn, SavingsItemsRead, SavingsSummaryIn


def keep(items: list[SavingsItemIn]) -> list[SavingsItemIn]:
    """Spec section 5: drop items with a missing or non-positive amount, and exact duplicates
    (same category, subcategory, amount and goal)."""
    seen: set[tuple[str, str | None, Decimal, str | None]] = set()
    kept = []
    for item in items:
        if item.amount is None or item.amount <= 0:
            continue
        key = (item.category, item.subcategory, item.amount, item.goal)
        if key in seen:
            continue
        seen.add(key)
        kept.append(item)
    return kept


def get_items(*, session: Session, user_id: uuid.UUID) -> SavingsItemsRead:
    rows = list_for_user(session, SavingsItem, user_id, newest_first=False)
    return SavingsItemsRead(items=[SavingsItemRead.model_validate(r) for r in rows])


def save_items(*, session: Session, user_id: uuid.UUID, data: SavingsItemsIn) -> SavingsItemsRead:
    """Replace-all in the request's one transaction: a failure leaves the saved items as they were."""
    kept = keep(data.items)
    lock_for_user(session, "savings_items", user_id)  # two saves at once must not merge their lists
    session.execute(delete(SavingsItem).where(SavingsItem.user_id == user_id))
    session.add_all(SavingsItem(user_id=user_id, created_at=at, **item.model_dump())
                    for item, at in zip(kept, entry_times(len(kept)), strict=True))
    session.flush()
    saved = get_items(session=session, user_id=user_id)
    return saved.model_copy(update={"dropped": len(data.items) - len(kept)})


def get_summary(*, session: Session, user_id: uuid.UUID) -> SavingsInvestment | None:
    return one_for_user(session, SavingsInvestment, user_id)


def save_summary(*, session: Session, user_id: uuid.UUID, data: SavingsSummaryIn) -> SavingsInvestment:
    return upsert_for_user(session, SavingsInvestment, user_id, data.model_dump())
