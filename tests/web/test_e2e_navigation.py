"""End-to-end: the signed-in navigation of the built web client in Debian's chromium (web/e2e/navigation.mjs)
against `firepath serve`, with the demo household seeded through the CLI and its user made an admin.

At 1280 px (header links and its "More" menu) and at 390 px (the bottom bar and its "More" menu) every signed-in
screen is reached by clicking, the user menu reaches Settings and the Admin Dashboard, and Settings each of its
sections. The browser's own keys stay the browser's (Ctrl+P on the printable report is not prevented and does not
navigate, nor Ctrl+R/A/D/S/B or Alt+digits); "g" then a letter goes to each screen but not while typing; "?" lists
the shortcuts and its switch turns them off at once and after a reload, and on again. A success toast sits below the
header's buttons at both widths. axe-core (no serious or critical violation) on the open menus and the shortcut list;
screenshots light/dark at 1280 and 390 px under .artifacts/e2e-navigation/<run>/."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import firepath_cli, run_e2e

PASSWORD = "navigation-e2e-password-1"
EMAIL = "navigation-e2e@example.com"


def test_navigation_shortcuts_and_toasts_end_to_end(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    firepath_cli(data_dir, "seed-demo", "--email", EMAIL, "--password", PASSWORD)
    assert f"{EMAIL} is now admin" in firepath_cli(data_dir, "users", "grant-role", EMAIL, "admin")
    stdout, out_dir = run_e2e("navigation", base, {"E2E_EMAIL": EMAIL, "E2E_PASSWORD": PASSWORD})
    for line in ("desktop: every screen is reached by clicking the header and its More menu ... ok",
                 "mobile: every screen is reached by clicking the bottom bar and its More menu ... ok",
                 "desktop: the user menu reaches Settings and Admin; Settings every section ... ok",
                 "mobile: the user menu reaches Settings and Admin; Settings every section ... ok",
                 "tablet 768 and 1024 px: the header fits its links, More and buttons; More holds what it hides ... ok",
                 "the browser's own keys stay the browser's: Ctrl+P on the report, Ctrl+R/A/D/S/B, Alt+digits ... ok",
                 "g then a letter goes to each screen; not while typing ... ok",
                 "? lists every shortcut; the switch turns them off at once and after a reload, and on again ... ok",
                 "a success toast never covers the header's buttons (1280 and 390 px) ... ok",
                 "screenshots light/dark at 1280 and 390 px with axe-core: More menu, user menu, shortcut list ... ok"):
        assert line in stdout, stdout[-4000:]
    screenshots = sorted(p.name for p in out_dir.glob("*.png"))
    views = [s for s in screenshots if not s.startswith(("toast-", "tablet-", "failure-"))]
    assert len(views) == 12, f"3 views x 2 themes x 2 widths: {screenshots}"
    extra = {"toast-desktop.png", "toast-mobile.png", "tablet-768.png", "tablet-1024.png"}
    assert extra <= set(screenshots), screenshots
