"""The Celery app. With CELERY_BROKER_URL set, tasks go to Redis and `firepath worker` runs them; without
one (the embedded default), they run inside the server process and the server runs the beat schedule itself.

This is the composition root of background work: it installs the outbox's dispatcher (`install_outbox`) and runs
the in-process schedule, so `api.core` never imports it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from celery import Celery
from celery.schedules import crontab
from celery.signals import setup_logging, worker_process_init, worker_ready, worker_shutdown

from api.core import heartbeats, outbox
from api.core.config import get_settings
from api.core.tasks import enqueue

TASK_MODULES = ["api.networth.tasks", "api.mail.tasks", "api.me.tasks", "api.knowledge.tasks", "api.auth.tasks"]


def make_celery() -> Celery:
    settings = get_settings()
    app = Celery("firepath", include=TASK_MODULES)
    app.conf.update(
        broker_url=settings.celery_broker_url or "memory://",
        result_backend=settings.result_backend,
        task_always_eager=not settings.celery_broker_url,
        task_eager_propagates=True,
        task_acks_late=True,  # a task whose worker dies is redelivered...
        task_reject_on_worker_lost=True,  # ...instead of being lost; tasks are idempotent
        worker_prefetch_multiplier=1,
        # How long a task taken by a worker that died stays invisible before Redis hands it to another worker
        # (and a running worker looks for such tasks every fifth of it, at most every 10 s: kombu's default looks
        # only every 100 s, or when a worker starts)
        broker_transport_options={
            "visibility_timeout": settings.task_visibility_timeout,
            "unacked_restore_interval": max(1, min(10, settings.task_visibility_timeout // 5)),
            "unacked_restore_throttle": 1,
        },
        broker_connection_retry_on_startup=True,
        # Publishing gives up fast when the broker is down (enqueue then runs the task in the server), instead of
        # holding the request for the ~19 s of the redis clients' default retries.
        task_publish_retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2},
        redis_socket_connect_timeout=2,
        result_backend_transport_options={"retry_policy": {"max_retries": 0}},
        result_expires=24 * 3600,
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        timezone="UTC",
        enable_utc=True,
        beat_schedule={
            "nightly-net-worth-snapshot": {
                "task": "networth.snapshot_all",
                "schedule": crontab(hour=settings.snapshot_hour_utc, minute=0),
            },
        },
    )
    return app


celery_app = make_celery()
RUNS_SCHEDULE = False  # set by `firepath worker --beat` before the worker starts
_heartbeat: heartbeats.Heartbeat | None = None


@worker_ready.connect  # type: ignore[untyped-decorator]
def _announce(**_: Any) -> None:
    """Tell /health this worker is alive (and whether it runs the schedule) until it stops."""
    global _heartbeat
    url = get_settings().celery_broker_url
    if url:
        _heartbeat = heartbeats.Heartbeat(url, schedule=RUNS_SCHEDULE).start()


@worker_shutdown.connect  # type: ignore[untyped-decorator]
def _retire(**_: Any) -> None:
    if _heartbeat is not None:
        _heartbeat.stop()


@worker_process_init.connect  # type: ignore[untyped-decorator]
def _fresh_connections_after_fork(**_: Any) -> None:
    # A forked pool process must not reuse the parent's database connections.
    from api.core import db

    db.set_database(None)
    install_outbox()  # a task's own deferred work (a recovery's e-mail) is handed over from here at once


@setup_logging.connect  # type: ignore[untyped-decorator]
def _our_logging(**_: Any) -> None:
    """The worker logs as the server does (JSON lines with secrets redacted) instead of Celery's own format."""
    from api.core.logging import configure_logging

    settings = get_settings()
    configure_logging(settings.log_level, json_lines=settings.log_json)


def install_outbox() -> None:
    """Give this process's outbox relay its dispatcher: publish to the broker, or, without one, run the task here."""
    settings = get_settings()
    if settings.celery_broker_url:
        def publish(name: str, args: list[Any]) -> None:
            celery_app.send_task(name, args=args)

        outbox.install(outbox.Dispatcher(send=publish, local=False, lease_seconds=60,
                                         poll_seconds=settings.outbox_poll_seconds))
        return
    celery_app.loader.import_default_modules()

    def run_here(name: str, args: list[Any]) -> None:
        celery_app.tasks[name].apply(args=args).get()

    outbox.install(outbox.Dispatcher(send=run_here, local=True, lease_seconds=15 * 60,
                                     poll_seconds=settings.outbox_poll_seconds))


async def run_schedule_in_process(schedule: dict[str, dict[str, Any]], *, run_at_start: bool = True) -> None:
    """A tiny beat for the broker-less default: run each scheduled task when due (and once at start, since
    the tasks are idempotent and a laptop may never be on at the scheduled hour)."""
    last_run = {name: datetime.now(UTC) for name in schedule}
    if run_at_start:
        for entry in schedule.values():
            enqueue(celery_app.tasks[entry["task"]])
    while True:
        waits = []
        for name, entry in schedule.items():
            remaining = entry["schedule"].remaining_estimate(last_run[name]).total_seconds()
            if remaining <= 0:
                last_run[name] = datetime.now(UTC)
                enqueue(celery_app.tasks[entry["task"]])
                remaining = entry["schedule"].remaining_estimate(last_run[name]).total_seconds()
            waits.append(remaining)
        await asyncio.sleep(max(1.0, min(waits, default=3600.0)))


def scheduled_task_names() -> dict[str, str]:
    """The schedule: entry name to task name."""
    return {name: entry["task"] for name, entry in celery_app.conf.beat_schedule.items()}
