"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-23 09:09:46.128416
"""

from collections.abc import Sequence

import pgvector.sqlalchemy  # noqa: F401 - autogenerate writes pgvector types without importing them
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from api.core import rls

revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


OWNED = [
    "profiles", "income", "expenses", "expense_items", "savings_items", "savings_investments",
    "budget_allocations", "future_plans", "user_preferences", "user_accounts", "goals", "user_properties",
    "user_activity_log", "user_credit_data", "user_credit_cards", "user_lines_of_credit",
    "user_analytics_events", "feature_usage", "user_roles", "error_reports", "community_reports",
    "net_worth_snapshots",
]
SHARED = ["community_posts", "community_comments", "community_reactions"]
PRIVILEGED_ONLY = ["auth_identities", "auth_sessions", "auth_refresh_tokens", "auth_one_time_tokens",
                   "account_deletions", "alembic_version"]


def upgrade() -> None:
    op.execute("CREATE EXTENSION IF NOT EXISTS vector")
    for statement in rls.SETUP:
        op.execute(statement)
    op.create_table('account_deletions',
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_account_deletions'))
    )
    op.create_table('users',
    sa.Column('email', sa.String(length=320), nullable=False),
    sa.Column('encrypted_password', sa.String(length=255), nullable=True),
    sa.Column('email_confirmed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_sign_in_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('banned_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('app_metadata', postgresql.JSONB(astext_type=sa.Text()), server_default='{}', nullable=False),
    sa.Column('user_metadata', postgresql.JSONB(astext_type=sa.Text()), server_default='{}', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_users'))
    )
    op.create_index('uq_users_email_lower', 'users', [sa.literal_column('lower(email)')], unique=True)
    op.create_table('auth_identities',
    sa.Column('provider', sa.String(length=32), nullable=False),
    sa.Column('provider_id', sa.String(length=255), nullable=False),
    sa.Column('email', sa.String(length=320), nullable=True),
    sa.Column('identity_data', postgresql.JSONB(astext_type=sa.Text()), server_default='{}', nullable=False),
    sa.Column('last_sign_in_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_auth_identities_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_auth_identities'))
    )
    op.create_index(op.f('ix_auth_identities_user_id'), 'auth_identities', ['user_id'], unique=False)
    op.create_index('uq_auth_identities_provider', 'auth_identities', ['provider', 'provider_id'], unique=True)
    op.create_table('auth_one_time_tokens',
    sa.Column('token_type', sa.String(length=32), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('relates_to', sa.String(length=320), nullable=True),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("token_type IN ('confirmation', 'recovery', 'email_change', 'magiclink')", name=op.f('ck_auth_one_time_tokens_token_type')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_auth_one_time_tokens_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_auth_one_time_tokens')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_auth_one_time_tokens_token_hash'))
    )
    op.create_index(op.f('ix_auth_one_time_tokens_user_id'), 'auth_one_time_tokens', ['user_id'], unique=False)
    op.create_table('auth_sessions',
    sa.Column('refreshed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('not_after', sa.DateTime(timezone=True), nullable=True),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('aal', sa.String(length=8), server_default='aal1', nullable=False),
    sa.Column('user_agent', sa.Text(), nullable=True),
    sa.Column('ip', sa.String(length=64), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_auth_sessions_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_auth_sessions'))
    )
    op.create_index(op.f('ix_auth_sessions_user_id'), 'auth_sessions', ['user_id'], unique=False)
    op.create_table('budget_allocations',
    sa.Column('needs_percentage', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('wants_percentage', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('savings_percentage', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('investments_percentage', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('tfsa_allocation', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('rrsp_allocation', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('fhsa_allocation', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('non_registered_allocation', sa.Numeric(precision=5, scale=2), server_default='0', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('fhsa_allocation BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_fhsa_allocation_range')),
    sa.CheckConstraint('investments_percentage BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_investments_percentage_range')),
    sa.CheckConstraint('needs_percentage BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_needs_percentage_range')),
    sa.CheckConstraint('non_registered_allocation BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_non_registered_allocation_range')),
    sa.CheckConstraint('rrsp_allocation BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_rrsp_allocation_range')),
    sa.CheckConstraint('savings_percentage BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_savings_percentage_range')),
    sa.CheckConstraint('tfsa_allocation BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_tfsa_allocation_range')),
    sa.CheckConstraint('wants_percentage BETWEEN 0 AND 100', name=op.f('ck_budget_allocations_wants_percentage_range')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_budget_allocations_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_budget_allocations')),
    sa.UniqueConstraint('user_id', name=op.f('uq_budget_allocations_user_id'))
    )
    op.create_table('community_posts',
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('category', sa.String(length=50), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('is_hidden', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('hidden_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_community_posts_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_community_posts'))
    )
    op.create_index('ix_community_posts_category_created', 'community_posts', ['category', 'created_at'], unique=False)
    op.create_index(op.f('ix_community_posts_user_id'), 'community_posts', ['user_id'], unique=False)
    op.create_table('error_reports',
    sa.Column('user_id', sa.Uuid(), nullable=True),
    sa.Column('feedback', sa.Text(), nullable=True),
    sa.Column('route', sa.String(length=500), nullable=True),
    sa.Column('error_summary', sa.Text(), nullable=True),
    sa.Column('user_agent', sa.Text(), nullable=True),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_error_reports_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_error_reports'))
    )
    op.create_index(op.f('ix_error_reports_user_id'), 'error_reports', ['user_id'], unique=False)
    op.create_table('expense_items',
    sa.Column('category', sa.String(length=100), nullable=False),
    sa.Column('subcategory', sa.String(length=100), nullable=True),
    sa.Column('amount', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('needs_wants_category', sa.String(length=8), server_default='needs', nullable=False),
    sa.Column('is_bad_habit', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("needs_wants_category IN ('needs', 'wants')", name=op.f('ck_expense_items_needs_wants_category')),
    sa.CheckConstraint('amount >= 0', name=op.f('ck_expense_items_amount_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_expense_items_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_expense_items'))
    )
    op.create_index(op.f('ix_expense_items_user_id'), 'expense_items', ['user_id'], unique=False)
    op.create_table('expenses',
    sa.Column('rent_mortgage', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('rent_mortgage >= 0', name=op.f('ck_expenses_rent_mortgage_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_expenses_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_expenses')),
    sa.UniqueConstraint('user_id', name=op.f('uq_expenses_user_id'))
    )
    op.create_table('feature_usage',
    sa.Column('feature_name', sa.String(length=100), nullable=False),
    sa.Column('feature_category', sa.String(length=100), nullable=True),
    sa.Column('metadata', postgresql.JSONB(astext_type=sa.Text()), server_default='{}', nullable=False),
    sa.Column('usage_count', sa.Integer(), server_default='1', nullable=False),
    sa.Column('first_used_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('last_used_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_feature_usage_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_feature_usage'))
    )
    op.create_index(op.f('ix_feature_usage_user_id'), 'feature_usage', ['user_id'], unique=False)
    op.create_index('uq_feature_usage_user_feature', 'feature_usage', ['user_id', 'feature_name'], unique=True)
    op.create_table('future_plans',
    sa.Column('income_growth_rate', sa.Numeric(precision=7, scale=4), nullable=True),
    sa.Column('income_target_date', sa.Date(), nullable=True),
    sa.Column('income_target_amount', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('expense_change_description', sa.Text(), nullable=True),
    sa.Column('expense_change_date', sa.Date(), nullable=True),
    sa.Column('expense_change_amount', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('side_hustle_description', sa.Text(), nullable=True),
    sa.Column('side_hustle_date', sa.Date(), nullable=True),
    sa.Column('side_hustle_amount', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('side_hustle_time_commitment', sa.String(length=100), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('income_growth_rate IS NULL OR income_growth_rate BETWEEN -1 AND 1', name=op.f('ck_future_plans_income_growth_rate_range')),
    sa.CheckConstraint('income_target_amount IS NULL OR income_target_amount >= 0', name=op.f('ck_future_plans_income_target_amount_nonnegative')),
    sa.CheckConstraint('side_hustle_amount IS NULL OR side_hustle_amount >= 0', name=op.f('ck_future_plans_side_hustle_amount_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_future_plans_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_future_plans')),
    sa.UniqueConstraint('user_id', name=op.f('uq_future_plans_user_id'))
    )
    op.create_table('goals',
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('category', sa.String(length=32), nullable=False),
    sa.Column('target_amount', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('current_amount', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('target_date', sa.Date(), nullable=True),
    sa.Column('priority', sa.String(length=8), server_default='medium', nullable=False),
    sa.Column('notes', sa.Text(), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("category IN ('emergency-fund', 'retirement', 'home', 'debt-payoff', 'education', 'travel', 'other', 'financial-wellbeing')", name=op.f('ck_goals_category')),
    sa.CheckConstraint("priority IN ('low', 'medium', 'high')", name=op.f('ck_goals_priority')),
    sa.CheckConstraint('current_amount >= 0', name=op.f('ck_goals_current_amount_nonnegative')),
    sa.CheckConstraint('target_amount >= 0', name=op.f('ck_goals_target_amount_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_goals_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_goals'))
    )
    op.create_index(op.f('ix_goals_user_id'), 'goals', ['user_id'], unique=False)
    op.create_table('income',
    sa.Column('annual_salary', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('monthly_take_home', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('secondary_income', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('side_hustle_income', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('partner_income', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('other_income', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('annual_salary IS NULL OR annual_salary >= 0', name=op.f('ck_income_annual_salary_nonnegative')),
    sa.CheckConstraint('monthly_take_home IS NULL OR monthly_take_home >= 0', name=op.f('ck_income_monthly_take_home_nonnegative')),
    sa.CheckConstraint('other_income IS NULL OR other_income >= 0', name=op.f('ck_income_other_income_nonnegative')),
    sa.CheckConstraint('partner_income IS NULL OR partner_income >= 0', name=op.f('ck_income_partner_income_nonnegative')),
    sa.CheckConstraint('secondary_income IS NULL OR secondary_income >= 0', name=op.f('ck_income_secondary_income_nonnegative')),
    sa.CheckConstraint('side_hustle_income IS NULL OR side_hustle_income >= 0', name=op.f('ck_income_side_hustle_income_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_income_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_income')),
    sa.UniqueConstraint('user_id', name=op.f('uq_income_user_id'))
    )
    op.create_table('net_worth_snapshots',
    sa.Column('taken_on', sa.Date(), nullable=False),
    sa.Column('assets', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('liabilities', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('net_worth', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_net_worth_snapshots_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_net_worth_snapshots'))
    )
    op.create_index(op.f('ix_net_worth_snapshots_user_id'), 'net_worth_snapshots', ['user_id'], unique=False)
    op.create_index('uq_net_worth_snapshots_user_day', 'net_worth_snapshots', ['user_id', 'taken_on'], unique=True)
    op.create_table('profiles',
    sa.Column('first_name', sa.String(length=100), nullable=True),
    sa.Column('last_name', sa.String(length=100), nullable=True),
    sa.Column('email', sa.String(length=320), nullable=True),
    sa.Column('age', sa.Integer(), nullable=True),
    sa.Column('location', sa.String(length=200), nullable=True),
    sa.Column('country', sa.String(length=100), nullable=True),
    sa.Column('province', sa.String(length=50), nullable=True),
    sa.Column('city', sa.String(length=100), nullable=True),
    sa.Column('marital_status', sa.String(length=32), nullable=True),
    sa.Column('dependents', sa.Integer(), nullable=True),
    sa.Column('goals', sa.Text(), nullable=True),
    sa.Column('risk_tolerance', sa.String(length=32), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('age IS NULL OR age BETWEEN 0 AND 120', name=op.f('ck_profiles_age')),
    sa.CheckConstraint('dependents IS NULL OR dependents BETWEEN 0 AND 30', name=op.f('ck_profiles_dependents')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_profiles_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_profiles')),
    sa.UniqueConstraint('user_id', name=op.f('uq_profiles_user_id'))
    )
    op.create_table('savings_investments',
    sa.Column('monthly_savings', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('monthly_investment_contributions', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('emergency_fund', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('short_term_savings', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('debt_amount', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('savings_destinations', postgresql.ARRAY(sa.String(length=100)), server_default='{}', nullable=False),
    sa.Column('investment_types', postgresql.ARRAY(sa.String(length=100)), server_default='{}', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('debt_amount IS NULL OR debt_amount >= 0', name=op.f('ck_savings_investments_debt_amount_nonnegative')),
    sa.CheckConstraint('emergency_fund IS NULL OR emergency_fund >= 0', name=op.f('ck_savings_investments_emergency_fund_nonnegative')),
    sa.CheckConstraint('monthly_investment_contributions IS NULL OR monthly_investment_contributions >= 0', name=op.f('ck_savings_investments_monthly_investment_contributions_nonnegative')),
    sa.CheckConstraint('monthly_savings IS NULL OR monthly_savings >= 0', name=op.f('ck_savings_investments_monthly_savings_nonnegative')),
    sa.CheckConstraint('short_term_savings IS NULL OR short_term_savings >= 0', name=op.f('ck_savings_investments_short_term_savings_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_savings_investments_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_savings_investments')),
    sa.UniqueConstraint('user_id', name=op.f('uq_savings_investments_user_id'))
    )
    op.create_table('savings_items',
    sa.Column('category', sa.String(length=16), nullable=False),
    sa.Column('subcategory', sa.String(length=100), nullable=True),
    sa.Column('amount', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('goal', sa.String(length=200), nullable=True),
    sa.Column('investment_type', sa.String(length=100), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("category IN ('savings', 'investment')", name=op.f('ck_savings_items_category')),
    sa.CheckConstraint('amount > 0', name=op.f('ck_savings_items_amount_positive')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_savings_items_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_savings_items'))
    )
    op.create_index(op.f('ix_savings_items_user_id'), 'savings_items', ['user_id'], unique=False)
    op.create_table('user_accounts',
    sa.Column('account_name', sa.String(length=200), nullable=False),
    sa.Column('account_type', sa.String(length=50), nullable=False),
    sa.Column('balance', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('purpose', sa.Text(), nullable=True),
    sa.Column('institution', sa.String(length=200), nullable=True),
    sa.Column('account_number', sa.String(length=64), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_accounts_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_accounts'))
    )
    op.create_index(op.f('ix_user_accounts_user_id'), 'user_accounts', ['user_id'], unique=False)
    op.create_table('user_activity_log',
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('category', sa.String(length=50), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_activity_log_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_activity_log'))
    )
    op.create_index('ix_user_activity_log_user_created', 'user_activity_log', ['user_id', 'created_at'], unique=False)
    op.create_index(op.f('ix_user_activity_log_user_id'), 'user_activity_log', ['user_id'], unique=False)
    op.create_table('user_analytics_events',
    sa.Column('user_id', sa.Uuid(), nullable=True),
    sa.Column('event_type', sa.String(length=50), nullable=False),
    sa.Column('event_name', sa.String(length=100), nullable=False),
    sa.Column('event_data', postgresql.JSONB(astext_type=sa.Text()), server_default='{}', nullable=False),
    sa.Column('session_id', sa.String(length=100), nullable=True),
    sa.Column('page_path', sa.String(length=500), nullable=True),
    sa.Column('user_agent', sa.Text(), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_analytics_events_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_analytics_events'))
    )
    op.create_index('ix_user_analytics_events_created_at', 'user_analytics_events', ['created_at'], unique=False)
    op.create_index('ix_user_analytics_events_name_created', 'user_analytics_events', ['event_name', 'created_at'], unique=False)
    op.create_index(op.f('ix_user_analytics_events_user_id'), 'user_analytics_events', ['user_id'], unique=False)
    op.create_table('user_credit_cards',
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('issuer', sa.String(length=200), nullable=True),
    sa.Column('card_network', sa.String(length=50), nullable=True),
    sa.Column('card_type', sa.String(length=8), server_default='credit', nullable=False),
    sa.Column('credit_limit', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('balance', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('interest_rate', sa.Numeric(precision=7, scale=4), nullable=True),
    sa.Column('annual_fee', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('payment_due_day', sa.Integer(), nullable=True),
    sa.Column('is_active', sa.Boolean(), server_default='true', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("card_type IN ('charge', 'credit')", name=op.f('ck_user_credit_cards_card_type')),
    sa.CheckConstraint('annual_fee >= 0', name=op.f('ck_user_credit_cards_annual_fee_nonnegative')),
    sa.CheckConstraint('balance >= 0', name=op.f('ck_user_credit_cards_balance_nonnegative')),
    sa.CheckConstraint('credit_limit >= 0', name=op.f('ck_user_credit_cards_credit_limit_nonnegative')),
    sa.CheckConstraint('interest_rate IS NULL OR interest_rate BETWEEN 0 AND 1', name=op.f('ck_user_credit_cards_interest_rate_range')),
    sa.CheckConstraint('payment_due_day IS NULL OR payment_due_day BETWEEN 1 AND 31', name=op.f('ck_user_credit_cards_payment_due_day')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_credit_cards_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_credit_cards'))
    )
    op.create_index(op.f('ix_user_credit_cards_user_id'), 'user_credit_cards', ['user_id'], unique=False)
    op.create_table('user_credit_data',
    sa.Column('credit_score', sa.Integer(), nullable=True),
    sa.Column('credit_card_types', postgresql.ARRAY(sa.String(length=50)), server_default='{}', nullable=False),
    sa.Column('line_of_credit_amount', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('credit_utilization_rate', sa.Numeric(precision=7, scale=4), server_default='0', nullable=False),
    sa.Column('credit_account_linked', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('credit_score IS NULL OR credit_score BETWEEN 300 AND 900', name=op.f('ck_user_credit_data_credit_score_range')),
    sa.CheckConstraint('credit_utilization_rate BETWEEN 0 AND 10', name=op.f('ck_user_credit_data_credit_utilization_rate_range')),
    sa.CheckConstraint('line_of_credit_amount >= 0', name=op.f('ck_user_credit_data_line_of_credit_amount_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_credit_data_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_credit_data')),
    sa.UniqueConstraint('user_id', name=op.f('uq_user_credit_data_user_id'))
    )
    op.create_table('user_lines_of_credit',
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('lender', sa.String(length=200), nullable=True),
    sa.Column('credit_limit', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('balance', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('interest_rate', sa.Numeric(precision=7, scale=4), nullable=True),
    sa.Column('secured', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('is_active', sa.Boolean(), server_default='true', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('balance >= 0', name=op.f('ck_user_lines_of_credit_balance_nonnegative')),
    sa.CheckConstraint('credit_limit >= 0', name=op.f('ck_user_lines_of_credit_credit_limit_nonnegative')),
    sa.CheckConstraint('interest_rate IS NULL OR interest_rate BETWEEN 0 AND 1', name=op.f('ck_user_lines_of_credit_interest_rate_range')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_lines_of_credit_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_lines_of_credit'))
    )
    op.create_index(op.f('ix_user_lines_of_credit_user_id'), 'user_lines_of_credit', ['user_id'], unique=False)
    op.create_table('user_preferences',
    sa.Column('currency_code', sa.String(length=3), server_default='CAD', nullable=False),
    sa.Column('locale', sa.String(length=16), server_default='en-CA', nullable=False),
    sa.Column('investment_return_rate', sa.Numeric(precision=7, scale=4), server_default='0.1', nullable=False),
    sa.Column('fire_rule_multiplier', sa.Numeric(precision=6, scale=2), server_default='25', nullable=False),
    sa.Column('max_projection_years', sa.Integer(), server_default='30', nullable=False),
    sa.Column('retirement_age', sa.Integer(), server_default='65', nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('fire_rule_multiplier > 0 AND fire_rule_multiplier <= 100', name=op.f('ck_user_preferences_fire_rule_multiplier_range')),
    sa.CheckConstraint('investment_return_rate BETWEEN -1 AND 1', name=op.f('ck_user_preferences_investment_return_rate_range')),
    sa.CheckConstraint('max_projection_years BETWEEN 1 AND 100', name=op.f('ck_user_preferences_max_projection_years_range')),
    sa.CheckConstraint('retirement_age IS NULL OR retirement_age BETWEEN 0 AND 120', name=op.f('ck_user_preferences_retirement_age_range')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_preferences_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_preferences')),
    sa.UniqueConstraint('user_id', name=op.f('uq_user_preferences_user_id'))
    )
    op.create_table('user_properties',
    sa.Column('type', sa.String(length=50), nullable=False),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('market_value', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('purchase_price', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('mortgage_balance', sa.Numeric(precision=14, scale=2), server_default='0', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('market_value >= 0', name=op.f('ck_user_properties_market_value_nonnegative')),
    sa.CheckConstraint('mortgage_balance >= 0', name=op.f('ck_user_properties_mortgage_balance_nonnegative')),
    sa.CheckConstraint('purchase_price >= 0', name=op.f('ck_user_properties_purchase_price_nonnegative')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_properties_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_properties'))
    )
    op.create_index(op.f('ix_user_properties_user_id'), 'user_properties', ['user_id'], unique=False)
    op.create_table('user_roles',
    sa.Column('role', sa.String(length=16), server_default='user', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("role IN ('user', 'moderator', 'admin')", name=op.f('ck_user_roles_role')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_roles_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_roles')),
    sa.UniqueConstraint('user_id', name=op.f('uq_user_roles_user_id'))
    )
    op.create_table('auth_refresh_tokens',
    sa.Column('id', sa.BigInteger(), autoincrement=True, nullable=False),
    sa.Column('session_id', sa.Uuid(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('parent_hash', sa.String(length=64), nullable=True),
    sa.Column('revoked', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['auth_sessions.id'], name=op.f('fk_auth_refresh_tokens_session_id_auth_sessions'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_auth_refresh_tokens_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_auth_refresh_tokens')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_auth_refresh_tokens_token_hash'))
    )
    op.create_index(op.f('ix_auth_refresh_tokens_session_id'), 'auth_refresh_tokens', ['session_id'], unique=False)
    op.create_index(op.f('ix_auth_refresh_tokens_user_id'), 'auth_refresh_tokens', ['user_id'], unique=False)
    op.create_table('community_comments',
    sa.Column('post_id', sa.Uuid(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('is_hidden', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('hidden_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['post_id'], ['community_posts.id'], name=op.f('fk_community_comments_post_id_community_posts'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_community_comments_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_community_comments'))
    )
    op.create_index(op.f('ix_community_comments_post_id'), 'community_comments', ['post_id'], unique=False)
    op.create_index(op.f('ix_community_comments_user_id'), 'community_comments', ['user_id'], unique=False)
    op.create_table('community_reactions',
    sa.Column('kind', sa.String(length=16), server_default='like', nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('post_id', sa.Uuid(), nullable=True),
    sa.Column('comment_id', sa.Uuid(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("kind IN ('like', 'helpful', 'insightful', 'celebrate')", name=op.f('ck_community_reactions_kind')),
    sa.CheckConstraint('(post_id IS NULL) <> (comment_id IS NULL)', name=op.f('ck_community_reactions_one_target')),
    sa.ForeignKeyConstraint(['comment_id'], ['community_comments.id'], name=op.f('fk_community_reactions_comment_id_community_comments'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['post_id'], ['community_posts.id'], name=op.f('fk_community_reactions_post_id_community_posts'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_community_reactions_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_community_reactions'))
    )
    op.create_index(op.f('ix_community_reactions_comment_id'), 'community_reactions', ['comment_id'], unique=False)
    op.create_index(op.f('ix_community_reactions_post_id'), 'community_reactions', ['post_id'], unique=False)
    op.create_index(op.f('ix_community_reactions_user_id'), 'community_reactions', ['user_id'], unique=False)
    op.create_index('uq_community_reactions_comment', 'community_reactions', ['user_id', 'comment_id', 'kind'], unique=True, postgresql_where=sa.text('comment_id IS NOT NULL'))
    op.create_index('uq_community_reactions_post', 'community_reactions', ['user_id', 'post_id', 'kind'], unique=True, postgresql_where=sa.text('post_id IS NOT NULL'))
    op.create_table('community_reports',
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=16), server_default='open', nullable=False),
    sa.Column('resolved_by', sa.Uuid(), nullable=True),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=False),
    sa.Column('post_id', sa.Uuid(), nullable=True),
    sa.Column('comment_id', sa.Uuid(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("status IN ('open', 'resolved', 'dismissed')", name=op.f('ck_community_reports_status')),
    sa.CheckConstraint('(post_id IS NULL) <> (comment_id IS NULL)', name=op.f('ck_community_reports_one_target')),
    sa.ForeignKeyConstraint(['comment_id'], ['community_comments.id'], name=op.f('fk_community_reports_comment_id_community_comments'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['post_id'], ['community_posts.id'], name=op.f('fk_community_reports_post_id_community_posts'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['resolved_by'], ['users.id'], name=op.f('fk_community_reports_resolved_by_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_community_reports_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_community_reports'))
    )
    op.create_index(op.f('ix_community_reports_comment_id'), 'community_reports', ['comment_id'], unique=False)
    op.create_index(op.f('ix_community_reports_post_id'), 'community_reports', ['post_id'], unique=False)
    op.create_index(op.f('ix_community_reports_user_id'), 'community_reports', ['user_id'], unique=False)
    op.execute(f"REVOKE INSERT, DELETE ON users FROM {rls.APP_ROLE}")  # users come and go via auth
    for statement in rls.grant_tables(OWNED + SHARED):
        op.execute(statement)
    for statement in rls.revoke_tables(PRIVILEGED_ONLY):
        op.execute(statement)
    for statement in rls.owner_only("users", column="id"):
        op.execute(statement)
    for table in OWNED:
        for statement in rls.owner_only(table):
            op.execute(statement)
    for table in SHARED:
        for statement in rls.shared_read_owner_write(table):
            op.execute(statement)


def downgrade() -> None:
    op.drop_index(op.f('ix_community_reports_user_id'), table_name='community_reports')
    op.drop_index(op.f('ix_community_reports_post_id'), table_name='community_reports')
    op.drop_index(op.f('ix_community_reports_comment_id'), table_name='community_reports')
    op.drop_table('community_reports')
    op.drop_index('uq_community_reactions_post', table_name='community_reactions', postgresql_where=sa.text('post_id IS NOT NULL'))
    op.drop_index('uq_community_reactions_comment', table_name='community_reactions', postgresql_where=sa.text('comment_id IS NOT NULL'))
    op.drop_index(op.f('ix_community_reactions_user_id'), table_name='community_reactions')
    op.drop_index(op.f('ix_community_reactions_post_id'), table_name='community_reactions')
    op.drop_index(op.f('ix_community_reactions_comment_id'), table_name='community_reactions')
    op.drop_table('community_reactions')
    op.drop_index(op.f('ix_community_comments_user_id'), table_name='community_comments')
    op.drop_index(op.f('ix_community_comments_post_id'), table_name='community_comments')
    op.drop_table('community_comments')
    op.drop_index(op.f('ix_auth_refresh_tokens_user_id'), table_name='auth_refresh_tokens')
    op.drop_index(op.f('ix_auth_refresh_tokens_session_id'), table_name='auth_refresh_tokens')
    op.drop_table('auth_refresh_tokens')
    op.drop_table('user_roles')
    op.drop_index(op.f('ix_user_properties_user_id'), table_name='user_properties')
    op.drop_table('user_properties')
    op.drop_table('user_preferences')
    op.drop_index(op.f('ix_user_lines_of_credit_user_id'), table_name='user_lines_of_credit')
    op.drop_table('user_lines_of_credit')
    op.drop_table('user_credit_data')
    op.drop_index(op.f('ix_user_credit_cards_user_id'), table_name='user_credit_cards')
    op.drop_table('user_credit_cards')
    op.drop_index(op.f('ix_user_analytics_events_user_id'), table_name='user_analytics_events')
    op.drop_index('ix_user_analytics_events_name_created', table_name='user_analytics_events')
    op.drop_index('ix_user_analytics_events_created_at', table_name='user_analytics_events')
    op.drop_table('user_analytics_events')
    op.drop_index(op.f('ix_user_activity_log_user_id'), table_name='user_activity_log')
    op.drop_index('ix_user_activity_log_user_created', table_name='user_activity_log')
    op.drop_table('user_activity_log')
    op.drop_index(op.f('ix_user_accounts_user_id'), table_name='user_accounts')
    op.drop_table('user_accounts')
    op.drop_index(op.f('ix_savings_items_user_id'), table_name='savings_items')
    op.drop_table('savings_items')
    op.drop_table('savings_investments')
    op.drop_table('profiles')
    op.drop_index('uq_net_worth_snapshots_user_day', table_name='net_worth_snapshots')
    op.drop_index(op.f('ix_net_worth_snapshots_user_id'), table_name='net_worth_snapshots')
    op.drop_table('net_worth_snapshots')
    op.drop_table('income')
    op.drop_index(op.f('ix_goals_user_id'), table_name='goals')
    op.drop_table('goals')
    op.drop_table('future_plans')
    op.drop_index('uq_feature_usage_user_feature', table_name='feature_usage')
    op.drop_index(op.f('ix_feature_usage_user_id'), table_name='feature_usage')
    op.drop_table('feature_usage')
    op.drop_table('expenses')
    op.drop_index(op.f('ix_expense_items_user_id'), table_name='expense_items')
    op.drop_table('expense_items')
    op.drop_index(op.f('ix_error_reports_user_id'), table_name='error_reports')
    op.drop_table('error_reports')
    op.drop_index(op.f('ix_community_posts_user_id'), table_name='community_posts')
    op.drop_index('ix_community_posts_category_created', table_name='community_posts')
    op.drop_table('community_posts')
    op.drop_table('budget_allocations')
    op.drop_index(op.f('ix_auth_sessions_user_id'), table_name='auth_sessions')
    op.drop_table('auth_sessions')
    op.drop_index(op.f('ix_auth_one_time_tokens_user_id'), table_name='auth_one_time_tokens')
    op.drop_table('auth_one_time_tokens')
    op.drop_index('uq_auth_identities_provider', table_name='auth_identities')
    op.drop_index(op.f('ix_auth_identities_user_id'), table_name='auth_identities')
    op.drop_table('auth_identities')
    op.drop_index('uq_users_email_lower', table_name='users')
    op.drop_table('users')
    op.drop_table('account_deletions')
    for statement in rls.TEARDOWN:
        op.execute(statement)
