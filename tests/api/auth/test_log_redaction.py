"""Logs never hold a secret: the probe found task traces at INFO printing whole `verify?token=...` links. Every
line is redacted whoever logged it (our code, Celery's traces, uvicorn), in JSON and plain text."""

from __future__ import annotations

import io
import json
import logging

import httpx
import pytest

from api.core.logging import JsonFormatter, PlainFormatter, redact

SECRET = "Zq8_secretTOKEN-123"
JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl"


@pytest.mark.parametrize("line", [
    f"follow http://127.0.0.1:8000/auth/v1/verify?token={SECRET}&type=recovery",
    f"http://127.0.0.1:8000/auth-callback?code={SECRET}",
    f"redirect_to=http%3A%2F%2Fx%3Ftoken%3D{SECRET}",
    f'{{"access_token": "{SECRET}", "refresh_token": "{SECRET}"}}',
    f"{{'password': '{SECRET}'}}",
    f"Authorization: Bearer {SECRET}",
    f"a token {JWT} in a message",
])
def test_secrets_are_redacted(line: str) -> None:
    out = redact(line)
    assert SECRET not in out and JWT not in out and "[redacted]" in out


def test_ordinary_words_are_left_alone() -> None:
    line = "recovery e-mail queued; 3 tokens were used; the password page; code review"
    assert redact(line) == line


def _capture(formatter: logging.Formatter) -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    logger = logging.getLogger(f"redaction-test-{id(formatter)}")
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger, stream


def test_task_traces_with_arguments_are_redacted() -> None:
    """Celery logs a retried task's arguments as extra data: an e-mail's text, link included."""
    text = f"Choose a new password here:\n\nhttp://127.0.0.1:8000/auth/v1/verify?token={SECRET}&type=recovery\n"
    for formatter in (JsonFormatter(), PlainFormatter("%(message)s %(data)s")):
        logger, stream = _capture(formatter)
        logger.info("Task %s retry: %s", "mail.send", f"args=('a@b.c', 'Reset', {text!r})",
                    extra={"data": {"args": ["a@b.c", "Reset your FIRE Path password", text], "kwargs": {}}})
        assert SECRET not in stream.getvalue() and "[redacted]" in stream.getvalue()
        if isinstance(formatter, JsonFormatter):
            assert json.loads(stream.getvalue())["data"]["args"][0] == "a@b.c"  # still one JSON object a line


def test_a_recovery_without_smtp_logs_no_link(api_url: str, email: str, caplog: pytest.LogCaptureFixture) -> None:
    httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"})
    formatter = JsonFormatter()
    with caplog.at_level(logging.INFO):
        httpx.post(f"{api_url}/auth/v1/recover", json={"email": email})
        import time

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any("outbox" in r.getMessage() for r in caplog.records):
            time.sleep(0.05)
    lines = [formatter.format(r) for r in caplog.records]
    written = [line for line in lines if "outbox" in line]
    assert written, lines
    assert all("verify?token=" not in line or "token=[redacted]" in line for line in lines)
    assert all(".eml" in line for line in written)  # the file to open is named
