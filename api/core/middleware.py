"""The security headers (`api/core/headers.py`) and a request id on every request (taken from X-Request-ID when
sane, else new), echoed in the response and attached to every log line of the request; and a bound on request bodies.

Every JSON body the API takes is far below `MAX_BODY_BYTES` (the largest, an import of 500 accounts and 500
properties, is under half of it), so a larger body is answered 413 before it is read into memory: without the
bound, anyone (signed in or not: error reports and analytics take anonymous posts) could make the server hold
and parse hundreds of megabytes per request, whatever media type it claimed. The coach's chat takes more (the AI
SDK client posts the whole conversation, tool results included, on every turn), and the voice upload its own
limit (`FIREPATH_VOICE_MAX_BYTES`) plus room for the multipart envelope: its body is parsed (and spooled to
disk) before the route runs, so the route's own check came after an unbounded upload had been stored.

It also notes the language `Accept-Language` asks for (`api.core.i18n.language.header_language`), for the readers of
amounts typed as text; that is a parse of one header, no query."""

from __future__ import annotations

import re
import uuid

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.core.config import Settings, get_settings
from api.core.headers import SecurityHeaders
from api.core.i18n import LOCALES, localize, msg
from api.core.i18n.language import header_language, language_of_header, resolve_language
from api.core.logging import request_id_var

_SAFE = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
MAX_BODY_BYTES = 1024 * 1024
LARGER_BODIES = {"/api/v1/coach/chat": 16 * 1024 * 1024}
UPLOAD = "/api/v1/voice/transcribe"
MULTIPART_ROOM = 64 * 1024


def body_limit(path: str) -> int:
    """The bound on the body of a request to `path`."""
    if path == UPLOAD:
        return get_settings().voice_max_bytes + MULTIPART_ROOM
    return LARGER_BODIES.get(path, MAX_BODY_BYTES)


async def _too_large(request_id: str, path: str, limit: int, headers: dict[bytes, bytes]) -> JSONResponse:
    if path == UPLOAD:  # as the route words it, for the recording screen
        recording = get_settings().voice_max_bytes
        message = msg("payload_too_large.recording", megabytes=recording // (1024 * 1024) or 1)
    else:
        message = msg("payload_too_large.body", kib=limit // 1024)
    language = await resolve_language(headers.get(b"accept-language", b"").decode("latin-1") or None,
                                      headers.get(b"authorization", b"").decode("latin-1") or None)
    said, language = localize(message, language, code="payload_too_large")
    return JSONResponse({"code": "payload_too_large", "message": said, "details": {"max_bytes": limit},
                         "request_id": request_id}, status_code=413, headers={"Content-Language": LOCALES[language]})


async def _bounded(scope: Scope, headers: dict[bytes, bytes], receive: Receive,
                   limit: int) -> tuple[Receive | None, bool]:
    """`receive` for the app, or (None, True) when the body is over the bound. A declared length is judged
    without reading; a body without one (chunked) is read up to the bound and handed on from memory."""
    length = headers.get(b"content-length")
    if length is not None:
        try:
            return receive, int(length) > limit
        except ValueError:
            return receive, False  # the server answers a malformed length itself
    if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE") and b"transfer-encoding" not in headers:
        return receive, False
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break  # disconnected: the app sees what was sent, then the disconnect
        size += len(message.get("body", b""))
        if size > limit:
            return None, True
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            break
    pending = [message] if message["type"] == "http.request" else [
        {"type": "http.request", "body": b"".join(chunks), "more_body": True}, message]

    async def replay() -> Message:
        return pending.pop(0) if pending else await receive()

    return replay, False


class RequestIdMiddleware:
    def __init__(self, app: ASGIApp, settings: Settings | None = None) -> None:
        self.app = app
        self.security = SecurityHeaders(settings or get_settings())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        incoming = headers.get(b"x-request-id", b"").decode("latin-1")
        request_id = incoming if _SAFE.match(incoming) else uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        token = request_id_var.set(request_id)
        accept_language = headers.get(b"accept-language")
        language_token = header_language.set(
            language_of_header(accept_language.decode("latin-1")) if accept_language else None)

        path = scope.get("path", "")
        authenticated = b"authorization" in headers

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = message.setdefault("headers", [])
                if not isinstance(out, list):
                    out = message["headers"] = list(out)
                out.append((b"x-request-id", request_id.encode()))
                self.security.apply(path, authenticated, out)
            await send(message)

        try:
            limit = body_limit(path)
            bounded, too_large = await _bounded(scope, headers, receive, limit)
            if too_large or bounded is None:
                await (await _too_large(request_id, path, limit, headers))(scope, receive, send_with_id)
                return
            await self.app(scope, bounded, send_with_id)
        finally:
            header_language.reset(language_token)
            request_id_var.reset(token)
