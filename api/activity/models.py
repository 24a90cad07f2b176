"""user_activity_log (spec section 3)."""

from __future__ import annotations

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, OwnedMixin


class ActivityLog(IdMixin, OwnedMixin, CreatedMixin, Base):
    __tablename__ = "user_activity_log"
    __table_args__ = (Index("ix_user_activity_log_user_created", "user_id", "created_at"),)

    description: Mapped[str] = mapped_column(Text, nullable=False)
    category: Mapped[str | None] = mapped_column(String(50))
