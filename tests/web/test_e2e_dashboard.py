"""End-to-end: the planning screens (/fire-dashboard, /analysis, /progress) of the built web client in Debian's
chromium (web/e2e/dashboard.mjs) against `firepath serve` with the demo household seeded through the CLI.

Every screen tells the household plan's one answer: the dashboard's FI date and FIRE number equal
GET /api/v1/plan/summary's in both dashboard-layout variants, Analysis and Progress show the same; moving the
extra-saving what-if slider changes the what-if FI date; the optimiser shows its result; the projection, cash flow,
Monte Carlo and backtest fill from the household plan; a new account sees the empty states. axe-core (no serious or
critical violation) and screenshots light/dark at 1280 and 390 px under .artifacts/e2e-dashboard/<run>/."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import firepath_cli, run_e2e

PASSWORD = "demo-e2e-password-1"
EMAIL = "demo-e2e@example.com"


def test_planning_screens_end_to_end(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    firepath_cli(data_dir, "seed-demo", "--email", EMAIL, "--password", PASSWORD)
    stdout, out_dir = run_e2e("dashboard", base, {"E2E_EMAIL": EMAIL, "E2E_PASSWORD": PASSWORD})
    for line in ("dashboard (original layout): FI date and FIRE number equal the plan summary's, every card filled ... ok",
                 "dashboard (enhanced layout): FI date and FIRE number equal the plan summary's, every card filled ... ok",
                 "analysis: the FI date equals the dashboard's ... ok",
                 "analysis: moving the extra-saving slider changes the what-if FI date ...",
                 "analysis: the optimiser shows its result ...",
                 "analysis: levers, withdrawal rules and RRSP/TFSA/FHSA advice fill in ... ok",
                 "analysis: projection, cash flow, Monte Carlo and backtest from the household plan ... ok",
                 "progress: the FIRE number and FI date equal the dashboard's ... ok",
                 "progress: completion by section, net-worth history chart and the activity log ... ok",
                 "screenshots light/dark at 1280 and 390 px with axe-core ... ok",
                 "a new account with no data sees the empty states that point to setup ... ok"):
        assert line in stdout, stdout[-4000:]
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 24, f"6 views x 2 themes x 2 widths, got {len(screenshots)}"
