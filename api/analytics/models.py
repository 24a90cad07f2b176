"""user_analytics_events (anonymous events allowed) and feature usage counters."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, OwnedMixin


class AnalyticsEvent(IdMixin, CreatedMixin, Base):
    __tablename__ = "user_analytics_events"
    __table_args__ = (
        Index("ix_user_analytics_events_created_at", "created_at"),
        Index("ix_user_analytics_events_name_created", "event_name", "created_at"),
    )

    user_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    event_type: Mapped[str] = mapped_column(String(50), nullable=False)
    event_name: Mapped[str] = mapped_column(String(100), nullable=False)
    event_data: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False, default=dict,
                                                       server_default="{}")
    session_id: Mapped[str | None] = mapped_column(String(100))
    page_path: Mapped[str | None] = mapped_column(String(500))
    user_agent: Mapped[str | None] = mapped_column(Text)


class FeatureUsage(IdMixin, OwnedMixin, Base):
    """track_feature_usage: one counter per user and feature."""

    __tablename__ = "feature_usage"
    __table_args__ = (Index("uq_feature_usage_user_feature", "user_id", "feature_name", unique=True),)

    feature_name: Mapped[str] = mapped_column(String(100), nullable=False)
    feature_category: Mapped[str | None] = mapped_column(String(100))
    meta: Mapped[dict[str, Any]] = mapped_column("metadata", JSONB, nullable=False, default=dict,
                                                 server_default="{}")
    usage_count: Mapped[int] = mapped_column(Integer, nullable=False, default=1, server_default="1")
    first_used_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False,
                                                    server_default=func.now())
    last_used_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False,
                                                   server_default=func.now())
