"""The embedded PostgreSQL server (pgserver: PostgreSQL 16 with pgvector) shared by every local process.

pgserver starts one server per data directory and lets several processes share it, but it forgets
nothing about a process killed with SIGKILL, so the server could outlive everyone. We keep our own
ledger of owners (pid and start time) under a file lock and start a small watchdog process beside the
server: when no owner is alive any more, the watchdog stops the server and exits. A normal exit
deregisters at once; a killed process is noticed by the watchdog within a couple of seconds.

Run as `python -m api.core.embedded watch DATA_DIR` (the watchdog; started for you).
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

log = logging.getLogger(__name__)

DATABASE_NAME = "firepath"
WATCH_INTERVAL_S = 1.0
_registered: set[Path] = set()


@dataclass(frozen=True)
class EmbeddedServer:
    """Where the running embedded server listens."""

    data_dir: Path
    socket_dir: Path

    def url(self, *, user: str = "postgres", database: str = DATABASE_NAME, driver: str = "psycopg") -> str:
        scheme = f"postgresql+{driver}" if driver else "postgresql"
        return f"{scheme}://{user}:@/{database}?host={self.socket_dir}"


def _paths(data_dir: Path) -> dict[str, Path]:
    return {
        "pgdata": data_dir / "pgdata",
        "lock": data_dir / "embedded.lock",
        "owners": data_dir / "embedded-owners.json",
        "watchdog": data_dir / "embedded-watchdog.pid",
        "watchdog_log": data_dir / "embedded-watchdog.log",
    }


def _prepare_runtime_dir() -> None:
    """pgserver keeps its lock in XDG_RUNTIME_DIR; give it a private one when the system has none."""
    current = os.environ.get("XDG_RUNTIME_DIR")
    if current and Path(current).is_dir():
        return
    runtime = Path(tempfile.gettempdir()) / f"firepath-runtime-{os.getuid()}"
    runtime.mkdir(mode=0o700, exist_ok=True)
    os.environ["XDG_RUNTIME_DIR"] = str(runtime)


@contextlib.contextmanager
def _locked(data_dir: Path) -> Iterator[None]:
    with open(_paths(data_dir)["lock"], "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _process_start(pid: int) -> float | None:
    try:
        return float(psutil.Process(pid).create_time())
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None


def _boot_start(pid: int) -> int | None:
    """When a process started, in clock ticks since boot (Linux: /proc/PID/stat, field 22). psutil's create_time
    adds the boot time, which the kernel works out from the wall clock in whole seconds: as the clock is adjusted it
    moves by a second (seen here: 1796410235 became 1796410236 within 40 minutes), every owner's wall-clock start then
    differs from the one recorded, every owner looked dead, and the watchdog stopped a server in use. Ticks since
    boot never move."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return int(fields[19])
    except (OSError, IndexError, ValueError):
        return None


def _identity(pid: int) -> dict[str, Any]:
    return {"pid": pid, "started": _process_start(pid), "boot_start": _boot_start(pid)}


def _alive(entry: dict[str, Any]) -> bool:
    pid = int(entry["pid"])
    if entry.get("boot_start") is not None:
        return _boot_start(pid) == int(entry["boot_start"])
    started = _process_start(pid)  # an entry from a version without boot_start, or a system without /proc
    return started is not None and entry.get("started") is not None and abs(started - float(entry["started"])) < 1.0


def _read_owners(data_dir: Path) -> list[dict[str, Any]]:
    path = _paths(data_dir)["owners"]
    if not path.exists():
        return []
    try:
        owners = json.loads(path.read_text())
    except json.JSONDecodeError:
        return []
    return [o for o in owners if isinstance(o, dict) and "pid" in o and "started" in o]


def _write_owners(data_dir: Path, owners: list[dict[str, Any]]) -> None:
    path = _paths(data_dir)["owners"]
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(owners))
    os.replace(tmp, path)


def _postmaster(pgdata: Path) -> Any:
    _prepare_runtime_dir()  # before pgserver is first imported: it reads XDG_RUNTIME_DIR at import
    from pgserver.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(pgdata)
    return info if info is not None and info.is_running() else None


def _watchdog_alive(data_dir: Path) -> bool:
    path = _paths(data_dir)["watchdog"]
    if not path.exists():
        return False
    try:
        entry = json.loads(path.read_text())
    except json.JSONDecodeError:
        return False
    return _alive(entry)


def _spawn_watchdog(data_dir: Path) -> None:
    logfile = open(_paths(data_dir)["watchdog_log"], "a")  # noqa: SIM115 - handed to the child
    proc = subprocess.Popen(
        [sys.executable, "-m", "api.core.embedded", "watch", str(data_dir)],
        stdin=subprocess.DEVNULL,
        stdout=logfile,
        stderr=logfile,
        start_new_session=True,  # survives our process group being killed
        close_fds=True,
    )
    logfile.close()
    identity = _identity(proc.pid)
    identity["started"] = identity["started"] or time.time()
    _paths(data_dir)["watchdog"].write_text(json.dumps(identity))


def acquire(data_dir: Path) -> EmbeddedServer:
    """Start (or join) the embedded server for `data_dir` and register this process as an owner."""
    _prepare_runtime_dir()
    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    paths = _paths(data_dir)
    from pgserver import get_server  # type: ignore[attr-defined]

    with _locked(data_dir):
        # pgserver's own ledger is not used for stopping (cleanup_mode=None); stale pids only confuse it.
        (paths["pgdata"] / ".handle_pids.json").unlink(missing_ok=True)
        server = get_server(paths["pgdata"], cleanup_mode=None)
        info = server.get_postmaster_info()
        me = _identity(os.getpid())
        owners = [o for o in _read_owners(data_dir) if _alive(o) and o["pid"] != me["pid"]]
        _write_owners(data_dir, [*owners, me])
        if not _watchdog_alive(data_dir):
            _spawn_watchdog(data_dir)
        embedded = EmbeddedServer(data_dir=data_dir, socket_dir=Path(info.socket_dir))
        _ensure_database(embedded)
    if data_dir not in _registered:
        _registered.add(data_dir)
        atexit.register(release, data_dir)
    return embedded


def release(data_dir: Path) -> None:
    """Deregister this process; the watchdog stops the server once no owner is left."""
    data_dir = data_dir.expanduser().resolve()
    if not _paths(data_dir)["lock"].parent.exists():
        return
    with _locked(data_dir):
        owners = [o for o in _read_owners(data_dir) if o["pid"] != os.getpid() and _alive(o)]
        _write_owners(data_dir, owners)
    _registered.discard(data_dir)


def stop(data_dir: Path) -> bool:
    """Stop the server now, whoever owns it. Returns True if a server was running."""
    data_dir = data_dir.expanduser().resolve()
    with _locked(data_dir):
        return _stop_locked(data_dir)


def _stop_locked(data_dir: Path) -> bool:
    pgdata = _paths(data_dir)["pgdata"]
    info = _postmaster(pgdata)
    if info is None:
        return False
    from pgserver._commands import pg_ctl  # type: ignore[attr-defined]  # generated at import

    user = "pgserver" if os.geteuid() == 0 else None
    try:
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata, user=user, timeout=30)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
        with contextlib.suppress(psutil.NoSuchProcess):
            info.process.terminate()
            info.process.wait(5)
    return True


def is_running(data_dir: Path) -> bool:
    return _postmaster(_paths(data_dir.expanduser().resolve())["pgdata"]) is not None


def _ensure_database(server: EmbeddedServer) -> None:
    import psycopg

    with psycopg.connect(server.url(database="postgres", driver=""), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE_NAME,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')


def watch(data_dir: Path) -> None:
    """Watchdog loop: stop the server when every owner is gone, then exit."""
    data_dir = data_dir.expanduser().resolve()
    paths = _paths(data_dir)
    me = _identity(os.getpid())
    while True:
        time.sleep(WATCH_INTERVAL_S)
        with _locked(data_dir):
            if paths["watchdog"].exists():
                try:
                    current = json.loads(paths["watchdog"].read_text())
                except json.JSONDecodeError:
                    current = {}
                if current.get("pid") != me["pid"]:
                    return  # another watchdog took over
            owners = [o for o in _read_owners(data_dir) if _alive(o)]
            _write_owners(data_dir, owners)
            if _postmaster(paths["pgdata"]) is None:
                paths["watchdog"].unlink(missing_ok=True)
                return
            if not owners:
                log.warning("no process owns the embedded server any more; stopping it")
                _stop_locked(data_dir)
                paths["watchdog"].unlink(missing_ok=True)
                return


if __name__ == "__main__":  # pragma: no cover - exercised through a subprocess in tests
    if len(sys.argv) == 3 and sys.argv[1] == "watch":
        logging.basicConfig(level=logging.INFO)
        _prepare_runtime_dir()
        watch(Path(sys.argv[2]))
    else:
        print("usage: python -m api.core.embedded watch DATA_DIR", file=sys.stderr)
        sys.exit(2)
