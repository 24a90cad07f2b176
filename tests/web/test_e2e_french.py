"""End-to-end in Canadian French (issue 22): the built web client in Debian's chromium with the browser's language set
to fr-CA (web/e2e/french.mjs) against `firepath serve` asking new accounts to confirm their e-mail.

The first visit follows the browser's language: a new user signs up in French and confirms through the link of a
French e-mail (Content-Language fr-CA), goes through the wizard typing amounts as a French Canadian does ("5 800,50",
"1,234" refused with the French message) and every amount reads back from the API; the dashboard's FI date and FIRE
number are GET /api/v1/plan/summary's in fr-CA ("août 2041", "1 050 000 $"); the Preferences form refuses "12,500"
with the French message, saves "12,5" as the fraction 0.125 and shows "12,5" after a reload; help search finds the
contribution-room topic from "CELI plafond" and from an English query and shows it in French; the FIRE report and its
PDF (/Lang fr-CA) are in French. axe-core (no serious or critical violation) and screenshots at 1280 and 390 px under
.artifacts/e2e-french/<run>/."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.conftest import REPO_ROOT, WEB_DIST, firepath_cli, run_e2e, serve_firepath


@pytest.fixture(scope="module")
def confirming_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The e2e server, with e-mail confirmation on (the confirmation e-mail goes to DATA_DIR/outbox)."""
    if not (WEB_DIST / "index.html").is_file():
        subprocess.run(["npm", "run", "build", "-w", "web"], cwd=REPO_ROOT, check=True)
    with serve_firepath(tmp_path_factory.mktemp("e2e-french-server"),
                        {"FIREPATH_WEB_DIST": str(WEB_DIST), "FIREPATH_AUTH_CONFIRM_EMAIL": "true"}) as served:
        yield served


def test_a_new_user_in_french_end_to_end(confirming_server: tuple[str, Path]) -> None:
    base, data_dir = confirming_server
    # The server embeds the knowledge base in the background at start; this waits for that index (or builds it), so
    # help search runs by meaning and by words in both languages, not by substring only.
    firepath_cli(data_dir, "kb", "ingest", timeout=600)
    stdout, out_dir = run_e2e("french", base, {"E2E_DATA_DIR": str(data_dir)})
    for name in ("first visit in a French browser: the landing and sign-up pages are in French",
                 "sign-up in French: the confirmation e-mail is French and its link opens the wizard",
                 "wizard in French with amounts typed the French way (5 800,50), finished",
                 "dashboard in French: the FI date and FIRE number are the plan summary's, in fr-CA",
                 "settings save with 12,5: refused when ambiguous, saved as 0.125, shown as 12,5 after a reload",
                 'help search in French: "CELI plafond" finds the contribution-room topic, an English query too',
                 "the FIRE report in French, and its PDF"):
        assert f"{name} ... ok" in stdout, stdout[-4000:]
    figures = json.loads(re.search(r"^figures: (.*)$", stdout, re.M).group(1))  # type: ignore[union-attr]
    assert figures["dashboard"]["fire_number"].endswith("$"), figures  # "1 050 000 $", not "$1,050,000"
    assert (out_dir / "fire-report.pdf").read_bytes().startswith(b"%PDF-")
    screenshots = list(out_dir.glob("*.png"))
    # 8 screens x 2 themes x 2 widths, and 2 states (the e-mail sent, the refused rate) at 2 widths
    assert len(screenshots) == 8 * 4 + 2 * 2, f"got {len(screenshots)}"
