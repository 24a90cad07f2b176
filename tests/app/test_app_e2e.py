"""The Expo app's web export (app/dist-web, from `expo export --platform web`) served from its own origin and driven
in chromium against a real `firepath serve` that allows that origin (FIREPATH_CORS_ORIGINS): a new device is pointed
at the server, signs in, sees the plan, asks the coach and approves a change, saves a form, and searches help."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.servers import free_port, serve_static_spa
from tests.web.conftest import firepath_cli, run_e2e, serve_firepath

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
    with serve_firepath(root, {"FIREPATH_CORS_ORIGINS": app_origin[0],
                               "FIREPATH_WEB_DIST": str(root / "no-web-client")}) as served:
        yield served


def test_the_app_web_export_end_to_end(app_origin: tuple[str, int], api_server: tuple[str, Path]) -> None:
    base, data_dir = api_server
    firepath_cli(data_dir, "seed-demo", "--email", EMAIL, "--password", PASSWORD)
    # The server embeds the knowledge base in the background at start; help search waits for that index.
    firepath_cli(data_dir, "kb", "ingest", timeout=600)
    _, out_dir = run_e2e("app", app_origin[0], {"E2E_API_URL": base, "E2E_EMAIL": EMAIL, "E2E_PASSWORD": PASSWORD},
                         path=REPO_ROOT / "app" / "e2e" / "run.mjs")
    shots = sorted(p.name for p in out_dir.glob("*.png"))
    assert len(shots) >= 8, shots
