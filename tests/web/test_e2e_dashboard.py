"""End-to-end: the planning screens (/fire-dashboard, /analysis, /progress) of the built web client in Debian's
chromium (web/e2e/dashboard.mjs) against `firepath serve` with the demo household seeded through the CLI.

Every screen tells the household plan's one answer: the dashboard's FI date and FIRE number equal
GET /api/v1/plan/summary's in both dashboard-layout variants, Analysis and Progress show the same; the dashboard's chart
marks FI, retirement, CPP, OAS and future plans, with a key and a figures table, and Analysis's chart has the same
points; moving the extra-saving what-if slider changes the what-if FI date; the optimiser shows its result; the
projection, cash flow, lifetime tax, drawdown by account, Monte Carlo and backtest fill from the household plan; a
what-if saved as a scenario is compared beside the plan; nothing scrolls sideways at 390 px; with none saved the Scenarios tab says how to save one; a new
account sees the empty states. axe-core (no serious or critical violation) and screenshots light/dark at 1280 and
390 px under .artifacts/e2e-dashboard/<run>/."""

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
                 "analysis: a what-if saved as a scenario is compared beside the plan ...",
                 "progress: the FIRE number and FI date equal the dashboard's ... ok",
                 "progress: completion by section, net-worth history chart and the activity log ... ok",
                 "the demo user's dashboard and Analysis fit a 390 px phone: nothing scrolls sideways ... ok",
                 "screenshots light/dark at 1280 and 390 px with axe-core ... ok",
                 "with no scenario saved, the Scenarios tab says how to save one ... ok",
                 "a new account with no data sees the empty states that point to setup ... ok"):
        assert line in stdout, stdout[-4000:]
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 32, f"8 views x 2 themes x 2 widths, got {len(screenshots)}"
