"""GET /api/v1/site: the contact address the public pages show, configured or derived, never a placeholder."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from api.core.config import Settings
from api.site.service import contact_email


def test_the_contact_address_is_public_and_from_the_settings(api: TestClient) -> None:
    response = api.get("/api/v1/site")
    assert response.status_code == 200
    assert response.json() == {"contact_email": contact_email(Settings())}
    assert "example" not in response.json()["contact_email"]


@pytest.mark.parametrize(("env", "expected"), [
    ({"FIREPATH_CONTACT_EMAIL": "help@fire.example.ca", "FIREPATH_PUBLIC_URL": "https://www.other.ca"},
     "help@fire.example.ca"),
    ({"FIREPATH_PUBLIC_URL": "https://www.firepath.ca/app"}, "support@firepath.ca"),
    ({"FIREPATH_PUBLIC_URL": "http://127.0.0.1:8000", "SMTP_FROM": "FIRE Path <no-reply@mail.firepath.ca>"},
     "support@mail.firepath.ca"),
    ({"FIREPATH_PUBLIC_URL": "http://localhost:8000", "FIREPATH_CONTACT_EMAIL": "  "}, "support@firepath.local"),
])
def test_the_address_is_configured_or_derived(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                              expected: str) -> None:
    for name in ("FIREPATH_CONTACT_EMAIL", "FIREPATH_PUBLIC_URL", "SMTP_FROM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert contact_email(Settings()) == expected


def test_a_malformed_configured_address_is_refused_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREPATH_CONTACT_EMAIL", "not an address")
    with pytest.raises(ValidationError):
        Settings()
