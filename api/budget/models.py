"""budget_allocations: one per user (the newest row wins; the unique key keeps it single)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, OwnedOnceMixin, Percent, TimestampsMixin

PERCENT_FIELDS = ("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage",
                  "tfsa_allocation", "rrsp_allocation", "fhsa_allocation", "non_registered_allocation")


class BudgetAllocation(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "budget_allocations"
    __table_args__ = tuple(
        CheckConstraint(f"{name} BETWEEN 0 AND 100", name=f"{name}_range") for name in PERCENT_FIELDS
    )

    needs_percentage: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0, server_default="0")
    wants_percentage: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0, server_default="0")
    savings_percentage: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0,
                                                        server_default="0")
    investments_percentage: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0,
                                                            server_default="0")
    tfsa_allocation: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0, server_default="0")
    rrsp_allocation: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0, server_default="0")
    fhsa_allocation: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0, server_default="0")
    non_registered_allocation: Mapped[Decimal] = mapped_column(Percent, nullable=False, default=0,
                                                               server_default="0")
