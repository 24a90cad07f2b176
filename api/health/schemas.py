"""The health report."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


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


class WorkerHealth(BaseModel):
    ok: bool
    configured: bool = Field(description="A broker is set, so `firepath worker` processes do the background work")
    count: int = Field(description="Workers that reported in the last 30 seconds")
    schedule: bool = Field(description="One of them runs the schedule (the nightly snapshot)")
    detail: str


class QueueHealth(BaseModel):
    pending: int | None = Field(description="Tasks waiting in the broker's queue (None: no broker, or unreachable)")


class OutboxHealth(BaseModel):
    pending: int = Field(description="Tasks recorded by requests and not yet handed to the broker")
    oldest_seconds: float | None = Field(description="How long the oldest of them has waited")


class KnowledgeHealth(BaseModel):
    state: Literal["ready", "building", "out_of_date", "unknown"]
    detail: str


class Health(BaseModel):
    status: Literal["ok", "degraded"]
    database: DatabaseHealth
    migrations: MigrationsHealth
    broker: BrokerHealth
    worker: WorkerHealth
    queue: QueueHealth
    outbox: OutboxHealth | None
    knowledge: KnowledgeHealth
