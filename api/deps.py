"""FastAPI dependencies as `Annotated` aliases. Per-user sessions and the current user arrive with auth."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends
from sqlalchemy.orm import Session

from api.core.db import Database, get_database, privileged_session


def database() -> Database:
    return get_database()


def privileged_db() -> Iterator[Session]:
    """A privileged transaction (no row-level security): commits on success, rolls back on error."""
    with privileged_session() as session:
        yield session


DatabaseDep = Annotated[Database, Depends(database)]
PrivilegedSessionDep = Annotated[Session, Depends(privileged_db)]
