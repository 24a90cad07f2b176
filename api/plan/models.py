"""plan_scenarios: named what-ifs on the household plan (retire at 50, buy a house in 2028, part-time at 55, CPP at
70), kept as the changes they make to the plan built from saved data, so a scenario follows later edits.
plan_versions: the number a trigger on each of the plan's input tables raises on every write (migration 0016),
which the cached plan is keyed on."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, OwnedMixin, TimestampsMixin


class PlanScenario(IdMixin, OwnedMixin, TimestampsMixin, Base):
    __tablename__ = "plan_scenarios"

    name: Mapped[str] = mapped_column(String(100), nullable=False)
    changes: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False, default=dict, server_default="{}")


class PlanVersion(Base):
    """Written only by the `bump_plan_version` trigger; read by `plan_fingerprint`."""

    __tablename__ = "plan_versions"

    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(BigInteger, nullable=False, default=0, server_default="0")
