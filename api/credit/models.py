"""user_credit_data (one per user), user_credit_cards and user_lines_of_credit (soft-deleted)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint, Integer, String
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedMixin, OwnedOnceMixin, Rate, TimestampsMixin


class CreditData(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "user_credit_data"
    __table_args__ = (
        CheckConstraint("credit_score IS NULL OR credit_score BETWEEN 300 AND 900", name="credit_score_range"),
        CheckConstraint("line_of_credit_amount >= 0", name="line_of_credit_amount_nonnegative"),
        CheckConstraint("credit_utilization_rate BETWEEN 0 AND 10", name="credit_utilization_rate_range"),
    )

    credit_score: Mapped[int | None] = mapped_column(Integer)
    credit_card_types: Mapped[list[str]] = mapped_column(ARRAY(String(50)), nullable=False, default=list,
                                                         server_default="{}")
    line_of_credit_amount: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                           server_default="0")
    # A fraction of available credit in use (0.3 = 30%); above 1 when over the limit.
    credit_utilization_rate: Mapped[Decimal] = mapped_column(Rate, nullable=False, default=Decimal("0"),
                                                             server_default="0")
    credit_account_linked: Mapped[bool] = mapped_column(nullable=False, default=False,
                                                        server_default="false")


class CreditCard(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "user_credit_cards"
    __table_args__ = (
        CheckConstraint("card_type IN ('charge', 'credit')", name="card_type"),
        CheckConstraint("credit_limit >= 0", name="credit_limit_nonnegative"),
        CheckConstraint("balance >= 0", name="balance_nonnegative"),
        CheckConstraint("annual_fee >= 0", name="annual_fee_nonnegative"),
        CheckConstraint("interest_rate IS NULL OR interest_rate BETWEEN 0 AND 1", name="interest_rate_range"),
        CheckConstraint("payment_due_day IS NULL OR payment_due_day BETWEEN 1 AND 31", name="payment_due_day"),
    )

    name: Mapped[str] = mapped_column(String(200), nullable=False)
    issuer: Mapped[str | None] = mapped_column(String(200))
    card_network: Mapped[str | None] = mapped_column(String(50))
    card_type: Mapped[str] = mapped_column(String(8), nullable=False, default="credit",
                                           server_default="credit")
    credit_limit: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                  server_default="0")
    balance: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"), server_default="0")
    interest_rate: Mapped[Decimal | None] = mapped_column(Rate)
    annual_fee: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                server_default="0")
    payment_due_day: Mapped[int | None] = mapped_column(Integer)
    is_active: Mapped[bool] = mapped_column(nullable=False, default=True, server_default="true")


class LineOfCredit(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "user_lines_of_credit"
    __table_args__ = (
        CheckConstraint("credit_limit >= 0", name="credit_limit_nonnegative"),
        CheckConstraint("balance >= 0", name="balance_nonnegative"),
        CheckConstraint("interest_rate IS NULL OR interest_rate BETWEEN 0 AND 1", name="interest_rate_range"),
    )

    name: Mapped[str] = mapped_column(String(200), nullable=False)
    lender: Mapped[str | None] = mapped_column(String(200))
    credit_limit: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"),
                                                  server_default="0")
    balance: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"), server_default="0")
    interest_rate: Mapped[Decimal | None] = mapped_column(Rate)
    secured: Mapped[bool] = mapped_column(nullable=False, default=False, server_default="false")
    is_active: Mapped[bool] = mapped_column(nullable=False, default=True, server_default="true")
