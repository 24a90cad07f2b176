"""future_plans: one per user (the yearly income growth); future_plan_items: the dated plans, as many as the user
adds (a spending change, extra income, a new take-home pay, a one-off, a pause in saving)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedMixin, OwnedOnceMixin, Rate, TimestampsMixin

ITEM_KINDS = ("spending", "income", "income_target", "one_off", "pause_saving")


class FuturePlan(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "future_plans"
    __table_args__ = (
        CheckConstraint("income_growth_rate IS NULL OR income_growth_rate BETWEEN -1 AND 1",
                        name="income_growth_rate_range"),
    )

    income_growth_rate: Mapped[Decimal | None] = mapped_column(Rate)


class FuturePlanItem(IdMixin, OwnedMixin, TimestampsMixin, Base):
    """One dated plan. `amount` by kind: spending, a change per month (negative: less); income, extra take-home pay
    per month; income_target, the yearly take-home pay the person will have; one_off, spent (negative: received);
    pause_saving, none. `origin` marks the plans the older one-of-each form (PUT /future-plans) writes."""

    __tablename__ = "future_plan_items"
    __table_args__ = (
        CheckConstraint(f"kind IN ({', '.join(repr(k) for k in ITEM_KINDS)})", name="kind_known"),
        CheckConstraint("person IN ('self', 'partner')", name="person_known"),
        CheckConstraint("end_date IS NULL OR start_date IS NULL OR end_date > start_date", name="ends_after_start"),
    )

    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    description: Mapped[str] = mapped_column(String(200), nullable=False)
    person: Mapped[str] = mapped_column(String(10), nullable=False, default="self", server_default="self")
    start_date: Mapped[date | None] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date)
    amount: Mapped[Decimal | None] = mapped_column(Money)
    notes: Mapped[str | None] = mapped_column(Text)
    origin: Mapped[str | None] = mapped_column(String(20))
