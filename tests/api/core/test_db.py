"""Choosing the database: the embedded default, or DATABASE_URL with a clear failure when it cannot serve."""

from __future__ import annotations

import socket

import psycopg
import pytest
from sqlalchemy import text

from api.core.config import Settings
from api.core.db import APP_ROLE, Database, DatabaseSetupError, build_database


def _settings(**env: str) -> Settings:
    values: dict[str, object] = {"FIREPATH_ENV": "test", **env}
    return Settings.model_validate(values)


def _local_postgres_without_pgvector() -> str | None:
    """The machine's own PostgreSQL on 127.0.0.1:5432, when it runs and lacks pgvector."""
    try:
        socket.create_connection(("127.0.0.1", 5432), timeout=0.5).close()
        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", connect_timeout=2) as conn:
            if conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone():
                return None
    except (OSError, psycopg.Error):
        return None
    return "postgresql://postgres@127.0.0.1:5432/postgres"


def test_the_embedded_default_has_pgvector(database: Database) -> None:
    assert database.embedded
    with database.privileged_engine.connect() as conn:
        assert conn.scalar(text("SELECT extversion FROM pg_extension WHERE extname = 'vector'"))
        assert conn.scalar(text("SHOW listen_addresses")) == ""  # Unix socket only


def test_a_server_without_pgvector_is_refused_with_a_clear_message() -> None:
    url = _local_postgres_without_pgvector()
    if url is None:
        pytest.skip("no PostgreSQL without pgvector on 127.0.0.1:5432 to try")
    with pytest.raises(DatabaseSetupError, match="does not have the pgvector extension"):
        build_database(_settings(DATABASE_URL=url))


def test_an_unreachable_server_is_reported_by_address() -> None:
    with pytest.raises(DatabaseSetupError, match=r"Cannot connect to the database at .*127\.0\.0\.1:9"):
        build_database(_settings(DATABASE_URL="postgresql://nobody:secret@127.0.0.1:9/none"))


def test_a_non_postgres_url_is_refused() -> None:
    with pytest.raises(DatabaseSetupError, match="must point at PostgreSQL"):
        build_database(_settings(DATABASE_URL="sqlite:///firepath.db"))


def test_an_external_url_runs_requests_as_the_app_role(database: Database) -> None:
    """With DATABASE_URL and no DATABASE_APP_URL, the request path switches to the app role."""
    url = database.privileged_url.render_as_string(hide_password=False)
    external = build_database(_settings(DATABASE_URL=url))
    try:
        assert not external.embedded
        with external.app_engine.connect() as conn:
            assert conn.scalar(text("SELECT current_user")) == APP_ROLE
        with external.privileged_engine.connect() as conn:
            assert conn.scalar(text("SELECT current_user")) == "postgres"
    finally:
        external.dispose()
