"""The embedding cache (knowledge/vector_cache.py): a database that is new embeds nothing another one already
embedded with the same model; `force` still asks the model; a file that cannot be read is ignored and rewritten."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.core.config import get_settings
from api.knowledge.models import KbChunk, KbDocument
from knowledge.content import load_knowledge_base
from knowledge.embeddings import Embedder
from knowledge.ingest import ingest
from knowledge.vector_cache import cache_file, embed_with_cache
from tests.knowledge.fixtures import CountingEmbedder
from tests.knowledge.test_ingest import HELP, _sentences


def test_vectors_are_embedded_once_then_read_from_the_file(tmp_path: Path, embedder: Embedder) -> None:
    counting = CountingEmbedder(embedder)
    texts = ["What is my TFSA room?", "How big should my emergency fund be?"]
    first, cached = embed_with_cache(counting, texts, tmp_path)
    assert (cached, counting.texts) == (0, texts)
    again, cached = embed_with_cache(counting, [texts[1], "RRSP or TFSA first?", texts[0]], tmp_path)
    assert cached == 2 and counting.texts == [*texts, "RRSP or TFSA first?"]  # only the new text
    assert np.allclose(again[0], first[1], atol=1e-6) and np.allclose(again[2], first[0], atol=1e-6)
    assert np.allclose(first[0], embedder.embed([texts[0]])[0], atol=1e-6)  # float32, as pgvector keeps them
    assert cache_file(tmp_path, counting.name).exists()


def test_an_unreadable_file_is_ignored_and_written_anew(tmp_path: Path, embedder: Embedder) -> None:
    counting = CountingEmbedder(embedder)
    path = cache_file(tmp_path, counting.name)
    path.write_bytes(b"not a numpy file")
    vectors, cached = embed_with_cache(counting, ["Net worth"], tmp_path)
    assert cached == 0 and len(vectors[0]) == 384 and counting.texts == ["Net worth"]
    assert embed_with_cache(CountingEmbedder(embedder), ["Net worth"], tmp_path)[1] == 1


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("FIREPATH_EMBEDDING_CACHE", str(tmp_path / "cache"))
    get_settings.cache_clear()
    yield tmp_path / "cache"
    monkeypatch.undo()
    get_settings.cache_clear()


def test_a_new_database_takes_its_vectors_from_the_cache(
        session: Session, tmp_path: Path, embedder: Embedder, cache_dir: Path) -> None:
    session.execute(delete(KbDocument))
    (tmp_path / "help").mkdir()
    (tmp_path / "help" / "savings-rate.md").write_text(HELP.format(
        id="savings-rate", title="What is my savings rate?", tags="savings rate", body=_sentences("savings rate")))
    kb = load_knowledge_base(tmp_path)
    first = CountingEmbedder(embedder)
    report = ingest(session=session, kb=kb, embedder=first)
    assert report.chunks_cached == 0 and report.chunks_embedded == len(first.texts) >= 2
    stored = sorted(list(map(float, v)) for v in session.scalars(select(KbChunk.embedding)))

    session.execute(delete(KbDocument))  # as a new database would be
    second = CountingEmbedder(embedder)
    again = ingest(session=session, kb=kb, embedder=second)
    assert (again.added, again.chunks_embedded, again.chunks_cached, second.texts) == (1, 0, len(first.texts), [])
    assert "from the cache" in again.summary()
    assert np.allclose(sorted(list(map(float, v)) for v in session.scalars(select(KbChunk.embedding))), stored)

    forced = CountingEmbedder(embedder)
    assert ingest(session=session, kb=kb, embedder=forced, force=True).chunks_embedded == len(forced.texts) >= 2
