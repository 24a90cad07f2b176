"""End-to-end: the built web client in Debian's chromium (driven by playwright-core, web/e2e/run.mjs) against
`firepath serve` on a free port with its own data directory and embedded database.

Covers sign-up → wizard, guards and redirects, the Help Center and the guided tour, theme switch, shortcuts,
every settings page filled until the profile completion reaches 100 (web/e2e/settings-flow.mjs), sign out/in,
password reset through the outbox link and account deletion, with axe-core on every page and screenshots
(light and dark, 1280 and 390 px) saved under .artifacts/e2e/<run>/."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import run_e2e


def test_web_client_end_to_end(web_server: tuple[str, Path]) -> None:
    base, data_dir = web_server
    stdout, out_dir = run_e2e("run", base, {"E2E_DATA_DIR": str(data_dir)})
    assert "help center: topics by category, search, open a topic, back ... ok" in stdout
    assert "guided tour: 38 steps from the Help Center to Finish ... ok" in stdout
    assert "account deletion with a reason and confirmation signs out ... ok" in stdout
    screenshots = list(out_dir.glob("*.png"))
    assert len(screenshots) >= 60, f"expected screenshots of every page in 2 themes x 2 widths, got {len(screenshots)}"
