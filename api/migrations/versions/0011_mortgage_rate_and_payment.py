"""A property's mortgage rate and monthly payment, so the household plan can pay the mortgage off.

Both are optional: without them the plan assumes a rate (5%) and a payment (the housing cost for a single
mortgaged property, else a 25-year amortization) and says so in its list of assumptions.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 05:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0011'
down_revision: str | None = '0010'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('user_properties', sa.Column('mortgage_rate', sa.Numeric(precision=7, scale=4), nullable=True))
    op.add_column('user_properties', sa.Column('mortgage_payment', sa.Numeric(precision=14, scale=2), nullable=True))
    op.create_check_constraint(op.f('ck_user_properties_mortgage_rate_range'), 'user_properties',
                               'mortgage_rate IS NULL OR mortgage_rate BETWEEN 0 AND 1')
    op.create_check_constraint(op.f('ck_user_properties_mortgage_payment_nonnegative'), 'user_properties',
                               'mortgage_payment IS NULL OR mortgage_payment >= 0')


def downgrade() -> None:
    op.drop_constraint(op.f('ck_user_properties_mortgage_payment_nonnegative'), 'user_properties', type_='check')
    op.drop_constraint(op.f('ck_user_properties_mortgage_rate_range'), 'user_properties', type_='check')
    op.drop_column('user_properties', 'mortgage_payment')
    op.drop_column('user_properties', 'mortgage_rate')
