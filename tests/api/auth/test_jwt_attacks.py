"""Forged access tokens, as an outside probe tried them (36 forged tokens): every one is refused by the API
(401 `invalid_token`) and by /auth/v1/user (403 `bad_jwt` or `session_not_found`), and a real token still works.

The forgeries: alg none, HS384 and HS512 under the real key, RS256 in the header, wrong and missing audience,
expired, missing expiry, not yet valid, stripped and flipped signatures, a signature of another token, guessed
keys, claims edited under a valid signature, and another user's `sub` with a real session id signed with the
real key (the session belongs to someone else)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.auth.tokens import encode_access_token, key_id
from api.core.config import get_settings


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _parts(token: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    header, payload, signature = token.split(".")

    def load(part: str) -> dict[str, Any]:
        decoded: dict[str, Any] = json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        return decoded

    return load(header), load(payload), signature


def _sign(header: dict[str, Any], claims: dict[str, Any], secret: str, digest: Any = hashlib.sha256) -> str:
    signing_input = f"{_b64(json.dumps(header).encode())}.{_b64(json.dumps(claims).encode())}"
    signature = hmac.new(secret.encode(), signing_input.encode(), digest).digest()
    return f"{signing_input}.{_b64(signature)}"


def _unsigned(header: dict[str, Any], claims: dict[str, Any]) -> str:
    return f"{_b64(json.dumps(header).encode())}.{_b64(json.dumps(claims).encode())}."


@pytest.fixture
def two(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> tuple[str, str]:
    """Two users' real access tokens."""
    return sign_up()["Authorization"][7:], sign_up()["Authorization"][7:]


def _refused_everywhere(api: TestClient, token: str) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    answer = api.get("/api/v1/profile", headers=headers)
    assert answer.status_code == 401, answer.text
    assert answer.json()["code"] in ("invalid_token", "not_authenticated", "session_revoked")
    auth = api.get("/auth/v1/user", headers=headers)
    assert auth.status_code in (401, 403), auth.text
    assert auth.json()["error_code"] in ("bad_jwt", "session_not_found", "no_authorization")
    assert api.put("/api/v1/income", headers=headers, json={"monthly_take_home": "5000"}).status_code == 401


def forgeries(real: str, other: str) -> dict[str, str]:
    secret = get_settings().signing_key()
    header, claims, signature = _parts(real)
    _, other_claims, other_signature = _parts(other)
    now = int(time.time())
    good_header = {"alg": "HS256", "typ": "JWT", "kid": key_id(secret)}

    def signed(**changes: Any) -> str:
        edited = {**claims, **changes}
        return _sign(good_header, {k: v for k, v in edited.items() if v is not None}, secret)

    body = real.rsplit(".", 1)[0]
    flipped = signature[:-2] + ("AA" if not signature.endswith("AA") else "BB")
    return {
        "alg none": _unsigned({"alg": "none", "typ": "JWT"}, claims),
        "alg None": _unsigned({"alg": "None", "typ": "JWT"}, claims),
        "HS384 under the real key": _sign({**good_header, "alg": "HS384"}, claims, secret, hashlib.sha384),
        "HS512 under the real key": _sign({**good_header, "alg": "HS512"}, claims, secret, hashlib.sha512),
        "RS256 in the header": _sign({**good_header, "alg": "RS256"}, claims, secret),
        "audience anon": signed(aud="anon"),
        "audience service_role": signed(aud="service_role"),
        "no audience": signed(aud=None),
        "expired": signed(exp=now - 120, iat=now - 3720),
        "no expiry": signed(exp=None),
        "not yet valid": signed(nbf=now + 3600),
        "no subject": signed(sub=None),
        "no session id": signed(session_id=None),
        "stripped signature": f"{body}.",
        "signature only dropped": body,
        "flipped signature": f"{body}.{flipped}",
        "another token's signature": f"{body}.{other_signature}",
        "guessed key 'secret'": _sign(good_header, claims, "secret"),
        "guessed key ''": _sign(good_header, claims, ""),
        "guessed key 'changeme'": _sign(good_header, claims, "changeme"),
        "guessed key: the kid": _sign(good_header, claims, key_id(secret)),
        "claims edited under a valid signature (sub)":
            f"{_b64(json.dumps(header).encode())}.{_b64(json.dumps({**claims, 'sub': other_claims['sub']}).encode())}"
            f".{signature}",
        "claims edited under a valid signature (role)":
            f"{_b64(json.dumps(header).encode())}.{_b64(json.dumps({**claims, 'role': 'service_role'}).encode())}"
            f".{signature}",
        "claims edited under a valid signature (exp)":
            f"{_b64(json.dumps(header).encode())}.{_b64(json.dumps({**claims, 'exp': now + 10**6}).encode())}"
            f".{signature}",
        "another user's sub with a real session id":
            encode_access_token(get_settings(), {**claims, "sub": other_claims["sub"]}),
        "a real session id of someone else under my sub":
            encode_access_token(get_settings(), {**claims, "session_id": other_claims["session_id"]}),
        "garbage": "not.a.jwt",
        "empty": "",
    }


def test_every_forgery_is_refused_and_the_real_token_works(api: TestClient, two: tuple[str, str]) -> None:
    real, other = two
    # Warm the session checks' caches first: a cached answer for a real session must not vouch for a forgery.
    for token in (real, other):
        assert api.get("/api/v1/profile", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    built = forgeries(real, other)
    assert len(built) >= 28
    for name, token in built.items():
        try:
            _refused_everywhere(api, token)
        except AssertionError as exc:
            raise AssertionError(f"forgery accepted or mis-answered: {name}: {exc}") from None
    # Nothing above changed either user's data, and the real tokens still work.
    for token in (real, other):
        me = api.get("/api/v1/income", headers={"Authorization": f"Bearer {token}"})
        assert me.status_code == 200 and me.json() is None  # no forged write landed
