"""End-to-end: /community, /analytics and /admin of the built web client in Debian's chromium
(web/e2e/community.mjs) against `firepath serve`.

The poster is the demo household seeded through the CLI; a moderator and an admin sign up through the API and get
their roles from `firepath users grant-role` against the server's data directory. The user posts in the community,
the admin reports it, the moderator hides it (it leaves the other users' lists) and resolves the report; the admin
sees the analytics summary on /admin; the user's /analytics page shows their expense categories. axe-core (no
serious or critical violation) and screenshots light/dark at 1280 and 390 px under .artifacts/e2e-community/<run>/."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from tests.web.conftest import CHROMIUM, REPO_ROOT

PASSWORD = "community-e2e-password-1"
USER = "poster-e2e@example.com"
MODERATOR = "moderator-e2e@example.com"
ADMIN = "admin-e2e@example.com"


def _cli(data_dir: Path, *args: str) -> str:
    runtime = data_dir.parent / "runtime"
    done = subprocess.run([sys.executable, "-m", "api.cli", *args], cwd=REPO_ROOT,
                          env={**os.environ, "FIREPATH_DATA_DIR": str(data_dir), "XDG_RUNTIME_DIR": str(runtime)},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _sign_up(base: str, email: str) -> None:
    request = urllib.request.Request(f"{base}/auth/v1/signup", method="POST",
                                     data=json.dumps({"email": email, "password": PASSWORD}).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200
        assert json.load(response)["user"]["email"] == email


def test_community_admin_analytics_end_to_end(web_server: tuple[str, Path]) -> None:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/install-system.sh (Debian's chromium)"
    node = shutil.which("node")
    assert node, "Node.js 20+ is required"
    base, data_dir = web_server
    # After the server is up (it has migrated the database), with the server's data directory.
    _cli(data_dir, "seed-demo", "--email", USER, "--password", PASSWORD)
    _sign_up(base, MODERATOR)
    _sign_up(base, ADMIN)
    assert f"{MODERATOR} is now moderator" in _cli(data_dir, "users", "grant-role", MODERATOR, "moderator")
    assert f"{ADMIN} is now admin" in _cli(data_dir, "users", "grant-role", ADMIN, "admin")
    out_dir = REPO_ROOT / ".artifacts" / "e2e-community" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = subprocess.run([node, str(REPO_ROOT / "web" / "e2e" / "community.mjs")], cwd=REPO_ROOT,
                            env={**os.environ, "E2E_BASE_URL": base, "E2E_PASSWORD": PASSWORD, "E2E_USER_EMAIL": USER,
                                 "E2E_MOD_EMAIL": MODERATOR, "E2E_ADMIN_EMAIL": ADMIN, "E2E_OUT_DIR": str(out_dir),
                                 "CHROMIUM": CHROMIUM},
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"{result.stdout[-6000:]}\n{result.stderr[-4000:]}"
    for line in ("analytics: the user's expense categories, needs/wants, savings and trend come from the API ...",
                 "community: the user posts, edits the post and sees it marked as theirs ... ok",
                 "community: the admin reacts to the post and reports it ... ok",
                 "community: the moderator sees the report, comments, hides the post and resolves the report ... ok",
                 "community: the hidden post leaves the admin's list; its author sees it marked hidden ... ok",
                 "community: the author deletes a second post of their own ... ok",
                 "admin: a moderator is sent away from /admin ... ok",
                 "admin: the analytics summary equals the API's, with events, features and funnel charts ...",
                 "admin: users with sign-up date, activity, completion and role; the moderation queue ... ok",
                 "screenshots light/dark at 1280 and 390 px with axe-core ... ok"):
        assert line in result.stdout, result.stdout[-4000:]
    assert "FAILED" not in result.stdout
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 12, f"3 pages x 2 themes x 2 widths, got {len(screenshots)}"
