"""expenses (one per user: rent_mortgage) and expense_items (spec section 3)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint, String
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, Money, OwnedMixin, OwnedOnceMixin, TimestampsMixin


class Expense(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "expenses"
    __table_args__ = (CheckConstraint("rent_mortgage >= 0", name="rent_mortgage_nonnegative"),)

    rent_mortgage: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                   server_default="0")


class ExpenseItem(IdMixin, OwnedMixin, CreatedMixin, Base):
    __tablename__ = "expense_items"
    __table_args__ = (
        CheckConstraint("needs_wants_category IN ('needs', 'wants')", name="needs_wants_category"),
        CheckConstraint("amount >= 0", name="amount_nonnegative"),
    )

    category: Mapped[str] = mapped_column(String(100), nullable=False)
    subcategory: Mapped[str | None] = mapped_column(String(100))
    amount: Mapped[Decimal] = mapped_column(Money, nullable=False)
    needs_wants_category: Mapped[str] = mapped_column(String(8), nullable=False, default="needs",
                                                      server_default="needs")
    is_bad_habit: Mapped[bool] = mapped_column(nullable=False, default=False, server_default="false")
