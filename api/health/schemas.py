"""The health report."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class DatabaseHealth(BaseModel):
    ok: bool
    embedded: bool
    detail: str | None = None


class MigrationsHealth(BaseModel):
    ok: bool
    current: str | None
    head: str | None


class BrokerHealth(BaseModel):
    ok: bool
    configured: bool
    detail: str


class Health(BaseModel):
    status: Literal["ok", "degraded"]
    database: DatabaseHealth
    migrations: MigrationsHealth
    broker: BrokerHealth
