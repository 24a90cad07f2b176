"""Coach tables: conversation threads, changes the user approved (with what undo restores), daily usage.

LangGraph's checkpointer keeps each thread's messages in its own tables; `coach_threads` is the per-user
index over them (row-level security decides who may open a thread id).
"""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

from sqlalchemy import Date, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, OwnedMixin, TimestampsMixin


class CoachThread(IdMixin, OwnedMixin, TimestampsMixin, Base):
    """One conversation; its id is the LangGraph thread id."""

    __tablename__ = "coach_threads"
    __table_args__ = (Index("ix_coach_threads_user_updated", "user_id", "updated_at"),)

    title: Mapped[str] = mapped_column(String(120), nullable=False, default="New conversation")
    summary: Mapped[str | None] = mapped_column(Text)
    graph: Mapped[str] = mapped_column(String(32), nullable=False, default="coach")


class CoachChange(IdMixin, OwnedMixin, CreatedMixin, Base):
    """A write the user approved: what it changed, and the state undo puts back."""

    __tablename__ = "coach_changes"
    __table_args__ = (Index("ix_coach_changes_user_created", "user_id", "created_at"),)

    thread_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("coach_threads.id", ondelete="SET NULL"))
    activity_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("user_activity_log.id", ondelete="SET NULL"))
    tool: Mapped[str] = mapped_column(String(64), nullable=False)
    target: Mapped[str] = mapped_column(String(64), nullable=False)
    summary: Mapped[str] = mapped_column(Text, nullable=False)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CoachUsage(IdMixin, OwnedMixin, Base):
    """Model calls per user per day (UTC), for the daily budget."""

    __tablename__ = "coach_usage"
    __table_args__ = (UniqueConstraint("user_id", "day", name="uq_coach_usage_user_day"),)

    day: Mapped[date] = mapped_column(Date, nullable=False)
    model_calls: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
