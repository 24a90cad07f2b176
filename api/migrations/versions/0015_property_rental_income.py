"""A property's net rental income a month, so the household plan counts (and taxes) it, in retirement too.

Optional: a home the household lives in has none.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02 00:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0015'
down_revision: str | None = '0014'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('user_properties', sa.Column('monthly_rental_income', sa.Numeric(precision=14, scale=2),
                                               nullable=True))
    op.create_check_constraint(op.f('ck_user_properties_rental_income_nonnegative'), 'user_properties',
                               'monthly_rental_income IS NULL OR monthly_rental_income >= 0')


def downgrade() -> None:
    op.drop_constraint(op.f('ck_user_properties_rental_income_nonnegative'), 'user_properties', type_='check')
    op.drop_column('user_properties', 'monthly_rental_income')
