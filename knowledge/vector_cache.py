"""Chunk vectors kept on disk, so a new database does not embed the shipped content again.

Embedding the knowledge base is the slow part of a first start (about 1,200 chunks, 20 ms each with the offline
model on two cores, minutes on a busy machine). A vector depends only on the embedder's name and the chunk's text,
so ingestion keeps them in one file per embedder (`<cache dir>/<name>.npz`: the texts' sha256 digests and their
float32 vectors, which is what pgvector stores) and embeds only texts the file does not hold. A fresh database, a
second instance or a reinstalled server then starts at once.

The file is replaced whole (written beside it, then renamed), so a reader never sees half of one; a file that
cannot be read is treated as empty and written anew. `FIREPATH_EMBEDDING_CACHE` names the folder (default
`<data dir>/cache/embeddings`); an empty value turns the cache off.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import tempfile
from pathlib import Path

import numpy as np

from knowledge.embeddings import DIMENSIONS, Embedder

log = logging.getLogger(__name__)


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_file(directory: Path, model: str) -> Path:
    """The file holding `model`'s vectors: its name with anything but letters, digits, '.', '-' and '_' as '_'."""
    return directory / f"{re.sub(r'[^A-Za-z0-9._-]', '_', model)}.npz"


def load(path: Path) -> dict[str, np.ndarray]:
    """digest -> vector from `path`; empty when there is no file or it cannot be read."""
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, vectors = data["keys"], data["vectors"]
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError) as exc:
        log.warning("embedding cache unreadable, ignored", extra={"path": str(path), "error": str(exc)})
        return {}
    if vectors.ndim != 2 or vectors.shape[1] != DIMENSIONS or len(keys) != len(vectors):
        return {}
    return {str(key): vector for key, vector in zip(keys, vectors, strict=True)}


def save(path: Path, vectors: dict[str, np.ndarray]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    keys = sorted(vectors)
    matrix = np.array([vectors[k] for k in keys], dtype=np.float32).reshape(len(keys), DIMENSIONS)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp.npz")
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, keys=np.array(keys, dtype="U64"), vectors=matrix)
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        log.warning("embedding cache not written", extra={"path": str(path), "error": str(exc)})


def embed_with_cache(embedder: Embedder, texts: list[str], directory: Path | None) -> tuple[list[list[float]], int]:
    """`embedder.embed(texts)`, with the vectors `directory` already holds for this embedder taken from there
    (and the new ones added to it); also how many came from the cache. No directory: no cache."""
    if directory is None or not texts:
        return (embedder.embed(texts) if texts else []), 0
    path = cache_file(directory, embedder.name)
    known = load(path)
    digests = [text_digest(t) for t in texts]
    missing = list({d: t for d, t in zip(digests, texts, strict=True) if d not in known}.items())
    if missing:
        fresh = embedder.embed([t for _, t in missing])
        for (digest, _), vector in zip(missing, fresh, strict=True):
            known[digest] = np.asarray(vector, dtype=np.float32)
        save(path, known)
    return [known[d].astype(float).tolist() for d in digests], len(texts) - len(missing)
