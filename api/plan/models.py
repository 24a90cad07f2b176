"""plan_scenarios: named what-ifs on the household plan (retire at 50, buy a house in 2028, part-time at 55, CPP at
70), kept as the changes they make to the plan built from saved data, so a scenario follows later edits."""

from __future__ import annotations

from typing import Any

from sqlalchemy import String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, OwnedMixin, TimestampsMixin


class PlanScenario(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "plan_scenarios"

    name: Mapped[str] = mapped_column(String(100), nullable=False)
    changes: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False, default=dict, server_default="{}")
