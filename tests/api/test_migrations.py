"""Migrations go from an empty database to head and back, and match the models exactly."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, inspect, text

from api.core import migrate
from api.core.db import Base, Database


@pytest.fixture
def empty_database(database: Database) -> Iterator[Engine]:
    name = f"migrations_{uuid.uuid4().hex[:8]}"
    admin = database.privileged_engine.execution_options(isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = create_engine(database.privileged_url.set(database=name))
    yield engine
    engine.dispose()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def test_upgrade_downgrade_upgrade_runs_clean(empty_database: Engine) -> None:
    migrate.upgrade(empty_database)
    assert migrate.at_head(empty_database)
    tables = set(inspect(empty_database).get_table_names())
    assert set(Base.metadata.tables) <= tables

    migrate.downgrade(empty_database, "base")
    assert migrate.current_revision(empty_database) is None
    assert set(inspect(empty_database).get_table_names()) == {"alembic_version"}

    migrate.upgrade(empty_database)
    assert migrate.at_head(empty_database)
    with empty_database.connect() as conn:
        assert conn.scalar(text("SELECT extversion FROM pg_extension WHERE extname = 'vector'"))


def test_migrations_match_the_models(database: Database) -> None:
    with database.privileged_engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    assert diff == []


def test_upgrading_twice_is_a_no_op(database: Database) -> None:
    migrate.upgrade(database.privileged_engine)
    assert migrate.at_head(database.privileged_engine)
