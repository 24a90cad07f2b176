"""Access tokens (HS256 JWTs with a `kid`, so keys can rotate) and refresh tokens.

Refresh tokens form a chain per session: the first is random, each next one is an HMAC of the previous
under the signing key. Only their hashes are stored, yet the server can recompute the successor of a
token it is shown, which is how concurrent refreshes within the reuse interval all receive the same new
token (see `service.refresh_session`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
import uuid
from dataclasses import dataclass
from typing import Any

from joserfc import jws, jwt
from joserfc.errors import JoseError
from joserfc.jwk import OctKey
from joserfc.jwt import JWTClaimsRegistry

from api.core.config import Settings
from api.core.i18n import msg
from api.core.security import new_token

AUDIENCE = "authenticated"
ALGORITHM = "HS256"


class InvalidToken(Exception):
    """The access token is malformed, badly signed, expired or for another audience."""


def key_id(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()[:16]


def _keys(settings: Settings) -> dict[str, str]:
    """Current signing key first, then previous ones still accepted for verification."""
    current = settings.signing_key()
    keys = {key_id(current): current}
    for old in (settings.jwt_previous_secrets or "").split(","):
        if old.strip():
            keys.setdefault(key_id(old.strip()), old.strip())
    return keys


def issuer(settings: Settings) -> str:
    return f"{settings.site_url}/auth/v1"


def encode_access_token(settings: Settings, claims: dict[str, Any]) -> str:
    secret = settings.signing_key()
    header = {"alg": ALGORITHM, "typ": "JWT", "kid": key_id(secret)}
    return jwt.encode(header, claims, OctKey.import_key(secret), algorithms=[ALGORITHM])


@dataclass(frozen=True)
class AccessClaims:
    user_id: uuid.UUID
    session_id: uuid.UUID
    email: str
    expires_at: int
    raw: dict[str, Any]


_verified: dict[tuple[str, str, str], AccessClaims] = {}
_VERIFIED_MAX = 4096


def decode_access_token(settings: Settings, token: str) -> AccessClaims:
    """Verify an access token. A token verified before under the same keys is answered from memory until
    it expires (its signature cannot change; its expiry is checked on every use)."""
    cache_key = (token, settings.signing_key(), settings.jwt_previous_secrets or "")
    known = _verified.get(cache_key)
    if known is not None and known.expires_at > time.time() - 5:  # the same 5 s leeway as the full check
        return known
    claims = _decode_access_token(settings, token)
    if len(_verified) >= _VERIFIED_MAX:
        _verified.clear()
    _verified[cache_key] = claims
    return claims


def _decode_access_token(settings: Settings, token: str) -> AccessClaims:
    try:
        header = jws.extract_compact(token.encode()).headers()
    except Exception as exc:  # malformed input of any kind
        raise InvalidToken("invalid JWT: unable to parse or verify signature, token is malformed") from exc
    keys = _keys(settings)
    candidates = [keys[header["kid"]]] if header.get("kid") in keys else list(keys.values())
    for secret in candidates:
        try:
            token_obj = jwt.decode(token, OctKey.import_key(secret), algorithms=[ALGORITHM])
        except JoseError:
            continue
        except Exception as exc:
            raise InvalidToken("invalid JWT: unable to parse or verify signature") from exc
        break
    else:
        raise InvalidToken("invalid JWT: unable to parse or verify signature, signature is invalid")
    claims = token_obj.claims
    try:
        JWTClaimsRegistry(leeway=5, aud={"essential": True, "value": AUDIENCE},
                          exp={"essential": True}, sub={"essential": True}).validate(claims)
    except JoseError as exc:
        raise InvalidToken(msg("bad_jwt.other", reason=exc.description or exc.error)) from exc
    try:
        return AccessClaims(user_id=uuid.UUID(str(claims["sub"])), session_id=uuid.UUID(str(claims["session_id"])),
                            email=str(claims.get("email", "")), expires_at=int(claims["exp"]), raw=claims)
    except (KeyError, ValueError) as exc:
        raise InvalidToken("invalid JWT: missing sub or session_id") from exc


def now() -> int:
    return int(time.time())


def first_refresh_token() -> str:
    return new_token(24)


def next_refresh_token(settings: Settings, previous: str) -> str:
    digest = hmac.new(settings.signing_key().encode(), f"refresh:{previous}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]
