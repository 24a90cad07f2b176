"""Schema-driven fuzzing of every write operation (POST, PUT, PATCH, DELETE): no input earns a 5xx, and every
refusal is the API's JSON error.

The operations are read from the OpenAPI document, so a new endpoint is fuzzed without touching this file;
leaving one out takes an entry in ALLOW_LIST, with its reason. Each operation gets FUZZ_EXAMPLES requests
(hypothesis, derandomized, so a run is reproducible): schema-valid bodies and schemathesis's negative ones,
then the same bodies broken by hand (a field dropped, an unexpected one, a value replaced by a null, a huge,
negative or non-finite number, a long, NUL-laden or odd-Unicode string, deep nesting), bodies that are not
JSON or not sent as JSON, path parameters that are not UUIDs or name nothing, and query parameters of the
wrong type. Most go out as a signed-in user who owns the resources the paths name; some signed out, some with
a bearer token that is garbage. After each operation the user's own reads must still answer (what the fuzzing
saved must not break them).

/auth/v1 is not in the OpenAPI document (GoTrue's wire format, `include_in_schema=False`): its write routes are
read from the application's route table and fuzzed from their body models in the last test.
"""

from __future__ import annotations

import io
import json
import re
import uuid
import wave
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import quote

import pytest
import schemathesis
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from schemathesis import GenerationMode
from schemathesis.core import NotSet
from sqlalchemy import text

from api.auth import schemas as auth_schemas
from api.auth.service import set_role
from api.core.db import privileged_session

WRITE_METHODS = ("post", "put", "patch", "delete")
FUZZ_EXAMPLES = 30
AUTH_FUZZ_EXAMPLES = 40

# Write operations that are NOT fuzzed, as "METHOD /path": reason. Empty: every write operation is fuzzed.
# Those that need care get it below instead of a pass:
# - POST /api/v1/me/delete ends the fuzzing user's account when a request is valid: the next example signs up
#   a new user (FuzzUser.renew).
# - POST /api/v1/voice/transcribe takes a multipart upload: it gets recordings (a real short WAV, corrupted
#   WAV headers, random bytes, empty files, the wrong field) instead of JSON bodies (multipart_request).
# - POST /api/v1/coach/chat answers with a stream: the status line is what is checked (errors after it
#   are the stream's own error events).
ALLOW_LIST: dict[str, str] = {}


# --- the operations -------------------------------------------------------------------------------------


@cache
def openapi_document() -> dict[str, Any]:
    from api.main import create_app

    return create_app().openapi()


def write_operations(spec: dict[str, Any]) -> list[str]:
    return [f"{method.upper()} {path}" for path, operations in spec["paths"].items()
            for method in operations if method in WRITE_METHODS]


OPERATIONS = [key for key in write_operations(openapi_document()) if key not in ALLOW_LIST]


@pytest.fixture(scope="module")
def spec(api: TestClient) -> dict[str, Any]:
    response = api.get("/openapi.json")
    assert response.status_code == 200
    return dict(response.json())


@pytest.fixture(scope="module")
def loaded(spec: dict[str, Any]) -> Any:
    return schemathesis.openapi.from_dict(spec)


def test_every_write_operation_is_fuzzed_or_allow_listed(spec: dict[str, Any]) -> None:
    served = write_operations(spec)
    assert len(served) >= 60, served  # the document was read (82 write operations when this was written)
    assert set(served) - set(ALLOW_LIST) == set(OPERATIONS), "the served schema differs from the collected one"
    assert not set(ALLOW_LIST) - set(served), f"allow-listed operations that no longer exist: {ALLOW_LIST}"
    # /auth/v1 is fuzzed from the route table (test_auth_writes_survive_fuzzing) only while it stays out of
    # the document; if it is published, its operations are fuzzed here like the rest.
    assert all(key.split(" ")[1].startswith(("/api/v1/", "/auth/v1/")) for key in served), served
    assert not set(AGGREGATE_READS) - set(spec["paths"]), "an aggregate read checked after fuzzing is gone"


# --- who calls ------------------------------------------------------------------------------------------


@dataclass
class FuzzUser:
    """The signed-in caller; renewed when an example deletes the account."""

    make: Callable[..., dict[str, str]]
    role: str | None
    headers: dict[str, str] = field(default_factory=dict)
    email: str = ""

    def renew(self) -> None:
        self.email = f"fuzz-{uuid.uuid4().hex[:12]}@example.com"
        self.headers = self.make(email=self.email)
        if self.role is not None:
            with privileged_session() as session:
                set_role(session=session, email=self.email, role=self.role)


GARBAGE_TOKENS = [
    "Bearer garbage",
    "Bearer ",
    "Bearer a.b.c",
    # alg "none", and HS256 signed with a key that is not the server's
    "Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAifQ.",
    "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0."
    "Wb8VDkJ0KDJ6j8dGqN0XcRz0x0sQH3bB3c9mFQkWQYs",
    "Basic dXNlcjpwYXNz",
    "bearer " + "A" * 9000,
    "Bearer \u00e9t\u00e9",
]
IDENTITIES = ["user"] * 7 + ["anonymous", "garbage"]


# --- inputs ---------------------------------------------------------------------------------------------


def _deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"a": [value]}
    return value


NASTY_VALUES: list[Any] = [
    None, True, False, 0, -1, -0.0, 1e308, -1e308, 5e-324, 2**63, -(2**63) - 1, 10**40, "", " ", "0", "-1",
    "1e309", "NaN", "Infinity", "-Infinity", "abc", "\x00", "a\x00b", "\ud800", "\udfff x", "\u202eevil\u202c",
    "\u200b", "\ufeff", "\uffff", "😀" * 40, "ß" * 3000, "x" * 100_000, "2024-02-30", "0001-01-01",
    "9999-12-31T23:59:59Z", "00000000-0000-0000-0000-000000000000", [], [None], [[[]]], {}, {"$gt": ""},
    "<script>alert(1)</script>", "'; DROP TABLE users; --", "%s%s%n", "../../etc/passwd", _deep(60),
    [0] * 5000, {f"k{i}": i for i in range(2000)},
]
RAW_NUMBERS = ["1e309", "-1e309", "NaN", "Infinity", "-Infinity", "-0", "1" + "0" * 5000, "1E400",
               "0.00000000000000000000000000000000000000001e-400", "123456789012345678901234567890.5"]
WHOLE_BODIES: list[bytes] = [
    b"", b"null", b"[]", b"{}", b"true", b'"text"', b"0", b"1e309", b"{", b'{"a":', b"not json", b"\xff\xfe\xfd",
    b"\x00" * 16, b"[" * 5000 + b"]" * 5000, b'{"a":' * 3000 + b"1" + b"}" * 3000, b'{"a":1,"a":2}',
    b"\xef\xbb\xbf{}", b"[" + b"0," * 100_000 + b"0]", b"{'single': 'quotes'}", b"NaN",
]
CONTENT_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                 "multipart/form-data; boundary=xyz", "application/xml", "application/json; charset=utf-16",
                 "application/merge-patch+json", "", "*/*", "application/octet-stream"]
BAD_IDS = ["not-a-uuid", "0", "-1", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
           "1e309", "x" * 400, "\u202e", "null", "..", "' OR 1=1 --", "\x00", "{id}", "😀",
           "12345678123456781234567812345678", "g0000000-0000-0000-0000-000000000000"]
BAD_QUERY_VALUES = ["notabool", "1e309", "", "-1", "NaN", "x" * 5000, "\x00", "[]", "😀",
                    "00000000-0000-0000-0000-000000000000"]


@dataclass
class FuzzRequest:
    method: str
    path: str
    kind: str
    identity: str
    params: list[tuple[str, str | int | float | bool | None]] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    content: bytes | None = None
    files: dict[str, tuple[str, bytes, str]] | None = None
    form: dict[str, str] | None = None

    def describe(self) -> str:
        body: Any = self.content
        if self.files is not None:
            body = {name: (fname, data[:200], ctype, f"{len(data)} bytes") for name, (fname, data, ctype)
                    in self.files.items()}
        elif self.form is not None:
            body = self.form
        headers = {k: (v[:80] + "..." if len(v) > 80 else v) for k, v in self.headers.items()}
        return (f"{self.method} {self.path[:300]} params={str(self.params)[:300]} kind={self.kind} "
                f"identity={self.identity} headers={headers} body={str(body)[:600]}")


def _dumps(value: Any, raw: dict[str, str] | None = None) -> bytes:
    text = json.dumps(value, allow_nan=False, default=lambda o: o.decode("latin-1") if isinstance(o, bytes) else str(o))
    for marker, literal in (raw or {}).items():
        text = text.replace(json.dumps(marker), literal)
    return text.encode()


def _json_body(case: Any) -> Any:
    body = case.body
    return None if isinstance(body, NotSet) else body


def _send_mutated(draw: st.DrawFn, request: FuzzRequest, body: Any, kind: str) -> None:
    """Give `request` a body broken in the way `kind` names, with the content type it is sent with."""
    request.content, content_type = _mutate(draw, body, kind)
    if content_type:
        request.headers["Content-Type"] = content_type


def _mutate(draw: st.DrawFn, body: Any, kind: str) -> tuple[bytes, str]:
    """A JSON body broken in one way (as bytes, with the content type to send it with)."""
    obj = dict(body) if isinstance(body, dict) else {}
    keys = sorted(obj)
    if kind == "drop_field":
        if keys:
            obj.pop(draw(st.sampled_from(keys)))
        return _dumps(obj), "application/json"
    if kind == "extra_field":
        name = draw(st.sampled_from(["unexpected", "id", "user_id", "__proto__", "", "\x00", "é" * 300]))
        obj[name] = draw(st.sampled_from(NASTY_VALUES))
        return _dumps(obj), "application/json"
    if kind == "nasty_value":
        target = draw(st.sampled_from(keys)) if keys else "value"
        value = draw(st.sampled_from(NASTY_VALUES))
        inner = obj.get(target)
        if isinstance(inner, list) and inner and isinstance(inner[0], dict) and inner[0]:
            # a nested item's field (a list of objects: items, messages, one-offs)
            item = dict(inner[0])
            item[draw(st.sampled_from(sorted(item)))] = value
            obj[target] = [item, *inner[1:]]
        else:
            obj[target] = value
        return _dumps(obj), "application/json"
    if kind == "raw_number":
        target = draw(st.sampled_from(keys)) if keys else "value"
        marker = f"__raw_{uuid.UUID(int=draw(st.integers(0, 2**32))).hex}__"
        obj[target] = marker
        return _dumps(obj, {marker: draw(st.sampled_from(RAW_NUMBERS))}), "application/json"
    if kind == "whole_body":
        return draw(st.sampled_from(WHOLE_BODIES)), draw(st.sampled_from(["application/json", "application/json",
                                                                            "text/plain"]))
    if kind == "content_type":
        return _dumps(body), draw(st.sampled_from(CONTENT_TYPES))
    raise AssertionError(kind)


def _wav(seconds: float = 0.2, *, rate: int = 16_000, width: int = 2, channels: int = 1) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(width)
        out.setframerate(rate)
        out.writeframes(b"\x00" * int(seconds * rate) * width * channels)
    return buffer.getvalue()


def _recordings() -> list[tuple[str, bytes, str]]:
    wav = _wav()
    header = bytearray(wav[:44])
    zero_channels = bytearray(wav)
    zero_channels[22:24] = b"\x00\x00"
    zero_rate = bytearray(wav)
    zero_rate[24:28] = b"\x00\x00\x00\x00"
    huge_size = bytearray(wav)
    huge_size[40:44] = b"\xff\xff\xff\x7f"
    odd_width = bytearray(wav)
    odd_width[34:36] = b"\x03\x00"
    return [
        ("answer.wav", wav, "audio/wav"),
        ("answer.wav", _wav(0.05, rate=8000, width=1, channels=2), "audio/wav"),
        ("answer.wav", bytes(header), "audio/wav"),
        ("answer.wav", bytes(zero_channels), "audio/wav"),
        ("answer.wav", bytes(zero_rate), "audio/wav"),
        ("answer.wav", bytes(huge_size), "audio/wav"),
        ("answer.wav", bytes(odd_width), "audio/wav"),
        ("answer.webm", b"\x1a\x45\xdf\xa3" + b"\x00" * 64, "audio/webm"),
        ("answer.ogg", b"OggS" + b"\xff" * 60, "audio/ogg"),
        ("answer.mp3", b"ID3\x03\x00\x00\x00" + b"\x00" * 100, "audio/mpeg"),
        ("empty.wav", b"", "audio/wav"),
        ("x" * 300 + "\x00.wav", b"RIFF", "audio/wav"),
        ("answer.txt", b"hello", "text/plain"),
    ]


RECORDINGS = _recordings()


def _multipart(draw: st.DrawFn, request: FuzzRequest, case: Any) -> None:
    kind = draw(st.sampled_from(["recording", "recording", "recording", "generated", "random_bytes", "wrong_field",
                                 "json", "whole_body", "no_boundary"]))
    request.kind = f"multipart:{kind}"
    if kind == "recording":
        request.files = {"file": draw(st.sampled_from(RECORDINGS))}
    elif kind == "generated":
        body = case.body if isinstance(case.body, dict) else {}
        data = body.get("file", b"")
        data = data.encode() if isinstance(data, str) else bytes(data) if isinstance(data, bytes | bytearray) else b""
        request.files = {"file": ("upload.bin", data, "application/octet-stream")}
    elif kind == "random_bytes":
        request.files = {"file": ("upload.wav", draw(st.binary(max_size=2048)), "audio/wav")}
    elif kind == "wrong_field":
        request.files = {"recording": RECORDINGS[0]}
    elif kind == "json":
        request.content, request.headers["Content-Type"] = b'{"file": "UklGRg=="}', "application/json"
    elif kind == "whole_body":
        request.content = draw(st.sampled_from(WHOLE_BODIES))
        request.headers["Content-Type"] = "multipart/form-data; boundary=xyz"
    else:
        request.content, request.headers["Content-Type"] = b"--xyz\r\n\r\n", "multipart/form-data"


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    path_params: list[str]
    query_params: list[str]
    multipart: bool
    has_body: bool
    body_schema: dict[str, Any]

    @property
    def key(self) -> str:
        return f"{self.method} {self.path}"


def operation_of(spec: dict[str, Any], key: str) -> Operation:
    method, path = key.split(" ", 1)
    op = spec["paths"][path][method.lower()]
    params = op.get("parameters", [])
    content = op.get("requestBody", {}).get("content", {})
    return Operation(method=method, path=path, path_params=[p["name"] for p in params if p["in"] == "path"],
                     query_params=[p["name"] for p in params if p["in"] == "query"],
                     multipart="multipart/form-data" in content, has_body=bool(content),
                     body_schema=content.get("application/json", {}).get("schema", {}))


def _resolve(spec: dict[str, Any], schema: Any) -> dict[str, Any]:
    """A schema with its $ref followed and a nullable anyOf reduced to the branch that is not null."""
    for _ in range(10):
        if not isinstance(schema, dict):
            return {}
        if "$ref" in schema:
            schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        elif "anyOf" in schema:
            branches = [b for b in schema["anyOf"] if b.get("type") != "null"]
            schema = branches[0] if branches else {}
        else:
            return schema
    return {}


def _extremes(draw: st.DrawFn, spec: dict[str, Any], schema: dict[str, Any], body: Any) -> Any:
    """The body with its numbers at the schema's bounds and its strings at their longest: valid, but what the
    sums and projections built from it were least tested with (in the first item of lists of objects too)."""
    schema = _resolve(spec, schema)
    if not isinstance(body, dict):
        return body
    out = dict(body)
    for name, prop in schema.get("properties", {}).items():
        prop = _resolve(spec, prop)
        kind = prop.get("type")
        if kind in ("number", "integer") and ("maximum" in prop or "minimum" in prop):
            bound = draw(st.sampled_from([b for b in ("maximum", "minimum", "maximum") if b in prop]))
            out[name] = int(prop[bound]) if kind == "integer" else prop[bound]
        elif kind == "string" and "maxLength" in prop and "enum" not in prop and "format" not in prop \
                and "pattern" not in prop and name in out:
            out[name] = "W" * int(prop["maxLength"])
        elif kind == "array" and isinstance(out.get(name), list) and out[name]:
            out[name] = [_extremes(draw, spec, prop.get("items", {}), item) for item in out[name]]
        elif kind == "object" and isinstance(out.get(name), dict):
            out[name] = _extremes(draw, spec, prop, out[name])
    return out


def _chat_turn(draw: st.DrawFn) -> Any:
    """useChat's request with one user message: random schema-valid bodies rarely end on a user's text, so the
    streamed turn (the offline coach in tests) is reached on purpose, with fuzzed text."""
    text = draw(st.one_of(st.just("What is my FIRE number?"), st.text(min_size=1, max_size=200),
                          st.sampled_from([v for v in NASTY_VALUES if isinstance(v, str) and v.strip("\x00 ")])))
    return {"id": str(draw(st.uuids())), "trigger": draw(st.sampled_from(["submit-message", "regenerate-message"])),
            "messages": [{"id": draw(st.sampled_from(["m1", "", "x" * 200])), "role": "user",
                          "parts": [{"type": "text", "text": text}]}]}


# Bodies shaped by hand for operations whose schema says too little to reach past validation.
SHAPED: dict[str, Callable[[st.DrawFn], Any]] = {"POST /api/v1/coach/chat": _chat_turn}


BODY_KINDS = ["valid", "valid", "valid", "extremes", "extremes", "negative", "negative", "drop_field", "extra_field",
              "nasty_value", "nasty_value", "nasty_value", "raw_number", "whole_body", "whole_body", "content_type",
              "form"]


def request_strategy(spec: dict[str, Any], operation: Operation, schemathesis_operation: Any,
                     seeds: dict[str, str]) -> st.SearchStrategy[FuzzRequest]:
    positive = schemathesis_operation.as_strategy(generation_mode=GenerationMode.POSITIVE)
    negative = schemathesis_operation.as_strategy(generation_mode=GenerationMode.NEGATIVE)

    @st.composite
    def build(draw: st.DrawFn) -> FuzzRequest:
        kind = draw(st.sampled_from(BODY_KINDS + ["shaped"] * 6 if operation.key in SHAPED else BODY_KINDS))
        case = draw(negative if kind == "negative" else positive)
        # Path parameters: mostly a real resource of the user, else a UUID of nothing, or not a UUID at all.
        values: dict[str, str] = {}
        for name in operation.path_params:
            choices: list[st.SearchStrategy[str]] = [st.uuids().map(str), st.sampled_from(BAD_IDS),
                                                     st.just(str(case.path_parameters.get(name, "x")))]
            if name in seeds:
                choices = [st.just(seeds[name])] * 4 + choices
            values[name] = draw(st.one_of(choices))
        path = operation.path
        for name, value in values.items():
            path = path.replace("{" + name + "}", quote(value, safe=""))
        identity = draw(st.sampled_from(IDENTITIES))
        request = FuzzRequest(method=operation.method, path=path, kind=kind, identity=identity)
        if identity == "garbage":
            request.headers["Authorization"] = draw(st.sampled_from(GARBAGE_TOKENS))
        user_agent = (case.headers or {}).get("user-agent")
        if isinstance(user_agent, str) and user_agent.isascii() and user_agent.isprintable():
            request.headers["User-Agent"] = user_agent
        # Query: as generated, and now and then a declared one with a value of the wrong type, or one not declared.
        request.params = [(k, v if isinstance(v, str) else json.dumps(v)) for k, v in (case.query or {}).items()]
        if draw(st.integers(0, 3)) == 0:
            name = draw(st.sampled_from([*operation.query_params, "unexpected", "user_id"]))
            request.params.append((name, draw(st.sampled_from(BAD_QUERY_VALUES))))
            request.kind += "+query"
        if operation.multipart:
            _multipart(draw, request, case)
            return request
        body = SHAPED[operation.key](draw) if kind == "shaped" else _json_body(case)
        if kind == "extremes":
            body = _extremes(draw, spec, operation.body_schema, body)
        if kind in ("valid", "negative", "extremes", "shaped"):
            if body is not None or operation.has_body:
                request.content, request.headers["Content-Type"] = _dumps(body), "application/json"
        elif kind == "form":
            flat = body if isinstance(body, dict) else {"value": body}
            request.form = {str(k): v if isinstance(v, str) else json.dumps(v) for k, v in flat.items()}
        else:
            _send_mutated(draw, request, body, kind)
        return request

    return build()


# --- the check ------------------------------------------------------------------------------------------


def send(api: TestClient, request: FuzzRequest, user: FuzzUser) -> Any:
    headers = dict(request.headers)
    if request.identity == "user":
        headers.update(user.headers)
    raw = {k.encode(): v.encode("latin-1") for k, v in headers.items()}  # a header may be Latin-1, not ASCII
    return api.request(request.method, request.path, params=request.params, headers=raw,
                       content=request.content, files=request.files, data=request.form)


# What agent/stream.py sends in place of the rest of a streamed answer when the coach run raises unexpectedly.
STREAM_FAILURE = "The coach ran into a problem"


def problem_with(response: Any, *, auth: bool = False) -> str | None:
    """Why the response breaks the rules, or None: no 5xx, and a 4xx carries the API's JSON error."""
    if response.status_code >= 500:
        return "server error"
    if response.headers.get("content-type", "").startswith("text/event-stream") and STREAM_FAILURE in response.text:
        return "the stream reports an unexpected failure (its 500)"
    if response.status_code < 400:
        return None
    try:
        body = response.json()
    except ValueError:
        return "a 4xx without a JSON body"
    keys = ("error_code", "msg") if auth else ("code", "message")
    if not isinstance(body, dict) or not all(isinstance(body.get(k), str) and body.get(k) for k in keys):
        return f"a 4xx whose body lacks {' and '.join(keys)}"
    return None


def report(operation: str, request: FuzzRequest, response: Any, why: str) -> str:
    return (f"{operation}: {why}\n  request:  {request.describe()}\n"
            f"  response: {response.status_code} {response.headers.get('content-type')} {response.text[:800]}")


# --- seeds: resources of the fuzzing user for the path parameters ---------------------------------------


def _created(response: Any) -> str:
    assert response.status_code in (200, 201), response.text
    body = response.json()
    return str(body.get("id") or body.get("thread_id"))


def seed(api: TestClient, user: FuzzUser, operation: Operation) -> dict[str, str]:
    """A real resource for each path parameter the user could own (unknown ones are fuzzed without one)."""
    h = user.headers
    post = api.post
    seeds: dict[str, str] = {}
    for name in operation.path_params:
        if name == "account_id":
            seeds[name] = _created(post("/api/v1/accounts", headers=h, json={"account_name": "Fuzz chequing",
                                                                              "account_type": "chequing"}))
        elif name == "goal_id":
            seeds[name] = _created(post("/api/v1/goals", headers=h, json={"name": "Fuzz", "category": "travel"}))
        elif name == "property_id":
            seeds[name] = _created(post("/api/v1/properties", headers=h, json={"type": "condo"}))
        elif name == "card_id":
            seeds[name] = _created(post("/api/v1/credit/cards", headers=h, json={"name": "Fuzz card"}))
        elif name == "line_id":
            seeds[name] = _created(post("/api/v1/credit/lines", headers=h, json={"name": "Fuzz line"}))
        elif name == "scenario_id":
            seeds[name] = _created(post("/api/v1/plan/scenarios", headers=h, json={"name": "Fuzz"}))
        elif name == "thread_id" and operation.path.startswith("/api/v1/voice/"):
            seeds[name] = _created(post("/api/v1/voice/onboarding", headers=h, json={"text": "I am 35 years old"}))
        elif name == "thread_id":
            seeds[name] = _created(post("/api/v1/coach/threads", headers=h, json={"title": "Fuzz"}))
        elif name in ("post_id", "comment_id") or (name == "report_id" and "/community/" in operation.path):
            post_id = _created(post("/api/v1/community/posts", headers=h, json={"title": "Fuzz", "body": "Body"}))
            comment_id = _created(post(f"/api/v1/community/posts/{post_id}/comments", headers=h,
                                       json={"body": "A comment"}))
            seeds.setdefault("post_id", post_id)
            seeds.setdefault("comment_id", comment_id)
            if name == "report_id":
                seeds[name] = _created(post(f"/api/v1/community/posts/{post_id}/reports", headers=h,
                                            json={"reason": "Fuzz"}))
        elif name == "report_id":
            seeds[name] = _created(post("/api/v1/error-reports", headers=h, json={"error_summary": "Fuzz"}))
        elif name == "user_id":
            other = user.make()
            seeds[name] = str(api.get("/auth/v1/user", headers=other).json()["id"])
    return seeds


# What reads everything the user saved (the plan's reads compute from it): after a fuzzed write saved something,
# each must still answer. Heavier reads (risk, optimise: Monte Carlo) are left to their own tests.
AGGREGATE_READS = ["/api/v1/snapshot", "/api/v1/completion", "/api/v1/net-worth/history", "/api/v1/plan/summary",
                   "/api/v1/plan/savings-needed", "/api/v1/plan/household", "/api/v1/plan/scenarios/compare",
                   "/api/v1/credit/debts", "/api/v1/me/export"]


def reads_after(spec: dict[str, Any], path: str) -> list[str]:
    """The user's reads of the same resource (GETs with no path parameter), then the aggregate ones."""
    resource = path.split("/")[3]
    reads = [p for p, ops in spec["paths"].items() if "get" in ops and "{" not in p
             and p.startswith(f"/api/v1/{resource}") and p not in AGGREGATE_READS
             and not p.endswith(("/risk", "/optimise"))]
    return [*reads, *AGGREGATE_READS]


# --- the tests ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", OPERATIONS)
def test_write_operation_survives_fuzzing(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                          spec: dict[str, Any], loaded: Any, key: str) -> None:
    operation = operation_of(spec, key)
    privileged = re.search(r"/(admin|moderation)/", operation.path)
    user = FuzzUser(make=sign_up, role="admin" if privileged else None)
    user.renew()
    strategy = request_strategy(spec, operation, loaded[operation.path][operation.method], seed(api, user, operation))
    failures: list[str] = []
    sent: list[int] = []
    saved: list[str] = []  # the user's requests that changed something (then their reads are checked)

    @given(request=strategy)
    @settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
    def run(request: FuzzRequest) -> None:
        response = send(api, request, user)
        sent.append(response.status_code)
        if request.identity == "user" and response.status_code < 300 and not operation.path.startswith("/api/v1/calc/"):
            saved.append(request.kind)
        why = problem_with(response)
        if why:
            failures.append(report(key, request, response, why))
        if key == "POST /api/v1/me/delete" and response.status_code == 202:
            user.renew()  # the account is being deleted: go on as someone else

    run()
    assert len(sent) >= FUZZ_EXAMPLES // 2, sent
    for path in reads_after(spec, operation.path) if saved else ():
        response = api.get(path, headers=user.headers)
        if response.status_code >= 500:
            failures.append(f"{key}: the read GET {path} fails after fuzzing: {response.status_code} "
                            f"{response.text[:500]}")
    assert not failures, "\n\n".join(failures)


# --- bugs the fuzzing found: each stays as a plain case -------------------------------------------------

MAX = 999999999999.99
OK = 200
REGRESSIONS = [
    # Two cards at the largest amount a card may hold: their total is beyond Money's bound, and GET /credit (the
    # utilization summary) answered 500 for good. The totals are sums, typed Number now.
    pytest.param([("POST", "/api/v1/credit/cards", {"name": "A", "credit_limit": MAX, "balance": MAX}, 201),
                  ("POST", "/api/v1/credit/lines", {"name": "B", "credit_limit": MAX, "balance": MAX}, 201),
                  ("GET", "/api/v1/credit", None, OK), ("PUT", "/api/v1/credit", {"credit_score": 700}, OK),
                  ("GET", "/api/v1/snapshot", None, OK), ("GET", "/api/v1/credit/debts", None, OK)],
                 id="credit-totals-beyond-one-amount"),
    # A household member's monthly CPP at 65 was taken up to Money's bound, but the plan takes at most 1,000,000:
    # every plan read (summary, savings needed, household plan) answered 500. The save refuses it now.
    pytest.param([("PUT", "/api/v1/household", {"members": [{"role": "self", "cpp_at_65": MAX}]}, 422),
                  ("PUT", "/api/v1/household", {"members": [{"role": "self", "cpp_at_65": 1_000_000}]}, OK),
                  ("GET", "/api/v1/plan/summary", None, OK), ("GET", "/api/v1/plan/household", None, OK)],
                 id="household-cpp-beyond-the-plan"),
    # A profile age (or a birth date) of 111 to 120 is a valid age, but the plan's people are at most 110: the plan
    # reads answered 500. The plan takes the age within its bound.
    pytest.param([("PUT", "/api/v1/profile", {"age": 115}, OK), ("GET", "/api/v1/plan/summary", None, OK),
                  ("GET", "/api/v1/plan/household", None, OK)], id="profile-age-beyond-the-plan"),
    pytest.param([("PUT", "/api/v1/household", {"members": [{"role": "self", "birth_date": "1910-01-01"}]}, OK),
                  ("GET", "/api/v1/plan/summary", None, OK)], id="birth-date-age-beyond-the-plan"),
]


@pytest.mark.parametrize("steps", REGRESSIONS)
def test_fuzzing_regressions(api: TestClient, sign_up: Callable[..., dict[str, str]],
                             steps: list[tuple[str, str, Any, int]]) -> None:
    headers = sign_up()
    for method, path, body, expected in steps:
        response = api.request(method, path, headers=headers, json=body)
        request = FuzzRequest(method=method, path=path, kind="regression", identity="user",
                              content=None if body is None else _dumps(body))
        assert response.status_code == expected, report(f"{method} {path}", request, response, f"not {expected}")
        assert problem_with(response) is None, report(f"{method} {path}", request, response, "bad error")


def test_a_cpp_saved_before_its_bound_still_plans(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    """A household saved before the bound was checked is not lost: the plan takes the CPP within its bound."""
    email = f"fuzz-{uuid.uuid4().hex[:12]}@example.com"
    headers = sign_up(email=email)
    assert api.put("/api/v1/household", headers=headers, json={"members": [{"role": "self"}]}).status_code == OK
    with privileged_session() as session:
        session.execute(text("UPDATE household_members SET cpp_at_65 = :v WHERE user_id = "
                             "(SELECT id FROM users WHERE email = :e)"), {"v": MAX, "e": email})
    assert api.get("/api/v1/household", headers=headers).json()["members"][0]["cpp_at_65"] == MAX
    assert api.get("/api/v1/plan/summary", headers=headers).status_code == OK


# --- /auth/v1 (GoTrue's format, not in the OpenAPI document): from the route table and the body models ------

AUTH_BODIES: dict[str, list[type[BaseModel]]] = {
    "POST /auth/v1/signup": [auth_schemas.SignUpIn],
    "POST /auth/v1/token": [auth_schemas.PasswordGrantIn, auth_schemas.RefreshGrantIn, auth_schemas.PkceGrantIn],
    "POST /auth/v1/logout": [],
    "PUT /auth/v1/user": [auth_schemas.UserUpdateIn],
    "POST /auth/v1/recover": [auth_schemas.RecoverIn],
    "POST /auth/v1/verify": [auth_schemas.VerifyIn],
}
AUTH_QUERIES: dict[str, dict[str, list[str]]] = {
    "POST /auth/v1/signup": {"redirect_to": ["http://testserver/app", "javascript:alert(1)", "//evil.example"]},
    "POST /auth/v1/token": {"grant_type": ["password", "password", "refresh_token", "pkce", "id_token", ""]},
    "POST /auth/v1/logout": {"scope": ["global", "local", "others", "everyone"]},
    "POST /auth/v1/recover": {"redirect_to": ["http://testserver/reset", "https://evil.example/"]},
}
AUTH_PLAUSIBLE = ["correct-horse-9", "fuzz@example.com", "FUZZ@EXAMPLE.COM", "signup", "recovery", "email",
                  "magiclink", "email_change", "s256", "plain", "a" * 43, "pkce_" + "0" * 32,
                  "eyJhbGciOiJub25lIn0.e30.", "not an email", "a@b", "@example.com", "x" * 73]


def auth_routes(app: Any) -> list[str]:
    """The served /auth/v1 write routes (through included routers, as the OpenAPI document reads them)."""
    return sorted(f"{method} {route.path}" for route in iter_route_contexts(app.routes)
                  if (route.path or "").startswith("/auth/v1/") for method in route.methods or ()
                  if method.lower() in WRITE_METHODS)


def auth_request_strategy(key: str) -> st.SearchStrategy[FuzzRequest]:
    method, path = key.split(" ", 1)
    fields = sorted({name for model in AUTH_BODIES[key] for name in model.model_fields})
    value = st.one_of(st.sampled_from(AUTH_PLAUSIBLE), st.sampled_from(NASTY_VALUES), st.text(max_size=40),
                      st.emails())

    @st.composite
    def build(draw: st.DrawFn) -> FuzzRequest:
        kind = draw(st.sampled_from(["fields", "fields", "fields", "fields", "nasty_value", "raw_number",
                                     "extra_field", "whole_body", "whole_body", "content_type"]))
        body = {name: draw(value) for name in fields if draw(st.booleans())}
        request = FuzzRequest(method=method, path=path, kind=kind, identity=draw(st.sampled_from(IDENTITIES)))
        if request.identity == "garbage":
            request.headers["Authorization"] = draw(st.sampled_from(GARBAGE_TOKENS))
        for name, choices in AUTH_QUERIES.get(key, {}).items():
            if draw(st.integers(0, 4)):
                request.params.append((name, draw(st.sampled_from([*choices, *BAD_QUERY_VALUES]))))
        if kind == "fields":
            request.content, request.headers["Content-Type"] = _dumps(body), "application/json"
        else:
            _send_mutated(draw, request, body, kind)
        return request

    return build()


def fuzz_auth_route(api: TestClient, user: FuzzUser, key: str) -> list[str]:
    failures: list[str] = []
    user.renew()

    @given(request=auth_request_strategy(key))
    @settings(max_examples=AUTH_FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
    def run(request: FuzzRequest) -> None:
        response = send(api, request, user)
        why = problem_with(response, auth=True)
        if why:
            failures.append(report(key, request, response, why))
        if request.identity == "user" and response.status_code < 300 and key != "POST /auth/v1/signup":
            user.renew()  # signed out, or the password or e-mail changed: go on with a new session

    run()
    return failures


def test_auth_writes_survive_fuzzing(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    routes = auth_routes(api.app)
    assert set(routes) == set(AUTH_BODIES), "an /auth/v1 write route without a body model here (or one gone)"
    user = FuzzUser(make=sign_up, role=None)
    failures = [failure for key in routes for failure in fuzz_auth_route(api, user, key)]
    assert not failures, "\n\n".join(failures)
