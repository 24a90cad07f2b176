"""Dispatch background work that may be retried later if lost (the schedule's tasks): to the Celery broker when one
is configured, else to a thread in this process, so nothing waits for the work either way. Work that must not be
lost is deferred through the outbox instead (`api.core.outbox.defer`)."""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
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
