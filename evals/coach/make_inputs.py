"""The inputs a case writer sees, and nothing else: for sets written apart from the code (a held-out set, or a fresh
development set whose figure before any change is itself a measure of generalisation).

    .venv/bin/python -m evals.coach.make_inputs OUT_DIR

writes into OUT_DIR (against the database of `firepath`'s data directory, with a throwaway demo account):
- `tools.json`: each tool's name, kind, description and the JSON schemas of its input and output;
- `demo_reads.json`: what every read tool returns for the demo household;
- `case_format.py`: the case format (a copy of `evals/coach/cases.py`);
- `knowledge_titles.txt`: the ids, languages and titles of the help topics and articles.
The writer gets no code, no prompts and no existing cases."""

from __future__ import annotations

import json
import secrets
import shutil
import sys
import uuid
from pathlib import Path
from typing import Any

import yaml

from api.core.config import get_settings
from api.core.db import privileged_session, user_session
from api.demo.service import seed_demo
from api.main import prepare_database
from tools.base import ToolContext
from tools.registry import READ, build_tools

HERE = Path(__file__).resolve().parent
CONTENT = HERE.parents[1] / "knowledge" / "content"


def _context(user_id: uuid.UUID) -> ToolContext:
    return ToolContext(user_id=user_id, session=lambda: user_session(user_id))


def tool_list(context: ToolContext) -> list[dict[str, Any]]:
    return [{"name": t.name, "kind": t.kind, "description": t.description,
             "input_schema": t.input_model.model_json_schema(), "output_schema": t.output_model.model_json_schema()}
            for t in build_tools(context)]


def demo_reads(context: ToolContext) -> dict[str, Any]:
    tools = {t.name: t for t in build_tools(context)}
    return {name: tools[name].run(tools[name].parse({})).model_dump(mode="json") for name in READ}


def knowledge_titles() -> list[str]:
    lines = []
    for path in sorted(CONTENT.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        meta: dict[str, Any] = {}
        if text.startswith("---"):
            meta = yaml.safe_load(text.split("---", 2)[1]) or {}
        lang = "fr" if "fr" in path.relative_to(CONTENT).parts else "en"
        lines.append(f"{meta.get('id', path.stem)}\t{lang}\t{meta.get('title', path.stem)}")
    return lines


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    prepare_database(get_settings())
    with privileged_session() as session:
        account = seed_demo(session=session, email=f"inputs-{secrets.token_hex(5)}@example.com",
                            password=secrets.token_urlsafe(12))
    context = _context(uuid.UUID(account.user_id))
    (out / "tools.json").write_text(json.dumps(tool_list(context), indent=1, ensure_ascii=False), encoding="utf-8")
    (out / "demo_reads.json").write_text(json.dumps(demo_reads(context), indent=1, ensure_ascii=False),
                                         encoding="utf-8")
    shutil.copyfile(HERE / "cases.py", out / "case_format.py")
    (out / "knowledge_titles.txt").write_text("\n".join(knowledge_titles()) + "\n", encoding="utf-8")
    print(f"inputs written to {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
