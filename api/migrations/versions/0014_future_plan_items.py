"""future_plan_items: the dated future plans, as many as the user adds (owner-only under RLS); the one-of-each
record keeps only the income growth, its three dated plans moved into items marked with their origin; the plan's
fingerprint reads the new table

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01 23:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from api.core import rls

revision: str = '0014'
down_revision: str | None = '0013'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS = "kind IN ('spending', 'income', 'income_target', 'one_off', 'pause_saving')"
# The tables the plan is built from (api.plan.summary.INPUT_TABLES), before and after this revision.
BEFORE = ("profiles", "income", "expenses", "expense_items", "budget_allocations", "user_preferences",
          "future_plans", "household_members", "user_accounts", "user_properties", "savings_items",
          "savings_investments", "user_credit_cards", "user_lines_of_credit", "user_credit_data", "goals")
AFTER = (*BEFORE, "future_plan_items")
# The record's dated plans: origin, kind, date, amount, description, default description, notes.
MOVED = (
    ("income_target", "income_target", "income_target_date", "income_target_amount", "NULL", "Income target", "NULL"),
    ("expense_change", "spending", "expense_change_date", "expense_change_amount", "expense_change_description",
     "Expense change", "NULL"),
    ("side_hustle", "income", "side_hustle_date", "side_hustle_amount", "side_hustle_description", "Side income",
     "side_hustle_time_commitment"),
)
RECORD_COLUMNS = (
    ("income_target_date", sa.Date()), ("income_target_amount", sa.Numeric(14, 2)),
    ("expense_change_description", sa.Text()), ("expense_change_date", sa.Date()),
    ("expense_change_amount", sa.Numeric(14, 2)), ("side_hustle_description", sa.Text()),
    ("side_hustle_date", sa.Date()), ("side_hustle_amount", sa.Numeric(14, 2)),
    ("side_hustle_time_commitment", sa.String(length=100)),
)


def _fingerprint(tables: Sequence[str]) -> str:
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
    op.create_table('future_plan_items',
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('description', sa.String(length=200), nullable=False),
    sa.Column('person', sa.String(length=10), server_default='self', nullable=False),
    sa.Column('start_date', sa.Date(), nullable=True),
    sa.Column('end_date', sa.Date(), nullable=True),
    sa.Column('amount', sa.Numeric(14, 2), nullable=True),
    sa.Column('notes', sa.Text(), nullable=True),
    sa.Column('origin', sa.String(length=20), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint(KINDS, name=op.f('ck_future_plan_items_kind_known')),
    sa.CheckConstraint("person IN ('self', 'partner')", name=op.f('ck_future_plan_items_person_known')),
    sa.CheckConstraint('end_date IS NULL OR start_date IS NULL OR end_date > start_date',
                       name=op.f('ck_future_plan_items_ends_after_start')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_future_plan_items_user_id_users'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_future_plan_items'))
    )
    op.create_index(op.f('ix_future_plan_items_user_id'), 'future_plan_items', ['user_id'], unique=False)
    for statement in rls.grant_tables(["future_plan_items"]):
        op.execute(statement)
    for statement in rls.owner_only("future_plan_items"):
        op.execute(statement)
    for origin, kind, day, amount, description, label, notes in MOVED:
        op.execute(f"""
INSERT INTO future_plan_items (user_id, origin, kind, start_date, amount, description, notes, created_at, updated_at)
SELECT user_id, '{origin}', '{kind}', {day}, {amount}, left(coalesce(nullif(btrim({description}), ''), '{label}'), 200),
       {notes}, created_at, updated_at
FROM future_plans
WHERE {day} IS NOT NULL OR {amount} IS NOT NULL OR nullif(btrim(coalesce({description}, '')), '') IS NOT NULL""")
    for name, _ in RECORD_COLUMNS:  # their check constraints go with them
        op.drop_column('future_plans', name)
    op.execute(_fingerprint(AFTER))


def downgrade() -> None:
    op.execute(_fingerprint(BEFORE))
    for name, column in RECORD_COLUMNS:
        op.add_column('future_plans', sa.Column(name, column, nullable=True))
    op.create_check_constraint(op.f('ck_future_plans_income_target_amount_nonnegative'), 'future_plans',
                               'income_target_amount IS NULL OR income_target_amount >= 0')
    op.create_check_constraint(op.f('ck_future_plans_side_hustle_amount_nonnegative'), 'future_plans',
                               'side_hustle_amount IS NULL OR side_hustle_amount >= 0')
    # The record's three plans go back to it (a user with items but no record gets one); other items are lost.
    op.execute("""
INSERT INTO future_plans (user_id) SELECT DISTINCT user_id FROM future_plan_items
WHERE origin IS NOT NULL ON CONFLICT (user_id) DO NOTHING""")
    for origin, _, day, amount, description, label, notes in MOVED:
        sets = [f"{day} = i.start_date", f"{amount} = i.amount"]
        if description != "NULL":
            sets.append(f"{description} = nullif(i.description, '{label}')")
        if notes != "NULL":
            sets.append(f"{notes} = left(i.notes, 100)")
        op.execute(f"""
UPDATE future_plans f SET {', '.join(sets)}
FROM future_plan_items i WHERE i.user_id = f.user_id AND i.origin = '{origin}'""")
    op.drop_index(op.f('ix_future_plan_items_user_id'), table_name='future_plan_items')
    op.drop_table('future_plan_items')
