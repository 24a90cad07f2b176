"""End-to-end: /calculators, /tax, /strategies and /resources of the built web client in Debian's chromium
(web/e2e/calculators.mjs) against `firepath serve` with the demo household seeded through the CLI.

Checks a mortgage payment against a published Canadian example, field validation, the FIRE number from the
user's spending, a tax estimate equal to the API's for the user's province and salary, strategies with the
user's numbers, and an article opened from semantic search; axe-core on every page and screenshots (light and
dark, 1280 and 390 px) under .artifacts/e2e-calculators/<run>/."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from tests.web.conftest import CHROMIUM, REPO_ROOT

DEMO_EMAIL = "demo-calculators@example.com"
DEMO_PASSWORD = "demo-calculators-pass-1"


def test_calculators_tax_strategies_resources(web_server: tuple[str, Path]) -> None:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/install-system.sh (Debian's chromium)"
    node = shutil.which("node")
    assert node, "Node.js 20+ is required"
    base, data_dir = web_server
    # The same data directory (and runtime directory) as the server, so the CLI reaches its database.
    env = {**os.environ, "FIREPATH_DATA_DIR": str(data_dir), "XDG_RUNTIME_DIR": str(data_dir.parent / "runtime")}
    seed = [sys.executable, "-m", "api.cli", "seed-demo", "--email", DEMO_EMAIL, "--password", DEMO_PASSWORD]
    seeded = subprocess.run(seed, cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert seeded.returncode == 0, seeded.stdout + seeded.stderr
    # The server embeds the knowledge base in the background at start; this waits for that index (or builds it),
    # so article search runs by meaning and not only by substring.
    ingested = subprocess.run([sys.executable, "-m", "api.cli", "kb", "ingest"], cwd=REPO_ROOT, env=env,
                              capture_output=True, text=True, timeout=600)
    assert ingested.returncode == 0, ingested.stdout + ingested.stderr
    out_dir = REPO_ROOT / ".artifacts" / "e2e-calculators" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = subprocess.run([node, str(REPO_ROOT / "web" / "e2e" / "calculators.mjs")], cwd=REPO_ROOT,
                            env={**os.environ, "E2E_BASE_URL": base, "E2E_EMAIL": DEMO_EMAIL,
                                 "E2E_PASSWORD": DEMO_PASSWORD, "E2E_OUT_DIR": str(out_dir), "CHROMIUM": CHROMIUM},
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"{result.stdout[-6000:]}\n{result.stderr[-4000:]}"
    for name in ("mortgage payment matches a published Canadian example",
                 "tax estimate for the user's province and salary equals the API's",
                 "open an article from semantic search, then related reading"):
        assert f"{name} ... ok" in result.stdout
    assert '"mortgage_payment":"$1,426.56"' in result.stdout
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 8 * 4, f"expected 8 pages x 2 themes x 2 widths, got {len(screenshots)}"
