"""Sign-up, sign-in, the user record and the settings, driven through the official supabase-auth client."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from supabase_auth import SyncGoTrueClient
from supabase_auth.errors import AuthApiError, AuthWeakPasswordError

Client = Callable[..., SyncGoTrueClient]


def test_sign_up_returns_a_session_and_keeps_the_metadata(auth_client: Client, email: str) -> None:
    client = auth_client()
    response = client.sign_up({"email": email, "password": "correct-horse-9",
                               "options": {"data": {"first_name": "Maya", "last_name": "Chen"}}})
    assert response.session is not None and response.user is not None
    assert response.user.email == email
    assert response.user.user_metadata == {"first_name": "Maya", "last_name": "Chen"}
    assert response.user.app_metadata["provider"] == "email"
    assert response.session.token_type == "bearer" and response.session.expires_in == 3600
    assert response.session.expires_at and response.session.refresh_token
    assert client.get_user() is not None


def test_sign_in_and_wrong_passwords(auth_client: Client, email: str) -> None:
    auth_client().sign_up({"email": email, "password": "correct-horse-9"})
    client = auth_client()
    session = client.sign_in_with_password({"email": email.upper(), "password": "correct-horse-9"}).session
    assert session is not None and session.user.email == email
    for wrong in ({"email": email, "password": "wrong-password-1"},
                  {"email": "nobody-" + email, "password": "correct-horse-9"}):
        with pytest.raises(AuthApiError) as caught:
            auth_client().sign_in_with_password(wrong)  # type: ignore[arg-type]
        assert caught.value.message == "Invalid login credentials"
        assert caught.value.code == "invalid_credentials" and caught.value.status == 400


def test_sign_up_refuses_taken_weak_and_malformed(auth_client: Client, email: str) -> None:
    auth_client().sign_up({"email": email, "password": "correct-horse-9"})
    with pytest.raises(AuthApiError) as taken:
        auth_client().sign_up({"email": email.title(), "password": "another-pass-9"})
    assert taken.value.code == "user_already_exists" and taken.value.status == 422
    with pytest.raises(AuthWeakPasswordError) as weak:
        auth_client().sign_up({"email": "other-" + email, "password": "short"})
    assert weak.value.status == 422 and "at least 8 characters" in weak.value.message
    with pytest.raises(AuthApiError) as malformed:
        auth_client().sign_up({"email": "not-an-email", "password": "correct-horse-9"})
    assert malformed.value.code == "validation_failed" and malformed.value.status == 400


def test_update_user_password_metadata_and_email(auth_client: Client, email: str) -> None:
    client = auth_client()
    client.sign_up({"email": email, "password": "correct-horse-9", "options": {"data": {"first_name": "Maya"}}})
    updated = client.update_user({"password": "new-password-22", "data": {"last_name": "Chen"}})
    assert updated.user.user_metadata == {"first_name": "Maya", "last_name": "Chen"}
    new_email = "moved-" + email
    # A new address takes effect once the link sent to it is followed (tests/api/auth/test_sensitive_changes.py).
    assert client.update_user({"email": new_email}).user.email == email
    assert auth_client().sign_in_with_password({"email": email, "password": "new-password-22"}).session
    with pytest.raises(AuthWeakPasswordError):
        client.update_user({"password": "2short"})


def test_settings_describe_the_providers(api_url: str) -> None:
    response = httpx.get(f"{api_url}/auth/v1/settings")
    body = response.json()
    assert response.status_code == 200 and response.headers["x-supabase-api-version"] == "2024-01-01"
    assert body["external"]["email"] is True and body["external"]["google"] is False
    assert body["mailer_autoconfirm"] is True and body["disable_signup"] is False


def test_errors_are_in_gotrue_shape(api_url: str) -> None:
    response = httpx.post(f"{api_url}/auth/v1/token?grant_type=password",
                          json={"email": "x@example.com", "password": "nope-nope"})
    assert response.status_code == 400
    assert response.json() == {"code": "invalid_credentials", "error_code": "invalid_credentials",
                               "msg": "Invalid login credentials", "message": "Invalid login credentials"}
    assert httpx.post(f"{api_url}/auth/v1/token?grant_type=magic", json={}).json()["code"] == "unsupported_grant_type"
    assert httpx.get(f"{api_url}/auth/v1/user").status_code == 401
    bad = httpx.get(f"{api_url}/auth/v1/user", headers={"Authorization": "Bearer not.a.jwt"})
    assert bad.status_code == 403 and bad.json()["code"] == "bad_jwt"
