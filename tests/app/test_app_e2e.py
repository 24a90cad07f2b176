"""The Expo app's web export (app/dist-web, from `expo export --platform web`) served from its own origin and driven
in chromium against a real `firepath serve` that allows that origin (FIREPATH_CORS_ORIGINS): a new device is pointed
at the server, signs in, sees the plan, asks the coach and approves a change, saves a form, and searches help."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.support.servers import free_port, serve_static_spa
from tests.web.conftest import CHROMIUM, _wait_healthy, firepath_cli

REPO_ROOT = Path(__file__).resolve().parents[2]
APP_DIST = Path(os.environ.get("FIREPATH_E2E_APP_DIST") or REPO_ROOT / "app" / "dist-web")
EMAIL = "demo-app@example.com"
PASSWORD = "app-e2e-demo-pass"


@pytest.fixture(scope="module")
def app_origin() -> Iterator[tuple[str, int]]:
    if not (APP_DIST / "index.html").is_file():
        subprocess.run([str(REPO_ROOT / "scripts" / "build-app.sh"), "--export-only"], cwd=REPO_ROOT, check=True)
    port = free_port()
    with serve_static_spa(APP_DIST, port) as url:
        yield url, port


@pytest.fixture(scope="module")
def api_server(tmp_path_factory: pytest.TempPathFactory, app_origin: tuple[str, int]) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("app-e2e-server")
    runtime = root / "runtime"
    runtime.mkdir(mode=0o700)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "FIREPATH_DATA_DIR": str(root / "data"), "XDG_RUNTIME_DIR": str(runtime),
           "FIREPATH_PUBLIC_URL": base, "FIREPATH_ENV": "development", "FIREPATH_AUTH_CONFIRM_EMAIL": "false",
           "FIREPATH_CORS_ORIGINS": app_origin[0], "FIREPATH_WEB_DIST": str(root / "no-web-client")}
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


def test_the_app_web_export_end_to_end(app_origin: tuple[str, int], api_server: tuple[str, Path]) -> None:
    base, data_dir = api_server
    firepath_cli(data_dir, "seed-demo", "--email", EMAIL, "--password", PASSWORD)
    # The server embeds the knowledge base in the background at start; help search waits for that index.
    firepath_cli(data_dir, "kb", "ingest", timeout=600)
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/install-system.sh (Debian's chromium)"
    node = shutil.which("node")
    assert node, "Node.js 20+ is required"
    out_dir = REPO_ROOT / ".artifacts" / "e2e-app" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = subprocess.run([node, str(REPO_ROOT / "app" / "e2e" / "run.mjs")], cwd=REPO_ROOT,
                            env={**os.environ, "E2E_BASE_URL": app_origin[0], "E2E_API_URL": base,
                                 "E2E_EMAIL": EMAIL, "E2E_PASSWORD": PASSWORD, "E2E_OUT_DIR": str(out_dir),
                                 "CHROMIUM": CHROMIUM},
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"{result.stdout[-6000:]}\n{result.stderr[-4000:]}"
    assert "FAILED" not in result.stdout
    shots = sorted(p.name for p in out_dir.glob("*.png"))
    assert len(shots) >= 8, shots
