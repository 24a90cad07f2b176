"""End-to-end: the built web client in Debian's chromium (driven by playwright-core, web/e2e/run.mjs) against
`firepath serve` on a free port with its own data directory and embedded database.

Covers sign-up → wizard, guards and redirects, the Help Center and the guided tour, theme switch, shortcuts,
every settings page filled until the profile completion reaches 100 (web/e2e/settings-flow.mjs), sign out/in,
password reset through the outbox link and account deletion, with axe-core on every page and screenshots
(light and dark, 1280 and 390 px) saved under .artifacts/e2e/<run>/."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from tests.web.conftest import CHROMIUM, REPO_ROOT


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
    assert "help center: topics by category, search, open a topic, back ... ok" in result.stdout
    assert "guided tour: 38 steps from the Help Center to Finish ... ok" in result.stdout
    assert "account deletion with a reason and confirmation signs out ... ok" in result.stdout
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) >= 60, f"expected screenshots of every page in 2 themes x 2 widths, got {len(screenshots)}"
