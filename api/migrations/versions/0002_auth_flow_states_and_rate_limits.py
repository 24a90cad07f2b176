"""auth flow states and rate limits

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23

OAuth flow states (Google with PKCE) and rate-limit counters, both for the privileged auth path only.
"""

from collections.abc import Sequence

import pgvector.sqlalchemy  # noqa: F401 - autogenerate writes pgvector types without importing them
import sqlalchemy as sa
from alembic import op

from api.core import rls

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('auth_rate_limits',
    sa.Column('key', sa.String(length=400), nullable=False),
    sa.Column('window_start', sa.DateTime(timezone=True), nullable=False),
    sa.Column('count', sa.Integer(), server_default='0', nullable=False),
    sa.PrimaryKeyConstraint('key', 'window_start', name=op.f('pk_auth_rate_limits'))
    )
    op.create_table('auth_flow_states',
    sa.Column('provider', sa.String(length=32), nullable=False),
    sa.Column('state_hash', sa.String(length=64), nullable=False),
    sa.Column('nonce', sa.String(length=128), nullable=True),
    sa.Column('code_challenge', sa.String(length=128), nullable=True),
    sa.Column('code_challenge_method', sa.String(length=8), nullable=True),
    sa.Column('redirect_to', sa.Text(), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=True),
    sa.Column('auth_code_hash', sa.String(length=64), nullable=True),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("code_challenge_method IS NULL OR code_challenge_method IN ('s256', 'plain')", name=op.f('ck_auth_flow_states_code_challenge_method')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_auth_flow_states_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_auth_flow_states')),
    sa.UniqueConstraint('auth_code_hash', name=op.f('uq_auth_flow_states_auth_code_hash')),
    sa.UniqueConstraint('state_hash', name=op.f('uq_auth_flow_states_state_hash'))
    )
    op.create_index(op.f('ix_auth_flow_states_user_id'), 'auth_flow_states', ['user_id'], unique=False)
    for statement in rls.revoke_tables(["auth_flow_states", "auth_rate_limits"]):
        op.execute(statement)


def downgrade() -> None:
    op.drop_index(op.f('ix_auth_flow_states_user_id'), table_name='auth_flow_states')
    op.drop_table('auth_flow_states')
    op.drop_table('auth_rate_limits')
