"""The task outbox: background work that must not be lost (account deletion, recovery, e-mail), written in the
request's own transaction and relayed to the broker by the servers (api/core/outbox.py). Only the privileged path
touches it.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from api.core import rls

revision: str = '0012'
down_revision: str | None = '0011'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('task_outbox',
    sa.Column('id', sa.BigInteger(), autoincrement=True, nullable=False),
    sa.Column('task', sa.String(length=200), nullable=False),
    sa.Column('args', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('available_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_task_outbox'))
    )
    op.create_index(op.f('ix_task_outbox_available_at'), 'task_outbox', ['available_at'], unique=False)
    for statement in rls.revoke_tables(["task_outbox"]):
        op.execute(statement)


def downgrade() -> None:
    op.drop_index(op.f('ix_task_outbox_available_at'), table_name='task_outbox')
    op.drop_table('task_outbox')
