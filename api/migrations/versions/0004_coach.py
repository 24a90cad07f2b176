"""coach: threads, approved changes with undo state, daily model-call usage (all owner-only under RLS)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 12:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from api.core import rls

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ["coach_threads", "coach_changes", "coach_usage"]


def upgrade() -> None:
    op.create_table('coach_threads',
    sa.Column('title', sa.String(length=120), nullable=False),
    sa.Column('summary', sa.Text(), nullable=True),
    sa.Column('graph', sa.String(length=32), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_coach_threads_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_coach_threads'))
    )
    op.create_index('ix_coach_threads_user_updated', 'coach_threads', ['user_id', 'updated_at'], unique=False)
    op.create_index(op.f('ix_coach_threads_user_id'), 'coach_threads', ['user_id'], unique=False)
    op.create_table('coach_changes',
    sa.Column('thread_id', sa.Uuid(), nullable=True),
    sa.Column('activity_id', sa.Uuid(), nullable=True),
    sa.Column('tool', sa.String(length=64), nullable=False),
    sa.Column('target', sa.String(length=64), nullable=False),
    sa.Column('summary', sa.Text(), nullable=False),
    sa.Column('before', postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    sa.Column('after', postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    sa.Column('undone_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['activity_id'], ['user_activity_log.id'], name=op.f('fk_coach_changes_activity_id_user_activity_log'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['thread_id'], ['coach_threads.id'], name=op.f('fk_coach_changes_thread_id_coach_threads'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_coach_changes_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_coach_changes'))
    )
    op.create_index('ix_coach_changes_user_created', 'coach_changes', ['user_id', 'created_at'], unique=False)
    op.create_index(op.f('ix_coach_changes_user_id'), 'coach_changes', ['user_id'], unique=False)
    op.create_table('coach_usage',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('model_calls', sa.Integer(), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_coach_usage_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_coach_usage')),
    sa.UniqueConstraint('user_id', 'day', name='uq_coach_usage_user_day')
    )
    op.create_index(op.f('ix_coach_usage_user_id'), 'coach_usage', ['user_id'], unique=False)
    for statement in rls.grant_tables(TABLES):
        op.execute(statement)
    for table in TABLES:
        for statement in rls.owner_only(table):
            op.execute(statement)


def downgrade() -> None:
    op.drop_index(op.f('ix_coach_usage_user_id'), table_name='coach_usage')
    op.drop_table('coach_usage')
    op.drop_index(op.f('ix_coach_changes_user_id'), table_name='coach_changes')
    op.drop_index('ix_coach_changes_user_created', table_name='coach_changes')
    op.drop_table('coach_changes')
    op.drop_index(op.f('ix_coach_threads_user_id'), table_name='coach_threads')
    op.drop_index('ix_coach_threads_user_updated', table_name='coach_threads')
    op.drop_table('coach_threads')
