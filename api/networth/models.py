"""net_worth_snapshots: one per user per day, written by the nightly task (idempotent)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import Date, Index
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, Money, OwnedMixin


class NetWorthSnapshot(IdMixin, OwnedMixin, CreatedMixin, Base):
    __tablename__ = "net_worth_snapshots"
    __table_args__ = (Index("uq_net_worth_snapshots_user_day", "user_id", "taken_on", unique=True),)

    taken_on: Mapped[date] = mapped_column(Date, nullable=False)
    assets: Mapped[Decimal] = mapped_column(Money, nullable=False)
    liabilities: Mapped[Decimal] = mapped_column(Money, nullable=False)
    net_worth: Mapped[Decimal] = mapped_column(Money, nullable=False)
