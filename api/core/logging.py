"""Structured logging: one JSON object per line (or plain text for humans), with the request id, and secrets
redacted from every line whoever logged it (e-mail links' tokens, auth codes, access and refresh tokens, bearer
headers, passwords): task traces carry the task's arguments, and an e-mail's text holds its link."""

from __future__ import annotations

import contextvars
import json
import logging
import re
import sys
from datetime import UTC, datetime
from typing import Any

request_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "color_message"}


REDACTED = "[redacted]"
_SECRETS = (
    # token=..., code=... in links and query strings (also as they look inside a JSON string)
    (re.compile(r"(?<![a-z_])((?:access_|refresh_|provider_)?token|code|nonce|token_hash|code_verifier|password)"
                r"(=|%3D|%3d)[^&\s\"'#\\%]+"), rf"\1\2{REDACTED}"),
    # "access_token": "...", 'password': '...' in JSON or reprs
    (re.compile(r"(?i)([\"']?(?:access_token|refresh_token|provider_token|provider_refresh_token|password|"
                r"encrypted_password|token|code_verifier|nonce|secret|api_key)[\"']?\s*[:=]\s*\\?[\"'])"
                r"[^\"'\\]+"), rf"\1{REDACTED}"),
    (re.compile(r"(?i)\bbearer\s+[\w.~+/=-]+"), f"Bearer {REDACTED}"),
    (re.compile(r"\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*"), REDACTED),  # a JWT anywhere
)


def redact(text: str) -> str:
    """`text` with secrets replaced by [redacted]."""
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


class PlainFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(self._format(record))

    def _format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = request_id_var.get()
        if request_id:
            entry["request_id"] = request_id
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure_logging(level: str = "INFO", *, json_lines: bool = True) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else PlainFormatter(
        "%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for noisy in ("pgserver", "uvicorn.access", "alembic"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLevelName(level)))
