"""Database engines and sessions.

Two paths into PostgreSQL:
- the *app* path, used by every request on behalf of a signed-in user. It connects as `firepath_app`
  (no superuser, no BYPASSRLS), and each transaction sets `app.user_id`, so row-level security limits
  every query to that user's rows even if a service forgot its filter;
- the *privileged* path (migrations, background tasks, admin reports, the auth server), which connects
  as the database owner and is not subject to row-level security. Use it deliberately.

Without DATABASE_URL, the embedded server (`api.core.embedded`) is started and used.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from uuid import UUID

from sqlalchemy import Engine, MetaData, create_engine, event, make_url, text
from sqlalchemy.engine.url import URL
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

from api.core.config import Settings, get_settings

APP_ROLE = "firepath_app"


NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base of every table; constraint names are deterministic for migrations."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class DatabaseSetupError(RuntimeError):
    """The configured database cannot serve FIRE Path (unreachable, without pgvector, a migration failed): the
    message is one line that says why."""


def first_line(exc: BaseException) -> str:
    """The cause of a database error in one line: the driver's own message (not SQLAlchemy's wrapper with its
    statement and background link), with PostgreSQL's hint when it gives one."""
    orig = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(orig).splitlines() if line.strip()]
    message = lines[0] if lines else type(orig).__name__
    diag = getattr(orig, "diag", None)
    hint = getattr(diag, "message_hint", None) if diag is not None else None
    return f"{message} ({hint})" if hint else message


@dataclass
class Database:
    """The engines and session factories of one configured database."""

    privileged_engine: Engine
    app_engine: Engine
    privileged_url: URL
    embedded: bool

    def __post_init__(self) -> None:
        self.privileged_sessions = sessionmaker(self.privileged_engine, expire_on_commit=False)
        self.app_sessions = sessionmaker(self.app_engine, expire_on_commit=False)

    def dispose(self) -> None:
        self.app_engine.dispose()
        self.privileged_engine.dispose()


def _normalise(url: str) -> URL:
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if not parsed.drivername.startswith("postgresql"):
        raise DatabaseSetupError(f"DATABASE_URL must point at PostgreSQL, not {parsed.drivername!r}")
    return parsed


def resolve_urls(settings: Settings) -> tuple[URL, URL | None, bool]:
    """The privileged URL, the app URL (None: switch role on the privileged URL), and whether embedded."""
    if settings.database_url:
        app = _normalise(settings.database_app_url) if settings.database_app_url else None
        return _normalise(settings.database_url), app, False
    from api.core import embedded

    server = embedded.acquire(settings.ensure_data_dir() / "postgres")
    # The embedded server trusts local socket connections, so the app role needs no password.
    return make_url(server.url()), make_url(server.url(user=APP_ROLE)), True


def check_pgvector(engine: Engine) -> None:
    """Fail with a clear message when the server lacks pgvector."""
    try:
        with engine.connect() as conn:
            available = conn.execute(
                text("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")
            ).scalar()
    except Exception as exc:  # the message names the server; the cause is chained
        raise DatabaseSetupError(
            f"Cannot connect to the database at {engine.url.render_as_string(hide_password=True)}: "
            f"{first_line(exc)}"
        ) from exc
    if not available:
        raise DatabaseSetupError(
            "The PostgreSQL server at "
            f"{engine.url.render_as_string(hide_password=True)} does not have the pgvector extension "
            "('vector'), which FIRE Path needs. Install pgvector on that server (for example the "
            "postgresql-<version>-pgvector package) or unset DATABASE_URL to use the embedded server."
        )


def build_database(settings: Settings) -> Database:
    privileged_url, app_url, is_embedded = resolve_urls(settings)
    pool = {"pool_size": settings.db_pool_size, "max_overflow": settings.db_pool_size, "pool_pre_ping": True}
    privileged = create_engine(privileged_url, **pool)
    check_pgvector(privileged)
    if app_url is not None:
        app = create_engine(app_url, **pool)
    else:
        app = create_engine(privileged_url, **pool)

        @event.listens_for(app, "connect")
        def _become_app_role(dbapi_conn, _record):  # type: ignore[no-untyped-def]
            with dbapi_conn.cursor() as cur:
                cur.execute(f"SET ROLE {APP_ROLE}")
            dbapi_conn.commit()

    return Database(privileged_engine=privileged, app_engine=app, privileged_url=privileged_url,
                    embedded=is_embedded)


_database: Database | None = None
_lock = threading.Lock()


def get_database() -> Database:
    """The process-wide database, built on first use."""
    global _database
    with _lock:
        if _database is None:
            _database = build_database(get_settings())
        return _database


def set_database(database: Database | None) -> None:
    """Replace the process-wide database (tests and the CLI use it)."""
    global _database
    with _lock:
        _database = database


def bind_user(session: Session, user_id: UUID | None) -> None:
    """Limit this transaction to one user's rows (row-level security reads `app.user_id`)."""
    session.execute(
        text("SELECT set_config('app.user_id', :uid, true)"), {"uid": str(user_id) if user_id else ""}
    )


@contextmanager
def user_session(user_id: UUID, database: Database | None = None) -> Iterator[Session]:
    """A transaction on the app path bound to `user_id`: commits on success, rolls back on error."""
    db = database or get_database()
    with db.app_sessions() as session, session.begin():
        bind_user(session, user_id)
        yield session


@contextmanager
def privileged_session(database: Database | None = None) -> Iterator[Session]:
    """A transaction that bypasses row-level security: background work, admin reports, auth."""
    db = database or get_database()
    with db.privileged_sessions() as session, session.begin():
        yield session


__all__ = [
    "APP_ROLE",
    "Base",
    "Database",
    "DatabaseSetupError",
    "bind_user",
    "build_database",
    "get_database",
    "privileged_session",
    "set_database",
    "user_session",
]
