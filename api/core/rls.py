"""SQL for the database role the API runs as and the row-level-security policies, used by migrations.

Every per-user table gets a policy that limits the app role to rows whose `user_id` is the transaction's
`app.user_id` (see `api.core.db.bind_user`). With no user bound, `app_current_user_id()` is NULL and
nothing matches, so a forgotten bind shows nothing rather than everything.
"""

from __future__ import annotations

APP_ROLE = "firepath_app"
CURRENT_USER = "app_current_user_id()"

SETUP = [
    f"""
    DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
        CREATE ROLE {APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
      END IF;
    END $$
    """,
    # Lets a database owner that is not a superuser switch to the app role (SET ROLE).
    f"GRANT {APP_ROLE} TO CURRENT_USER",
    """
    CREATE OR REPLACE FUNCTION app_current_user_id() RETURNS uuid
    LANGUAGE sql STABLE AS $$ SELECT NULLIF(current_setting('app.user_id', true), '')::uuid $$
    """,
    f"GRANT USAGE ON SCHEMA public TO {APP_ROLE}",
    f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {APP_ROLE}",
    f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO {APP_ROLE}",
]

TEARDOWN = [
    f"ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM {APP_ROLE}",
    f"ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE USAGE, SELECT ON SEQUENCES FROM {APP_ROLE}",
    f"REVOKE USAGE ON SCHEMA public FROM {APP_ROLE}",
    "DROP FUNCTION IF EXISTS app_current_user_id()",
]


def grant_tables(tables: list[str]) -> list[str]:
    return [f"GRANT SELECT, INSERT, UPDATE, DELETE ON {', '.join(tables)} TO {APP_ROLE}"]


def revoke_tables(tables: list[str]) -> list[str]:
    """Tables only the privileged path may touch (the auth server's records, migrations' bookkeeping)."""
    return [f"REVOKE ALL ON {', '.join(tables)} FROM {APP_ROLE}"]


def owner_only(table: str, column: str = "user_id") -> list[str]:
    """The app role sees and writes only the bound user's rows."""
    condition = f"{column} = {CURRENT_USER}"
    return [
        f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
        f"CREATE POLICY {table}_owner ON {table} FOR ALL TO {APP_ROLE} "
        f"USING ({condition}) WITH CHECK ({condition})",
    ]


def shared_read_owner_write(table: str) -> list[str]:
    """Any signed-in user reads (community content); only the author inserts, changes or deletes."""
    own = f"user_id = {CURRENT_USER}"
    return [
        f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
        f"CREATE POLICY {table}_read ON {table} FOR SELECT TO {APP_ROLE} USING ({CURRENT_USER} IS NOT NULL)",
        f"CREATE POLICY {table}_insert ON {table} FOR INSERT TO {APP_ROLE} WITH CHECK ({own})",
        f"CREATE POLICY {table}_update ON {table} FOR UPDATE TO {APP_ROLE} USING ({own}) WITH CHECK ({own})",
        f"CREATE POLICY {table}_delete ON {table} FOR DELETE TO {APP_ROLE} USING ({own})",
    ]
