"""Errors of /auth/v1 in GoTrue's wire format, so the official auth clients read them unchanged.

Body: {"code": <error code>, "error_code": <same>, "msg": <message>, "message": <same>}, plus the
`X-Supabase-Api-Version` header that makes clients read `code` as the string error code.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

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
    return AuthApiError(400, "invalid_credentials", "Invalid login credentials")


def validation_failed(message: str) -> AuthApiError:
    return AuthApiError(400, "validation_failed", message)


def install_auth_error_handler(app: FastAPI) -> None:
    @app.exception_handler(AuthApiError)
    async def _auth_error(request: Request, exc: AuthApiError) -> JSONResponse:
        body = {"code": exc.error_code, "error_code": exc.error_code, "msg": exc.message, "message": exc.message,
                **exc.extra}
        return JSONResponse(body, status_code=exc.status, headers={API_VERSION_HEADER: API_VERSION, **exc.headers})
