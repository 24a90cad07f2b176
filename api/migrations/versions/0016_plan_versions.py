"""plan_versions: one number per user that every write to the plan's input tables raises (a trigger on each), so a
cached plan's check is one primary-key read instead of a count and a newest transaction over 17 tables

`plan_fingerprint(u)` keeps its name and now answers the user's version: the servers that call it, and the cache
keyed on it, are unchanged. The trigger runs with its owner's rights (the writer only ever raises their own
number) and skips a user being deleted, whose rows go in the same statement as the user.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02 00:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from api.core import rls

revision: str = '0016'
down_revision: str | None = '0015'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The tables the plan is built from (api.plan.summary.INPUT_TABLES; a test holds the triggers to it).
TABLES = ("profiles", "income", "expenses", "expense_items", "budget_allocations", "user_preferences",
          "future_plans", "household_members", "user_accounts", "user_properties", "savings_items",
          "savings_investments", "user_credit_cards", "user_lines_of_credit", "user_credit_data", "goals",
          "future_plan_items")

BUMP = """
CREATE OR REPLACE FUNCTION bump_plan_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
    owners uuid[];
    owner uuid;
BEGIN
    IF TG_OP = 'DELETE' THEN
        owners := ARRAY[OLD.user_id];
    ELSIF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
        owners := ARRAY[OLD.user_id, NEW.user_id];
    ELSE
        owners := ARRAY[NEW.user_id];
    END IF;
    FOREACH owner IN ARRAY owners LOOP
        IF EXISTS (SELECT 1 FROM users WHERE id = owner) THEN
            INSERT INTO plan_versions AS v (user_id, version) VALUES (owner, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
        END IF;
    END LOOP;
    RETURN NULL;
END
$fn$"""

VERSION = """
CREATE OR REPLACE FUNCTION plan_fingerprint(u uuid) RETURNS text
LANGUAGE sql STABLE SECURITY INVOKER AS $fn$
    SELECT coalesce((SELECT version::text FROM plan_versions WHERE user_id = u), '0')
$fn$"""


def _counting(tables: Sequence[str]) -> str:
    """Migration 0014's function: per table, the count of the user's rows and the newest transaction that wrote one."""
    parts = ",\n        ".join(
        f"(SELECT count(*)::text || ':' || coalesce(max(t.xmin::text::bigint), 0)::text FROM {name} t "
        f"WHERE t.user_id = u)" for name in tables)
    return f"""
CREATE OR REPLACE FUNCTION plan_fingerprint(u uuid) RETURNS text
LANGUAGE plpgsql STABLE SECURITY INVOKER AS $fn$
DECLARE
    result text;
BEGIN
    SELECT concat_ws('|',
        {parts}) INTO result;
    RETURN result;
END
$fn$"""


def upgrade() -> None:
    op.create_table('plan_versions',
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('version', sa.BigInteger(), server_default='0', nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_plan_versions_user_id_users'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', name=op.f('pk_plan_versions'))
    )
    for statement in rls.grant_tables(["plan_versions"]):
        op.execute(statement)
    for statement in rls.owner_only("plan_versions"):
        op.execute(statement)
    op.execute(BUMP)
    for table in TABLES:
        op.execute(f"CREATE TRIGGER plan_version AFTER INSERT OR UPDATE OR DELETE ON {table} "
                   "FOR EACH ROW EXECUTE FUNCTION bump_plan_version()")
    op.execute("DROP FUNCTION IF EXISTS plan_fingerprint(uuid)")  # plpgsql to sql
    op.execute(VERSION)


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS plan_fingerprint(uuid)")
    op.execute(_counting(TABLES))
    for table in TABLES:
        op.execute(f"DROP TRIGGER IF EXISTS plan_version ON {table}")
    op.execute("DROP FUNCTION IF EXISTS bump_plan_version()")
    op.drop_table('plan_versions')
