"""Embeddings: the offline model (sha256-checked, 384-d unit vectors that understand meaning) and the
OpenAI-compatible endpoint (over loopback HTTP)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from knowledge.embeddings import (
    DIMENSIONS,
    LOCAL_MODEL_NAME,
    Embedder,
    EmbeddingError,
    LocalEmbedder,
    RemoteEmbedder,
    packaged_model_path,
)


def test_the_local_model_gives_unit_vectors_that_capture_meaning(embedder: Embedder) -> None:
    assert embedder.name == LOCAL_MODEL_NAME
    fund, emergencies, pizza = np.array(embedder.embed([
        "rainy day fund", "how much cash to keep for emergencies", "pizza recipe with mozzarella"]))
    assert fund.shape == (DIMENSIONS,)
    assert np.allclose([np.linalg.norm(v) for v in (fund, emergencies, pizza)], 1.0, atol=1e-4)
    assert float(fund @ emergencies) > float(fund @ pizza) + 0.2


def test_batches_give_the_same_vectors_as_single_texts(embedder: Embedder) -> None:
    texts = ["TFSA contribution room", "a much longer sentence about registered retirement savings plans"]
    together = np.array(embedder.embed(texts))
    alone = np.array([embedder.embed([t])[0] for t in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_a_model_file_with_the_wrong_sha256_is_refused(tmp_path: Path) -> None:
    assert packaged_model_path().is_file()
    fake = tmp_path / "model.onnx"
    fake.write_bytes(b"not the model")
    with pytest.raises(EmbeddingError, match="expected 8199be6f"):
        LocalEmbedder(model_path=fake)


class _FakeEmbeddings(BaseHTTPRequestHandler):
    dimensions = DIMENSIONS
    requests: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "auth": self.headers.get("Authorization"), **body})
        data = [{"object": "embedding", "index": i, "embedding": [float(len(text))] + [1.0] * (self.dimensions - 1)}
                for i, text in reversed(list(enumerate(body["input"])))]
        payload = json.dumps({"object": "list", "data": data, "model": body["model"]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *_: object) -> None:
        return


@pytest.fixture
def endpoint() -> Iterator[str]:
    _FakeEmbeddings.requests = []
    server = HTTPServer(("127.0.0.1", 0), _FakeEmbeddings)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_the_remote_embedder_speaks_the_openai_embeddings_api(endpoint: str) -> None:
    remote = RemoteEmbedder(base_url=endpoint, model="text-embedding-3-small", api_key="sk-test")
    vectors = remote.embed(["ab", "abcd"])
    assert remote.name == "openai-compatible:text-embedding-3-small"
    request = _FakeEmbeddings.requests[0]
    assert (request["path"], request["auth"], request["dimensions"]) == ("/v1/embeddings", "Bearer sk-test", 384)
    assert request["input"] == ["ab", "abcd"]
    assert vectors[0][0] < vectors[1][0]  # kept in input order although the server answered reversed
    assert np.isclose(np.linalg.norm(vectors[0]), 1.0)


def test_the_remote_embedder_refuses_another_dimension(endpoint: str) -> None:
    _FakeEmbeddings.dimensions = 1536
    try:
        with pytest.raises(EmbeddingError, match="1536 dimensions"):
            RemoteEmbedder(base_url=endpoint, model="big").embed(["x"])
    finally:
        _FakeEmbeddings.dimensions = DIMENSIONS


def test_an_unreachable_endpoint_is_an_embedding_error() -> None:
    with pytest.raises(EmbeddingError, match="failed"):
        RemoteEmbedder(base_url="http://127.0.0.1:9", model="m", timeout=2).embed(["x"])
