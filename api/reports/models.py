"""error_reports: stored server-side so admins can read them (spec README decision)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin


class ErrorReport(IdMixin, CreatedMixin, Base):
    __tablename__ = "error_reports"

    user_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    feedback: Mapped[str | None] = mapped_column(Text)
    route: Mapped[str | None] = mapped_column(String(500))
    error_summary: Mapped[str | None] = mapped_column(Text)
    user_agent: Mapped[str | None] = mapped_column(Text)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
