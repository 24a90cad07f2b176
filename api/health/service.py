"""Checks behind GET /health."""

from __future__ import annotations

import time

from kombu import Connection  # type: ignore[attr-defined]
from sqlalchemy import text

from api.core import heartbeats, migrate, outbox
from api.core.config import Settings
from api.core.db import Database
from api.health.schemas import (
    BrokerHealth,
    DatabaseHealth,
    Health,
    KnowledgeHealth,
    MigrationsHealth,
    OutboxHealth,
    QueueHealth,
    WorkerHealth,
)


def check(*, database: Database, settings: Settings) -> Health:
    db = _database(database)
    migrations = _migrations(database) if db.ok else MigrationsHealth(ok=False, current=None,
                                                                      head=migrate.head_revision())
    broker = _broker(settings)
    worker, queue = _workers(settings, broker.ok)
    pending = _outbox(database) if db.ok and migrations.ok else None
    knowledge = _knowledge(database) if db.ok and migrations.ok else KnowledgeHealth(state="unknown",
                                                                                     detail="database not ready")
    ok = db.ok and migrations.ok and broker.ok and worker.ok
    return Health(status="ok" if ok else "degraded", database=db, migrations=migrations, broker=broker,
                  worker=worker, queue=queue, outbox=pending, knowledge=knowledge)


def _workers(settings: Settings, reachable: bool) -> tuple[WorkerHealth, QueueHealth]:
    """Workers announce themselves in the broker every few seconds (`api.worker` heartbeats); the queue's depth is
    the length of Celery's default queue there."""
    if not settings.celery_broker_url:
        return (WorkerHealth(ok=True, configured=False, count=0, schedule=True,
                             detail="no broker: the server runs background work and the schedule itself"),
                QueueHealth(pending=None))
    if not reachable:
        return (WorkerHealth(ok=False, configured=True, count=0, schedule=False, detail="broker unreachable"),
                QueueHealth(pending=None))
    try:
        beats = heartbeats.alive(settings.celery_broker_url)
        pending = heartbeats.queue_length(settings.celery_broker_url)
    except Exception as exc:  # redis errors of every kind
        return (WorkerHealth(ok=False, configured=True, count=0, schedule=False,
                             detail=f"cannot read heartbeats ({type(exc).__name__})"), QueueHealth(pending=None))
    schedule = any(beat.get("schedule") for beat in beats)
    if not beats:
        detail = "no worker running: background work waits (start `firepath worker`)"
    else:
        detail = f"{len(beats)} running" + ("" if schedule else "; none runs the schedule (`firepath worker --beat`)")
    return (WorkerHealth(ok=bool(beats), configured=True, count=len(beats), schedule=schedule, detail=detail),
            QueueHealth(pending=pending))


def _outbox(database: Database) -> OutboxHealth | None:
    try:
        with database.privileged_sessions() as session:
            found = outbox.state(session)
    except Exception:
        return None
    return OutboxHealth(pending=found.pending, oldest_seconds=found.oldest_seconds)


_knowledge_cache: tuple[float, KnowledgeHealth] | None = None


def _knowledge(database: Database) -> KnowledgeHealth:
    """Whether help search has its semantic index (it answers from text alone until it does), at most every 15 s."""
    global _knowledge_cache
    from api.knowledge.tasks import ingest_running
    from knowledge.ingest import pending_changes

    if ingest_running():
        return KnowledgeHealth(state="building", detail="embedding the help topics and articles; search answers "
                                                        "from text alone until it is done")
    now = time.monotonic()
    if _knowledge_cache is not None and now - _knowledge_cache[0] < 15:
        return _knowledge_cache[1]
    try:
        with database.privileged_sessions() as session:
            stale = pending_changes(session=session)
    except Exception as exc:
        return KnowledgeHealth(state="unknown", detail=type(exc).__name__)
    found = (KnowledgeHealth(state="out_of_date", detail="the index does not match the shipped content; search "
                                                         "answers from text alone for what is missing (`firepath kb "
                                                         "ingest`)") if stale
             else KnowledgeHealth(state="ready", detail="semantic index up to date"))
    _knowledge_cache = (now, found)
    return found


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
