"""Auth redirect targets: the open redirect an outside probe found (tokens sent to evil.example through
`http://localhost:@evil.example/...`), its variants, and the targets that must keep working."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import httpx
import pytest

from api.auth.flows import redirect_allowed, safe_redirect
from api.core.config import Settings

FOREIGN = [
    "http://localhost:@evil.example/steal",
    "http://127.0.0.1:@evil.example/steal",
    "http://localhost:8766@evil.example/steal",
    "http://localhost:1\\@evil.example/steal",
    "http://localhost:5173@evil.example/",
    "http://user:pass@localhost:5173/",
    "http://localhost:5173\\@evil.example",
    "http://evil.example/?http://localhost:5173/",
    "http://evil.example#http://localhost:5173/",
    "//evil.example/steal",
    "/\\evil.example",
    "https://evil.example",
    "http://localhost.evil.example:5173/",
    "http://localhost:9999/",  # loopback, but not the dev server's origin nor this server's
    "http://127.0.0.1:5173.evil.example/",
    "http://localhost:5173 @evil.example",
    "http://local\thost:5173/",
    "javascript:alert(1)//localhost:5173",
    "data:text/html,<script>alert(1)</script>",
    "firepath:evil",  # the app scheme, but not the form its pattern allows
    "http://[::1]:5173/",
    "http://localhost:abc/",
    "",
]


@pytest.fixture
def dev() -> Settings:
    return Settings(FIREPATH_ENV="development", FIREPATH_PORT=8000, FIREPATH_PUBLIC_URL="",
                    FIREPATH_AUTH_REDIRECT_URLS="firepath://*,https://app.example.org/auth/*")


@pytest.mark.parametrize("target", FOREIGN)
def test_foreign_and_ambiguous_targets_are_refused(dev: Settings, target: str) -> None:
    assert not redirect_allowed(dev, target)
    assert safe_redirect(dev, target, "/reset-password") == "http://localhost:8000/reset-password"


@pytest.mark.parametrize("target", [
    "http://localhost:8000/reset-password",
    "http://127.0.0.1:8000/onboarding/wizard?x=1",
    "http://localhost:5173/reset-password",
    "http://127.0.0.1:5173/",
    "HTTP://LOCALHOST:5173/reset-password",
    "firepath://auth-callback",
    "https://app.example.org/auth/callback",
    "https://app.example.org:443/auth/done",
])
def test_own_dev_and_configured_targets_are_kept(dev: Settings, target: str) -> None:
    assert redirect_allowed(dev, target)
    assert safe_redirect(dev, target, "/x") == target


@pytest.mark.parametrize("target", [
    "https://app.example.org/other",  # outside the pattern's path
    "http://app.example.org/auth/callback",  # another scheme
    "https://app.example.org:8443/auth/callback",  # another port
    "https://x@app.example.org/auth/callback",
])
def test_configured_patterns_match_origin_exactly(dev: Settings, target: str) -> None:
    assert not redirect_allowed(dev, target)


def test_production_allows_no_loopback_but_its_own_origin() -> None:
    prod = Settings(FIREPATH_ENV="production", FIREPATH_PUBLIC_URL="https://plan.example.com",
                    FIREPATH_JWT_SECRET="x" * 48)
    assert redirect_allowed(prod, "https://plan.example.com/reset-password")
    assert not redirect_allowed(prod, "http://localhost:5173/reset-password")
    assert not redirect_allowed(prod, "http://127.0.0.1:8000/")
    assert not redirect_allowed(prod, "https://plan.example.com:444/")
    assert not redirect_allowed(prod, "https://plan.example.com@evil.example/")


def _location_host(location: str) -> str:
    return urlsplit(location).hostname or ""


@pytest.mark.parametrize("target", FOREIGN[:6])
def test_a_recovery_link_never_carries_tokens_abroad(api_url: str, auth_client, email: str, smtp,  # type: ignore[no-untyped-def]
                                                      target: str) -> None:
    from tests.api.auth.test_email_links import _fragment, _link
    auth_client().sign_up({"email": email, "password": "forgotten-pass-1"})
    response = httpx.post(f"{api_url}/auth/v1/recover?redirect_to={quote(target, safe='')}", json={"email": email})
    assert response.status_code == 200
    followed = httpx.get(_link(smtp.wait_for(email)))
    location = followed.headers["location"]
    assert location.startswith(f"{api_url}/reset-password#"), location
    assert "access_token" in _fragment(location)


@pytest.mark.parametrize("target", FOREIGN[:6])
def test_a_bogus_token_redirects_nowhere_foreign(api_url: str, target: str) -> None:
    followed = httpx.get(f"{api_url}/auth/v1/verify", params={"token": "bogus", "type": "recovery",
                                                               "redirect_to": target})
    assert followed.status_code in (302, 303)
    location = followed.headers["location"]
    assert _location_host(location) == urlsplit(api_url).hostname, location
    assert "evil" not in location.split("#")[0]
