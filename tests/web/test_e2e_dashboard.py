"""End-to-end: the planning screens (/fire-dashboard, /analysis, /progress) of the built web client in Debian's
chromium (web/e2e/dashboard.mjs) against `firepath serve` with the demo household seeded through the CLI.

The dashboard's FIRE number equals the API's snapshot fire_number in both dashboard-layout variants; moving a what-if
slider changes the FI date; the projection, Monte Carlo, backtest, withdrawal-rule and account-order panels fill
from the calculators; progress shows completion, net-worth history and activity; a new account sees the empty
states. axe-core (no serious or critical violation) and screenshots light/dark at 1280 and 390 px under
.artifacts/e2e-dashboard/<run>/."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from tests.web.conftest import CHROMIUM, REPO_ROOT

PASSWORD = "demo-e2e-password-1"
EMAIL = "demo-e2e@example.com"


def test_planning_screens_end_to_end(web_server: tuple[str, Path]) -> None:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/install-system.sh (Debian's chromium)"
    node = shutil.which("node")
    assert node, "Node.js 20+ is required"
    base, data_dir = web_server
    # Seed after the server is up (it has migrated the database), with the server's data directory.
    runtime = data_dir.parent / "runtime"
    seeded = subprocess.run([sys.executable, "-m", "api.cli", "seed-demo", "--email", EMAIL, "--password", PASSWORD],
                            cwd=REPO_ROOT, env={**os.environ, "FIREPATH_DATA_DIR": str(data_dir),
                                                "XDG_RUNTIME_DIR": str(runtime)},
                            capture_output=True, text=True, timeout=300)
    assert seeded.returncode == 0, seeded.stdout + seeded.stderr
    out_dir = REPO_ROOT / ".artifacts" / "e2e-dashboard" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = subprocess.run([node, str(REPO_ROOT / "web" / "e2e" / "dashboard.mjs")], cwd=REPO_ROOT,
                            env={**os.environ, "E2E_BASE_URL": base, "E2E_EMAIL": EMAIL, "E2E_PASSWORD": PASSWORD,
                                 "E2E_OUT_DIR": str(out_dir), "CHROMIUM": CHROMIUM},
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"{result.stdout[-6000:]}\n{result.stderr[-4000:]}"
    for line in ("dashboard (original layout): FIRE number equals the API's",
                 "dashboard (enhanced layout): FIRE number equals the API's",
                 "analysis: moving the monthly-savings slider changes the FI date ...",
                 "progress: completion by section, net-worth history chart and the activity log ... ok",
                 "screenshots light/dark at 1280 and 390 px with axe-core ... ok",
                 "a new account with no data sees the empty states that point to setup ... ok"):
        assert line in result.stdout, result.stdout[-4000:]
    assert "FAILED" not in result.stdout
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 24, f"6 views x 2 themes x 2 widths, got {len(screenshots)}"
