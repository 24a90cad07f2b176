"""GET /auth/v1/settings: GoTrue's description of the sign-in methods, which the web client reads to show
"Continue with Google" only when Google sign-in is configured (a client id and a client secret)."""

from __future__ import annotations

import httpx
import pytest

from api.core.config import Settings
from tests.support.oidc import Issuer


def _external(api_url: str) -> dict[str, bool]:
    response = httpx.get(f"{api_url}/auth/v1/settings")
    assert response.status_code == 200
    assert response.headers["x-supabase-api-version"] == "2024-01-01"
    external: dict[str, bool] = response.json()["external"]
    return external


def test_google_is_off_without_credentials(api_url: str, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "google_client_id", None)
    monkeypatch.setattr(settings, "google_client_secret", None)
    external = _external(api_url)
    assert external["google"] is False and external["email"] is True


@pytest.mark.parametrize(("client_id", "secret"), [("id.apps.googleusercontent.com", None), (None, "secret"),
                                                   ("", "secret")])
def test_google_is_off_with_half_its_credentials(api_url: str, settings: Settings, monkeypatch: pytest.MonkeyPatch,
                                                 client_id: str | None, secret: str | None) -> None:
    monkeypatch.setattr(settings, "google_client_id", client_id)
    monkeypatch.setattr(settings, "google_client_secret", secret)
    assert _external(api_url)["google"] is False


def test_google_is_on_with_a_client_id_and_secret(api_url: str, google: Issuer) -> None:
    assert _external(api_url)["google"] is True
    # And what the settings promise works: /authorize starts the Google round trip instead of refusing it.
    start = httpx.get(f"{api_url}/auth/v1/authorize?provider=google", follow_redirects=False)
    assert start.status_code == 302 and start.headers["location"].startswith(google.base_url)
