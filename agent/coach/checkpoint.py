"""Where coach threads persist: LangGraph's Postgres checkpointer in our own database.

Its tables live in a schema of their own (`langgraph`), owned by the privileged role: the app role cannot
read them, and our migrations (which own `public`) never see them. Who may open a thread is decided by
`coach_threads` under row-level security before any checkpoint is touched. LangGraph's own migrations run
once per process on first use, under an advisory lock so that several servers starting together do not
race.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg import AsyncConnection, Connection
from psycopg.rows import DictRow, dict_row
from sqlalchemy import text
from sqlalchemy.orm import Session

from api.core.db import Database, get_database

SCHEMA = "langgraph"
TABLES = ("checkpoint_writes", "checkpoint_blobs", "checkpoints")
SETUP_LOCK_KEY = 0x434F4143  # "COAC"
_ready: set[str] = set()
_ready_lock = threading.Lock()


def conninfo(database: Database | None = None) -> str:
    """The libpq URL of the privileged path (the checkpointer is not subject to row-level security)."""
    db = database or get_database()
    return db.privileged_url.set(drivername="postgresql").render_as_string(hide_password=False)


def _connect(url: str) -> Connection[DictRow]:
    return Connection.connect(url, autocommit=True, prepare_threshold=0, row_factory=dict_row,
                              options=f"-c search_path={SCHEMA}")


def ensure_setup(database: Database | None = None) -> None:
    """Create the schema and run LangGraph's checkpoint migrations (once per process)."""
    url = conninfo(database)
    with _ready_lock:
        if url in _ready:
            return
        with _connect(url) as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (SETUP_LOCK_KEY,))
            try:
                conn.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
                PostgresSaver(conn).setup()
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (SETUP_LOCK_KEY,))
        _ready.add(url)


@contextmanager
def sync_checkpointer(database: Database | None = None) -> Iterator[PostgresSaver]:
    """A checkpointer on its own connection, for synchronous runs (tests, evals, the CLI)."""
    ensure_setup(database)
    with _connect(conninfo(database)) as conn:
        yield PostgresSaver(conn)


@asynccontextmanager
async def async_checkpointer(database: Database | None = None) -> AsyncIterator[AsyncPostgresSaver]:
    """A checkpointer on its own connection, for one streamed request."""
    ensure_setup(database)
    conn = await AsyncConnection.connect(conninfo(database), autocommit=True, prepare_threshold=0,
                                         row_factory=dict_row, options=f"-c search_path={SCHEMA}")
    async with conn:
        yield AsyncPostgresSaver(conn)


THREAD_LOCK_CLASS = 0x434F  # advisory-lock namespace of coach threads ("CO")


async def try_lock_thread(saver: AsyncPostgresSaver, thread_id: str) -> bool:
    """Claim the thread for one run at a time (held until the checkpointer's connection closes)."""
    conn = saver.conn
    assert isinstance(conn, AsyncConnection), "coach checkpointers run on one connection, not a pool"
    cursor = await conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s)) AS locked",
                                      (THREAD_LOCK_CLASS, thread_id))
    row = await cursor.fetchone()
    return bool(row and row["locked"])


def delete_threads(session: Session, thread_ids: list[str], prefix: str | None = None) -> int:
    """Delete every checkpoint of the threads `thread_ids` (and of every thread whose id starts with `prefix`) in
    the caller's transaction, which must be privileged. Returns the rows deleted; nothing when LangGraph's tables
    were never created."""
    if session.scalar(text(f"SELECT to_regclass('{SCHEMA}.checkpoints')")) is None:
        return 0
    pattern = None if prefix is None else prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    deleted = 0
    for table in TABLES:
        result = session.execute(text(f"DELETE FROM {SCHEMA}.{table} WHERE thread_id = ANY(:ids) "
                                      "OR (CAST(:pattern AS text) IS NOT NULL AND thread_id LIKE :pattern)"),
                                 {"ids": thread_ids, "pattern": pattern})
        deleted += result.rowcount  # type: ignore[attr-defined]
    return deleted


def forget_thread(thread_id: str, database: Database | None = None) -> None:
    """Delete whatever is stored under a thread id about to be given to a new conversation (left by a thread or an
    account deleted before its checkpoints were), so a new thread always starts empty."""
    with sync_checkpointer(database) as saver:
        saver.delete_thread(thread_id)
