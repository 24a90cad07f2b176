"""The task outbox: work is recorded with the request's transaction, handed over once, retried while the broker
cannot take it, and never taken by two relays at once."""

from __future__ import annotations

import ast
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from api.core import outbox
from api.core.db import Database, privileged_session

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def handed(database: Database) -> Iterator[list[tuple[str, list[Any]]]]:
    """A dispatcher that records what it is handed (in place of the broker), installed for the test only."""
    seen: list[tuple[str, list[Any]]] = []
    before = outbox._dispatcher
    outbox.stop()
    with privileged_session() as session:
        session.execute(text("DELETE FROM task_outbox"))
    outbox.install(outbox.Dispatcher(send=lambda name, args: seen.append((name, args)), local=False,
                                     lease_seconds=60, poll_seconds=0.2))
    yield seen
    outbox.stop()
    with privileged_session() as session:
        session.execute(text("DELETE FROM task_outbox"))
    outbox._dispatcher = before


def _pending() -> list[tuple[str, int, str | None]]:
    with privileged_session() as session:
        return [tuple(r) for r in session.execute(text(
            "SELECT task, attempts, last_error FROM task_outbox ORDER BY id")).all()]


def _wait(condition: Any, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_work_exists_only_if_the_request_commits(handed: list[tuple[str, list[Any]]]) -> None:
    with pytest.raises(RuntimeError), privileged_session() as session:
        outbox.defer(session, "mail.send", "a@example.com", "Hi", "text")
        raise RuntimeError("the request failed after deferring")
    assert _pending() == []
    with privileged_session() as session:
        outbox.defer(session, "mail.send", "b@example.com", "Hi", "text")
    # The commit wakes the relay, which hands the task over and deletes its row.
    assert _wait(lambda: handed == [("mail.send", ["b@example.com", "Hi", "text"])])
    assert _wait(lambda: _pending() == [])


def test_a_broker_that_cannot_take_work_delays_it(handed: list[tuple[str, list[Any]]]) -> None:
    down = True

    def send(name: str, args: list[Any]) -> None:
        if down:
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6390. Connection refused.")
        handed.append((name, args))

    outbox.install(outbox.Dispatcher(send=send, local=False, lease_seconds=60, poll_seconds=0.2))
    with privileged_session() as session:
        outbox.defer(session, "account.delete_user_data", "u1")
        outbox.defer(session, "auth.recover", "x@example.com", None, None, None)
    # A claim counts the attempt first and records the broker's error just after: wait for the error.
    assert _wait(lambda: len(_pending()) == 2 and all(row[1] >= 1 and row[2] for row in _pending()))
    rows = _pending()
    assert [r[0] for r in rows] == ["account.delete_user_data", "auth.recover"]
    assert "Connection refused" in (rows[0][2] or "")
    assert handed == []
    down = False  # the broker is back: the next try (at most MAX_BACKOFF later) hands both over, in order
    assert _wait(lambda: [h[0] for h in handed] == ["account.delete_user_data", "auth.recover"], 5)
    assert _wait(lambda: _pending() == [])


def test_two_relays_never_hand_over_the_same_task(handed: list[tuple[str, list[Any]]]) -> None:
    outbox.stop()  # this test drives the relay itself
    lock = threading.Lock()

    def send(name: str, args: list[Any]) -> None:
        time.sleep(0.002)
        with lock:
            handed.append((name, args))

    outbox.install(outbox.Dispatcher(send=send, local=False, lease_seconds=60, poll_seconds=60))
    with privileged_session() as session:
        for i in range(150):
            outbox.defer(session, "mail.send", f"{i}@example.com", "s", "t")
    outbox.stop()  # the commit's kick started one: drive by hand only
    threads = [threading.Thread(target=outbox.relay_once) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    while _pending():
        outbox.relay_once()
    addresses = [args[0] for _, args in handed]
    assert len(addresses) == 150 and len(set(addresses)) == 150


def test_without_a_broker_the_task_runs_here_and_its_row_goes_after(database: Database) -> None:
    """The embedded default: the relay runs the task on its pool; a failure keeps the row for another try."""
    ran: list[str] = []
    before = outbox._dispatcher
    attempts = {"n": 0}

    def run(name: str, args: list[Any]) -> None:
        attempts["n"] += 1
        if attempts["n"] == 1:
            raise OSError("SMTP server unreachable")
        ran.append(args[0])

    outbox.stop()
    outbox.install(outbox.Dispatcher(send=run, local=True, lease_seconds=600, poll_seconds=0.2))
    try:
        with privileged_session() as session:
            session.execute(text("DELETE FROM task_outbox"))
            outbox.defer(session, "mail.send", "here@example.com", "s", "t")
        assert _wait(lambda: ran == ["here@example.com"], 10)  # failed once, then ran after its back-off
        assert _wait(lambda: _pending() == [])
    finally:
        outbox.stop()
        outbox._dispatcher = before


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_task_plumbing_has_no_circles() -> None:
    """api/core never imports the Celery app (api/worker.py installs itself into the outbox), and the mail service
    does not import its own task (it defers `mail.send` by name)."""
    for path in sorted((REPO / "api" / "core").glob("*.py")):
        assert "api.worker" not in _imports(path), path
    assert "api.mail.tasks" not in _imports(REPO / "api" / "mail" / "service.py")
