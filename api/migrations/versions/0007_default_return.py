"""One default return: new preferences start at 6% a year (the wizard offered 10% while the preferences suggested
6%); saved preferences keep the rate they hold.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27 16:40:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.alter_column('user_preferences', 'investment_return_rate', server_default='0.06')


def downgrade() -> None:
    op.alter_column('user_preferences', 'investment_return_rate', server_default='0.1')
