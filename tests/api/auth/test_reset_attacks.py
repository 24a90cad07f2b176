"""Password reset, as the probe found it: an older recovery link still signed in after a newer one was used, and
sessions from before the reset stayed valid. A reset (a new password) ends every other session and every other
link; following a recovery link ends every other link."""

from __future__ import annotations

import time

import httpx

from tests.api.auth.conftest import Inbox
from tests.api.auth.test_email_links import _fragment, _link


def _links(smtp: Inbox, email: str, count: int, timeout: float = 15.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [_link(m) for m in smtp.messages if m["To"] == email]
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{count} e-mails to {email} did not arrive")


def _sign_in(api_url: str, email: str, password: str) -> httpx.Response:
    return httpx.post(f"{api_url}/auth/v1/token?grant_type=password", json={"email": email, "password": password})


def _sign_up(api_url: str, email: str) -> None:
    response = httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "first-pass-123"})
    assert response.status_code == 200


def _recover(api_url: str, email: str) -> None:
    assert httpx.post(f"{api_url}/auth/v1/recover", json={"email": email}).status_code == 200


def test_a_used_recovery_link_ends_the_older_ones(api_url: str, email: str, smtp: Inbox) -> None:
    _sign_up(api_url, email)
    _recover(api_url, email)
    _recover(api_url, email)
    older, newer = _links(smtp, email, 2)
    assert "access_token" in _fragment(httpx.get(newer).headers["location"])
    assert _fragment(httpx.get(older).headers["location"])["error_code"] == "otp_expired"


def test_a_new_password_ends_every_other_session_and_link(api_url: str, email: str, smtp: Inbox) -> None:
    _sign_up(api_url, email)
    laptop = _sign_in(api_url, email, "first-pass-123").json()  # a session someone else may hold
    _recover(api_url, email)
    _recover(api_url, email)
    used, spare = _links(smtp, email, 2)
    phone = _fragment(httpx.get(used).headers["location"])
    # The spare link was ended when the other was followed; request one more, outstanding during the reset.
    _recover(api_url, email)
    outstanding = _links(smtp, email, 3)[2]

    changed = httpx.put(f"{api_url}/auth/v1/user", json={"password": "second-pass-456"},
                        headers={"Authorization": f"Bearer {phone['access_token']}"})
    assert changed.status_code == 200, changed.text

    # The session that reset the password goes on; the one from before is over, its refresh token too.
    assert httpx.get(f"{api_url}/auth/v1/user",
                     headers={"Authorization": f"Bearer {phone['access_token']}"}).status_code == 200
    assert httpx.get(f"{api_url}/auth/v1/user",
                     headers={"Authorization": f"Bearer {laptop['access_token']}"}).status_code == 403
    assert httpx.get(f"{api_url}/api/v1/profile",
                     headers={"Authorization": f"Bearer {laptop['access_token']}"}).status_code == 401
    refreshed = httpx.post(f"{api_url}/auth/v1/token?grant_type=refresh_token",
                           json={"refresh_token": laptop["refresh_token"]})
    assert refreshed.status_code == 400
    # No link sent before the reset signs in any more.
    for link in (spare, outstanding):
        assert _fragment(httpx.get(link).headers["location"])["error_code"] == "otp_expired"
    assert _sign_in(api_url, email, "first-pass-123").status_code == 400
    assert _sign_in(api_url, email, "second-pass-456").status_code == 200


def test_metadata_changes_leave_other_sessions_alone(api_url: str, email: str) -> None:
    _sign_up(api_url, email)
    one, two = (_sign_in(api_url, email, "first-pass-123").json() for _ in range(2))
    changed = httpx.put(f"{api_url}/auth/v1/user", json={"data": {"display_name": "Maya"}},
                        headers={"Authorization": f"Bearer {one['access_token']}"})
    assert changed.status_code == 200
    assert httpx.get(f"{api_url}/auth/v1/user",
                     headers={"Authorization": f"Bearer {two['access_token']}"}).status_code == 200
