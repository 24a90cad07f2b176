"""The broker down: background work must not fail requests or be lost. With CELERY_BROKER_URL pointing at a Redis
that is not there, recovery answers 200 at once for every address and its e-mail is still written, and an account
deletion still finishes (the tasks run in the server when the broker cannot take them)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.api.durability.test_write_load_kill import Server
from tests.support.servers import free_port


@pytest.fixture
def no_broker(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path)
    server.env["CELERY_BROKER_URL"] = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    server.start(healthy=(200, 503))  # /health says the broker is down: 503
    try:
        yield server
    finally:
        server.stop()


def _outbox(server: Server) -> list[Path]:
    folder = server.data_dir / "outbox"
    return sorted(folder.glob("*.eml")) if folder.exists() else []


@pytest.mark.slow
def test_background_work_survives_a_dead_broker(no_broker: Server) -> None:
    base = no_broker.base
    health = httpx.get(f"{base}/health")
    assert health.status_code == 503 and health.json()["broker"]["ok"] is False
    email = "broker-down@example.com"
    signed = httpx.post(f"{base}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"}, timeout=30)
    assert signed.status_code == 200, signed.text

    timings = {}
    for address in (email, "nobody-broker@example.com"):
        started = time.monotonic()
        response = httpx.post(f"{base}/auth/v1/recover", json={"email": address}, timeout=30)
        timings[address] = time.monotonic() - started
        assert response.status_code == 200 and response.json() == {}
    assert max(timings.values()) < 5, timings  # not the ~19 s of the redis client's retries
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not any(email in p.read_text() for p in _outbox(no_broker)):
        time.sleep(0.2)
    assert any(email in p.read_text() and "/auth/v1/verify?token=" in p.read_text() for p in _outbox(no_broker))

    headers = {"Authorization": f"Bearer {signed.json()['access_token']}"}
    deleted = httpx.post(f"{base}/api/v1/me/delete", headers=headers, json={}, timeout=30)
    assert deleted.status_code == 202, deleted.text
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        again = httpx.post(f"{base}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"}, timeout=30)
        if again.status_code == 200:  # the address is free again: the account and its data are gone
            break
        time.sleep(0.5)
    assert again.status_code == 200, again.text
