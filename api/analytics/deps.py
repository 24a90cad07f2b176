"""Dependencies of the endpoints signed-out visitors may call too (analytics events, error reports)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Header
from sqlalchemy.orm import Session

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
