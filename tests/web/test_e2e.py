"""End-to-end: the built web client in Debian's chromium (driven by playwright-core, web/e2e/run.mjs) against
`firepath serve` on a free port with its own data directory and embedded database.

Covers sign-up → wizard, guards and redirects, theme switch, shortcuts, sign out/in, password reset through
the outbox link and account deletion, with axe-core on every page and screenshots (light and dark, 1280 and
390 px) saved under .artifacts/e2e/<run>/."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.support.servers import free_port

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


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


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    if not (REPO_ROOT / "web" / "dist" / "index.html").is_file():
        subprocess.run(["npm", "run", "build", "-w", "web"], cwd=REPO_ROOT, check=True)
    root = tmp_path_factory.mktemp("e2e-server")
    runtime = root / "runtime"
    runtime.mkdir(mode=0o700)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "FIREPATH_DATA_DIR": str(root / "data"), "XDG_RUNTIME_DIR": str(runtime),
           "FIREPATH_PUBLIC_URL": base, "FIREPATH_WEB_DIST": str(REPO_ROOT / "web" / "dist"),
           "FIREPATH_ENV": "development", "FIREPATH_AUTH_CONFIRM_EMAIL": "false"}
    log = root / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", str(port)], cwd=REPO_ROOT,
                                env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_healthy(base, proc, log)
        yield base, root / "data"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def test_web_client_end_to_end(web_server: tuple[str, Path]) -> None:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/install-system.sh (Debian's chromium)"
    node = shutil.which("node")
    assert node, "Node.js 20+ is required"
    base, data_dir = web_server
    out_dir = REPO_ROOT / ".artifacts" / "e2e" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = subprocess.run([node, str(REPO_ROOT / "web" / "e2e" / "run.mjs")], cwd=REPO_ROOT,
                            env={**os.environ, "E2E_BASE_URL": base, "E2E_DATA_DIR": str(data_dir),
                                 "E2E_OUT_DIR": str(out_dir), "CHROMIUM": CHROMIUM},
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"{result.stdout[-6000:]}\n{result.stderr[-4000:]}"
    assert "account deletion with a reason and confirmation signs out ... ok" in result.stdout
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) >= 60, f"expected screenshots of every page in 2 themes x 2 widths, got {len(screenshots)}"
