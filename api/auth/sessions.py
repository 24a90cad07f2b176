"""Sessions: issuing, refreshing with reuse detection, revoking, and checking that one is still alive."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api.auth import tokens
from api.auth.errors import AuthApiError
from api.auth.models import AuthSession, RefreshToken, User, UserRole
from api.auth.serialize import user_json
from api.core.config import Settings
from api.core.db import privileged_session
from api.core.security import hash_token

LogoutScope = Literal["global", "local", "others"]
_CHAIN_LIMIT = 64
_ALIVE_TTL_S = 5.0
_alive_cache: dict[tuple[uuid.UUID, uuid.UUID], float] = {}  # (user, session) -> valid until
_alive_lock = threading.Lock()


def app_role(session: Session, user_id: uuid.UUID) -> str:
    return session.scalar(select(UserRole.role).where(UserRole.user_id == user_id)) or "user"


def _access_token(settings: Settings, session: Session, user: User, session_id: uuid.UUID,
                  method: str) -> tuple[str, int]:
    issued = tokens.now()
    expires_at = issued + settings.jwt_expiry_seconds
    claims: dict[str, Any] = {
        "iss": tokens.issuer(settings),
        "sub": str(user.id),
        "aud": tokens.AUDIENCE,
        "exp": expires_at,
        "iat": issued,
        "email": user.email,
        "phone": "",
        "app_metadata": {**user.app_metadata, "role": app_role(session, user.id)},
        "user_metadata": user.user_metadata,
        "role": "authenticated",
        "aal": "aal1",
        "amr": [{"method": method, "timestamp": issued}],
        "session_id": str(session_id),
        "is_anonymous": False,
    }
    return tokens.encode_access_token(settings, claims), expires_at


def _session_json(settings: Settings, session: Session, user: User, session_id: uuid.UUID, refresh_token: str,
                  method: str) -> dict[str, Any]:
    access, expires_at = _access_token(settings, session, user, session_id, method)
    return {
        "access_token": access,
        "token_type": "bearer",
        "expires_in": settings.jwt_expiry_seconds,
        "expires_at": expires_at,
        "refresh_token": refresh_token,
        "user": user_json(session, user),
    }


def issue_session(*, session: Session, settings: Settings, user: User, method: str = "password",
                  user_agent: str | None = None, ip: str | None = None) -> dict[str, Any]:
    """A new signed-in session for `user`: access token, the first refresh token, and the user."""
    auth_session = AuthSession(user_id=user.id, user_agent=user_agent, ip=ip)
    session.add(auth_session)
    session.flush()
    refresh = tokens.first_refresh_token()
    session.add(RefreshToken(user_id=user.id, session_id=auth_session.id, token_hash=hash_token(refresh)))
    user.last_sign_in_at = datetime.now(UTC)
    session.flush()
    return _session_json(settings, session, user, auth_session.id, refresh, method)


def refresh_session(*, session: Session, settings: Settings, refresh_token: str) -> dict[str, Any]:
    """Rotate a refresh token.

    Its row is locked, so concurrent refreshes of one token queue up. The first rotates it; the others,
    arriving within the reuse interval, get the same new token (recomputed from the one they hold). A spent
    token presented after the interval is reuse: the whole session is revoked (committed before the error).
    """
    row = session.scalar(select(RefreshToken).where(RefreshToken.token_hash == hash_token(refresh_token))
                         .with_for_update())
    if row is None:
        raise AuthApiError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
    auth_session = session.get(AuthSession, row.session_id)
    if auth_session is None or auth_session.revoked_at is not None:
        raise AuthApiError(400, "session_not_found", "Invalid Refresh Token: Session Not Found")
    user = session.get(User, row.user_id)
    if user is None or _banned(user):
        raise AuthApiError(400, "user_banned", "User is banned")
    now = datetime.now(UTC)
    if not row.revoked:
        row.revoked = True
        row.updated_at = now
        successor = tokens.next_refresh_token(settings, refresh_token)
        session.add(RefreshToken(user_id=row.user_id, session_id=row.session_id,
                                 token_hash=hash_token(successor), parent_hash=row.token_hash))
        auth_session.refreshed_at = now
        session.flush()
        return _session_json(settings, session, user, auth_session.id, successor, "token_refresh")
    if (now - row.updated_at).total_seconds() <= settings.auth_refresh_reuse_seconds:
        active = _active_successor(session, settings, refresh_token)
        if active is not None:
            return _session_json(settings, session, user, auth_session.id, active, "token_refresh")
    raise RefreshTokenReused(row.user_id, row.session_id)


class RefreshTokenReused(Exception):
    def __init__(self, user_id: uuid.UUID, session_id: uuid.UUID) -> None:
        super().__init__("refresh token reused")
        self.user_id = user_id
        self.session_id = session_id


def rotate_refresh_token(*, settings: Settings, refresh_token: str) -> dict[str, Any]:
    """`refresh_session` in its own transaction; on reuse, the session is revoked in a second one (after the
    first has released its lock) and the client gets refresh_token_already_used."""
    try:
        with privileged_session() as session:
            return refresh_session(session=session, settings=settings, refresh_token=refresh_token)
    except RefreshTokenReused as reuse:
        with privileged_session() as session:
            revoke_sessions(session=session, user_id=reuse.user_id, session_ids=[reuse.session_id])
        raise AuthApiError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used") from None


def _active_successor(session: Session, settings: Settings, token: str) -> str | None:
    for _ in range(_CHAIN_LIMIT):
        token = tokens.next_refresh_token(settings, token)
        row = session.scalar(select(RefreshToken).where(RefreshToken.token_hash == hash_token(token)))
        if row is None:
            return None
        if not row.revoked:
            return token
    return None


def _banned(user: User) -> bool:
    return user.banned_until is not None and user.banned_until > datetime.now(UTC)


def revoke_sessions(*, session: Session, user_id: uuid.UUID, session_ids: list[uuid.UUID] | None = None,
                    keep: uuid.UUID | None = None) -> None:
    """Revoke the user's sessions (all, the given ones, or all but `keep`) and their refresh tokens."""
    query = update(AuthSession).where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))
    if session_ids is not None:
        query = query.where(AuthSession.id.in_(session_ids))
    if keep is not None:
        query = query.where(AuthSession.id != keep)
    revoked = session.execute(query.values(revoked_at=datetime.now(UTC)).returning(AuthSession.id)).scalars().all()
    if revoked:
        session.execute(update(RefreshToken).where(RefreshToken.session_id.in_(revoked))
                        .values(revoked=True, updated_at=datetime.now(UTC)))
    with _alive_lock:
        for sid in revoked:
            _alive_cache.pop((user_id, sid), None)


def logout(*, session: Session, claims: tokens.AccessClaims, scope: LogoutScope) -> None:
    if scope == "local":
        revoke_sessions(session=session, user_id=claims.user_id, session_ids=[claims.session_id])
    elif scope == "others":
        revoke_sessions(session=session, user_id=claims.user_id, keep=claims.session_id)
    else:
        revoke_sessions(session=session, user_id=claims.user_id)


def session_alive(*, session: Session, claims: tokens.AccessClaims) -> bool:
    """Whether the token's session still stands. Positive answers are cached for a few seconds per process
    (revocations in this process clear the cache at once)."""
    now = time.monotonic()
    with _alive_lock:
        if _alive_cache.get((claims.user_id, claims.session_id), 0.0) > now:
            return True
    row = session.execute(select(AuthSession.revoked_at, AuthSession.not_after).where(
        AuthSession.id == claims.session_id, AuthSession.user_id == claims.user_id)).one_or_none()
    alive = row is not None and row.revoked_at is None and (
        row.not_after is None or row.not_after > datetime.now(UTC))
    if alive:
        with _alive_lock:
            _alive_cache[(claims.user_id, claims.session_id)] = now + _ALIVE_TTL_S
    return alive


class NotAuthenticated(Exception):
    """Why a request carries no usable session: no bearer token, a bad token, or an ended session."""

    def __init__(self, reason: Literal["missing", "invalid", "revoked"], detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def verify_bearer(*, settings: Settings, authorization: str | None) -> tokens.AccessClaims:
    """The claims of a valid bearer access token (signature, audience, expiry); the session is not checked."""
    if not authorization or not authorization.lower().startswith("bearer "):
        raise NotAuthenticated("missing", "This endpoint requires a Bearer token")
    try:
        return tokens.decode_access_token(settings, authorization[7:].strip())
    except tokens.InvalidToken as exc:
        raise NotAuthenticated("invalid", str(exc)) from None


def known_alive(claims: tokens.AccessClaims) -> bool:
    """Whether this process saw the token's session standing within the last few seconds (no database)."""
    with _alive_lock:
        return _alive_cache.get((claims.user_id, claims.session_id), 0.0) > time.monotonic()


def ensure_alive(claims: tokens.AccessClaims) -> None:
    """Raise `NotAuthenticated("revoked")` unless the token's session still stands (cached briefly)."""
    if known_alive(claims):
        return
    with privileged_session() as session:
        if not session_alive(session=session, claims=claims):
            raise NotAuthenticated("revoked", "Session from session_id claim in JWT does not exist")


def authenticate(*, settings: Settings, authorization: str | None) -> tokens.AccessClaims:
    """The claims of a valid bearer access token whose session still stands (the one check both the auth
    server and the API run; each words the failure in its own format)."""
    claims = verify_bearer(settings=settings, authorization=authorization)
    ensure_alive(claims)
    return claims
