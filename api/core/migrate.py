"""Run Alembic programmatically: upgrade, downgrade, and where the database stands."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


# What usually stops a migration on a server FIRE Path did not set up itself, and what to do about it
ADVICE = {
    "permission denied to create extension": "run `firepath db init <superuser-url>` once (pgvector is not a "
                                             "trusted extension: only a superuser can create it)",
    "must have admin option on role": "run `firepath db init <superuser-url>` once, or as a superuser: GRANT "
                                      "firepath_app TO <owner> WITH ADMIN OPTION",
    "permission denied to create role": "run `firepath db init <superuser-url>` once (it creates the app role)",
    "permission denied for schema public": "the database must be owned by the DATABASE_URL user; `firepath db init` "
                                           "sets that up",
}


def _run(engine: Engine, action: str, revision: str) -> None:
    from api.core.db import DatabaseSetupError, first_line

    try:
        with engine.connect() as connection:
            config = alembic_config()
            config.attributes["connection"] = connection
            (command.upgrade if action == "upgrade" else command.downgrade)(config, revision)
    except DatabaseSetupError:
        raise
    except Exception as exc:
        cause = first_line(exc)
        advice = next((text for key, text in ADVICE.items() if key in cause.lower()), None)
        where = engine.url.render_as_string(hide_password=True)
        raise DatabaseSetupError(f"migration ({action} to {revision}) failed on {where}: {cause}"
                                 + (f"; {advice}" if advice else "")) from exc


def upgrade(engine: Engine, revision: str = "head") -> None:
    _run(engine, "upgrade", revision)


def downgrade(engine: Engine, revision: str) -> None:
    _run(engine, "downgrade", revision)


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def at_head(engine: Engine) -> bool:
    return current_revision(engine) == head_revision()
