"""Sensitive changes, as the probe found them: with only an access token, a new password or e-mail address took
effect at once. Both now need reauthentication (the current password, or a session that signed in within the
last few minutes: a sign-in, a recovery link), and a new e-mail is confirmed at the new address."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
from sqlalchemy import text

from api.core.db import Database, privileged_session
from tests.api.auth.conftest import Inbox
from tests.api.auth.test_email_links import _fragment, _link


def _signed_up(api_url: str, email: str) -> dict[str, str]:
    body = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "first-pass-123"}).json()
    return {"Authorization": f"Bearer {body['access_token']}"}


def _age_sessions(database: Database, email: str, minutes: int = 30) -> None:
    """As if the session had signed in half an hour ago (a token stolen from a session left open)."""
    with privileged_session(database) as s:
        s.execute(text("UPDATE auth_sessions SET created_at = :t WHERE user_id = "
                       "(SELECT id FROM users WHERE email = :e)"),
                  {"t": datetime.now(UTC) - timedelta(minutes=minutes), "e": email})


def _signs_in(api_url: str, email: str, password: str) -> bool:
    return httpx.post(f"{api_url}/auth/v1/token?grant_type=password",
                      json={"email": email, "password": password}).status_code == 200


def test_an_old_session_cannot_change_the_password_alone(api_url: str, email: str, database: Database) -> None:
    headers = _signed_up(api_url, email)
    _age_sessions(database, email)
    refused = httpx.put(f"{api_url}/auth/v1/user", json={"password": "taken-over-99"}, headers=headers)
    assert refused.status_code == 400 and refused.json()["error_code"] == "reauthentication_needed"
    wrong = httpx.put(f"{api_url}/auth/v1/user", json={"password": "taken-over-99", "current_password": "guess-1234"},
                      headers=headers)
    assert wrong.status_code == 400 and wrong.json()["error_code"] == "reauthentication_not_valid"
    assert _signs_in(api_url, email, "first-pass-123") and not _signs_in(api_url, email, "taken-over-99")
    ok = httpx.put(f"{api_url}/auth/v1/user", json={"password": "my-new-pass-77", "current_password": "first-pass-123"},
                   headers=headers)
    assert ok.status_code == 200 and _signs_in(api_url, email, "my-new-pass-77")


def test_an_old_session_cannot_change_the_email_alone(api_url: str, email: str, database: Database,
                                                      smtp: Inbox) -> None:
    headers = _signed_up(api_url, email)
    _age_sessions(database, email)
    thief = "thief-" + email
    refused = httpx.put(f"{api_url}/auth/v1/user", json={"email": thief}, headers=headers)
    assert refused.status_code == 400 and refused.json()["error_code"] == "reauthentication_needed"
    assert httpx.get(f"{api_url}/auth/v1/user", headers=headers).json()["email"] == email
    # Metadata alone needs no reauthentication.
    assert httpx.put(f"{api_url}/auth/v1/user", json={"data": {"nick": "M"}}, headers=headers).status_code == 200


def test_a_new_email_is_confirmed_at_the_new_address(api_url: str, email: str, smtp: Inbox) -> None:
    headers = _signed_up(api_url, email)  # a fresh sign-in counts as recent authentication
    moved = "moved-" + email
    pending = httpx.put(f"{api_url}/auth/v1/user", json={"email": moved}, headers=headers)
    assert pending.status_code == 200
    assert pending.json()["email"] == email and pending.json()["new_email"] == moved
    assert _signs_in(api_url, email, "first-pass-123") and not _signs_in(api_url, moved, "first-pass-123")
    followed = httpx.get(_link(smtp.wait_for(moved)))
    assert "error" not in _fragment(followed.headers["location"])
    assert _signs_in(api_url, moved, "first-pass-123") and not _signs_in(api_url, email, "first-pass-123")


def test_a_recovery_link_is_reauthentication_enough(api_url: str, email: str, smtp: Inbox,
                                                    database: Database) -> None:
    _signed_up(api_url, email)
    _age_sessions(database, email)
    assert httpx.post(f"{api_url}/auth/v1/recover", json={"email": email}).status_code == 200
    tokens = _fragment(httpx.get(_link(smtp.wait_for(email))).headers["location"])
    changed = httpx.put(f"{api_url}/auth/v1/user", json={"password": "after-reset-55"},
                        headers={"Authorization": f"Bearer {tokens['access_token']}"})
    assert changed.status_code == 200 and _signs_in(api_url, email, "after-reset-55")
