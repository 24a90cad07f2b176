"""plan_scenarios: named what-ifs on the household plan (owner-only under RLS)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 17:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from api.core import rls

revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('plan_scenarios',
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('changes', postgresql.JSONB(astext_type=sa.Text()), server_default='{}', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_plan_scenarios_user_id_users'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_plan_scenarios'))
    )
    op.create_index(op.f('ix_plan_scenarios_user_id'), 'plan_scenarios', ['user_id'], unique=False)
    for statement in rls.grant_tables(["plan_scenarios"]):
        op.execute(statement)
    for statement in rls.owner_only("plan_scenarios"):
        op.execute(statement)


def downgrade() -> None:
    op.drop_index(op.f('ix_plan_scenarios_user_id'), table_name='plan_scenarios')
    op.drop_table('plan_scenarios')
