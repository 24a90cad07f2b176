"""X-Forwarded-For spoofing: per-IP rate limits reset with each new X-Forwarded-For value because the server
believed it from any loopback peer. Forwarded headers are believed only from FIREPATH_TRUSTED_PROXIES."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
import uvicorn

from api.cli import server_options
from api.core.config import Settings, get_settings
from api.main import create_app
from tests.support.servers import free_port


@contextmanager
def firepath_server(settings: Settings) -> Iterator[str]:
    """The app as `firepath serve` runs it (the same uvicorn options), on loopback."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port,
                                           **{**server_options(settings), "log_level": "warning"}))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _spoofed_recovers(base: str, count: int) -> list[int]:
    codes = []
    for _ in range(count):
        fake = f"203.0.{random.randint(0, 255)}.{random.randint(1, 254)}"
        response = httpx.post(f"{base}/auth/v1/recover", json={"email": "nobody-xff@example.com"},
                              headers={"X-Forwarded-For": fake})
        codes.append(response.status_code)
    return codes


def test_a_new_forwarded_for_does_not_reset_the_per_ip_limit(database: object,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    monkeypatch.setattr(settings, "rate_limit_recover_ip", 3)
    monkeypatch.setattr(settings, "rate_limit_recover_email", 100000)
    assert settings.trusted_proxies == ""  # the default: no proxy is believed
    with firepath_server(settings) as base:
        codes = _spoofed_recovers(base, 6)
    assert 429 in codes, codes  # every request counted against the real peer, 127.0.0.1


def test_a_configured_proxy_is_believed(database: object, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    monkeypatch.setattr(settings, "rate_limit_recover_ip", 3)
    monkeypatch.setattr(settings, "rate_limit_recover_email", 100000)
    monkeypatch.setattr(settings, "trusted_proxies", "127.0.0.1")
    with firepath_server(settings) as base:
        codes = _spoofed_recovers(base, 6)
    assert codes == [200] * 6  # each client address behind the proxy has its own limit


def test_serve_options_follow_the_setting() -> None:
    assert server_options(Settings(FIREPATH_TRUSTED_PROXIES=""))["proxy_headers"] is False
    trusted = server_options(Settings(FIREPATH_TRUSTED_PROXIES="10.0.0.2, 10.0.1.0/24"))
    assert trusted["proxy_headers"] is True and trusted["forwarded_allow_ips"] == "10.0.0.2, 10.0.1.0/24"
