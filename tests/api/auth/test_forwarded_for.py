"""X-Forwarded-For spoofing: per-IP rate limits reset with each new X-Forwarded-For value because the server
believed it from any loopback peer. Forwarded headers are believed only from FIREPATH_TRUSTED_PROXIES."""

from __future__ import annotations

import random
from contextlib import AbstractContextManager

import httpx
import pytest

from api.cli import server_options
from api.core.config import Settings, get_settings
from api.main import create_app
from tests.support.servers import serve_in_thread


def firepath_server(settings: Settings) -> AbstractContextManager[str]:
    """The app as `firepath serve` runs it (the same uvicorn options), on loopback."""
    return serve_in_thread(create_app(settings), **{**server_options(settings), "log_level": "warning"})


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
