"""End-to-end: /community, /analytics and /admin of the built web client in Debian's chromium
(web/e2e/community.mjs) against `firepath serve`.

The poster is the demo household seeded through the CLI; a moderator and an admin sign up through the API and get
their roles from `firepath users grant-role` against the server's data directory. The user posts in the community,
the admin reports it, the moderator hides it (it leaves the other users' lists) and resolves the report; the admin
sees the analytics summary on /admin; the user's /analytics page shows their expense categories. axe-core (no
serious or critical violation) and screenshots light/dark at 1280 and 390 px under .artifacts/e2e-community/<run>/."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from tests.web.conftest import firepath_cli, run_e2e

PASSWORD = "community-e2e-password-1"
USER = "poster-e2e@example.com"
MODERATOR = "moderator-e2e@example.com"
ADMIN = "admin-e2e@example.com"


def _sign_up(base: str, email: str) -> None:
    request = urllib.request.Request(f"{base}/auth/v1/signup", method="POST",
                                     data=json.dumps({"email": email, "password": PASSWORD}).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200
        assert json.load(response)["user"]["email"] == email


def test_community_admin_analytics_end_to_end(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    # After the server is up (it has migrated the database), with the server's data directory.
    firepath_cli(data_dir, "seed-demo", "--email", USER, "--password", PASSWORD)
    _sign_up(base, MODERATOR)
    _sign_up(base, ADMIN)
    assert f"{MODERATOR} is now moderator" in firepath_cli(data_dir, "users", "grant-role", MODERATOR, "moderator")
    assert f"{ADMIN} is now admin" in firepath_cli(data_dir, "users", "grant-role", ADMIN, "admin")
    stdout, out_dir = run_e2e("community", base, {"E2E_PASSWORD": PASSWORD, "E2E_USER_EMAIL": USER,
                                                  "E2E_MOD_EMAIL": MODERATOR, "E2E_ADMIN_EMAIL": ADMIN})
    for line in ("analytics: the user's expense categories, needs/wants, savings and trend come from the API ...",
                 "community: the user posts, edits the post and sees it marked as theirs ... ok",
                 "community: the admin reacts to the post and reports it ... ok",
                 "community: the moderator sees the report, comments, hides the post and resolves the report ... ok",
                 "community: the hidden post leaves the admin's list; its author sees it marked hidden ... ok",
                 "community: text shows as typed (markup literal, line break kept) under the author's display name ...",
                 "community: the author deletes a second post of their own ... ok",
                 "admin: a moderator is sent away from /admin ... ok",
                 "admin: the analytics summary equals the API's, with events, features and funnel charts ...",
                 "admin: users with sign-up date, activity, completion and role; the moderation queue ... ok",
                 "screenshots light/dark at 1280 and 390 px with axe-core ... ok"):
        assert line in stdout, stdout[-4000:]
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 12, f"3 pages x 2 themes x 2 widths, got {len(screenshots)}"
