"""Workers say they are alive: each `firepath worker` writes a key in the broker (Redis) every few seconds that
expires after `TTL` seconds, so /health can count the workers and tell whether one runs the schedule, without a
broadcast round trip. A worker killed outright drops out within `TTL` seconds."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from typing import Any

import redis

PREFIX = "firepath:worker:"
TTL = 30
EVERY = 10.0
QUEUE = "celery"  # Celery's default queue: a Redis list of the tasks not yet taken


def _client(broker_url: str) -> redis.Redis:
    return redis.Redis.from_url(broker_url, socket_connect_timeout=2, socket_timeout=2)


def alive(broker_url: str) -> list[dict[str, Any]]:
    client = _client(broker_url)
    keys = list(client.scan_iter(match=f"{PREFIX}*", count=100))
    values = client.mget(keys) if keys else []
    return [json.loads(v) for v in values if v]


def queue_length(broker_url: str) -> int:
    return int(_client(broker_url).llen(QUEUE))


class Heartbeat:
    """The thread that keeps this worker's key alive until `stop`."""

    def __init__(self, broker_url: str, *, schedule: bool) -> None:
        self.key = f"{PREFIX}{socket.gethostname()}:{os.getpid()}"
        self.value = json.dumps({"host": socket.gethostname(), "pid": os.getpid(), "schedule": schedule,
                                 "started": time.time()})
        self.broker_url = broker_url
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="firepath-heartbeat", daemon=True)

    def start(self) -> Heartbeat:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            # the broker is down: the worker reconnects on its own; try again next beat
            with contextlib.suppress(redis.RedisError):
                _client(self.broker_url).set(self.key, self.value, ex=TTL)
            self._stop.wait(EVERY)

    def stop(self) -> None:
        self._stop.set()
        with contextlib.suppress(redis.RedisError):
            _client(self.broker_url).delete(self.key)
