"""`firepath serve` as a newcomer runs it: its own embedded database, the port it is given, /health ok,
several instances side by side, and nothing left running after it stops."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from api.core import embedded
from tests.api.test_cli import FIREPATH


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: Path, port: int, *options: str) -> subprocess.Popen[str]:
    env = {**os.environ, "FIREPATH_DATA_DIR": str(data_dir)}
    return subprocess.Popen([FIREPATH, "serve", "--port", str(port), *options], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def wait_health(port: int, proc: subprocess.Popen[str], timeout: float = 60) -> dict[str, object]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited: {proc.stdout.read() if proc.stdout else ''}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
                return dict(json.loads(response.read()))
        except OSError:
            time.sleep(0.2)
    raise AssertionError("server did not answer /health in time")


@pytest.mark.slow
def test_two_servers_with_their_own_data_side_by_side(tmp_path: Path) -> None:
    ports = [free_port(), free_port()]
    dirs = [tmp_path / "one", tmp_path / "two"]
    procs = [start_server(d, p) for d, p in zip(dirs, ports, strict=True)]
    try:
        for port, proc in zip(ports, procs, strict=True):
            health = wait_health(port, proc)
            assert health["status"] == "ok"
            assert health["database"] == {"ok": True, "embedded": True, "detail": None}
        for d in dirs:
            assert (d / "postgres" / "pgdata" / "PG_VERSION").exists()
            assert (d / "secrets.json").exists()
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        outputs = [proc.communicate(timeout=30)[0] for proc in procs]
    for port, output in zip(ports, outputs, strict=True):
        assert f"FIRE Path is running at http://localhost:{port}" in output
    for d in dirs:
        deadline = time.monotonic() + 15
        while embedded.is_running(d / "postgres") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not embedded.is_running(d / "postgres"), "the embedded server must stop with its last owner"
