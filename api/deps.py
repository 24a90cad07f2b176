"""FastAPI dependencies as `Annotated` aliases: the database, the signed-in user, and their session.

`SessionDep` is a transaction on the app path bound to the signed-in user (row-level security applies);
it commits when the request succeeds and rolls back on any error.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header
from fastapi.concurrency import run_in_threadpool
from sqlalchemy.orm import Session

from api.auth import sessions
from api.core.config import get_settings
from api.core.db import Database, get_database, privileged_session, user_session
from api.core.errors import Forbidden, Unauthorized


def database() -> Database:
    return get_database()


def privileged_db() -> Iterator[Session]:
    """A privileged transaction (no row-level security): commits on success, rolls back on error."""
    with privileged_session() as session:
        yield session


@dataclass(frozen=True)
class AuthContext:
    """Who is calling: from a verified access token whose session still stands."""

    user_id: uuid.UUID
    session_id: uuid.UUID
    email: str


_UNAUTHORIZED = {
    "missing": ("Sign in to continue", "not_authenticated"),
    "invalid": ("Your session is invalid or has expired. Please sign in again.", "invalid_token"),
    "revoked": ("Your session has ended. Please sign in again.", "session_revoked"),
}


def _unauthorized(exc: sessions.NotAuthenticated) -> Unauthorized:
    message, code = _UNAUTHORIZED[exc.reason]
    return Unauthorized(message, code=code)


async def current_user(authorization: Annotated[str | None, Header()] = None) -> AuthContext:
    """Runs on the event loop: the token check is CPU only, and the session check is cached; only a cache
    miss goes to the database, in the thread pool."""
    try:
        claims = sessions.verify_bearer(settings=get_settings(), authorization=authorization)
        if not sessions.known_alive(claims):
            await run_in_threadpool(sessions.ensure_alive, claims)
    except sessions.NotAuthenticated as exc:
        raise _unauthorized(exc) from None
    return AuthContext(user_id=claims.user_id, session_id=claims.session_id, email=claims.email)


CurrentUser = Annotated[AuthContext, Depends(current_user)]


def user_required(message: str) -> Callable[..., Awaitable[AuthContext]]:
    """`current_user` whose 401 says `message` (the spec words some resources' sign-in errors itself)."""

    async def dependency(authorization: Annotated[str | None, Header()] = None) -> AuthContext:
        try:
            return await current_user(authorization)
        except Unauthorized as exc:
            raise Unauthorized(message, code=exc.code) from None

    return dependency


def user_db(user: CurrentUser) -> Iterator[Session]:
    with user_session(user.user_id) as session:
        yield session


def _role(user: AuthContext) -> str:
    with privileged_session() as session:
        return sessions.app_role(session, user.user_id)


def moderator_user(user: CurrentUser) -> AuthContext:
    if _role(user) not in ("moderator", "admin"):
        raise Forbidden("Moderators only")
    return user


def admin_user(user: CurrentUser) -> AuthContext:
    if _role(user) != "admin":
        raise Forbidden("Admins only")
    return user


DatabaseDep = Annotated[Database, Depends(database)]
# scope="function": the transaction commits before the response is sent. With FastAPI's default ("request")
# it committed after, so a client reading right after a save could miss what it had just written.
PrivilegedSessionDep = Annotated[Session, Depends(privileged_db, scope="function")]
SessionDep = Annotated[Session, Depends(user_db, scope="function")]
ModeratorUser = Annotated[AuthContext, Depends(moderator_user)]
AdminUser = Annotated[AuthContext, Depends(admin_user)]
