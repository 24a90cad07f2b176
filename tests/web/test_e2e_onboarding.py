"""End-to-end: onboarding and the FIRE report in Debian's chromium (playwright-core, web/e2e/onboarding.mjs) against
`firepath serve` on a free port with its own data directory and embedded database.

A new user goes through the wizard (standard flow) and lands on the dashboard with every step's values saved; a
second user sees the guided flow; the voice page's typed fallback extracts age, province, pay and rent, and saves
them (one edited) after confirmation; a real recording from chromium's fake microphone (espeak-ng speech) goes
through MediaRecorder and the transcription endpoint; the wizard asks the monthly saving once and the Savings
page shows that figure; Contact and Careers show the server's configured address; the seeded demo user's report
shows the API's FIRE number and downloads as a PDF that holds it. axe-core on each page, screenshots light and dark
at 1280 and 390 px under .artifacts/e2e-onboarding/<run>/."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.web.conftest import CONTACT_EMAIL, firepath_cli, run_e2e

SPEECH = ("I am thirty five years old and live in Ontario. My take home pay is five thousand two hundred dollars "
          "a month and my rent is two thousand dollars.")


def _speech_wav(folder: Path) -> Path | None:
    espeak = shutil.which("espeak-ng")
    if espeak is None:
        return None
    out = folder / "speech.wav"
    subprocess.run([espeak, "-v", "en-us+f2", "-s", "140", "-w", str(out), SPEECH], check=True, capture_output=True)
    return out


def test_onboarding_and_report_end_to_end(web_server: tuple[str, Path], tmp_path: Path) -> None:
    base, data_dir = web_server
    password = "demo-report-pass-1"
    seeded = firepath_cli(data_dir, "seed-demo", "--password", password)
    email = next(line.split(":", 1)[1].strip() for line in seeded.splitlines() if "e-mail:" in line)
    speech = _speech_wav(tmp_path)
    assert speech is not None, "espeak-ng is missing: run scripts/install-system.sh"
    stdout, out_dir = run_e2e("onboarding", base, {"E2E_DEMO_EMAIL": email, "E2E_DEMO_PASSWORD": password,
                                                   "E2E_SPEECH_WAV": str(speech), "E2E_CONTACT_EMAIL": CONTACT_EMAIL})
    for name in ("contact and careers pages show the configured address: screenshots and axe",
                 "a new user goes through all six steps and lands on the dashboard",
                 "the wizard's values are saved (read back through the API)",
                 "the Savings page shows the wizard's one monthly figure, asked once",
                 "voice setup without a microphone falls back to typing; fields are confirmed, edited and saved",
                 "a seeded demo user sees the FIRE report and downloads it as a PDF",
                 "voice setup records through the fake microphone and transcribes it"):
        assert f"{name} ... ok" in stdout, stdout[-4000:]
    pdf = out_dir / "fire-report.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-") and pdf.stat().st_size > 5000
    screenshots = list(out_dir.glob("*-light-*.png")) + list(out_dir.glob("*-dark-*.png"))
    assert len(screenshots) >= 20, f"expected 5 pages x 2 themes x 2 widths, got {len(screenshots)}"
