"""user_preferences: one per user, created with the spec's defaults on first read."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import CheckConstraint, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, OwnedOnceMixin, Rate, TimestampsMixin

DEFAULTS = {
    "currency_code": "CAD",
    "locale": "en-CA",
    # 6% a year before inflation (about 4% after the Bank of Canada's 2% target): a balanced portfolio after fees,
    # below the 60/40 mix's 5.6% a year after inflation in Shiller's US record since 1871; a planning default.
    "investment_return_rate": Decimal("0.06"),
    "fire_rule_multiplier": Decimal("25"),
    "max_projection_years": 30,
    "retirement_age": 65,
    "planning_horizon_age": 95,
}


class UserPreferences(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "user_preferences"
    __table_args__ = (
        CheckConstraint("investment_return_rate BETWEEN -1 AND 1", name="investment_return_rate_range"),
        CheckConstraint("fire_rule_multiplier > 0 AND fire_rule_multiplier <= 100",
                        name="fire_rule_multiplier_range"),
        CheckConstraint("max_projection_years BETWEEN 1 AND 100", name="max_projection_years_range"),
        CheckConstraint("retirement_age IS NULL OR retirement_age BETWEEN 0 AND 120",
                        name="retirement_age_range"),
        CheckConstraint("planning_horizon_age BETWEEN 50 AND 120", name="planning_horizon_age_range"),
    )

    currency_code: Mapped[str] = mapped_column(String(3), nullable=False, default="CAD", server_default="CAD")
    locale: Mapped[str] = mapped_column(String(16), nullable=False, default="en-CA", server_default="en-CA")
    investment_return_rate: Mapped[Decimal] = mapped_column(Rate, nullable=False, default=Decimal("0.06"),
                                                            server_default="0.06")
    fire_rule_multiplier: Mapped[Decimal] = mapped_column(Numeric(6, 2), nullable=False, default=Decimal(25),
                                                          server_default="25")
    max_projection_years: Mapped[int] = mapped_column(Integer, nullable=False, default=30,
                                                      server_default="30")
    retirement_age: Mapped[int | None] = mapped_column(Integer, default=65, server_default="65")
    planning_horizon_age: Mapped[int] = mapped_column(Integer, nullable=False, default=95, server_default="95")
