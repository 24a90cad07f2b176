"""`firepath db init`: prepare your own PostgreSQL server for FIRE Path, once, with a superuser's URL.

It does what only a superuser (or a managed service's admin role) can do, so that migrations and the server can run
as ordinary roles afterwards:
- the database owner, a role that logs in with a password and owns the database (migrations run as it);
- the database, owned by it;
- the `vector` extension (pgvector is not a trusted extension: only a superuser may create it);
- the app role `firepath_app` that requests run as (row-level security applies to it), logging in with a password,
  granted to the owner WITH ADMIN OPTION so the owner's migrations can manage its privileges.

Every step is idempotent: an existing role gets the password given (or keeps its own when none is given), an
existing database and extension are left as they are. Passwords are generated when not given and printed once,
in the two URLs to put in the environment.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

import psycopg
from psycopg import sql
from sqlalchemy.engine import URL, make_url

from api.core.db import APP_ROLE, DatabaseSetupError, first_line

NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


@dataclass
class InitReport:
    steps: list[str] = field(default_factory=list)
    database_url: str = ""
    app_url: str = ""


def _name(kind: str, value: str) -> str:
    if not NAME.match(value):
        raise DatabaseSetupError(f"{kind} {value!r} must be lower-case letters, digits and underscores")
    return value


def _connect(url: URL) -> psycopg.Connection[tuple[object, ...]]:
    plain = url.set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        return psycopg.connect(plain, autocommit=True, connect_timeout=10)
    except psycopg.Error as exc:
        raise DatabaseSetupError(f"cannot connect to {url.render_as_string(hide_password=True)}: "
                                 f"{first_line(exc)}") from exc


def _role(cur: psycopg.Cursor[tuple[object, ...]], name: str, password: str | None, attributes: str,
          report: InitReport) -> str | None:
    """Create the role (with a generated password when none is given) or set the given password on it. Returns the
    password to print, None when an existing role keeps its own."""
    exists = cur.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone()
    if exists and password is None:
        report.steps.append(f"role {name} exists: kept its password")
        return None
    password = password or secrets.token_urlsafe(24)
    verb = "ALTER" if exists else "CREATE"
    cur.execute(sql.SQL("{} ROLE {} " + attributes + " PASSWORD {}").format(
        sql.SQL(verb), sql.Identifier(name), sql.Literal(password)))
    report.steps.append(f"role {name} {'exists: password set' if exists else 'created'}")
    return password


def init_database(superuser_url: str, *, database: str = "firepath", owner: str = "firepath_owner",
                  owner_password: str | None = None, app_password: str | None = None) -> InitReport:
    """Create (or bring up to date) the owner, the database, pgvector and the app role. Raises DatabaseSetupError
    with one line saying what failed."""
    _name("database", database)
    _name("owner", owner)
    if owner == APP_ROLE:
        raise DatabaseSetupError(f"the owner cannot be {APP_ROLE}, the role requests run as")
    try:
        url = make_url(superuser_url)
    except Exception as exc:  # sqlalchemy.exc.ArgumentError and friends
        raise DatabaseSetupError(f"not a database URL: {first_line(exc)}") from exc
    if not url.drivername.startswith(("postgresql", "postgres")):
        raise DatabaseSetupError(f"the URL must point at PostgreSQL, not {url.drivername!r}")
    report = InitReport()
    step = "connecting"
    try:
        with _connect(url) as admin, admin.cursor() as cur:
            step = f"creating the role {owner}"
            owner_pw = _role(cur, owner, owner_password, "LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB", report)
            step = f"creating the role {APP_ROLE}"
            app_pw = _role(cur, APP_ROLE, app_password,
                           "LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE", report)
            step = f"granting {APP_ROLE} to {owner}"
            cur.execute(sql.SQL("GRANT {} TO {} WITH ADMIN OPTION").format(sql.Identifier(APP_ROLE),
                                                                           sql.Identifier(owner)))
            report.steps.append(f"{owner} may manage {APP_ROLE} (WITH ADMIN OPTION)")
            step = f"creating the database {database}"
            current = cur.execute("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = %s",
                                  (database,)).fetchone()
            if current is None:
                cur.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(database),
                                                                          sql.Identifier(owner)))
                report.steps.append(f"database {database} created, owned by {owner}")
            elif current[0] != owner:
                cur.execute(sql.SQL("ALTER DATABASE {} OWNER TO {}").format(sql.Identifier(database),
                                                                            sql.Identifier(owner)))
                report.steps.append(f"database {database} exists: owner changed from {current[0]} to {owner}")
            else:
                report.steps.append(f"database {database} exists, owned by {owner}")
            cur.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(sql.Identifier(database),
                                                                             sql.Identifier(APP_ROLE)))
        step = "creating the vector extension"
        with _connect(url.set(database=database)) as db, db.cursor() as cur:
            had = cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
            if had is None:
                if not cur.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone():
                    raise DatabaseSetupError(
                        "the server does not have pgvector (the 'vector' extension); install it on the server (for "
                        "example the postgresql-<version>-pgvector package) or use a managed service that offers it")
                cur.execute("CREATE EXTENSION vector")
                version = cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
                report.steps.append(f"extension vector {version[0] if version else ''} created in {database}")
            else:
                report.steps.append(f"extension vector {had[0]} already in {database}")
    except psycopg.Error as exc:
        raise DatabaseSetupError(f"{step} failed: {first_line(exc)}") from exc

    target = url.set(drivername="postgresql", database=database)
    report.database_url = target.set(username=owner, password=owner_pw if owner_pw is not None else "PASSWORD") \
        .render_as_string(hide_password=False)
    report.app_url = target.set(username=APP_ROLE, password=app_pw if app_pw is not None else "PASSWORD") \
        .render_as_string(hide_password=False)
    return report
