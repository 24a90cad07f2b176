"""goals, with the fields decided in the spec README. 'financial-wellbeing' is a legacy category that
the goals service rewrites to 'emergency-fund' on load, so the database still accepts it."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedMixin, TimestampsMixin

CATEGORIES = ("emergency-fund", "retirement", "home", "debt-payoff", "education", "travel", "other")
LEGACY_CATEGORIES = ("financial-wellbeing",)
PRIORITIES = ("low", "medium", "high")


def _in(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)


class Goal(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "goals"
    __table_args__ = (
        CheckConstraint(f"category IN ({_in(CATEGORIES + LEGACY_CATEGORIES)})", name="category"),
        CheckConstraint(f"priority IN ({_in(PRIORITIES)})", name="priority"),
        CheckConstraint("target_amount >= 0", name="target_amount_nonnegative"),
        CheckConstraint("current_amount >= 0", name="current_amount_nonnegative"),
    )

    name: Mapped[str] = mapped_column(String(200), nullable=False)
    category: Mapped[str] = mapped_column(String(32), nullable=False)
    target_amount: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                   server_default="0")
    current_amount: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                    server_default="0")
    target_date: Mapped[date | None] = mapped_column(Date)
    priority: Mapped[str] = mapped_column(String(8), nullable=False, default="medium",
                                          server_default="medium")
    notes: Mapped[str | None] = mapped_column(Text)
