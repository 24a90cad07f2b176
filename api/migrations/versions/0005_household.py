"""household: the adults a plan is for (household_members, owner-only under RLS), whose account each account is
(user_accounts.owner; existing accounts belong to the user), and the planning horizon in preferences

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from api.core import rls

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('household_members',
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=True),
    sa.Column('birth_date', sa.Date(), nullable=True),
    sa.Column('employment_income', sa.Numeric(precision=14, scale=2, asdecimal=True), nullable=True),
    sa.Column('retirement_age', sa.Integer(), nullable=True),
    sa.Column('cpp_start_age', sa.Numeric(precision=4, scale=2), server_default='65', nullable=False),
    sa.Column('cpp_at_65', sa.Numeric(precision=14, scale=2, asdecimal=True), nullable=True),
    sa.Column('oas_start_age', sa.Numeric(precision=4, scale=2), server_default='65', nullable=False),
    sa.Column('oas_residence_years', sa.Integer(), server_default='40', nullable=False),
    sa.Column('pension', sa.Numeric(precision=14, scale=2, asdecimal=True), nullable=True),
    sa.Column('pension_start_age', sa.Numeric(precision=4, scale=2), server_default='65', nullable=False),
    sa.Column('pension_indexation', sa.Numeric(precision=7, scale=4, asdecimal=True), server_default='1',
              nullable=False),
    sa.Column('planned_death_age', sa.Integer(), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("role IN ('self', 'partner')", name=op.f('ck_household_members_role_known')),
    sa.CheckConstraint('employment_income IS NULL OR employment_income >= 0',
                       name=op.f('ck_household_members_employment_income_nonnegative')),
    sa.CheckConstraint('retirement_age IS NULL OR retirement_age BETWEEN 0 AND 120',
                       name=op.f('ck_household_members_retirement_age_range')),
    sa.CheckConstraint('cpp_start_age BETWEEN 60 AND 70', name=op.f('ck_household_members_cpp_start_age_range')),
    sa.CheckConstraint('cpp_at_65 IS NULL OR cpp_at_65 >= 0', name=op.f('ck_household_members_cpp_at_65_nonnegative')),
    sa.CheckConstraint('oas_start_age BETWEEN 65 AND 70', name=op.f('ck_household_members_oas_start_age_range')),
    sa.CheckConstraint('oas_residence_years BETWEEN 0 AND 70',
                       name=op.f('ck_household_members_oas_residence_years_range')),
    sa.CheckConstraint('pension IS NULL OR pension >= 0', name=op.f('ck_household_members_pension_nonnegative')),
    sa.CheckConstraint('pension_start_age BETWEEN 40 AND 75',
                       name=op.f('ck_household_members_pension_start_age_range')),
    sa.CheckConstraint('pension_indexation BETWEEN 0 AND 1',
                       name=op.f('ck_household_members_pension_indexation_range')),
    sa.CheckConstraint('planned_death_age IS NULL OR planned_death_age BETWEEN 0 AND 120',
                       name=op.f('ck_household_members_planned_death_age_range')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_household_members_user_id_users'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_household_members')),
    sa.UniqueConstraint('user_id', 'role', name='uq_household_members_user_role')
    )
    op.create_index(op.f('ix_household_members_user_id'), 'household_members', ['user_id'], unique=False)
    for statement in rls.grant_tables(["household_members"]):
        op.execute(statement)
    for statement in rls.owner_only("household_members"):
        op.execute(statement)
    # Existing accounts belong to the user (a single person owns everything until a partner is added).
    op.add_column('user_accounts', sa.Column('owner', sa.String(length=16), server_default='self', nullable=False))
    op.create_check_constraint(op.f('ck_user_accounts_owner_known'), 'user_accounts',
                               "owner IN ('self', 'partner', 'joint')")
    op.add_column('user_preferences', sa.Column('planning_horizon_age', sa.Integer(), server_default='95',
                                                nullable=False))
    op.create_check_constraint(op.f('ck_user_preferences_planning_horizon_age_range'), 'user_preferences',
                               'planning_horizon_age BETWEEN 50 AND 120')


def downgrade() -> None:
    op.drop_constraint(op.f('ck_user_preferences_planning_horizon_age_range'), 'user_preferences', type_='check')
    op.drop_column('user_preferences', 'planning_horizon_age')
    op.drop_constraint(op.f('ck_user_accounts_owner_known'), 'user_accounts', type_='check')
    op.drop_column('user_accounts', 'owner')
    op.drop_index(op.f('ix_household_members_user_id'), table_name='household_members')
    op.drop_table('household_members')
