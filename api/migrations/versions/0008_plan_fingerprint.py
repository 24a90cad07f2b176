"""The plan's fingerprint as a function: per input table, the count of the user's rows and the newest transaction
that wrote one. As one 16-subquery statement sent with its literals, PostgreSQL planned it on every read (about
2 ms, more than the whole cached read otherwise costs); a PL/pgSQL function keeps its plan per connection.

The tables are the ones `api.plan.summary.INPUT_TABLES` lists (a test holds the two the same); a table added there
needs a migration that replaces the function. SECURITY INVOKER: row-level security applies as to any read.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 21:30:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("profiles", "income", "expenses", "expense_items", "budget_allocations", "user_preferences",
          "future_plans", "household_members", "user_accounts", "user_properties", "savings_items",
          "savings_investments", "user_credit_cards", "user_lines_of_credit", "user_credit_data", "goals")


def upgrade() -> None:
    parts = ",\n        ".join(
        f"(SELECT count(*)::text || ':' || coalesce(max(t.xmin::text::bigint), 0)::text FROM {name} t "
        f"WHERE t.user_id = u)" for name in TABLES)
    op.execute(f"""
CREATE OR REPLACE FUNCTION plan_fingerprint(u uuid) RETURNS text
LANGUAGE plpgsql STABLE SECURITY INVOKER AS $fn$
DECLARE
    result text;
BEGIN
    SELECT concat_ws('|',
        {parts}) INTO result;
    RETURN result;
END
$fn$""")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS plan_fingerprint(uuid)")
