"""End-to-end: /settings/household of the built web client in Debian's chromium (web/e2e/household.mjs) against
`firepath serve` on a free port with its own data directory.

A new user sees the household assumed from the profile (a banner), fills in themselves and a partner, saves, and
after a reload sees every value kept; the API's refusal of a future birth date shows beside the partner's field; the
household plan (GET /api/v1/plan/household) then has two people with the incomes typed. axe-core (no serious or
critical violation) and screenshots light/dark at 1280 and 390 px under .artifacts/e2e-household/<run>/."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import run_e2e


def test_household_settings_end_to_end(web_server: tuple[str, Path]) -> None:
    base, _ = web_server
    stdout, out_dir = run_e2e("household", base, {"E2E_PASSWORD": "household-e2e-pass-1"})
    for line in ("the settings list links to Household right after Personal Profile ... ok",
                 "before a first save: the assumed banner, you alone, defaults filled in ... ok",
                 "you and a partner filled in by keyboard and saved ... ok",
                 "after a reload every value is kept ... ok",
                 "a partner's birth date in the future: the API's message shows beside that field ... ok",
                 "the household plan holds both people with the incomes typed ...",  # its "ok" follows the people
                 "screenshots of the saved household light/dark at 1280 and 390 px with axe-core ... ok"):
        assert line in stdout, stdout[-4000:]
    assert '"name":"Avery","income":95000' in stdout and '"name":"Jordan","income":72000' in stdout, stdout[-4000:]
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) == 8, f"2 views x 2 themes x 2 widths, got {len(screenshots)}"
