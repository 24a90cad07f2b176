"""Google sign-in against a local OpenID Connect issuer on loopback: the whole round trip, PKCE for the web
and tokens in the deep link for the native app, and one user per verified e-mail."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import httpx
from supabase_auth import SyncGoTrueClient

from tests.support.oidc import Issuer

Client = Callable[..., SyncGoTrueClient]


def _follow_to_app(start: str, api_url: str) -> str:
    """Follow redirects through the issuer and our callback until they leave for the app; return that URL."""
    url = start
    for _ in range(6):
        response = httpx.get(url, follow_redirects=False)
        assert response.status_code in (302, 303), response.text
        url = response.headers["location"]
        if not url.startswith(("http://127.0.0.1",)) or url.startswith(f"{api_url}/auth-callback"):
            return url
    raise AssertionError("too many redirects")


def test_web_pkce_round_trip(auth_client: Client, api_url: str, google: Issuer) -> None:
    email = f"g-{uuid.uuid4().hex[:8]}@gmail.example.com"
    google.sign_in_as(sub=f"google-{uuid.uuid4().hex}", email=email, name="Maya Chen")
    client = auth_client("pkce")
    start = client.sign_in_with_oauth({"provider": "google", "options": {"redirect_to": f"{api_url}/auth-callback"}})
    assert "code_challenge=" in start.url
    landed = _follow_to_app(start.url, api_url)
    assert landed.startswith(f"{api_url}/auth-callback?code=")
    code = parse_qs(urlsplit(landed).query)["code"][0]
    session = client.exchange_code_for_session({"auth_code": code}).session
    assert session is not None and session.user.email == email
    assert session.user.user_metadata["full_name"] == "Maya Chen"
    assert [i.provider for i in session.user.identities or []] == ["google"]
    # A code works once.
    replay = httpx.post(f"{api_url}/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": "x" * 43})
    assert replay.status_code == 404 and replay.json()["code"] == "flow_state_not_found"


def test_native_deep_link_gets_tokens(api_url: str, google: Issuer) -> None:
    google.sign_in_as(sub=f"google-{uuid.uuid4().hex}", email=f"n-{uuid.uuid4().hex[:8]}@gmail.example.com")
    start = f"{api_url}/auth/v1/authorize?provider=google&redirect_to=firepath://auth-callback"
    landed = _follow_to_app(start, api_url)
    assert landed.startswith("firepath://auth-callback#")
    fragment = parse_qs(urlsplit(landed).fragment)
    user = httpx.get(f"{api_url}/auth/v1/user", headers={"Authorization": f"Bearer {fragment['access_token'][0]}"})
    assert user.status_code == 200 and user.json()["app_metadata"]["provider"] == "google"


def test_google_and_password_accounts_with_one_verified_email_are_one_user(auth_client: Client, api_url: str,
                                                                           google: Issuer) -> None:
    email = f"both-{uuid.uuid4().hex[:8]}@gmail.example.com"
    password_user = auth_client().sign_up({"email": email, "password": "correct-horse-9"}).user
    assert password_user is not None
    google.sign_in_as(sub=f"google-{uuid.uuid4().hex}", email=email)
    client = auth_client("pkce")
    start = client.sign_in_with_oauth({"provider": "google", "options": {"redirect_to": f"{api_url}/auth-callback"}})
    code = parse_qs(urlsplit(_follow_to_app(start.url, api_url)).query)["code"][0]
    session = client.exchange_code_for_session({"auth_code": code}).session
    assert session is not None and session.user.id == password_user.id
    assert sorted(i.provider for i in session.user.identities or []) == ["email", "google"]
    # The password still works for the same user.
    again = auth_client().sign_in_with_password({"email": email, "password": "correct-horse-9"}).user
    assert again is not None and again.id == password_user.id


def test_bad_state_and_disabled_provider(api_url: str) -> None:
    response = httpx.get(f"{api_url}/auth/v1/callback?code=abc&state=forged")
    assert response.status_code == 302 and "bad_oauth_state" in response.headers["location"]
    disabled = httpx.get(f"{api_url}/auth/v1/authorize?provider=google")
    assert disabled.status_code == 400 and disabled.json()["code"] == "provider_disabled"
    unknown = httpx.get(f"{api_url}/auth/v1/authorize?provider=myspace")
    assert unknown.status_code == 400
