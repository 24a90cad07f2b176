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

import difflib
import hashlib
import json
import math
import re
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import yaml

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "tools" / "examples"
NONE = "none"
NEIGHBOURS = 7
FLOOR = 0.5  # the best neighbour's similarity below which nothing is close enough to act on
MAX_CHARS = 600  # the part of a message embedded (a pasted essay is routed by its start)


@dataclass(frozen=True)
class Route:
    tool: str | None  # None: nothing close enough (ask, or say what the coach can do); "none": no tool's job
    confidence: float  # the winning tool's share of the neighbours' weight (0-1)
    similarity: float  # the nearest example's cosine similarity
    runner_up: str | None
    votes: tuple[tuple[str, float], ...] = ()  # every tool among the neighbours with its share of their weight


def _read(directory: Path) -> list[tuple[Path, dict[str, object]]]:
    """The folder's example files, parsed once per version of the files (parsing them all takes about 80 ms, and a
    message is routed several times: its clauses, the previous question)."""
    return _parsed(_files_key(directory))


def _files_key(directory: Path) -> tuple[str, tuple[tuple[str, int, int], ...]]:
    """The folder's example files as (name, modification time, size): what changes when an example is edited."""
    files = sorted(directory.glob("*.yaml"))
    return str(directory), tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


@lru_cache(maxsize=8)
def _parsed(key: tuple[str, tuple[tuple[str, int, int], ...]]) -> list[tuple[Path, dict[str, object]]]:
    return [(Path(name), yaml.safe_load(Path(name).read_text(encoding="utf-8")) or {}) for name, _, _ in key[1]]


def load_examples(directory: Path = EXAMPLES_DIR) -> dict[str, list[str]]:
    """Tool name -> its example requests."""
    out: dict[str, list[str]] = {}
    for path, data in _read(directory):
        tool, examples = data.get("tool"), data.get("examples") or []
        if not isinstance(tool, str) or not isinstance(examples, list) or not all(isinstance(e, str) for e in examples):
            raise ValueError(f"{path}: needs `tool` and a list of `examples`")
        out.setdefault(tool, []).extend(examples)
    return out


_WORD = re.compile(r"[a-zà-ÿ]+(?:'[a-zà-ÿ]+)*", re.IGNORECASE)
SPELLING_CUTOFF = 0.8  # difflib's similarity from which an unknown word is read as a known one ("savngs": savings)


def load_asks(directory: Path = EXAMPLES_DIR) -> dict[str, str]:
    """Tool name -> what the coach offers to do with it when it is unsure ("work out your FIRE number")."""
    out: dict[str, str] = {}
    for _, data in _read(directory):
        tool, ask = data.get("tool"), data.get("ask")
        if isinstance(tool, str) and isinstance(ask, str):
            out[tool] = ask
    return out


class Router:
    def __init__(self, examples: dict[str, list[str]], vectors: npt.NDArray[np.float32] | None = None) -> None:
        self.labels = [tool for tool, items in examples.items() for _ in items]
        self.texts = [text for items in examples.values() for text in items]
        self.vectors = vectors if vectors is not None else _embed(self.texts)
        self.vocabulary = sorted({w for text in self.texts for w in _WORD.findall(text.lower()) if len(w) >= 3})
        self._known = frozenset(self.vocabulary)
        self._spelled: dict[str, str] = {}
        self._masks: dict[frozenset[str], npt.NDArray[np.bool_]] = {}

    def spelled(self, text: str) -> str:
        """`text` with each unknown word of five letters or more replaced by the examples' closest word with the same
        first letter, when one is close: typos ("updte my salray") are far apart for the model, which reads word
        pieces."""

        def fix(match: re.Match[str]) -> str:
            word = match.group(0)
            lower = word.lower()
            if len(lower) < 5 or "'" in lower or lower in self._known:
                return word
            if lower not in self._spelled:
                same_start = [w for w in self.vocabulary if w[0] == lower[0]]
                close = difflib.get_close_matches(lower, same_start, n=1, cutoff=SPELLING_CUTOFF)
                self._spelled[lower] = close[0] if close else word
            return self._spelled[lower]

        return _WORD.sub(fix, text)

    def _mask(self, allowed: frozenset[str]) -> npt.NDArray[np.bool_]:
        if allowed not in self._masks:
            self._masks[allowed] = np.array([label in allowed or label == NONE for label in self.labels])
        return self._masks[allowed]

    def route(self, text: str, allowed: frozenset[str] | None = None) -> Route:
        """The tool `text` asks for (among `allowed`, when given)."""
        query = _embed_one(self.spelled(" ".join(text.split())[:MAX_CHARS]))
        sims = self.vectors @ query
        if allowed is not None:
            sims = np.where(self._mask(allowed), sims, -1.0)
        order = np.argsort(-sims)[:NEIGHBOURS]
        votes: dict[str, float] = {}
        for i in order:
            weight = math.exp((float(sims[i]) - float(sims[order[0]])) / 0.08)  # the nearest count most
            votes[self.labels[i]] = votes.get(self.labels[i], 0.0) + weight
        ranked = sorted(votes.items(), key=lambda item: -item[1])
        total = sum(votes.values()) or 1.0
        best = float(sims[order[0]]) if order.size else 0.0
        shares = tuple((tool, weight / total) for tool, weight in ranked)
        if not ranked or best < FLOOR:
            return Route(tool=None, confidence=0.0, similarity=best, runner_up=ranked[0][0] if ranked else None,
                         votes=shares)
        return Route(tool=ranked[0][0], confidence=ranked[0][1] / total, similarity=best,
                     runner_up=ranked[1][0] if len(ranked) > 1 else None, votes=shares)

    def nearest(self, text: str, count: int = 5) -> list[tuple[float, str, str]]:
        """(similarity, tool, example) of the nearest examples: to see why a message went where it went."""
        sims = self.vectors @ _embed_one(self.spelled(" ".join(text.split())[:MAX_CHARS]))
        return [(float(sims[i]), self.labels[i], self.texts[i]) for i in np.argsort(-sims)[:count]]


_lock = threading.Lock()
_routers: dict[str, Router] = {}
_by_files: dict[tuple[str, tuple[tuple[str, int, int], ...]], Router] = {}
_looked: dict[Path, tuple[float, Router]] = {}


def get_router(directory: Path = EXAMPLES_DIR) -> Router:
    """The router over the shipped examples, its vectors from the data directory's cache when the examples and
    the model are unchanged."""
    # A message is routed several times (its clauses, the previous question): the files are looked at again at
    # most once a second, and their digest worked out once per version of them.
    now = time.monotonic()
    seen = _looked.get(directory)
    if seen is not None and now - seen[0] < 1.0:
        return seen[1]
    key = _files_key(directory)
    router = _by_files.get(key)
    if router is not None:
        _looked[directory] = (now, router)
        return router
    examples = load_examples(directory)
    digest = hashlib.sha256(json.dumps(examples, sort_keys=True).encode()).hexdigest()[:16]
    with _lock:
        router = _routers.get(digest)
        if router is None:
            router = Router(examples, _cached_vectors(examples, digest))
            _routers[digest] = router
        _by_files[key] = router
        _looked[directory] = (now, router)
        return router


SHIPPED = EXAMPLES_DIR / "vectors.npy"  # the shipped examples' vectors, named by their digest in vectors.txt


def _vectors_name(digest: str) -> str:
    from knowledge.embeddings import LOCAL_MODEL_NAME

    return hashlib.sha256(f"{LOCAL_MODEL_NAME}:{digest}".encode()).hexdigest()[:16]


def _load(path: Path, rows: int) -> npt.NDArray[np.float32] | None:
    try:
        stored: npt.NDArray[np.float16] = np.load(path)
    except (OSError, ValueError):
        return None
    return stored.astype(np.float32) if stored.shape == (rows, 384) else None


def build_shipped_vectors(directory: Path = EXAMPLES_DIR) -> Path:
    """Embeds the examples and writes them beside them (run after editing an example:
    `python -m agent.coach.router`), so that no server embeds 1,700 sentences before its first answer."""
    examples = load_examples(directory)
    digest = hashlib.sha256(json.dumps(examples, sort_keys=True).encode()).hexdigest()[:16]
    vectors = _embed([text for items in examples.values() for text in items])
    np.save(directory / "vectors.npy", vectors.astype(np.float16))
    (directory / "vectors.txt").write_text(_vectors_name(digest) + "\n")
    return directory / "vectors.npy"


def shipped_vectors_current(directory: Path = EXAMPLES_DIR) -> bool:
    examples = load_examples(directory)
    digest = hashlib.sha256(json.dumps(examples, sort_keys=True).encode()).hexdigest()[:16]
    try:
        return (directory / "vectors.txt").read_text().strip() == _vectors_name(digest)
    except OSError:
        return False


def _cached_vectors(examples: dict[str, list[str]], digest: str) -> npt.NDArray[np.float32]:
    from api.core.config import get_settings

    texts = [text for items in examples.values() for text in items]
    name = _vectors_name(digest)
    shipped = SHIPPED.parent / "vectors.txt"
    if shipped.is_file() and shipped.read_text().strip() == name:
        vectors = _load(SHIPPED, len(texts))
        if vectors is not None:
            return vectors
    path = Path(get_settings().data_dir) / "cache" / f"coach-router-{name}.npy"
    cached = _load(path, len(texts))
    if cached is not None:
        return cached
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


if __name__ == "__main__":
    print(build_shipped_vectors())
