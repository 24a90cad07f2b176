"""Fixtures shared by the knowledge-base tests (imported by the conftest files that need them).

`ingested_kb` indexes the real shipped content into the run's database once (committed: the index is
public content, and ingestion is idempotent), with the real offline model.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from api.core.db import Database, privileged_session
from knowledge.content import KnowledgeBase, shipped_knowledge_base
from knowledge.embeddings import Embedder, get_embedder
from knowledge.ingest import IngestReport, ingest


class CountingEmbedder:
    """The real embedder, counting the texts it is asked to embed (and optionally under another name)."""

    def __init__(self, inner: Embedder, name: str | None = None) -> None:
        self._inner = inner
        self._name = name
        self.texts: list[str] = []

    @property
    def name(self) -> str:
        return self._name or self._inner.name

    def embed(self, texts: list[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return self._inner.embed(texts)


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return get_embedder()


@pytest.fixture(scope="session")
def shipped_kb() -> KnowledgeBase:
    return shipped_knowledge_base()


@pytest.fixture(scope="session")
def ingested_kb(database: Database, shipped_kb: KnowledgeBase, embedder: Embedder) -> Iterator[IngestReport]:
    with privileged_session(database) as session:
        report = ingest(session=session, kb=shipped_kb, embedder=embedder)
    yield report
