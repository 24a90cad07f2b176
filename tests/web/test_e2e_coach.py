"""End-to-end: the coach screen (/fi-coach) in Debian's chromium (web/e2e/coach.mjs) against `firepath serve` with
the offline coach, for a demo household seeded through the CLI.

The coach's FIRE number card equals GET /api/v1/snapshot's; a budget the coach proposes is shown as a before/after
diff, is not saved before approval, and after Approve is in GET /api/v1/budget and on /settings/budgeting. Also:
screen links, retry, thread rename / reload / switch / delete, keyboard use, axe-core on each state, screenshots
(light and dark, 1280 and 390 px) under .artifacts/e2e-coach/<run>/."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.web.conftest import CHROMIUM, REPO_ROOT

PASSWORD = "coach-demo-pass-1"


def test_coach_screen_end_to_end(web_server: tuple[str, Path]) -> None:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/install-system.sh (Debian's chromium)"
    node = shutil.which("node")
    assert node, "Node.js 20+ is required"
    if os.environ.get("OPENAI_API_KEY") or os.environ.get("OPENAI_BASE_URL"):
        pytest.skip("the flow expects the offline coach: unset OPENAI_API_KEY and OPENAI_BASE_URL")
    base, data_dir = web_server
    env = {**os.environ, "FIREPATH_DATA_DIR": str(data_dir), "XDG_RUNTIME_DIR": str(data_dir.parent / "runtime")}
    seeded = subprocess.run([sys.executable, "-m", "api.cli", "seed-demo", "--email", "coach-demo@example.com",
                             "--password", PASSWORD], cwd=REPO_ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert seeded.returncode == 0, seeded.stdout + seeded.stderr
    out_dir = REPO_ROOT / ".artifacts" / "e2e-coach" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = subprocess.run([node, str(REPO_ROOT / "web" / "e2e" / "coach.mjs")], cwd=REPO_ROOT,
                            env={**env, "E2E_BASE_URL": base, "E2E_EMAIL": "coach-demo@example.com",
                                 "E2E_PASSWORD": PASSWORD, "E2E_OUT_DIR": str(out_dir), "CHROMIUM": CHROMIUM},
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"{result.stdout[-6000:]}\n{result.stderr[-4000:]}"
    assert "/ai-chatbot and /ai-chat open the coach ... ok" in result.stdout
    report = json.loads((out_dir / "report.json").read_text())
    facts = report["facts"]
    assert facts["fireNumber"]["shown"] == facts["fireNumber"]["api"] > 0
    assert facts["budgetAfter"]["needs_percentage"] == 55
    assert facts["budgetAfter"]["wants_percentage"] == 25
    assert facts["budgetAfter"]["savings_percentage"] == 20
    assert all(step["ok"] for step in report["steps"])
    assert len(list(out_dir.glob("coach-*-light-*.png"))) == 4
    assert len(list(out_dir.glob("coach-*-dark-*.png"))) == 4
