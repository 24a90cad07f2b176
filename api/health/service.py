"""Checks behind GET /health."""

from __future__ import annotations

from kombu import Connection  # type: ignore[attr-defined]
from sqlalchemy import text

from api.core import migrate
from api.core.config import Settings
from api.core.db import Database
from api.health.schemas import BrokerHealth, DatabaseHealth, Health, MigrationsHealth


def check(*, database: Database, settings: Settings) -> Health:
    db = _database(database)
    migrations = _migrations(database) if db.ok else MigrationsHealth(ok=False, current=None,
                                                                      head=migrate.head_revision())
    broker = _broker(settings)
    ok = db.ok and migrations.ok and broker.ok
    return Health(status="ok" if ok else "degraded", database=db, migrations=migrations, broker=broker)


def _database(database: Database) -> DatabaseHealth:
    try:
        with database.privileged_engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:
        return DatabaseHealth(ok=False, embedded=database.embedded, detail=type(exc).__name__)
    return DatabaseHealth(ok=True, embedded=database.embedded)


def _migrations(database: Database) -> MigrationsHealth:
    current, head = migrate.current_revision(database.privileged_engine), migrate.head_revision()
    return MigrationsHealth(ok=current == head, current=current, head=head)


def _broker(settings: Settings) -> BrokerHealth:
    if not settings.celery_broker_url:
        return BrokerHealth(ok=True, configured=False, detail="no broker: tasks run in the server process")
    try:
        with Connection(settings.celery_broker_url, connect_timeout=2) as conn:  # type: ignore[no-untyped-call]
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0.2, timeout=2)
    except Exception as exc:
        return BrokerHealth(ok=False, configured=True, detail=f"unreachable ({type(exc).__name__})")
    return BrokerHealth(ok=True, configured=True, detail="reachable")
