"""End-to-end: /calculators, /tax, /strategies and /resources of the built web client in Debian's chromium
(web/e2e/calculators.mjs) against `firepath serve` with the demo household seeded through the CLI.

Checks a mortgage payment against a published Canadian example (and a monthly-compounding one against a
spreadsheet's PMT), the time-value-of-money and cash-flow calculators against spreadsheet help examples, field
validation, the FIRE calculator filled from the household plan with the plan's own FI date beside its answer, a tax
estimate equal to the API's for the plan's province and salary and for a retiree (pension, CPP, OAS, dividends, with
the working shown), the debt payoff filled from the saved cards and lines with an example where the avalanche saves
interest, a card over its limit on the credit page with the utilization the API computes, strategies quoting the
plan's FIRE number and FI date, and an article opened from semantic search; axe-core on every page and screenshots
(light and dark, 1280 and 390 px) under .artifacts/e2e-calculators/<run>/."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import firepath_cli, run_e2e

DEMO_EMAIL = "demo-calculators@example.com"
DEMO_PASSWORD = "demo-calculators-pass-1"


def test_calculators_tax_strategies_resources(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    firepath_cli(data_dir, "seed-demo", "--email", DEMO_EMAIL, "--password", DEMO_PASSWORD)
    # The server embeds the knowledge base in the background at start; this waits for that index (or builds it),
    # so article search runs by meaning and not only by substring.
    firepath_cli(data_dir, "kb", "ingest", timeout=600)
    stdout, out_dir = run_e2e("calculators", base, {"E2E_EMAIL": DEMO_EMAIL, "E2E_PASSWORD": DEMO_PASSWORD})
    for name in ("mortgage payment matches a published Canadian example",
                 "FIRE calculator starts from the plan's spending and shows the plan's FI date",
                 "tax estimate for the user's province and salary equals the API's",
                 "strategies use the user's numbers in three tabs",
                 "mortgage: monthly compounding for a variable rate, as a spreadsheet's PMT",
                 "time value of money: the five keys and cash flows, as a spreadsheet",
                 "tax for a retiree: pension, CPP, OAS, dividends and the working shown",
                 "open an article from semantic search, then related reading",
                 "debt payoff starts from the user's cards and lines, as the API lists them",
                 "debt payoff example: the avalanche saves interest over the snowball",
                 "credit utilization: a card over its limit is marked, the total computed from the cards and lines",
                 "profile: one e-mail, the sign-in one, shown and not editable"):
        assert f"{name} ... ok" in stdout
    assert '"mortgage_payment":"$1,426.56"' in stdout
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 11 * 4, f"expected 11 pages x 2 themes x 2 widths, got {len(screenshots)}"
