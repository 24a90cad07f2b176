"""End-to-end: the end of a session in the built web client in Debian's chromium (web/e2e/session.mjs) against
`firepath serve` on a free port without Google configured.

The sign-in pages show no Google button when GET /auth/v1/settings says Google is off. On a deep page
(/settings/income?x=1) an access token the API refuses, or one past its expiry, is renewed silently (one renewal)
and the page loads with no "Failed to load" ever on screen; a save refused that way is sent again and kept. A
session ended elsewhere (sign out everywhere from another device) lands on /login?next=... with "Your session
ended. Please sign in again." after a reload, after an in-app move, and when the stored token has expired too;
signing in returns to that page; `next` never leads off the site; signing out yourself still goes to the home
page. axe-core (no serious or critical violation) on the sign-in page with the message, and screenshots of it
light/dark at 1280 and 390 px under .artifacts/e2e-session/<run>/."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import run_e2e


def test_session_end_end_to_end(web_server: tuple[str, Path]) -> None:
    base, _ = web_server
    stdout, out_dir = run_e2e("session", base, {"E2E_PASSWORD": "session-e2e-pass-1"})
    for line in ("without Google configured the sign-in pages show no Google button ... ok",
                 "a new user signs up and signs in ... ok",
                 "an access token the API refuses is renewed once and the page loads without an error ...",
                 "1 renewal",
                 "a save sent with a refused token is renewed and sent again, body and all ... ok",
                 "an access token past its expiry is renewed while the page loads ... ok",
                 "a session ended elsewhere: a reload lands on sign-in with the message, and signing in returns ... ok",
                 "a session ended elsewhere: moving to another page lands on sign-in and comes back to it ... ok",
                 "next never leaves the site, and a signed-in visit to /login follows a safe next ... ok",
                 "an ended session expired here too: opening the page lands on sign-in (screenshots, axe-core) ... ok",
                 "signing out yourself is not a session that ended: home page, protected pages send you there ... ok"):
        assert line in stdout, stdout[-4000:]
    screenshots = sorted(p.name for p in out_dir.glob("login-session-ended-*.png"))
    assert len(screenshots) == 4, f"light/dark x 1280/390 px, got {screenshots}"
