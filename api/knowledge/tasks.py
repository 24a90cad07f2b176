"""Background work of the knowledge base: the `knowledge.ingest` task and the server's start-up ingestion."""

from __future__ import annotations

import logging
import threading

from api.core.db import privileged_session
from api.worker import celery_app
from knowledge.content import shipped_knowledge_base
from knowledge.ingest import IngestReport, ingest, pending_changes
from knowledge.query import prepare

log = logging.getLogger("knowledge.ingest")


@celery_app.task(name="knowledge.ingest")  # type: ignore[untyped-decorator]
def ingest_task(force: bool = False) -> dict[str, object]:
    """Bring the index in line with the shipped content (embedding only what changed). Safe to run twice."""
    with privileged_session() as session:
        report = ingest(session=session, force=force)
    return {"model": report.model, "added": report.added, "updated": report.updated, "removed": report.removed,
            "unchanged": report.unchanged, "chunks_embedded": report.chunks_embedded,
            "chunks_reused": report.chunks_reused}


def ingest_if_needed() -> IngestReport | None:
    """Ingest when the index is empty, out of date with the content, or made with another model."""
    with privileged_session() as session:
        if not pending_changes(session=session):
            return None
        return ingest(session=session)


_running = threading.Event()


def ingest_running() -> bool:
    """True while this process's start-up ingestion runs (/health says the index is building)."""
    return _running.is_set()


def _ingest_logged() -> None:
    _running.set()
    try:
        report = ingest_if_needed()
    except Exception:  # the server keeps serving; search falls back to substring matching
        log.exception("knowledge base ingestion failed")
        return
    finally:
        _running.clear()
    if report is not None:
        log.info("knowledge base ready", extra={"summary": report.summary()})
    # Build the query analyser now (both languages' vocabularies and the lexicon, about a second), not in the first
    # person's search.
    prepare("", shipped_knowledge_base())


def start_background_ingest() -> threading.Thread:
    """Start-up ingestion on a thread, so the server answers while the first ingestion embeds (seconds)."""
    thread = threading.Thread(target=_ingest_logged, name="kb-ingest", daemon=True)
    thread.start()
    return thread
