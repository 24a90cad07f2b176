"""profiles: one per user (spec section 3)."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, OwnedOnceMixin, TimestampsMixin


class Profile(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "profiles"
    __table_args__ = (
        CheckConstraint("age IS NULL OR age BETWEEN 0 AND 120", name="age"),
        CheckConstraint("dependents IS NULL OR dependents BETWEEN 0 AND 30", name="dependents"),
    )

    first_name: Mapped[str | None] = mapped_column(String(100))
    last_name: Mapped[str | None] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(320))
    age: Mapped[int | None] = mapped_column(Integer)
    location: Mapped[str | None] = mapped_column(String(200))
    country: Mapped[str | None] = mapped_column(String(100))
    province: Mapped[str | None] = mapped_column(String(50))
    city: Mapped[str | None] = mapped_column(String(100))
    marital_status: Mapped[str | None] = mapped_column(String(32))
    dependents: Mapped[int | None] = mapped_column(Integer)
    goals: Mapped[str | None] = mapped_column(Text)
    risk_tolerance: Mapped[str | None] = mapped_column(String(32))
