"""Passwords, as the probe found them: `12345678`, `password` and eight spaces were accepted, and ten bad tries
from a stranger blocked the owner's right password. Common passwords (a list shipped offline) and passwords of
only spaces are refused; failed sign-ins are slowed per address and client pair."""

from __future__ import annotations

import httpx
import pytest

from api.auth.passwords import common_passwords
from api.core.config import get_settings
from tests.api.auth.test_forwarded_for import firepath_server


@pytest.mark.parametrize(("password", "reason"), [
    ("12345678", "pwned"), ("password", "pwned"), ("Password", "pwned"), ("qwertyuiop", "pwned"),
    ("iloveyou", "pwned"), ("        ", "characters"), ("          ", "characters"), ("short", "length"),
    ("", "length"),
])
def test_weak_passwords_are_refused_at_sign_up(api_url: str, email: str, password: str, reason: str) -> None:
    response = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": password})
    assert response.status_code == 422
    body = response.json()
    assert body["error_code"] == "weak_password" and body["weak_password"]["reasons"] == [reason]
    assert body["message"]  # the auth clients show it as it is


def test_weak_passwords_are_refused_on_a_change(api_url: str, email: str) -> None:
    signed = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"}).json()
    headers = {"Authorization": f"Bearer {signed['access_token']}"}
    refused = httpx.put(f"{api_url}/auth/v1/user", json={"password": "123456789"}, headers=headers)
    assert refused.status_code == 422 and refused.json()["weak_password"]["reasons"] == ["pwned"]
    # Nothing was changed: the old password still signs in.
    again = httpx.post(f"{api_url}/auth/v1/token?grant_type=password",
                       json={"email": email, "password": "correct-horse-9"})
    assert again.status_code == 200


def test_the_list_ships_with_the_code() -> None:
    words = common_passwords()
    assert len(words) > 19_000 and {"123456", "password", "qwerty", "12345678"} <= words
    assert "correct-horse-9" not in words


def test_a_stranger_cannot_lock_the_owner_out(database: object, email: str, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    monkeypatch.setattr(settings, "rate_limit_signin_email", 5)
    monkeypatch.setattr(settings, "trusted_proxies", "127.0.0.1")  # a proxy says who the clients are
    with firepath_server(settings) as base:
        assert httpx.post(f"{base}/auth/v1/signup", json={"email": email, "password": "owner-pass-42"}).is_success

        def sign_in(password: str, client: str) -> int:
            return httpx.post(f"{base}/auth/v1/token?grant_type=password", json={"email": email, "password": password},
                              headers={"X-Forwarded-For": client}).status_code

        stranger = [sign_in(f"guess-{i}-pass", "203.0.113.9") for i in range(12)]
        assert stranger[:5] == [400] * 5 and stranger[-1] == 429  # the stranger is slowed down
        assert sign_in("owner-pass-42", "198.51.100.7") == 200  # the owner, elsewhere, is not
