"""One monthly saving figure, and community authors' names.

The wizard and the Savings page asked both "savings per month" and "investment contributions per month", the same
question twice. `monthly_savings` now holds everything saved and invested a month: the saved contributions are
added to it (capped at the column's limit) and the separate column (and its check) is dropped, so nothing saved is lost.

`community_author_name(u)` gives the name shown beside a member's posts and comments: first and last name, else
first name, else the account's full name, else NULL (never the e-mail). Profiles and users are owner-only under
row-level security, so it is SECURITY DEFINER, and it answers only for users who have written in the community.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28 02:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MAX = "999999999999.99"


def upgrade() -> None:
    op.execute(f"""
        UPDATE savings_investments
        SET monthly_savings = LEAST(COALESCE(monthly_savings, 0) + monthly_investment_contributions, {MAX})
        WHERE monthly_investment_contributions IS NOT NULL""")
    op.drop_column('savings_investments', 'monthly_investment_contributions')
    op.execute("""
CREATE OR REPLACE FUNCTION community_author_name(u uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $fn$
    SELECT COALESCE(
        CASE WHEN btrim(p.first_name) <> '' AND btrim(p.last_name) <> ''
             THEN btrim(p.first_name) || ' ' || btrim(p.last_name) END,
        NULLIF(btrim(p.first_name), ''),
        NULLIF(btrim(us.user_metadata ->> 'full_name'), ''),
        NULLIF(btrim(us.user_metadata ->> 'name'), ''))
    FROM users us LEFT JOIN profiles p ON p.user_id = us.id
    WHERE us.id = u
      AND (EXISTS (SELECT 1 FROM community_posts c WHERE c.user_id = u)
           OR EXISTS (SELECT 1 FROM community_comments c WHERE c.user_id = u))
$fn$""")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS community_author_name(uuid)")
    op.add_column('savings_investments', sa.Column('monthly_investment_contributions',
                                                   sa.Numeric(precision=14, scale=2), nullable=True))
    op.create_check_constraint(
        op.f('ck_savings_investments_monthly_investment_contributions_nonnegative'), 'savings_investments',
        'monthly_investment_contributions IS NULL OR monthly_investment_contributions >= 0')
