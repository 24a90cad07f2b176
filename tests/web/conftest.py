"""The web client's end-to-end fixture, `firepath serve` on a free port with its own data directory serving the
built client (web/dist, or FIREPATH_E2E_WEB_DIST to test another build), and the helpers every end-to-end test
uses: the `firepath` command against that server's database, and one run of a web/e2e script in chromium."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.support.servers import free_port

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WEB_DIST = Path(os.environ.get("FIREPATH_E2E_WEB_DIST") or REPO_ROOT / "web" / "dist")
CONTACT_EMAIL = "hello@firepath-e2e.ca"  # the server's FIREPATH_CONTACT_EMAIL: Contact and Careers must show it


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"firepath serve exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"firepath serve did not become healthy:\n{log.read_text()[-3000:]}")


@contextmanager
def serve_firepath(root: Path, extra_env: dict[str, str] | None = None) -> Iterator[tuple[str, Path]]:
    """`firepath serve` on a free port with its own data directory under `root` (and `extra_env`), until the block
    ends; yields its base URL and data directory."""
    runtime = root / "runtime"
    runtime.mkdir(mode=0o700)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "FIREPATH_DATA_DIR": str(root / "data"), "XDG_RUNTIME_DIR": str(runtime),
           "FIREPATH_PUBLIC_URL": base, "FIREPATH_ENV": "development", "FIREPATH_AUTH_CONFIRM_EMAIL": "false",
           "FIREPATH_EMBEDDING_CACHE": os.environ.get("FIREPATH_TEST_EMBEDDING_CACHE", ""), **(extra_env or {})}
    log = root / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", str(port)], cwd=REPO_ROOT,
                                env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        try:
            _wait_healthy(base, proc, log)
        except RuntimeError:
            # The embedded PostgreSQL can fail its very first start on a loaded machine (once in a full CI run,
            # 2026-11-28: initdb left no log); one fresh start says whether the server itself is at fault.
            if "Failed to start server" not in log.read_text() and "pgdata/log" not in log.read_text():
                raise
            shutil.rmtree(root / "data", ignore_errors=True)
            with log.open("ab") as out:
                proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", str(port)],
                                        cwd=REPO_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
            _wait_healthy(base, proc, log)
        yield base, root / "data"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    if not (WEB_DIST / "index.html").is_file():
        subprocess.run(["npm", "run", "build", "-w", "web"], cwd=REPO_ROOT, check=True)
    with serve_firepath(tmp_path_factory.mktemp("e2e-server"),
                        {"FIREPATH_WEB_DIST": str(WEB_DIST), "FIREPATH_CONTACT_EMAIL": CONTACT_EMAIL}) as served:
        yield served


def firepath_cli(data_dir: Path, *args: str, timeout: float = 300) -> str:
    """Runs `firepath ARGS` with the test server's data and runtime directories (so it reaches the server's
    database, which the server has migrated); its output, after checking it succeeded."""
    env = {**os.environ, "FIREPATH_DATA_DIR": str(data_dir), "XDG_RUNTIME_DIR": str(data_dir.parent / "runtime")}
    done = subprocess.run([sys.executable, "-m", "api.cli", *args], cwd=REPO_ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def run_e2e(script: str, base: str, env: dict[str, str], timeout: float = 900,
            path: Path | None = None) -> tuple[str, Path]:
    """Runs web/e2e/SCRIPT.mjs (or the script at `path`) in Debian's chromium against `base` with `env` added, and
    checks it passed (every step ok, no 5xx from the server); its output and the folder of its screenshots and
    report.json."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/install-system.sh (Debian's chromium)"
    node = shutil.which("node")
    assert node, "Node.js 20+ is required"
    folder = "e2e" if script == "run" else f"e2e-{script}"
    out_dir = REPO_ROOT / ".artifacts" / folder / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = subprocess.run([node, str(path or REPO_ROOT / "web" / "e2e" / f"{script}.mjs")], cwd=REPO_ROOT,
                            env={**os.environ, **env, "E2E_BASE_URL": base, "E2E_OUT_DIR": str(out_dir),
                                 "CHROMIUM": CHROMIUM},
                            capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{result.stdout[-6000:]}\n{result.stderr[-4000:]}"
    assert "FAILED" not in result.stdout
    return result.stdout, out_dir
