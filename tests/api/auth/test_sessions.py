"""Access tokens, refresh-token rotation (reuse detection, concurrent refresh), logout scopes, and the
API's current-user check."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from supabase_auth import SyncGoTrueClient

from api.auth import tokens
from api.core.config import Settings

Client = Callable[..., SyncGoTrueClient]


def _signed_up(api_url: str, email: str, password: str = "correct-horse-9") -> dict[str, Any]:
    response = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": password,
                                                             "data": {"first_name": "Maya"}})
    assert response.status_code == 200, response.text
    return dict(response.json())


def _sign_in(api_url: str, email: str, password: str = "correct-horse-9") -> dict[str, Any]:
    response = httpx.post(f"{api_url}/auth/v1/token?grant_type=password", json={"email": email, "password": password})
    assert response.status_code == 200, response.text
    return dict(response.json())


def _refresh(api_url: str, token: str) -> httpx.Response:
    return httpx.post(f"{api_url}/auth/v1/token?grant_type=refresh_token", json={"refresh_token": token})


def _me(api_url: str, access: str) -> int:
    return httpx.get(f"{api_url}/auth/v1/user", headers={"Authorization": f"Bearer {access}"}).status_code


def _part(token: str, index: int) -> dict[str, Any]:
    segment = token.split(".")[index]
    return dict(json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))))


def test_access_token_claims(api_url: str, email: str, settings: Settings) -> None:
    session = _signed_up(api_url, email)
    header, claims = _part(session["access_token"], 0), _part(session["access_token"], 1)
    assert header["alg"] == "HS256" and header["kid"] == tokens.key_id(settings.signing_key())
    assert claims["sub"] == session["user"]["id"] and claims["email"] == email
    assert claims["role"] == "authenticated" and claims["aud"] == "authenticated"
    assert claims["exp"] - claims["iat"] == 3600 and claims["session_id"]
    assert claims["app_metadata"]["provider"] == "email" and claims["app_metadata"]["role"] == "user"
    assert claims["user_metadata"] == {"first_name": "Maya"}


def test_rotated_keys_still_verify_old_tokens(api_url: str, email: str, settings: Settings,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    access = _signed_up(api_url, email)["access_token"]
    old_secret = settings.signing_key()
    monkeypatch.setattr(settings, "jwt_secret", "n" * 48)
    with pytest.raises(tokens.InvalidToken):
        tokens.decode_access_token(settings, access)
    monkeypatch.setattr(settings, "jwt_previous_secrets", old_secret)
    assert tokens.decode_access_token(settings, access).email == email


def test_refresh_rotates_and_a_reused_token_revokes_the_session(api_url: str, email: str, settings: Settings,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "auth_refresh_reuse_seconds", 0)
    first = _signed_up(api_url, email)
    second = _refresh(api_url, first["refresh_token"]).json()
    assert second["refresh_token"] != first["refresh_token"] and second["user"]["email"] == email
    assert _me(api_url, second["access_token"]) == 200
    import time

    time.sleep(1.1)
    reused = _refresh(api_url, first["refresh_token"])
    assert reused.status_code == 400 and reused.json()["code"] == "refresh_token_already_used"
    # The whole session is gone: the newest refresh token and the access token stop working too.
    assert _refresh(api_url, second["refresh_token"]).status_code == 400
    assert _me(api_url, second["access_token"]) == 403
    assert _refresh(api_url, "never-issued").json()["code"] == "refresh_token_not_found"


def test_concurrent_refreshes_get_the_same_new_token(api_url: str, email: str) -> None:
    first = _signed_up(api_url, email)
    results: list[httpx.Response] = []
    barrier = threading.Barrier(4)

    def refresh() -> None:
        barrier.wait()
        results.append(_refresh(api_url, first["refresh_token"]))

    threads = [threading.Thread(target=refresh) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status_code for r in results] == [200] * 4
    assert len({r.json()["refresh_token"] for r in results}) == 1
    # ...and that token goes on working.
    assert _refresh(api_url, results[0].json()["refresh_token"]).status_code == 200


def test_supabase_client_refreshes(auth_client: Client, email: str) -> None:
    client = auth_client()
    client.sign_up({"email": email, "password": "correct-horse-9"})
    before = client.get_session()
    assert before is not None
    after = client.refresh_session().session
    assert after is not None and after.refresh_token != before.refresh_token


@pytest.mark.parametrize(("scope", "first_alive", "second_alive"),
                         [("global", False, False), ("local", True, False), ("others", False, True)])
def test_logout_scopes(api_url: str, email: str, scope: str, first_alive: bool, second_alive: bool) -> None:
    first = _signed_up(api_url, email)
    second = _sign_in(api_url, email)
    response = httpx.post(f"{api_url}/auth/v1/logout?scope={scope}",
                          headers={"Authorization": f"Bearer {second['access_token']}"})
    assert response.status_code == 204
    assert (_me(api_url, first["access_token"]) == 200) is first_alive
    assert (_me(api_url, second["access_token"]) == 200) is second_alive
    assert (_refresh(api_url, second["refresh_token"]).status_code == 200) is second_alive


def test_supabase_sign_out(auth_client: Client, email: str, api_url: str) -> None:
    client = auth_client()
    session = client.sign_up({"email": email, "password": "correct-horse-9"}).session
    assert session is not None
    client.sign_out()
    assert client.get_session() is None
    assert _me(api_url, session.access_token) == 403


def test_the_api_knows_the_user_and_rejects_revoked_sessions(api_url: str, email: str) -> None:
    session = _signed_up(api_url, email)
    headers = {"Authorization": f"Bearer {session['access_token']}"}
    role = httpx.get(f"{api_url}/api/v1/me/role", headers=headers)
    assert role.status_code == 200 and role.json() == {"role": "user"}
    assert httpx.get(f"{api_url}/api/v1/me/role").json()["code"] == "not_authenticated"
    bad = httpx.get(f"{api_url}/api/v1/me/role", headers={"Authorization": "Bearer x.y.z"})
    assert bad.status_code == 401 and bad.json()["code"] == "invalid_token"
    httpx.post(f"{api_url}/auth/v1/logout", headers=headers)
    revoked = httpx.get(f"{api_url}/api/v1/me/role", headers=headers)
    assert revoked.status_code == 401 and revoked.json()["code"] == "session_revoked"
