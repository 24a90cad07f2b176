"""The broker down: background work must not fail requests, reveal accounts or be lost. With CELERY_BROKER_URL
pointing at a Redis that is not there, recovery answers 200 at once for every address and an account deletion
answers 202 (its sessions end at once); the work waits in the outbox (PostgreSQL, written with the request), and
/health says so. When Redis comes back and a worker runs, the recovery e-mail goes and the account is deleted."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.api.durability.test_write_load_kill import REPO_ROOT, Server
from tests.support.servers import free_port


class Broker:
    """A private redis-server on its own port (the machine's shared Redis is never stopped)."""

    def __init__(self, root: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.root = root
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", str(self.root)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True,
                              text=True).stdout.strip() == "PONG":
                return
            time.sleep(0.1)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


@pytest.fixture
def down(tmp_path: Path) -> Iterator[tuple[Server, Broker]]:
    broker = Broker(tmp_path)
    server = Server(tmp_path)
    server.env["CELERY_BROKER_URL"] = broker.url  # nothing listens there yet
    server.env["FIREPATH_OUTBOX_POLL_SECONDS"] = "0.5"
    server.start(healthy=(200, 503))  # /health says the broker is down: 503
    try:
        yield server, broker
    finally:
        server.stop()
        broker.stop()


def _outbox(server: Server) -> list[Path]:
    folder = server.data_dir / "outbox"
    return sorted(folder.glob("*.eml")) if folder.exists() else []


def _wait(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.3)
    return False


@pytest.mark.slow
def test_background_work_waits_for_the_broker_and_is_not_lost(down: tuple[Server, Broker]) -> None:
    server, broker = down
    base = server.base
    health = httpx.get(f"{base}/health").json()
    assert health["broker"]["ok"] is False and health["worker"]["ok"] is False
    email, kept = "broker-down@example.com", "broker-kept@example.com"
    signed = httpx.post(f"{base}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"}, timeout=30)
    assert signed.status_code == 200, signed.text
    assert httpx.post(f"{base}/auth/v1/signup", json={"email": kept, "password": "correct-horse-9"},
                      timeout=30).status_code == 200

    timings = {}
    for address in (kept, "nobody-broker@example.com"):
        started = time.monotonic()
        response = httpx.post(f"{base}/auth/v1/recover", json={"email": address}, timeout=30)
        timings[address] = time.monotonic() - started
        assert response.status_code == 200 and response.json() == {}
    assert max(timings.values()) < 2, timings  # not the ~19 s of the redis client's retries

    headers = {"Authorization": f"Bearer {signed.json()['access_token']}"}
    deleted = httpx.post(f"{base}/api/v1/me/delete", headers=headers, json={}, timeout=30)
    assert deleted.status_code == 202, deleted.text
    assert httpx.get(f"{base}/api/v1/profile", headers=headers).status_code == 401  # its sessions ended at once

    # Nothing is half-done and nothing is lost: the three tasks wait in the outbox.
    time.sleep(2)
    health = httpx.get(f"{base}/health").json()
    assert health["outbox"]["pending"] == 3, health
    assert not _outbox(server)
    taken = httpx.post(f"{base}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"}, timeout=30)
    assert taken.status_code != 200  # the account still exists (banned), waiting for its deletion

    # The broker comes back, a worker starts: the relay hands the tasks over and the worker does them.
    broker.start()
    worker = subprocess.Popen([sys.executable, "-m", "api.cli", "worker", "--no-beat", "--concurrency", "1"],
                              cwd=REPO_ROOT, env=server.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _wait(lambda: any(kept in p.read_text() and "/auth/v1/verify?token=" in p.read_text()
                                 for p in _outbox(server)), 90), server.tail()
        assert _wait(lambda: httpx.post(f"{base}/auth/v1/signup", timeout=30, json={
            "email": email, "password": "correct-horse-9"}).status_code == 200, 30)  # deleted: the address is free
        assert _wait(lambda: httpx.get(f"{base}/health").json()["outbox"]["pending"] == 0, 30)
        assert _wait(lambda: httpx.get(f"{base}/health").json()["worker"]["count"] == 1, 30)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
