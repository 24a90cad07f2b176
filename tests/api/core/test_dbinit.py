"""`firepath db init` on a real PostgreSQL (this run's server, whose superuser stands in for a self-hoster's): the
owner, the database, pgvector and the app role; migrations then run as the non-superuser owner; what goes wrong
is said in one line."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy.engine import make_url

from api.core.db import APP_ROLE, Database, DatabaseSetupError
from api.core.dbinit import init_database
from tests.api.test_cli import firepath


def _plain(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture
def superuser(database: Database) -> str:
    return database.privileged_url.set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture
def names(superuser: str) -> Iterator[tuple[str, str]]:
    suffix = uuid.uuid4().hex[:8]
    database, owner = f"firepath_init_{suffix}", f"owner_{suffix}"
    yield database, owner
    with psycopg.connect(superuser, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (owner,)).fetchone():
            conn.execute(f'DROP OWNED BY "{owner}" CASCADE')
            conn.execute(f'REVOKE {APP_ROLE} FROM "{owner}" CASCADE')
            conn.execute(f'DROP ROLE "{owner}"')


def test_init_then_migrate_as_the_owner(superuser: str, names: tuple[str, str], cli_env: dict[str, str]) -> None:
    database, owner = names
    report = init_database(superuser, database=database, owner=owner, owner_password="owner-pw-1")
    assert f"role {owner} created" in report.steps
    assert f"database {database} created, owned by {owner}" in report.steps
    assert any(step.startswith("extension vector ") and "created" in step for step in report.steps)
    owner_url = make_url(report.database_url)
    assert (owner_url.username, owner_url.password, owner_url.database) == (owner, "owner-pw-1", database)
    with psycopg.connect(_plain(report.database_url)) as conn:
        row = conn.execute("SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user").fetchone()
        assert row == (False, False)  # the owner is an ordinary role

    # The owner's migrations reach head without any superuser power.
    env = {**cli_env, "DATABASE_URL": report.database_url, "DATABASE_APP_URL": report.app_url}
    out = firepath("migrate", env=env).stdout
    assert "database at revision" in out
    with psycopg.connect(_plain(report.app_url)) as conn:
        assert conn.execute("SELECT current_user").fetchone() == (APP_ROLE,)
        assert conn.execute("SELECT count(*) FROM profiles").fetchone() == (0,)  # RLS: no user, no rows

    # Again: nothing breaks, existing roles keep their passwords unless given.
    again = init_database(superuser, database=database, owner=owner)
    assert f"role {owner} exists: kept its password" in again.steps
    assert f"database {database} exists, owned by {owner}" in again.steps
    assert "PASSWORD" in again.database_url


def test_init_cli_prints_what_it_did_and_the_urls(superuser: str, names: tuple[str, str],
                                                  cli_env: dict[str, str]) -> None:
    database, owner = names
    out = firepath("db", "init", superuser, "--database", database, "--owner", owner, env=cli_env).stdout
    lines = out.splitlines()
    assert any(line.strip() == f"database {database} created, owned by {owner}" for line in lines)
    url = next(line.split("=", 1)[1] for line in lines if line.startswith("DATABASE_URL="))
    app = next(line.split("=", 1)[1] for line in lines if line.startswith("DATABASE_APP_URL="))
    assert make_url(url).username == owner and len(make_url(url).password or "") >= 24  # generated
    assert make_url(app).username == APP_ROLE


def test_without_a_superuser_it_says_so_in_one_line(superuser: str, names: tuple[str, str],
                                                    cli_env: dict[str, str]) -> None:
    database, owner = names
    report = init_database(superuser, database=database, owner=owner, owner_password="owner-pw-2")
    result = firepath("db", "init", report.database_url, "--database", f"{database}_x", "--owner", f"{owner}_x",
                      env=cli_env, check=False)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"error: creating the role {owner}_x failed: permission denied")
    with pytest.raises(DatabaseSetupError, match="must be lower-case"):
        init_database(superuser, database="Robert'); DROP TABLE users;--")


def test_a_migration_the_owner_cannot_run_fails_in_one_line(superuser: str, names: tuple[str, str],
                                                            cli_env: dict[str, str]) -> None:
    """A database made by hand, owned by an ordinary role, without pgvector: the migration cannot create the
    extension, and says so (not a page of traceback ending in an advisory-unlock error)."""
    database, owner = names
    with psycopg.connect(superuser, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE \"{owner}\" LOGIN PASSWORD 'pw'")
        conn.execute(f'CREATE DATABASE "{database}" OWNER "{owner}"')
    url = make_url(superuser).set(username=owner, password="pw", database=database)
    env = {**cli_env, "DATABASE_URL": url.render_as_string(hide_password=False)}
    result = firepath("migrate", env=env, check=False)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1, result.stderr
    assert "permission denied to create extension \"vector\"" in result.stderr
    assert "firepath db init" in result.stderr and "advisory" not in result.stderr
