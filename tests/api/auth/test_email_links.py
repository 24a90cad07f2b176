"""Recovery and confirmation e-mails, received over real SMTP (or the outbox) and followed like a user."""

from __future__ import annotations

import re
from collections.abc import Callable
from email.message import Message
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from supabase_auth import SyncGoTrueClient
from supabase_auth.errors import AuthApiError

from api.core.config import Settings
from tests.api.auth.conftest import Inbox
from tests.support.mail import plain_text

Client = Callable[..., SyncGoTrueClient]
LINK = re.compile(r"(http://\S+/auth/v1/verify\S+)")


def _link(message: Message) -> str:
    body = plain_text(message)
    found = LINK.search(body)
    assert found, body
    return found.group(1)


def _fragment(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).fragment).items()}


def test_recovery_link_signs_in_to_reset_the_password(auth_client: Client, api_url: str, email: str,
                                                      smtp: Inbox) -> None:
    auth_client().sign_up({"email": email, "password": "forgotten-pass-1"})
    response = httpx.post(f"{api_url}/auth/v1/recover?redirect_to={api_url}/reset-password", json={"email": email})
    assert response.status_code == 200 and response.json() == {}
    message = smtp.wait_for(email)
    assert message["Subject"] == "Reset your FIRE Path password"
    followed = httpx.get(_link(message))
    assert followed.status_code == 303
    location = followed.headers["location"]
    assert location.startswith(f"{api_url}/reset-password#")
    tokens = _fragment(location)
    assert tokens["type"] == "recovery" and tokens["token_type"] == "bearer"
    changed = httpx.put(f"{api_url}/auth/v1/user", json={"password": "brand-new-pass-2"},
                        headers={"Authorization": f"Bearer {tokens['access_token']}"})
    assert changed.status_code == 200
    assert auth_client().sign_in_with_password({"email": email, "password": "brand-new-pass-2"}).session
    # The link works once.
    again = httpx.get(_link(message))
    assert _fragment(again.headers["location"])["error_code"] == "otp_expired"


def test_recovery_never_reveals_whether_an_account_exists(api_url: str, smtp: Inbox) -> None:
    response = httpx.post(f"{api_url}/auth/v1/recover", json={"email": "nobody-here@example.com"})
    assert response.status_code == 200 and response.json() == {}
    with pytest.raises(AssertionError):
        smtp.wait_for("nobody-here@example.com", timeout=1.0)


def test_pkce_recovery_with_the_supabase_client(auth_client: Client, api_url: str, email: str, smtp: Inbox) -> None:
    auth_client().sign_up({"email": email, "password": "forgotten-pass-1"})
    client = auth_client("pkce")
    client.reset_password_for_email(email, {"redirect_to": f"{api_url}/reset-password"})
    location = httpx.get(_link(smtp.wait_for(email))).headers["location"]
    assert location.startswith(f"{api_url}/reset-password?code=")
    code = parse_qs(urlsplit(location).query)["code"][0]
    session = client.exchange_code_for_session({"auth_code": code}).session
    assert session is not None and session.user.email == email


def test_without_smtp_the_message_lands_in_the_outbox(api_url: str, auth_client: Client, email: str,
                                                       settings: Settings) -> None:
    auth_client().sign_up({"email": email, "password": "forgotten-pass-1"})
    outbox = settings.data_dir / "outbox"
    before = set(outbox.glob("*.eml")) if outbox.exists() else set()
    httpx.post(f"{api_url}/auth/v1/recover", json={"email": email})
    import time

    deadline = time.monotonic() + 10
    new: set[Path] = set()
    while time.monotonic() < deadline and not new:
        new = {p for p in outbox.glob("*.eml") if p not in before} if outbox.exists() else set()
        time.sleep(0.05)
    assert len(new) == 1
    text = new.pop().read_text()
    assert f"To: {email}" in text and "/auth/v1/verify?token=" in text


def test_email_confirmation(api_url: str, auth_client: Client, email: str, smtp: Inbox, settings: Settings,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "auth_confirm_email", True)
    signed_up = auth_client().sign_up({"email": email, "password": "correct-horse-9"})
    assert signed_up.session is None and signed_up.user is not None
    with pytest.raises(AuthApiError) as unconfirmed:
        auth_client().sign_in_with_password({"email": email, "password": "correct-horse-9"})
    assert unconfirmed.value.code == "email_not_confirmed"
    message = smtp.wait_for(email)
    assert message["Subject"] == "Confirm your FIRE Path account"
    location = httpx.get(_link(message)).headers["location"]
    assert location.startswith(f"{settings.site_url}/onboarding/wizard#access_token=")
    assert auth_client().sign_in_with_password({"email": email, "password": "correct-horse-9"}).session
