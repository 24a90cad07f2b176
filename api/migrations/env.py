"""Alembic environment: runs on the connection `api.core.migrate` hands over, under an advisory lock."""

import contextlib

from alembic import context
from sqlalchemy import Connection, text

import api.models  # noqa: F401 - registers every table on Base.metadata
from api.core.db import Base

MIGRATION_LOCK_KEY = 0x46495245  # "FIRE": serialises concurrent migrators (several servers starting)

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        raise SystemExit("run migrations with `firepath migrate` (api.core.migrate), not the alembic CLI")
    _run(connection)


def _run(connection: Connection) -> None:
    connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK_KEY})
    failed = False
    try:
        context.configure(connection=connection, target_metadata=target_metadata, compare_type=True,
                          transaction_per_migration=True)
        with context.begin_transaction():
            context.run_migrations()
    except BaseException:
        failed = True
        with contextlib.suppress(Exception):
            connection.rollback()  # an aborted transaction would refuse the unlock below
        raise
    finally:
        try:
            connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK_KEY})
            connection.commit()
        except Exception:
            if not failed:  # never hide the migration's own error behind the unlock's (the lock ends with the
                raise       # connection anyway)


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported; run `firepath migrate`")
run_migrations_online()
