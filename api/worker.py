"""The Celery app. With CELERY_BROKER_URL set, tasks go to Redis and `firepath worker` runs them; without
one (the embedded default), `api.core.tasks.enqueue` runs them inside the server process and the server
runs the beat schedule itself."""

from __future__ import annotations

from typing import Any

from celery import Celery
from celery.schedules import crontab
from celery.signals import setup_logging, worker_process_init

from api.core.config import get_settings

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
        broker_transport_options={"visibility_timeout": 3600},
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


@worker_process_init.connect  # type: ignore[untyped-decorator]
def _fresh_connections_after_fork(**_: Any) -> None:
    # A forked pool process must not reuse the parent's database connections.
    from api.core import db

    db.set_database(None)


@setup_logging.connect  # type: ignore[untyped-decorator]
def _our_logging(**_: Any) -> None:
    """The worker logs as the server does (JSON lines with secrets redacted) instead of Celery's own format."""
    from api.core.logging import configure_logging

    settings = get_settings()
    configure_logging(settings.log_level, json_lines=settings.log_json)
