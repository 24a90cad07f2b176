"""savings_items and savings_investments (one per user) (spec section 3)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint, String
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, Money, OwnedMixin, OwnedOnceMixin, TimestampsMixin

SUMMARY_AMOUNTS = ("monthly_savings", "emergency_fund", "short_term_savings", "debt_amount")


class SavingsItem(IdMixin, OwnedMixin, CreatedMixin, Base):
    __tablename__ = "savings_items"
    __table_args__ = (
        CheckConstraint("category IN ('savings', 'investment')", name="category"),
        CheckConstraint("amount > 0", name="amount_positive"),
    )

    category: Mapped[str] = mapped_column(String(16), nullable=False)
    subcategory: Mapped[str | None] = mapped_column(String(100))
    amount: Mapped[Decimal] = mapped_column(Money, nullable=False)
    goal: Mapped[str | None] = mapped_column(String(200))
    investment_type: Mapped[str | None] = mapped_column(String(100))


class SavingsInvestment(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "savings_investments"
    __table_args__ = tuple(
        CheckConstraint(f"{name} IS NULL OR {name} >= 0", name=f"{name}_nonnegative")
        for name in SUMMARY_AMOUNTS
    )

    # Everything saved and invested a month: the one figure the wizard and the Savings page ask for (migration
    # 0009 folded the old separate investment contributions into it).
    monthly_savings: Mapped[Decimal | None] = mapped_column(Money)
    emergency_fund: Mapped[Decimal | None] = mapped_column(Money)
    short_term_savings: Mapped[Decimal | None] = mapped_column(Money)
    debt_amount: Mapped[Decimal | None] = mapped_column(Money)
    savings_destinations: Mapped[list[str]] = mapped_column(ARRAY(String(100)), nullable=False,
                                                            default=list, server_default="{}")
    investment_types: Mapped[list[str]] = mapped_column(ARRAY(String(100)), nullable=False, default=list,
                                                        server_default="{}")
