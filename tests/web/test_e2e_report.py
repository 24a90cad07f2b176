"""End-to-end: the FIRE report (/fire-report) and the FIRE calculator filled from the plan, in the built web client
in Debian's chromium (web/e2e/report.mjs) against `firepath serve` with the demo household seeded through the CLI.

One answer to "when can I retire?": the report and its PDF show the FI date and FIRE number of GET
/api/v1/plan/summary (with its headline, target, success question, next actions, and the household plan's
assumptions and missing list), and the FIRE calculator filled from the plan shows the plan's FI date beside its own
simple answer. axe-core (no serious or critical violation) and screenshots light/dark at 1280 and 390 px under
.artifacts/e2e-report/<run>/."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.web.conftest import firepath_cli, run_e2e

DEMO_EMAIL = "demo-report@example.com"
DEMO_PASSWORD = "demo-report-pass-1"


def test_report_and_calculator_show_the_plan_summary(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    firepath_cli(data_dir, "seed-demo", "--email", DEMO_EMAIL, "--password", DEMO_PASSWORD)
    stdout, out_dir = run_e2e("report", base, {"E2E_EMAIL": DEMO_EMAIL, "E2E_PASSWORD": DEMO_PASSWORD})
    for name in ("report: the FI date and FIRE number are the plan summary's",
                 "report PDF holds the same FI date and FIRE number",
                 "FIRE calculator filled from the plan shows the plan's FI date",
                 "screenshots and axe: the report and the calculator from the plan"):
        assert f"{name} ... ok" in stdout, stdout[-4000:]
    figures = json.loads(re.search(r"^figures: (.*)$", stdout, re.M).group(1))  # type: ignore[union-attr]
    assert figures["report"]["fi_date"] == figures["calculator"]["plan_fi_date"]
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 2 * 4, f"2 pages x 2 themes x 2 widths, got {len(screenshots)}"
