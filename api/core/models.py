"""Column types and mixins shared by the domain models."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, Numeric, func
from sqlalchemy.orm import Mapped, declared_attr, mapped_column

# Money is NUMERIC(14,2); rates are fractions (0.04), NUMERIC(7,4); percentages 0-100, NUMERIC(5,2).
Money = Numeric(14, 2, asdecimal=True)
Rate = Numeric(7, 4, asdecimal=True)
Percent = Numeric(5, 2, asdecimal=True)
ZERO = Decimal("0")


class IdMixin:
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4,
                                          server_default=func.gen_random_uuid())


class CreatedMixin:
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(),
                                                 nullable=False)


class TimestampsMixin(CreatedMixin):
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(),
                                                 onupdate=func.now(), nullable=False)


class OwnedMixin:
    """A row that belongs to one user: deleted with the user, limited to them by row-level security."""

    @declared_attr
    def user_id(cls) -> Mapped[uuid.UUID]:
        return mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True, nullable=False)


class OwnedOnceMixin:
    """The user's one row of a one-row-per-user table."""

    @declared_attr
    def user_id(cls) -> Mapped[uuid.UUID]:
        return mapped_column(ForeignKey("users.id", ondelete="CASCADE"), unique=True, nullable=False)
