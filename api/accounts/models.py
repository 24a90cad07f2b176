"""user_accounts (spec section 3). Balances are signed: an overdrawn or borrowed account is negative."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedMixin, TimestampsMixin

OWNERS = ("self", "partner", "joint")


class UserAccount(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "user_accounts"
    __table_args__ = (CheckConstraint("owner IN ('self', 'partner', 'joint')", name="owner_known"),)

    account_name: Mapped[str] = mapped_column(String(200), nullable=False)
    account_type: Mapped[str] = mapped_column(String(50), nullable=False)
    balance: Mapped[Decimal] = mapped_column(Money, nullable=False, default=Decimal("0"), server_default="0")
    purpose: Mapped[str | None] = mapped_column(Text)
    institution: Mapped[str | None] = mapped_column(String(200))
    account_number: Mapped[str | None] = mapped_column(String(64))
    # Whose account it is: a registered account belongs to one person; non-registered and cash may be joint.
    owner: Mapped[str] = mapped_column(String(16), nullable=False, default="self", server_default="self")
