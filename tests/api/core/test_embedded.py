"""The embedded server is shared by every process on one data directory and never outlives its owners,
even one killed with SIGKILL."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from api.core import embedded

HOLDER = """
import sys, time
from pathlib import Path
from api.core import embedded
server = embedded.acquire(Path(sys.argv[1]))
from pgserver.utils import PostmasterInfo
print(PostmasterInfo.read_from_pgdata(server.data_dir / "pgdata").pid, flush=True)
time.sleep(float(sys.argv[2]))
"""


def _holder(data_dir: Path, seconds: float) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(data_dir), str(seconds)], stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip().isdigit(), f"holder failed (exit {proc.poll()})"
    return proc, int(line)


def _wait_stopped(data_dir: Path, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not embedded.is_running(data_dir):
            return True
        time.sleep(0.2)
    return False


@pytest.mark.slow
def test_processes_share_one_server_and_a_killed_owner_does_not_leave_it_running(tmp_path: Path) -> None:
    data_dir = tmp_path / "pg"
    first, pid_a = _holder(data_dir, 60)
    second, pid_b = _holder(data_dir, 60)
    try:
        assert pid_a == pid_b  # one server for both
        first.send_signal(signal.SIGKILL)
        first.wait()
        time.sleep(2 * embedded.WATCH_INTERVAL_S + 0.5)
        assert embedded.is_running(data_dir), "the surviving owner still needs the server"
        second.send_signal(signal.SIGKILL)
        second.wait()
        assert _wait_stopped(data_dir), "the watchdog should stop the server once every owner is gone"
    finally:
        for proc in (first, second):
            proc.kill()
        embedded.stop(data_dir)


@pytest.mark.slow
def test_a_normal_exit_releases_the_server(tmp_path: Path) -> None:
    data_dir = tmp_path / "pg"
    proc, _ = _holder(data_dir, 0)
    assert proc.wait(timeout=30) == 0
    assert _wait_stopped(data_dir)
    # ...and the next process starts it again on the same data.
    proc, _ = _holder(data_dir, 0)
    assert proc.wait(timeout=30) == 0
    assert _wait_stopped(data_dir)


def test_an_owner_stays_alive_when_the_wall_clock_is_stepped() -> None:
    """Owners are told apart by when they started counted from boot, which no clock adjustment moves; their
    wall-clock start time moves with the kernel's boot time (a second at a time as the clock is adjusted)."""
    import os

    me = embedded._identity(os.getpid())
    assert me["boot_start"] is not None and embedded._alive(me)
    stepped = {**me, "started": me["started"] + 1.0}  # psutil after the boot time moved by a second
    assert embedded._alive(stepped)
    assert not embedded._alive({**me, "boot_start": me["boot_start"] + 1})  # another process that took the pid
    old_entry = {"pid": me["pid"], "started": me["started"]}  # written before boot_start existed
    assert embedded._alive(old_entry) and not embedded._alive({**old_entry, "started": me["started"] - 1500.0})
