"""Request bodies are bounded: a body over the bound is a 413 JSON error before it is read, whether its length
is declared or it comes chunked, whatever media type it claims. The voice upload's bound is its own limit plus
room for the multipart envelope, also before the body is parsed and spooled."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from api.core.config import get_settings
from api.core.middleware import MAX_BODY_BYTES, body_limit

SignUp = Callable[..., dict[str, str]]


def _report(summary_bytes: int) -> bytes:
    return json.dumps({"error_summary": "a" * summary_bytes, "route": "/x"}).encode()


def _chunked(body: bytes, size: int = 64 * 1024) -> Iterator[bytes]:
    for start in range(0, len(body), size):
        yield body[start:start + size]


def test_a_body_over_the_bound_is_413_before_it_is_read(api: TestClient) -> None:
    response = api.post("/api/v1/error-reports", content=_report(MAX_BODY_BYTES + 10),
                        headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    body = response.json()
    assert body["code"] == "payload_too_large" and body["message"].startswith("body: ")
    assert body["request_id"] == response.headers["x-request-id"]


def test_a_chunked_body_over_the_bound_is_413_too(api: TestClient) -> None:
    response = api.post("/api/v1/error-reports", content=_chunked(_report(MAX_BODY_BYTES + 10)),
                        headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and response.json()["code"] == "payload_too_large"


def test_bodies_within_the_bound_are_read_as_before(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    small = api.post("/api/v1/error-reports", content=_chunked(_report(100), size=7), headers={
        **me, "Content-Type": "application/json"})
    assert small.status_code == 201 and small.json()["error_summary"] == "a" * 100
    # The largest body a client sends: an import of 500 accounts and 500 properties with long text.
    local = {"accounts": [{"account_name": "n" * 200, "account_type": "t" * 50, "purpose": "p" * 400,
                           "institution": "i" * 200, "account_number": "0" * 64, "balance": 123456.78}] * 500,
             "properties": [{"type": "t" * 50, "description": "d" * 400, "market_value": 1}] * 500}
    assert len(json.dumps(local)) < MAX_BODY_BYTES
    assert api.post("/api/v1/import/local", headers=me, json=local).status_code == 200


def test_claiming_multipart_does_not_lift_the_bound(api: TestClient) -> None:
    response = api.post("/api/v1/error-reports", content=_report(MAX_BODY_BYTES + 10),
                        headers={"Content-Type": "multipart/form-data; boundary=x"})
    assert response.status_code == 413 and response.json()["code"] == "payload_too_large"


def test_multipart_uploads_are_left_to_their_route(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    response = api.post("/api/v1/voice/transcribe", headers=me,
                        files={"file": ("clip.webm", b"\0" * (MAX_BODY_BYTES + 10), "audio/webm")})
    assert response.status_code != 413, response.text  # the route takes up to FIREPATH_VOICE_MAX_BYTES


def test_the_coach_chat_takes_a_long_conversation(api: TestClient, sign_up: SignUp) -> None:
    """The AI SDK client posts the whole conversation, tool results included, on every turn."""
    me = sign_up()
    history = [{"id": f"m{i}", "role": "assistant", "parts": [{"type": "tool-plan", "output": "x" * 4000}]}
               for i in range(600)]
    body = json.dumps({"id": "not-a-thread", "messages": history}).encode()
    assert MAX_BODY_BYTES < len(body) < (body_limit("/api/v1/coach/chat") or 0)
    response = api.post("/api/v1/coach/chat", content=body, headers={**me, "Content-Type": "application/json"})
    assert response.status_code == 422 and response.json()["message"].startswith("id: ")


def test_a_chunked_upload_over_the_voice_limit_is_413_before_it_is_parsed(api: TestClient, sign_up: SignUp,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    me = sign_up()

    def no_parsing(*args: object, **kwargs: object) -> object:
        raise AssertionError("the multipart body was parsed (and spooled) before the bound was checked")

    monkeypatch.setattr(Request, "_get_form", no_parsing)
    size = get_settings().voice_max_bytes + 200 * 1024
    head = (b'--x\r\nContent-Disposition: form-data; name="file"; filename="a.webm"\r\n'
            b"Content-Type: audio/webm\r\n\r\n")
    body = head + b"\0" * size + b"\r\n--x--\r\n"
    response = api.post("/api/v1/voice/transcribe", content=_chunked(body, size=1024 * 1024),
                        headers={**me, "Content-Type": "multipart/form-data; boundary=x"})
    assert response.status_code == 413 and response.json()["code"] == "payload_too_large"
    assert response.json()["message"].startswith("The recording is larger than")
    assert response.json()["request_id"] == response.headers["x-request-id"]
