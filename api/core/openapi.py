"""Error responses every authenticated route documents, so the generated client knows their shape."""

from __future__ import annotations

from typing import Any

from api.core.errors import ErrorBody

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "Not signed in, or the session ended"},
    404: {"model": ErrorBody, "description": "No such item for this user"},
    422: {"model": ErrorBody, "description": "Invalid input; the message names the field"},
}
