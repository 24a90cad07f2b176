"""Errors of /auth/v1 in GoTrue's wire format, so the official auth clients read them unchanged.

Body: {"code": <error code>, "error_code": <same>, "msg": <message>, "message": <same>}, plus the
`X-Supabase-Api-Version` header that makes clients read `code` as the string error code. The codes are GoTrue's;
the message is said in the request's language (`api.core.i18n`), named by `Content-Language`.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from api.core.i18n import LOCALES, localize, msg, request_language

API_VERSION = "2024-01-01"
API_VERSION_HEADER = "X-Supabase-Api-Version"


class AuthApiError(Exception):
    def __init__(self, status: int, error_code: str, message: str, *, extra: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.error_code = error_code
        self.message = message
        self.extra = extra or {}
        self.headers = headers or {}


def invalid_credentials() -> AuthApiError:
    return AuthApiError(400, "invalid_credentials", msg("invalid_credentials.login"))


def validation_failed(message: str) -> AuthApiError:
    return AuthApiError(400, "validation_failed", message)


def install_auth_error_handler(app: FastAPI) -> None:
    @app.exception_handler(AuthApiError)
    async def _auth_error(request: Request, exc: AuthApiError) -> JSONResponse:
        said, language = localize(exc.message, await request_language(request), code=exc.error_code)
        body = {"code": exc.error_code, "error_code": exc.error_code, "msg": said, "message": said, **exc.extra}
        return JSONResponse(body, status_code=exc.status, headers={API_VERSION_HEADER: API_VERSION,
                                                                   "Content-Language": LOCALES[language],
                                                                   **exc.headers})
