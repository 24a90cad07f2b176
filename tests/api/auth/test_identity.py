"""One account per mailbox: the probe made two accounts with composed and decomposed accents (NFC/NFD), and
with a Unicode domain and its punycode. Addresses are normalised (NFC, IDNA domain, lower case) before every
uniqueness check and lookup."""

from __future__ import annotations

import uuid

import httpx
import pytest

from api.auth.service import normalise_email


@pytest.mark.parametrize(("given", "expected"), [
    ("  Saver@Example.COM ", "saver@example.com"),
    ("jos\u00e9@example.com", "jos\u00e9@example.com"),
    ("jose\u0301@example.com", "jos\u00e9@example.com"),  # decomposed accent -> composed
    ("x@b\u00fccher.example", "x@xn--bcher-kva.example"),
    ("x@B\u00dcCHER.Example", "x@xn--bcher-kva.example"),
    ("x@bu\u0308cher.example", "x@xn--bcher-kva.example"),
    ("x@xn--bcher-kva.example", "x@xn--bcher-kva.example"),
    ("x@example.com.", "x@example.com"),
])
def test_one_spelling_per_mailbox(given: str, expected: str) -> None:
    assert normalise_email(given) == expected


def _sign_up(api_url: str, email: str) -> httpx.Response:
    return httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "first-pass-123"})


@pytest.mark.parametrize(("first", "second"), [
    ("ren\u00e9e-{u}@example.com", "rene\u0301e-{u}@example.com"),
    ("maya-{u}@b\u00fccher.example", "maya-{u}@xn--bcher-kva.example"),
    ("maya-{u}@xn--bcher-kva.example", "MAYA-{u}@B\u00dcCHER.example"),
])
def test_two_spellings_of_one_mailbox_are_one_account(api_url: str, first: str, second: str) -> None:
    tag = uuid.uuid4().hex[:8]
    one = _sign_up(api_url, first.format(u=tag))
    assert one.status_code == 200, one.text
    two = _sign_up(api_url, second.format(u=tag))
    assert two.status_code == 422 and two.json()["error_code"] == "user_already_exists"
    # Either spelling signs in to the one account.
    signed = httpx.post(f"{api_url}/auth/v1/token?grant_type=password",
                        json={"email": second.format(u=tag), "password": "first-pass-123"})
    assert signed.status_code == 200 and signed.json()["user"]["id"] == one.json()["user"]["id"]
