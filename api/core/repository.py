"""Queries every per-user domain needs, always scoped by `user_id` (row-level security is the second wall).

A row of another user and a row that does not exist are the same 404, so ids cannot be probed.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar, cast

from sqlalchemy import ColumnElement, delete, func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.core.db import Base
from api.core.errors import NotFound

T = TypeVar("T", bound=Base)


def one_for_user(session: Session, model: type[T], user_id: uuid.UUID) -> T | None:
    """The user's row of a one-row-per-user table, if any."""
    m: Any = model
    return cast("T | None", session.scalar(select(m).where(m.user_id == user_id)))


def upsert_for_user(session: Session, model: type[T], user_id: uuid.UUID, values: Mapping[str, Any]) -> T:
    """Insert or update the user's single row in one statement (safe against concurrent first saves)."""
    m: Any = model
    statement = insert(m).values(user_id=user_id, **values)
    updates: dict[str, Any] = dict(values)
    if "updated_at" in m.__table__.c:
        updates["updated_at"] = func.now()
    statement = statement.on_conflict_do_update(index_elements=["user_id"], set_=updates)
    session.execute(statement)
    row = one_for_user(session, model, user_id)
    assert row is not None
    session.refresh(row)
    return row


def list_for_user(session: Session, model: type[T], user_id: uuid.UUID, *where: ColumnElement[bool],
                  newest_first: bool = True, limit: int | None = None) -> Sequence[T]:
    m: Any = model
    order = m.created_at.desc() if newest_first else m.created_at.asc()
    query = select(m).where(m.user_id == user_id, *where).order_by(order, m.id)
    if limit is not None:
        query = query.limit(limit)
    return cast("Sequence[T]", session.scalars(query).all())


def get_for_user(session: Session, model: type[T], user_id: uuid.UUID, row_id: uuid.UUID,
                 *where: ColumnElement[bool], label: str = "Item") -> T:
    m: Any = model
    row = session.scalar(select(m).where(m.id == row_id, m.user_id == user_id, *where))
    if row is None:
        raise NotFound(f"{label} not found")
    return cast("T", row)


def lock_for_user(session: Session, what: str, user_id: uuid.UUID) -> None:
    """Serialise one kind of write for one user until the transaction ends. Replace-all saves and the one-time
    import read (or delete) what is there and then insert: two of them at once would both find the old state and
    both insert, leaving the two lists merged or the import done twice."""
    session.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": f"{what}:{user_id}"})


def entry_times(count: int) -> list[datetime]:
    """Distinct, increasing creation times for rows saved together, so lists keep the order they were sent in."""
    start = datetime.now(UTC)
    return [start + timedelta(microseconds=i) for i in range(count)]


def create_for_user(session: Session, model: type[T], user_id: uuid.UUID, values: Mapping[str, Any]) -> T:
    row = model(user_id=user_id, **values)
    session.add(row)
    session.flush()
    session.refresh(row)
    return row


def update_for_user(session: Session, model: type[T], user_id: uuid.UUID, row_id: uuid.UUID,
                    values: Mapping[str, Any], *where: ColumnElement[bool], label: str = "Item") -> T:
    row = get_for_user(session, model, user_id, row_id, *where, label=label)
    for key, value in values.items():
        setattr(row, key, value)
    session.flush()
    session.refresh(row)
    return row


def delete_for_user(session: Session, model: type[T], user_id: uuid.UUID, row_id: uuid.UUID,
                    label: str = "Item") -> None:
    m: Any = model
    deleted = session.execute(delete(m).where(m.id == row_id, m.user_id == user_id).returning(m.id)).first()
    if deleted is None:
        raise NotFound(f"{label} not found")
