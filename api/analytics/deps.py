"""Dependencies of the endpoints signed-out visitors may call too (analytics events, error reports)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Header, Request
from sqlalchemy.orm import Session

from api.core.config import get_settings
from api.core.db import privileged_session, user_session
from api.deps import AuthContext, current_user


async def optional_user(authorization: Annotated[str | None, Header()] = None) -> AuthContext | None:
    """The signed-in user, or None without an Authorization header (a bad token is still 401)."""
    return None if authorization is None else await current_user(authorization)


OptionalUser = Annotated[AuthContext | None, Depends(optional_user)]


def optional_user_db(user: OptionalUser) -> Iterator[Session]:
    """A signed-in user's writes go through their row-level-secured session; a visitor's rows, which
    belong to no user, through the privileged one."""
    if user is None:
        with privileged_session() as session:
            yield session
    else:
        with user_session(user.user_id) as session:
            yield session


OptionalUserSession = Annotated[Session, Depends(optional_user_db, scope="function")]


def _limit(kind: str, request: Request, user: AuthContext | None) -> None:
    """Count the post against its sender (the user, or signed out the client's address) in the rate-limit window:
    429 `rate_limited` past FIREPATH_RATE_LIMIT_EVENTS or _REPORTS."""
    from api.auth.ratelimit import hit_api

    settings = get_settings()
    limit = settings.rate_limit_events if kind == "events" else settings.rate_limit_reports
    sender = f"user:{user.user_id}" if user is not None else f"ip:{request.client.host if request.client else '?'}"
    hit_api(key=f"{kind}:{sender}", limit=limit, window_seconds=settings.rate_limit_window_seconds)


def events_limit(request: Request, user: OptionalUser) -> None:
    _limit("events", request, user)


def reports_limit(request: Request, user: OptionalUser) -> None:
    _limit("reports", request, user)
