"""Typed application errors and the handlers that turn every failure into one JSON shape.

Body: {"code": str, "message": str, "details": ..., "request_id": str}. Unexpected exceptions are logged
with the request id and answered 500 without internals. The code is stable; the message (and each message in the
details) is said in the request's language (`api.core.i18n`), named by `Content-Language`.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.exc import DataError, IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.core.i18n import LOCALES, Language, catalogue, localize, localize_details, msg, request_language

log = logging.getLogger("api.errors")


class ErrorBody(BaseModel):
    """The JSON body of every error response."""

    code: str
    message: str
    details: Any = None
    request_id: str | None = None


class AppError(Exception):
    """Base of the errors services raise; routes and coach tools translate them."""

    status_code = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, details: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details
        if code is not None:
            self.code = code


class Invalid(AppError):
    status_code = 422
    code = "validation_error"


class Unauthorized(AppError):
    status_code = 401
    code = "not_authenticated"


class Forbidden(AppError):
    status_code = 403
    code = "forbidden"


class NotFound(AppError):
    status_code = 404
    code = "not_found"


class Conflict(AppError):
    status_code = 409
    code = "conflict"


class TooManyRequests(AppError):
    status_code = 429
    code = "rate_limited"

    def __init__(self, message: str, *, retry_after: int, code: str | None = None) -> None:
        super().__init__(message, code=code, details={"retry_after": retry_after})
        self.retry_after = retry_after


HTTP_CODES = {400: "bad_request", 401: "not_authenticated", 403: "forbidden", 404: "not_found",
              405: "method_not_allowed", 409: "conflict", 413: "payload_too_large", 415: "unsupported_media_type",
              422: "validation_error", 429: "rate_limited", 503: "unavailable"}


def request_id_of(request: Request) -> str | None:
    value = getattr(request.state, "request_id", None)
    return str(value) if value is not None else None


def error_body(request: Request, status: int, code: str, message: str, details: Any = None,
               headers: dict[str, str] | None = None, *, language: Language = "en") -> JSONResponse:
    """The error response, its message already in `language` (which `Content-Language` names)."""
    body = ErrorBody(code=code, message=message, details=jsonable_encoder(details),
                     request_id=request_id_of(request))
    return JSONResponse(body.model_dump(), status_code=status,
                        headers={**(headers or {}), "Content-Language": LOCALES[language]})


async def error_response(request: Request, status: int, code: str, message: str, details: Any = None,
                         headers: dict[str, str] | None = None, *, saved_locale: bool = True) -> JSONResponse:
    """The error response in the request's language (the saved locale is looked up unless `saved_locale` is
    False); a message the catalogue does not know stays English, and `Content-Language` says so."""
    language = await request_language(request, saved=saved_locale)
    said, language = localize(message, language, code=code)
    return error_body(request, status, code, said, localize_details(details, language), headers, language=language)


_SOURCES = {"body", "query", "path", "header", "cookie"}
# Pydantic names the member of a union it tried ("int", "literal['a','b']"): not part of the field's name.
_UNION_TAGS = {"int", "float", "str", "bool", "decimal", "none", "date", "datetime", "uuid", "list", "dict"}


def _field_name(loc: Any) -> str:
    if tuple(loc) == ("body",):
        return "body"  # the body as a whole (empty, null, a list instead of an object)
    # Only the leading element names the source: a field may itself be called "body" (a post's body).
    parts = [str(p) for p in (loc[1:] if loc and loc[0] in _SOURCES else loc)]
    parts = [p for p in parts if "[" not in p and p not in _UNION_TAGS and not p.startswith("function-")]
    return ".".join(parts) or "request"


def _error_message(error: dict[str, Any]) -> str:
    return str(error.get("msg", "Invalid value")).removeprefix("Value error, ")


def validation_message(errors: list[dict[str, Any]]) -> str:
    first = errors[0] if errors else {"loc": (), "msg": "Invalid request"}
    return f"{_field_name(first.get('loc', ()))}: {_error_message(first)}"


def _unreadable_body(request: Request, errors: list[dict[str, Any]]) -> tuple[int, str, str] | None:
    """A body that is not JSON at all: FastAPI reports the character offset of a syntax error as if it were a
    field ("19: JSON decode error"), and a body sent as another media type as a model error of the request.
    Both are named for what they are: the body."""
    first = errors[0] if errors else {}
    loc = tuple(first.get("loc", ()))
    if first.get("type") == "json_invalid" and loc[:1] == ("body",):
        reason = str((first.get("ctx") or {}).get("error", "")).split(":")[0].strip() or "not valid JSON"
        if len(loc) > 1 and isinstance(loc[1], int):
            return 422, "validation_error", msg("validation_error.body_not_json_at", reason=reason, position=loc[1])
        return 422, "validation_error", msg("validation_error.body_not_json", reason=reason)
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if (loc == ("body",) and first.get("type") == "model_attributes_type"
            and media != "application/json" and not media.endswith("+json")):
        if media:
            return 415, "unsupported_media_type", msg("unsupported_media_type.send_json_not", media=media)
        return 415, "unsupported_media_type", msg("unsupported_media_type.send_json")
    return None


def _say_validation_error(error: dict[str, Any], language: Language) -> str | None:
    try:
        return catalogue().say_validation_error(error, language)
    except (KeyError, ValueError, TypeError):  # English is better than an error about a message
        log.exception("cannot say a validation error in %s", language)
        return None


async def _validation_response(request: Request, errors: list[dict[str, Any]]) -> JSONResponse:
    """422 naming the first field at fault; each error's message in the request's language (pydantic's own by
    its error type, the app's by their key or English text), English where the catalogue has none."""
    language = await request_language(request)
    fields = [_field_name(e.get("loc", ())) for e in errors]
    english = [str(e.get("msg")) for e in errors]
    said: list[str | None] = [None] * len(errors)
    if language != "en":
        said = [_say_validation_error(e, language) for e in errors]
    details = [{"field": field, "message": mine or theirs, "type": e.get("type")}
               for field, mine, theirs, e in zip(fields, said, english, errors, strict=True)]
    if not errors:
        return error_body(request, 422, "validation_error", validation_message(errors), details)
    first = said[0]
    message = f"{fields[0]}: {first if first is not None else _error_message(errors[0])}"
    return error_body(request, 422, "validation_error", message, details,
                      language=language if first is not None else "en")


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def _app_error(request: Request, exc: AppError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooManyRequests) else None
        return await error_response(request, exc.status_code, exc.code, exc.message, exc.details, headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        body_problem = _unreadable_body(request, errors)
        if body_problem is not None:
            status, code, message = body_problem
            return await error_response(request, status, code, message, [{"field": "body", "message": message}])
        return await _validation_response(request, errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "http_error")
        message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ").capitalize()
        return await error_response(request, exc.status_code, code, message, headers=getattr(exc, "headers", None))

    @app.exception_handler(IntegrityError)
    async def _integrity(request: Request, exc: IntegrityError) -> JSONResponse:
        log.info("integrity error", extra={"request_id": request_id_of(request), "detail": str(exc.orig)[:200]})
        return await error_response(request, 409, "conflict", msg("conflict.integrity"))

    @app.exception_handler(DataError)
    async def _data(request: Request, exc: DataError) -> JSONResponse:
        log.info("data error", extra={"request_id": request_id_of(request), "detail": str(exc.orig)[:200]})
        return await error_response(request, 422, "validation_error", msg("validation_error.data_error"))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", extra={"request_id": request_id_of(request), "path": request.url.path})
        # Only the header decides here: the saved locale is a database query, and the database may be what failed.
        return await error_response(request, 500, "internal_error", msg("internal_error.unexpected"),
                                    saved_locale=False)
