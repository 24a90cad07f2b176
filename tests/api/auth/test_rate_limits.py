"""Rate limits on sign-in, sign-up and recovery: 429 with Retry-After, per e-mail and per IP, shared by
every server process (they are counted in PostgreSQL)."""

from __future__ import annotations

import httpx
import pytest

from api.core.config import Settings
from api.main import create_app
from tests.support.servers import serve_in_thread


def _sign_in(url: str, email: str) -> httpx.Response:
    return httpx.post(f"{url}/auth/v1/token?grant_type=password", json={"email": email, "password": "wrong-pass-1"})


def test_sign_in_is_limited_per_email_across_servers(api_url: str, settings: Settings, email: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "rate_limit_signin_email", 3)
    with serve_in_thread(create_app(settings)) as other_server:
        statuses = [_sign_in(url, email).status_code for url in (api_url, other_server, api_url)]
        assert statuses == [400, 400, 400]
        limited = _sign_in(other_server, email)
    assert limited.status_code == 429
    assert limited.json()["code"] == "over_request_rate_limit"
    assert 1 <= int(limited.headers["retry-after"]) <= settings.rate_limit_window_seconds
    # Another address is not affected.
    assert _sign_in(api_url, "other-" + email).status_code == 400


def test_sign_up_is_limited_per_ip(api_url: str, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "rate_limit_window_seconds", 3600)
    monkeypatch.setattr(settings, "rate_limit_signup_ip", 1)
    responses = [httpx.post(f"{api_url}/auth/v1/signup", json={"email": f"burst{i}@example.com", "password": "x"})
                 for i in range(3)]
    assert responses[-1].status_code == 429 and "retry-after" in responses[-1].headers


def test_recovery_is_limited_per_email(api_url: str, settings: Settings, email: str,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "rate_limit_recover_email", 2)
    codes = [httpx.post(f"{api_url}/auth/v1/recover", json={"email": email}).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
