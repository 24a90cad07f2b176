"""End-to-end: the planning screens (/fire-dashboard, /analysis, /progress) of the built web client in Debian's
chromium (web/e2e/dashboard.mjs) against `firepath serve` with the demo household seeded through the CLI.

The dashboard's FIRE number equals the API's snapshot fire_number in both dashboard-layout variants; moving a what-if
slider changes the FI date; the projection, Monte Carlo, backtest, withdrawal-rule and account-order panels fill
from the calculators; progress shows completion, net-worth history and activity; a new account sees the empty
states. axe-core (no serious or critical violation) and screenshots light/dark at 1280 and 390 px under
.artifacts/e2e-dashboard/<run>/."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import firepath_cli, run_e2e

PASSWORD = "demo-e2e-password-1"
EMAIL = "demo-e2e@example.com"


def test_planning_screens_end_to_end(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    firepath_cli(data_dir, "seed-demo", "--email", EMAIL, "--password", PASSWORD)
    stdout, out_dir = run_e2e("dashboard", base, {"E2E_EMAIL": EMAIL, "E2E_PASSWORD": PASSWORD})
    for line in ("dashboard (original layout): FIRE number equals the API's",
                 "dashboard (enhanced layout): FIRE number equals the API's",
                 "analysis: moving the monthly-savings slider changes the FI date ...",
                 "progress: completion by section, net-worth history chart and the activity log ... ok",
                 "screenshots light/dark at 1280 and 390 px with axe-core ... ok",
                 "a new account with no data sees the empty states that point to setup ... ok"):
        assert line in stdout, stdout[-4000:]
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 24, f"6 views x 2 themes x 2 widths, got {len(screenshots)}"
