"""income: one per user; missing values are null (spec section 5)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedOnceMixin, TimestampsMixin

FIELDS = ("annual_salary", "monthly_take_home", "secondary_income", "side_hustle_income", "partner_income",
          "other_income")


class Income(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "income"
    __table_args__ = tuple(
        CheckConstraint(f"{name} IS NULL OR {name} >= 0", name=f"{name}_nonnegative") for name in FIELDS
    )

    annual_salary: Mapped[Decimal | None] = mapped_column(Money)
    monthly_take_home: Mapped[Decimal | None] = mapped_column(Money)
    secondary_income: Mapped[Decimal | None] = mapped_column(Money)
    side_hustle_income: Mapped[Decimal | None] = mapped_column(Money)
    partner_income: Mapped[Decimal | None] = mapped_column(Money)
    other_income: Mapped[Decimal | None] = mapped_column(Money)
