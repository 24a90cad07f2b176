"""Future plans: the dated plans one by one (as many as the user adds: list, add, change, remove), and the older
one-of-each record (the income growth, an income target, an expense change and a side hustle), kept for clients of
the original API: each of its three field groups stands for one dated plan (the one it wrote, else the first of
its kind), read and changed in place."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.core import repository as repo
from api.core.errors import Invalid
from api.core.i18n.catalog import Text, msg
from api.core.repository import one_for_user, upsert_for_user
from api.future_plans.models import FuturePlan, FuturePlanItem
from api.future_plans.schemas import FuturePlanGrowthIn, FuturePlanIn, FuturePlanItemIn, FuturePlanRead

MAX_ITEMS = 50


# --- The dated plans ----------------------------------------------------------------------------------------

def list_items(*, session: Session, user_id: uuid.UUID) -> Sequence[FuturePlanItem]:
    """Oldest start first (undated ones last), then in the order they were added."""
    m = FuturePlanItem
    return session.scalars(select(m).where(m.user_id == user_id)
                           .order_by(m.start_date.asc().nulls_last(), m.created_at, m.id)).all()


def _refuse(field: str, message: Text) -> Invalid:
    return Invalid(msg("validation_error.field", field=field, message=message),
                   details=[{"field": field, "message": message}])


def _check(data: FuturePlanItemIn, before: FuturePlanItem | None = None) -> None:
    if data.end_date is not None and data.kind in ("income_target", "one_off"):
        raise _refuse("end_date", msg("future_plans.no_end_date", kind=data.kind))
    if data.end_date is not None and data.end_date <= data.start_date:
        raise _refuse("end_date", msg("future_plans.ends_before_start"))
    if data.kind in ("income", "income_target") and data.amount < 0:
        raise _refuse("amount", msg("future_plans.negative_pay"))
    today = datetime.now(UTC).date()
    if data.kind == "one_off" and data.start_date < today.replace(day=1) and (
            before is None or before.start_date != data.start_date):
        raise _refuse("start_date", msg("future_plans.one_off_past"))
    if data.kind in ("spending", "income", "pause_saving") and data.end_date is not None and data.end_date < today:
        raise _refuse("end_date", msg("future_plans.over"))


def _values(data: FuturePlanItemIn) -> dict[str, Any]:
    values = data.model_dump()
    if data.kind == "pause_saving":
        values["amount"] = Decimal("0")
    return values


def add_item(*, session: Session, user_id: uuid.UUID, data: FuturePlanItemIn) -> FuturePlanItem:
    _check(data)
    repo.lock_for_user(session, "future-plan-items", user_id)
    count = session.scalar(select(func.count()).select_from(FuturePlanItem).where(FuturePlanItem.user_id == user_id))
    if (count or 0) >= MAX_ITEMS:
        raise _refuse("description", msg("future_plans.too_many", count=MAX_ITEMS))
    return repo.create_for_user(session, FuturePlanItem, user_id, _values(data))


def update_item(*, session: Session, user_id: uuid.UUID, item_id: uuid.UUID,
                data: FuturePlanItemIn) -> FuturePlanItem:
    existing = repo.get_for_user(session, FuturePlanItem, user_id, item_id, label="Future plan")
    _check(data, existing)
    return repo.update_for_user(session, FuturePlanItem, user_id, item_id, _values(data), label="Future plan")


def delete_item(*, session: Session, user_id: uuid.UUID, item_id: uuid.UUID) -> None:
    repo.delete_for_user(session, FuturePlanItem, user_id, item_id, label="Future plan")


# --- The one-of-each record of the original API -------------------------------------------------------------

# The older record's three dated plans: its fields, and the kind of dated plan each is kept as.
_ORIGINS = {
    "income_target": ("income_target", "Income target"),
    "expense_change": ("spending", "Expense change"),
    "side_hustle": ("income", "Side income"),
}


def _slots(items: Sequence[FuturePlanItem]) -> dict[str, FuturePlanItem | None]:
    """The dated plan each field group of the older record stands for: the one it wrote, else the first of its
    kind."""
    slots: dict[str, FuturePlanItem | None] = {}
    for origin, (kind, _) in _ORIGINS.items():
        slots[origin] = next((i for i in items if i.origin == origin), None) or next(
            (i for i in items if i.kind == kind and i.origin is None), None)
    return slots


def get_plan(*, session: Session, user_id: uuid.UUID) -> FuturePlanRead | None:
    record = one_for_user(session, FuturePlan, user_id)
    slots = _slots(list_items(session=session, user_id=user_id))
    target, change, side = (slots[k] for k in ("income_target", "expense_change", "side_hustle"))
    if record is None and not any(slots.values()):
        return None
    times = [r.updated_at for r in (record, target, change, side) if r is not None]
    return FuturePlanRead(
        user_id=user_id, updated_at=max(times), income_growth_rate=record.income_growth_rate if record else None,
        income_target_date=target.start_date if target else None,
        income_target_amount=target.amount if target else None,
        expense_change_description=None if change is None or change.description == _ORIGINS["expense_change"][1]
        else change.description,
        expense_change_date=change.start_date if change else None,
        expense_change_amount=change.amount if change else None,
        side_hustle_description=None if side is None or side.description == _ORIGINS["side_hustle"][1]
        else side.description,
        side_hustle_date=side.start_date if side else None, side_hustle_amount=side.amount if side else None,
        side_hustle_time_commitment=side.notes if side else None)


def save_growth(*, session: Session, user_id: uuid.UUID, data: FuturePlanGrowthIn) -> FuturePlanRead:
    """The income growth alone (the dated plans are kept as they are)."""
    upsert_for_user(session, FuturePlan, user_id, {"income_growth_rate": data.income_growth_rate})
    plan = get_plan(session=session, user_id=user_id)
    assert plan is not None
    return plan


def save_plan(*, session: Session, user_id: uuid.UUID, data: FuturePlanIn) -> FuturePlanRead:
    """The whole record: the income growth, and each of its three dated plans changed in place, added or removed
    (the dated plan each stands for: the one it wrote, else the first of its kind)."""
    upsert_for_user(session, FuturePlan, user_id, {"income_growth_rate": data.income_growth_rate})
    change = data.expense_change_amount
    if change is not None and data.expense_change_type == "decrease":
        change = -change
    blocks: dict[str, tuple[date | None, Decimal | None, str | None, str | None]] = {
        "income_target": (data.income_target_date, data.income_target_amount, None, None),
        "expense_change": (data.expense_change_date, change, data.expense_change_description, None),
        "side_hustle": (data.side_hustle_date, data.side_hustle_amount, data.side_hustle_description,
                        data.side_hustle_time_commitment),
    }
    repo.lock_for_user(session, "future-plan-items", user_id)
    slots = _slots(list_items(session=session, user_id=user_id))
    for origin, (start, amount, description, notes) in blocks.items():
        slot = slots[origin]
        if start is None and amount is None and not description and not notes:
            if slot is not None:
                session.delete(slot)
            continue
        kind, label = _ORIGINS[origin]
        values = {"origin": origin, "kind": kind, "start_date": start, "amount": amount,
                  "description": (description or label)[:200], "notes": notes}
        if slot is None:
            session.add(FuturePlanItem(user_id=user_id, person="self", **values))
        else:
            for key, value in values.items():
                setattr(slot, key, value)
    session.flush()
    plan = get_plan(session=session, user_id=user_id)
    assert plan is not None
    return plan
