"""user_properties (spec section 3), plus the mortgage owed on a property so net worth can subtract it, and its
rate and monthly payment so the household plan can pay it off, and the net rent it brings in."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedMixin, Rate, TimestampsMixin


class UserProperty(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "user_properties"
    __table_args__ = (
        CheckConstraint("market_value >= 0", name="market_value_nonnegative"),
        CheckConstraint("purchase_price >= 0", name="purchase_price_nonnegative"),
        CheckConstraint("mortgage_balance >= 0", name="mortgage_balance_nonnegative"),
        CheckConstraint("mortgage_rate IS NULL OR mortgage_rate BETWEEN 0 AND 1", name="mortgage_rate_range"),
        CheckConstraint("mortgage_payment IS NULL OR mortgage_payment >= 0", name="mortgage_payment_nonnegative"),
        CheckConstraint("monthly_rental_income IS NULL OR monthly_rental_income >= 0",
                        name="rental_income_nonnegative"),
    )

    type: Mapped[str] = mapped_column(String(50), nullable=False)
    description: Mapped[str | None] = mapped_column(Text)
    market_value: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                  server_default="0")
    purchase_price: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                    server_default="0")
    mortgage_balance: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                      server_default="0")
    mortgage_rate: Mapped[Decimal | None] = mapped_column(Rate)
    mortgage_payment: Mapped[Decimal | None] = mapped_column(Money)
    monthly_rental_income: Mapped[Decimal | None] = mapped_column(Money)
