"""The async read path for the hottest per-user reads (the profile, lists): one pipelined round trip.

The sync path (`user_session`) costs a thread hop per dependency and four round trips (BEGIN,
set_config, SELECT, COMMIT) through the ORM. Reads that a screen makes on every load instead run here, on
the event loop, through a psycopg `AsyncConnectionPool` as the app role: BEGIN, binding `app.user_id`, the
query and COMMIT go to PostgreSQL as one pipeline, so row-level security applies exactly as on the sync
path. Queries are SQLAlchemy Core statements over the same models, compiled once to SQL.

One pool per event loop and database (the server has one loop per worker; test clients bring their own).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import BindParameter, Select, bindparam, select
from sqlalchemy.dialects import postgresql

from api.core.config import get_settings
from api.core.db import APP_ROLE, Base, Database, get_database

_pools: dict[tuple[int, int], AsyncConnectionPool[AsyncConnection[Any]]] = {}
_DIALECT = postgresql.dialect(paramstyle="pyformat")  # type: ignore[no-untyped-call]
_USER: BindParameter[Any] = bindparam("user_id")


def _conninfo(database: Database) -> str:
    url = database.app_engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


async def _pool(database: Database) -> AsyncConnectionPool[AsyncConnection[Any]]:
    key = (id(asyncio.get_running_loop()), id(database))
    pool = _pools.get(key)
    if pool is None:
        become_app_role = database.app_engine.url == database.privileged_engine.url

        async def configure(conn: AsyncConnection[Any]) -> None:
            await conn.set_autocommit(True)
            if become_app_role:  # the embedded server: one login, switched to the app role (see db.py)
                await conn.execute(f"SET ROLE {APP_ROLE}")

        pool = AsyncConnectionPool(_conninfo(database), min_size=1, max_size=get_settings().db_pool_size,
                                   configure=configure, open=False, kwargs={"row_factory": dict_row})
        _pools[key] = pool
        await pool.open()
    return pool


async def close_pools() -> None:
    """Close the pools of the running loop (the app's shutdown)."""
    loop_id = id(asyncio.get_running_loop())
    for key in [k for k in _pools if k[0] == loop_id]:
        await _pools.pop(key).close()


def compile_select(statement: Select[Any]) -> str:
    """SQL text for a Core select with `%(name)s` placeholders."""
    return str(statement.compile(dialect=_DIALECT))


async def fetch_for_user(user_id: uuid.UUID, sql: str, database: Database | None = None) -> list[dict[str, Any]]:
    """Run one read for `user_id` under row-level security, in one round trip.

    The binding and the query go as one simple-protocol message on an autocommit connection, which
    PostgreSQL runs as a single implicit transaction, so the transaction-local `app.user_id` holds for the
    query and ends with it. `sql` may use `%(user_id)s` where the user's id goes: both are inlined as a
    literal formatted from a `uuid.UUID`, which cannot carry anything but hex digits and dashes.
    """
    uid = f"'{uuid.UUID(str(user_id))}'"
    pool = await _pool(database or get_database())
    conn = await pool.getconn()  # getconn/putconn: the context manager's commit is a no-op in autocommit
    try:
        cursor = conn.cursor()
        await cursor.execute(f"SELECT set_config('app.user_id', {uid}, true); {sql % {'user_id': uid}}")
        cursor.nextset()
        return await cursor.fetchall()
    finally:
        await pool.putconn(conn)


class UserQuery:
    """A per-user read of one model's columns, compiled once: `user_id` is its only parameter."""

    def __init__(self, model: type[Base], *, columns: Iterable[str] | None = None,
                 newest_first: bool | None = None) -> None:
        m: Any = model
        wanted = set(columns) if columns is not None else None
        statement = select(*(c for c in m.__table__.c if wanted is None or c.key in wanted)).where(
            m.user_id == _USER)
        if newest_first is not None:
            statement = statement.order_by(m.created_at.desc() if newest_first else m.created_at.asc(), m.id)
        self.sql = compile_select(statement)

    async def all(self, user_id: uuid.UUID) -> Sequence[dict[str, Any]]:
        return await fetch_for_user(user_id, self.sql)

    async def one(self, user_id: uuid.UUID) -> dict[str, Any] | None:
        rows = await self.all(user_id)
        return rows[0] if rows else None

