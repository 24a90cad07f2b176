"""future_plans: one per user; expense changes are signed (a decrease is negative)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedOnceMixin, Rate, TimestampsMixin


class FuturePlan(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "future_plans"
    __table_args__ = (
        CheckConstraint("income_growth_rate IS NULL OR income_growth_rate BETWEEN -1 AND 1",
                        name="income_growth_rate_range"),
        CheckConstraint("income_target_amount IS NULL OR income_target_amount >= 0",
                        name="income_target_amount_nonnegative"),
        CheckConstraint("side_hustle_amount IS NULL OR side_hustle_amount >= 0",
                        name="side_hustle_amount_nonnegative"),
    )

    income_growth_rate: Mapped[Decimal | None] = mapped_column(Rate)
    income_target_date: Mapped[date | None] = mapped_column(Date)
    income_target_amount: Mapped[Decimal | None] = mapped_column(Money)
    expense_change_description: Mapped[str | None] = mapped_column(Text)
    expense_change_date: Mapped[date | None] = mapped_column(Date)
    expense_change_amount: Mapped[Decimal | None] = mapped_column(Money)
    side_hustle_description: Mapped[str | None] = mapped_column(Text)
    side_hustle_date: Mapped[date | None] = mapped_column(Date)
    side_hustle_amount: Mapped[Decimal | None] = mapped_column(Money)
    side_hustle_time_commitment: Mapped[str | None] = mapped_column(String(100))
