"""Keeping the index current: the `knowledge.ingest` task, `firepath kb ingest|search`, and ingestion
when the server starts with an index that is empty or out of date."""

from __future__ import annotations

import subprocess
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import delete, func, select

from api.core.config import get_settings
from api.core.db import Database, privileged_session
from api.knowledge.models import KbDocument
from api.knowledge.tasks import ingest_task
from api.main import create_app
from knowledge.content import KnowledgeBase
from knowledge.ingest import IngestReport, source_documents

FIREPATH = str(Path(__file__).resolve().parents[3] / ".venv" / "bin" / "firepath")


def _documents(database: Database) -> int:
    with privileged_session(database) as session:
        return int(session.scalar(select(func.count()).select_from(KbDocument)) or 0)


def test_the_celery_task_is_idempotent(database: Database, ingested_kb: IngestReport,
                                       shipped_kb: KnowledgeBase) -> None:
    result = ingest_task.delay().get()  # eager without a broker: runs here
    assert result["unchanged"] == len(source_documents(shipped_kb))  # every document, in English and French
    assert result["chunks_embedded"] == 0 and result["model"] == ingested_kb.model


def test_server_start_restores_a_missing_document(database: Database, ingested_kb: IngestReport) -> None:
    before = _documents(database)
    with privileged_session(database) as session:
        session.execute(delete(KbDocument).where(KbDocument.slug == "fire-number", KbDocument.lang == "fr"))
    assert _documents(database) == before - 1
    settings = get_settings().model_copy(update={"kb_auto_ingest": True})
    app = create_app(settings)
    with TestClient(app):
        app.state.kb_ingest.join(timeout=120)
    assert _documents(database) == before


def test_the_server_does_not_ingest_under_tests_by_default(database: Database) -> None:
    app = create_app()
    with TestClient(app):
        assert not hasattr(app.state, "kb_ingest")


def test_the_cli_ingests_and_searches(database: Database, ingested_kb: IngestReport, cli_env: dict[str, str]) -> None:
    ingest = subprocess.run([FIREPATH, "kb", "ingest"], env=cli_env, capture_output=True, text=True, timeout=300)
    assert ingest.returncode == 0, ingest.stderr
    assert "0 chunks embedded" in ingest.stdout and f"model {ingested_kb.model}" in ingest.stdout
    found = subprocess.run([FIREPATH, "kb", "search", "rainy day fund", "--limit", "3"], env=cli_env,
                           capture_output=True, text=True, timeout=300)
    assert found.returncode == 0, found.stderr
    assert found.stdout.splitlines()[0].startswith("1. [help] emergency-fund:")
