"""The generated TypeScript API client (packages/shared/src/api/schema.ts) matches the API's OpenAPI document:
the test regenerates it from the app and fails when the committed file differs (run `npm run gen:api`)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from api.main import create_app

REPO_ROOT = Path(__file__).resolve().parents[2]
GENERATOR = REPO_ROOT / "packages" / "shared" / "scripts" / "gen-api.mjs"


def test_generated_client_matches_openapi(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node.js 20+ is required (the web client and its generated API client)"
    assert (REPO_ROOT / "node_modules" / "openapi-typescript").is_dir(), "run `npm ci` at the repository root first"
    schema = tmp_path / "openapi.json"
    schema.write_text(json.dumps(create_app().openapi()))
    result = subprocess.run([node, str(GENERATOR), "--check", "--schema", str(schema)], cwd=REPO_ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr or result.stdout


def test_generated_client_covers_the_operations_the_web_uses() -> None:
    text = (REPO_ROOT / "packages" / "shared" / "src" / "api" / "schema.ts").read_text()
    used = ("completion-get", "me-role", "me-delete-account", "analytics-record-event", "error-reports-create",
            "profile-get")
    for operation in used:
        assert f'"{operation}"' in text


def test_the_clients_province_list_is_the_apis() -> None:
    """packages/shared/src/canada.ts (what the web and Expo forms offer) lists the provinces and territories of
    api/planning/canada.py, in its order, and the clients' catalogues name each one as canada.py does, in English
    and in French."""
    from api.planning.canada import PROVINCES

    shared = REPO_ROOT / "packages" / "shared" / "src"
    codes = re.findall(r'([A-Z]{2}): msg\("canada\.province\.\1"\)', (shared / "canada.ts").read_text())
    assert codes == list(PROVINCES)
    for lang, index in (("en-CA", 0), ("fr-CA", 1)):
        names = json.loads((shared / "i18n" / lang / "canada.json").read_text(encoding="utf-8"))
        assert {code: names[f"canada.province.{code}"] for code in PROVINCES} == {
            code: pair[index] for code, pair in PROVINCES.items()}, lang
