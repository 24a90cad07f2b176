"""End-to-end: "Your data" in Settings of the built web client in Debian's chromium (web/e2e/export.mjs) against
`firepath serve` with the demo household seeded through the CLI.

The demo user downloads the JSON export and the CSV zip; a new user in a fresh browser imports the JSON after a
confirmation, and the accounts and income pages show the demo user's figures (export then import restores the same
data); a second import is refused with the API's message and a file that is not an export is named as such. axe-core
(no serious or critical violation) and screenshots light/dark at 1280 and 390 px under .artifacts/e2e-export/<run>/."""

from __future__ import annotations

import json
from pathlib import Path

from tests.web.conftest import firepath_cli, run_e2e

PASSWORD = "export-e2e-password-1"
EMAIL = "export-e2e@example.com"


def test_export_then_import_end_to_end(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    firepath_cli(data_dir, "seed-demo", "--email", EMAIL, "--password", PASSWORD)
    stdout, out_dir = run_e2e("export", base, {"E2E_EMAIL": EMAIL, "E2E_PASSWORD": PASSWORD})
    for line in ("the demo user signs in and reads their accounts and income ... ok",
                 "Settings > Your data: Download JSON saves the whole export ... ok",
                 "Download CSV (zip) saves a zip ... ok",
                 "screenshots of the Your data card light/dark at 1280 and 390 px with axe-core ... ok",
                 "a new user signs up and imports the file from Settings, after confirming ... ok",
                 "the new account's accounts and income pages show the same figures ... ok",
                 "importing into an account that has data is refused with the API's message ... ok",
                 "a file that is not an export: the card says so (screenshots and axe) ... ok"):
        assert line in stdout, stdout[-4000:]
    report = json.loads((out_dir / "report.json").read_text())
    assert report["after"] == report["before"] and report["before"]["accounts"]["total"].startswith("Total balance $")
    assert [f.name for f in out_dir.glob("firepath-export-*.json")] and [f.name for f in out_dir.glob("*.zip")]
    screenshots = [f for f in out_dir.glob("*.png") if not f.name.startswith("failure")]
    assert len(screenshots) == 9, f"2 views x 2 themes x 2 widths and the dialog, got {len(screenshots)}"
