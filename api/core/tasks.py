"""Dispatch background work: to the Celery broker when one is configured, else to a thread in this process,
so a request never waits for the work either way."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from api.core.config import get_settings

log = logging.getLogger(__name__)
_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="firepath-task")


def enqueue(task: Any, *args: Any, **kwargs: Any) -> Any:
    """Send `task` to the broker, or run it in-process (eagerly, on a background thread). When the broker cannot
    be reached the task runs in-process too (tasks are idempotent), so a request never fails, or waits, because
    the broker is down: a recovery e-mail still goes, an account deletion still finishes."""
    if get_settings().celery_broker_url:
        try:
            return task.apply_async(args=args, kwargs=kwargs)
        except Exception as exc:  # kombu and redis errors of every kind: the broker is unreachable
            log.warning("broker unreachable: running the task in this process",
                        extra={"task": task.name, "error": type(exc).__name__})
    future: Future[Any] = _pool.submit(_run_eager, task, args, kwargs)
    return future


def _run_eager(task: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    try:
        return task.apply(args=args, kwargs=kwargs).get()
    except Exception:
        log.exception("background task failed", extra={"task": task.name})
        raise


async def run_schedule_in_process(schedule: dict[str, dict[str, Any]], *, run_at_start: bool = True) -> None:
    """A tiny beat for the broker-less default: run each scheduled task when due (and once at start, since
    the tasks are idempotent and a laptop may never be on at the scheduled hour)."""
    from api.worker import celery_app

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
