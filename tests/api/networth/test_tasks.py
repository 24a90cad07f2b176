"""The nightly snapshot task: scheduled by beat, run by a real Celery worker on Redis, or in-process when
there is no broker."""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from collections.abc import Iterator
from datetime import date
from decimal import Decimal as D

import pytest
from celery import Celery
from sqlalchemy import text

from api import models as m
from api.core.db import Database, privileged_session
from api.core.tasks import enqueue
from api.networth.tasks import snapshot_all
from api.worker import celery_app
from tests.api.test_cli import FIREPATH
from tests.factories import make_user

REDIS_URL = os.environ.get("FIREPATH_TEST_REDIS_URL", "redis://127.0.0.1:6379/13")


@pytest.fixture
def saver(database: Database) -> Iterator[uuid.UUID]:
    """A committed user with a balance (a worker in another process must see it)."""
    with privileged_session(database) as s:
        user = make_user(s)
        s.add(m.UserAccount(user_id=user.id, account_name="TFSA", account_type="tfsa", balance=D("1234.56")))
        user_id = user.id
    yield user_id
    with privileged_session(database) as s:
        s.execute(text("DELETE FROM users WHERE id = :u"), {"u": user_id})


def _snapshot(database: Database, user_id: uuid.UUID, day: date) -> object:
    with privileged_session(database) as s:
        return s.scalar(text("SELECT net_worth FROM net_worth_snapshots WHERE user_id = :u AND taken_on = :d"),
                        {"u": user_id, "d": day})


def test_the_snapshot_is_scheduled_nightly_and_acknowledged_late() -> None:
    entry = celery_app.conf.beat_schedule["nightly-net-worth-snapshot"]
    assert entry["task"] == snapshot_all.name == "networth.snapshot_all"
    assert entry["schedule"].hour == {7} and entry["schedule"].minute == {0}
    assert celery_app.conf.task_acks_late and celery_app.conf.task_reject_on_worker_lost


def test_without_a_broker_the_task_runs_in_process(database: Database, saver: uuid.UUID) -> None:
    day = date(2031, 5, 31)
    future = enqueue(snapshot_all, day.isoformat())
    assert future.result(timeout=30) >= 1
    assert _snapshot(database, saver, day) == D("1234.56")


@pytest.mark.slow
def test_a_real_worker_runs_the_task_from_redis(database: Database, saver: uuid.UUID,
                                                 cli_env: dict[str, str]) -> None:
    env = {**cli_env, "CELERY_BROKER_URL": REDIS_URL}
    worker = subprocess.Popen([FIREPATH, "worker", "--no-beat", "--concurrency", "1"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    client = Celery(broker=REDIS_URL, backend=REDIS_URL)
    try:
        day = date(2032, 12, 31)
        result = client.send_task("networth.snapshot_all", kwargs={"day": day.isoformat()})
        assert result.get(timeout=90) >= 1
        assert _snapshot(database, saver, day) == D("1234.56")
        # Idempotent: delivering the same work again leaves one row for the day.
        client.send_task("networth.snapshot_all", kwargs={"day": day.isoformat()}).get(timeout=60)
        with privileged_session(database) as s:
            assert s.scalar(text("SELECT count(*) FROM net_worth_snapshots WHERE user_id = :u AND taken_on = :d"),
                            {"u": saver, "d": day}) == 1
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
        time.sleep(0.1)
