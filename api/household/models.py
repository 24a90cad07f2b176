"""household_members: the one or two adults a plan is for (role self or partner), with what the plan needs to
know of each that no other resource holds: birth date, gross employment income, retirement age, CPP and OAS
choices, a workplace pension and the age to plan for a death."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, Integer, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, Money, OwnedMixin, Rate, TimestampsMixin

ROLES = ("self", "partner")


class HouseholdMember(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "household_members"
    __table_args__ = (
        UniqueConstraint("user_id", "role", name="uq_household_members_user_role"),
        CheckConstraint("role IN ('self', 'partner')", name="role_known"),
        CheckConstraint("employment_income IS NULL OR employment_income >= 0", name="employment_income_nonnegative"),
        CheckConstraint("retirement_age IS NULL OR retirement_age BETWEEN 0 AND 120", name="retirement_age_range"),
        CheckConstraint("cpp_start_age BETWEEN 60 AND 70", name="cpp_start_age_range"),
        CheckConstraint("cpp_at_65 IS NULL OR cpp_at_65 >= 0", name="cpp_at_65_nonnegative"),
        CheckConstraint("oas_start_age BETWEEN 65 AND 70", name="oas_start_age_range"),
        CheckConstraint("oas_residence_years BETWEEN 0 AND 70", name="oas_residence_years_range"),
        CheckConstraint("pension IS NULL OR pension >= 0", name="pension_nonnegative"),
        CheckConstraint("pension_start_age BETWEEN 40 AND 75", name="pension_start_age_range"),
        CheckConstraint("pension_indexation BETWEEN 0 AND 1", name="pension_indexation_range"),
        CheckConstraint("planned_death_age IS NULL OR planned_death_age BETWEEN 0 AND 120",
                        name="planned_death_age_range"),
    )

    role: Mapped[str] = mapped_column(String(16), nullable=False)
    name: Mapped[str | None] = mapped_column(String(100))
    birth_date: Mapped[date | None] = mapped_column(Date)
    employment_income: Mapped[Decimal | None] = mapped_column(Money)
    retirement_age: Mapped[int | None] = mapped_column(Integer)
    cpp_start_age: Mapped[Decimal] = mapped_column(Numeric(4, 2), nullable=False, default=Decimal(65),
                                                   server_default="65")
    cpp_at_65: Mapped[Decimal | None] = mapped_column(Money)
    oas_start_age: Mapped[Decimal] = mapped_column(Numeric(4, 2), nullable=False, default=Decimal(65),
                                                   server_default="65")
    oas_residence_years: Mapped[int] = mapped_column(Integer, nullable=False, default=40, server_default="40")
    pension: Mapped[Decimal | None] = mapped_column(Money)
    pension_start_age: Mapped[Decimal] = mapped_column(Numeric(4, 2), nullable=False, default=Decimal(65),
                                                       server_default="65")
    pension_indexation: Mapped[Decimal] = mapped_column(Rate, nullable=False, default=Decimal(1), server_default="1")
    planned_death_age: Mapped[int | None] = mapped_column(Integer)
