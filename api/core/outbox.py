"""Background work that must not be lost, recorded in PostgreSQL with the request that asks for it.

`defer(session, "account.delete_user_data", user_id)` adds a row to `task_outbox` in the caller's transaction, so
the work exists exactly when the request's other changes do: a request that fails leaves no task behind, and a task
is never lost because the broker was down at that moment. After the commit, a relay in the process (a thread)
claims due rows (`FOR UPDATE SKIP LOCKED`: several servers never take the same row), hands each to the dispatcher
the composition root installed (the Celery broker, or this process's thread pool without one) and deletes it once
handed over. A row that cannot be handed over (the broker is down) waits with a growing delay (at most
`MAX_BACKOFF` seconds) and is tried again; every relay also polls, so rows written by a worker, or left by a server
that stopped, are picked up by the others. Tasks are idempotent: at least once is the promise.

This module knows tasks by name only; it imports neither the Celery app nor the tasks (`api/worker.py` installs the
dispatcher), so services can defer work without import cycles.
"""

from __future__ import annotations

import atexit
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, String, Text, event, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, Session, mapped_column

from api.core.db import Base, first_line, privileged_session

log = logging.getLogger(__name__)

MAX_BACKOFF = 30.0  # seconds: how late a task can be once the broker is back
BATCH = 100


class OutboxTask(Base):
    """A task to hand to the broker (or to run here without one), written in the transaction that asked for it."""

    __tablename__ = "task_outbox"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    task: Mapped[str] = mapped_column(String(200), nullable=False)
    args: Mapped[list[Any]] = mapped_column(JSONB, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)
    available_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(),
                                                   nullable=False, index=True)
    attempts: Mapped[int] = mapped_column(Integer, server_default="0", nullable=False)
    last_error: Mapped[str | None] = mapped_column(Text)


def defer(session: Session, task: str, *args: Any) -> None:
    """Record `task(*args)` (JSON arguments) in `session`'s transaction; it runs after the commit."""
    session.add(OutboxTask(task=task, args=list(args)))
    session.info["outbox"] = True


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    if session.info.pop("outbox", False):
        kick()


@dataclass
class Dispatcher:
    """How this process hands a task over: `send` publishes it (True: handed over; the relay deletes the row), or,
    with `local`, runs it (on the relay's pool; the row goes once it succeeds)."""

    send: Callable[[str, list[Any]], None]
    local: bool
    lease_seconds: float  # a claimed row's time before another relay may take it
    poll_seconds: float


_dispatcher: Dispatcher | None = None
_wake = threading.Event()
_stop = threading.Event()
_thread: threading.Thread | None = None
_lock = threading.Lock()
_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="firepath-outbox")


def install(dispatcher: Dispatcher) -> None:
    global _dispatcher
    _dispatcher = dispatcher


def kick() -> None:
    """Relay now (after a commit that deferred work), starting the relay thread when there is a dispatcher."""
    if _dispatcher is None:
        return
    _wake.set()
    start()


def start() -> None:
    global _thread
    with _lock:
        if _dispatcher is None or (_thread is not None and _thread.is_alive()):
            return
        _stop.clear()
        _thread = threading.Thread(target=_loop, name="firepath-outbox-relay", daemon=True)
        _thread.start()


def stop(timeout: float = 10.0) -> None:
    """Stop the relay thread (the rows it did not reach stay for the next relay)."""
    global _thread
    with _lock:
        thread, _thread = _thread, None
    _stop.set()
    _wake.set()
    if thread is not None and thread is not threading.current_thread():
        thread.join(timeout)


atexit.register(stop)


def _loop() -> None:
    while not _stop.is_set():
        _wake.clear()
        wait = _dispatcher.poll_seconds if _dispatcher else 1.0
        try:
            due = relay_once()
            if due is not None:
                wait = min(wait, max(due, 0.05))
        except Exception as exc:  # the database is down: try again at the next poll
            log.warning("outbox relay failed", extra={"error": first_line(exc)})
        _wake.wait(wait)


def relay_once() -> float | None:
    """Hand over every due row. Returns the seconds until the next row falls due (None: nothing waits)."""
    dispatcher = _dispatcher
    if dispatcher is None:
        return None
    with privileged_session() as session:
        claimed = session.execute(text(
            "UPDATE task_outbox SET available_at = now() + make_interval(secs => :lease), attempts = attempts + 1 "
            "WHERE id IN (SELECT id FROM task_outbox WHERE available_at <= now() ORDER BY id LIMIT :n "
            "FOR UPDATE SKIP LOCKED) RETURNING id, task, args, attempts"),
            {"lease": dispatcher.lease_seconds, "n": BATCH}).all()
    for index, (row_id, name, args, attempts) in enumerate(claimed):
        if dispatcher.local:
            _pool.submit(_run_here, dispatcher, row_id, name, args, attempts)
            continue
        try:
            dispatcher.send(name, list(args))
        except Exception as exc:  # the broker cannot take it: this row and the rest wait and are tried again
            _retry([r[0] for r in claimed[index:]], attempts, exc)
            return _backoff(attempts)
        _done(row_id)
    if len(claimed) == BATCH:
        return 0.0
    return _next_due()


def _run_here(dispatcher: Dispatcher, row_id: int, name: str, args: list[Any], attempts: int) -> None:
    try:
        dispatcher.send(name, list(args))
    except Exception as exc:
        log.exception("background task failed; it will be tried again", extra={"task": name})
        _retry([row_id], attempts, exc)
        return
    _done(row_id)


def _backoff(attempts: int) -> float:
    return float(min(2 ** max(attempts - 1, 0), MAX_BACKOFF))


def _done(row_id: int) -> None:
    with privileged_session() as session:
        session.execute(text("DELETE FROM task_outbox WHERE id = :id"), {"id": row_id})


def _retry(ids: list[int], attempts: int, exc: BaseException) -> None:
    delay = _backoff(attempts)
    log.warning("background task not handed over yet; trying again", extra={
        "tasks": len(ids), "retry_in_seconds": delay, "error": first_line(exc)})
    with privileged_session() as session:
        session.execute(text(
            "UPDATE task_outbox SET available_at = now() + make_interval(secs => :delay), last_error = :error "
            "WHERE id = ANY(:ids)"), {"delay": delay, "error": first_line(exc)[:500], "ids": ids})


def _next_due() -> float | None:
    with privileged_session() as session:
        seconds = session.execute(text(
            "SELECT extract(epoch FROM min(available_at) - now()) FROM task_outbox")).scalar()
    return None if seconds is None else float(seconds)


@dataclass(frozen=True)
class OutboxState:
    pending: int
    oldest_seconds: float | None  # age of the oldest row waiting


def state(session: Session) -> OutboxState:
    pending, oldest = session.execute(text(
        "SELECT count(*), extract(epoch FROM now() - min(created_at)) FROM task_outbox")).one()
    return OutboxState(pending=int(pending), oldest_seconds=None if oldest is None else round(float(oldest), 1))
