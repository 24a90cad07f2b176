"""user_accounts (spec section 3). Balances are signed: an overdrawn or borrowed account is negative."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedMixin, TimestampsMixin


class UserAccount(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "user_accounts"

    account_name: Mapped[str] = mapped_column(String(200), nullable=False)
    account_type: Mapped[str] = mapped_column(String(50), nullable=False)
    balance: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"), server_default="0")
    purpose: Mapped[str | None] = mapped_column(Text)
    institution: Mapped[str | None] = mapped_column(String(200))
    account_number: Mapped[str | None] = mapped_column(String(64))
