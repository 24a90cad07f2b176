"""Account enumeration: /recover was measurably slower for existing addresses (it looked the account up and
wrote a link before answering). Now the request only checks and records the same task for every address (in
the outbox), and a
sign-up for a taken address with confirmations on answers as GoTrue does (an obfuscated user), so neither
says whether an account exists."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest

from api.auth import flows
from api.core.config import get_settings
from tests.api.auth.conftest import Inbox


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The tasks queued, and the threads that looked an account up by e-mail."""
    seen: dict[str, list[str]] = {"queued": [], "lookups": []}
    defer, lookup = flows.defer, flows.find_user_by_email  # type: ignore[attr-defined]

    def spy_defer(session: Any, task: str, *args: Any) -> None:
        seen["queued"].append(task)
        defer(session, task, *args)

    def spy_lookup(**kwargs: Any) -> Any:
        seen["lookups"].append(threading.current_thread().name)
        return lookup(**kwargs)

    monkeypatch.setattr(flows, "defer", spy_defer)
    monkeypatch.setattr(flows, "find_user_by_email", spy_lookup)
    return seen


def test_recover_does_the_same_work_for_every_address(api_url: str, email: str, smtp: Inbox,
                                                      spied: dict[str, list[str]]) -> None:
    assert httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "first-pass-12"}).is_success
    spied["queued"].clear()
    spied["lookups"].clear()
    known = httpx.post(f"{api_url}/auth/v1/recover", json={"email": email})
    unknown = httpx.post(f"{api_url}/auth/v1/recover", json={"email": "nobody-enum@example.com"})
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json()) == (200, {})
    assert smtp.wait_for(email)["Subject"] == "Reset your FIRE Path password"  # the work still happens
    assert spied["queued"].count("auth.recover") == 2  # one for each address (then the known one's e-mail)
    deadline = time.monotonic() + 10
    while len(spied["lookups"]) < 2 and time.monotonic() < deadline:  # the unknown address's task may still run
        time.sleep(0.05)
    # Every lookup ran on a background thread, after the answer was on its way.
    # (Other tests' background work may look accounts up meanwhile: it runs on those threads too.)
    assert len(spied["lookups"]) >= 2 and all(name.startswith("firepath-outbox") for name in spied["lookups"])


def test_recover_still_refuses_bad_input_at_once(api_url: str) -> None:
    response = httpx.post(f"{api_url}/auth/v1/recover", json={"email": "not an address"})
    assert response.status_code == 400 and response.json()["error_code"] == "validation_failed"


def test_sign_up_for_a_taken_address_with_confirmations_on(api_url: str, email: str, smtp: Inbox,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    first = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "first-pass-123"})
    real_id = first.json()["user"]["id"]
    monkeypatch.setattr(get_settings(), "auth_confirm_email", True)
    new = f"fresh-{email}"
    fresh = httpx.post(f"{api_url}/auth/v1/signup", json={"email": new, "password": "first-pass-123"})
    taken = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "other-pass-456"})
    assert fresh.status_code == taken.status_code == 200
    assert set(taken.json()) <= set(fresh.json())  # the same fields a new account gets
    assert taken.json()["id"] != real_id and taken.json()["identities"] == []
    assert taken.json()["email"] == email and "access_token" not in taken.json()
    smtp.wait_for(new)  # the new address is asked to confirm; the taken one gets nothing
    with pytest.raises(AssertionError):
        smtp.wait_for(email, timeout=1.0)
    # The account is untouched: its own password still signs in, the attempted one does not.
    token = f"{api_url}/auth/v1/token?grant_type=password"
    assert httpx.post(token, json={"email": email, "password": "first-pass-123"}).status_code == 200
    assert httpx.post(token, json={"email": email, "password": "other-pass-456"}).status_code == 400


def test_sign_up_for_a_taken_address_without_confirmations_says_so(api_url: str, email: str) -> None:
    assert httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "first-pass-12"}).is_success
    again = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "first-pass-123"})
    assert again.status_code == 422 and again.json()["error_code"] == "user_already_exists"
