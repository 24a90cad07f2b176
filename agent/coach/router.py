"""Which tool a message is for, by meaning: its nearest neighbours among the tools' example requests.

Each tool declares its example requests beside its schema, in `tools/examples/<tool>.yaml` (dozens, varied:
casual, typos, French and English, with and without numbers); `_none.yaml` holds what no tool answers (small talk,
off-topic, trades, other people's data). Adding a tool is one file there. A message is embedded with the MiniLM
model the knowledge base ships (offline) and compared with every example; the tools of its nearest examples vote,
weighted by similarity. Below a confidence floor the coach asks a short question or says what it can do instead of
guessing.

The examples' vectors are computed once per set of examples and kept in the data directory (a few seconds the
first time, a file read after).
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import yaml

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "tools" / "examples"
NONE = "none"
NEIGHBOURS = 7
FLOOR = 0.45  # the best neighbour's similarity below which nothing is close enough to act on
MAX_CHARS = 600  # the part of a message embedded (a pasted essay is routed by its start)


@dataclass(frozen=True)
class Route:
    tool: str | None  # None: nothing close enough (ask, or say what the coach can do); "none": no tool's job
    confidence: float  # the winning tool's share of the neighbours' weight (0-1)
    similarity: float  # the nearest example's cosine similarity
    runner_up: str | None


def load_examples(directory: Path = EXAMPLES_DIR) -> dict[str, list[str]]:
    """Tool name -> its example requests."""
    out: dict[str, list[str]] = {}
    for path in sorted(directory.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        tool, examples = data.get("tool"), data.get("examples") or []
        if not isinstance(tool, str) or not all(isinstance(e, str) for e in examples):
            raise ValueError(f"{path}: needs `tool` and a list of `examples`")
        out.setdefault(tool, []).extend(examples)
    return out


class Router:
    def __init__(self, examples: dict[str, list[str]], vectors: npt.NDArray[np.float32] | None = None) -> None:
        self.labels = [tool for tool, items in examples.items() for _ in items]
        self.texts = [text for items in examples.values() for text in items]
        self.vectors = vectors if vectors is not None else _embed(self.texts)

    def route(self, text: str, allowed: frozenset[str] | None = None) -> Route:
        """The tool `text` asks for (among `allowed`, when given)."""
        query = _embed_one(" ".join(text.split())[:MAX_CHARS])
        sims = self.vectors @ query
        if allowed is not None:
            sims = np.where([label in allowed or label == NONE for label in self.labels], sims, -1.0)
        order = np.argsort(-sims)[:NEIGHBOURS]
        votes: dict[str, float] = {}
        for i in order:
            weight = float(max(sims[i], 0.0)) ** 3  # the closest examples count far more than the seventh
            votes[self.labels[i]] = votes.get(self.labels[i], 0.0) + weight
        ranked = sorted(votes.items(), key=lambda item: -item[1])
        total = sum(votes.values()) or 1.0
        best = float(sims[order[0]]) if order.size else 0.0
        if not ranked or best < FLOOR:
            return Route(tool=None, confidence=0.0, similarity=best, runner_up=ranked[0][0] if ranked else None)
        return Route(tool=ranked[0][0], confidence=ranked[0][1] / total, similarity=best,
                     runner_up=ranked[1][0] if len(ranked) > 1 else None)

    def nearest(self, text: str, count: int = 5) -> list[tuple[float, str, str]]:
        """(similarity, tool, example) of the nearest examples: to see why a message went where it went."""
        sims = self.vectors @ _embed_one(" ".join(text.split())[:MAX_CHARS])
        return [(float(sims[i]), self.labels[i], self.texts[i]) for i in np.argsort(-sims)[:count]]


_lock = threading.Lock()
_routers: dict[str, Router] = {}


def get_router(directory: Path = EXAMPLES_DIR) -> Router:
    """The router over the shipped examples, its vectors from the data directory's cache when the examples and
    the model are unchanged."""
    examples = load_examples(directory)
    digest = hashlib.sha256(json.dumps(examples, sort_keys=True).encode()).hexdigest()[:16]
    with _lock:
        router = _routers.get(digest)
        if router is None:
            router = Router(examples, _cached_vectors(examples, digest))
            _routers[digest] = router
        return router


def _cached_vectors(examples: dict[str, list[str]], digest: str) -> npt.NDArray[np.float32]:
    from api.core.config import get_settings
    from knowledge.embeddings import LOCAL_MODEL_NAME

    texts = [text for items in examples.values() for text in items]
    name = hashlib.sha256(f"{LOCAL_MODEL_NAME}:{digest}".encode()).hexdigest()[:16]
    path = Path(get_settings().data_dir) / "cache" / f"coach-router-{name}.npy"
    try:
        stored: npt.NDArray[np.float16] = np.load(path)
        if stored.shape == (len(texts), 384):
            return stored.astype(np.float32)
    except (OSError, ValueError):
        pass
    vectors = _embed(texts)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp.npy")
        np.save(temporary, vectors.astype(np.float16))
        temporary.replace(path)
    except OSError:  # a read-only data directory: embed again next time
        pass
    return vectors


@lru_cache(maxsize=1)
def _embedder():  # type: ignore[no-untyped-def]
    from knowledge.embeddings import LocalEmbedder

    return LocalEmbedder()


def _embed(texts: list[str]) -> npt.NDArray[np.float32]:
    return np.asarray(_embedder().embed(texts), dtype=np.float32)


@lru_cache(maxsize=2048)
def _embed_one_cached(text: str) -> tuple[float, ...]:
    return tuple(_embedder().embed([text])[0])


def _embed_one(text: str) -> npt.NDArray[np.float32]:
    return np.asarray(_embed_one_cached(text), dtype=np.float32)
