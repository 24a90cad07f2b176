"""The schema's constraints hold in the real database: enumerations, bounds, one row per user, cascades."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import inspect, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api import models as m
from tests.factories import make_user


def _rejects(session: Session, row: object) -> None:
    with pytest.raises(IntegrityError), session.begin_nested():
        session.add(row)
        session.flush()


@pytest.mark.parametrize(
    ("model", "fields"),
    [
        (m.ExpenseItem, {"category": "Food", "amount": Decimal(10), "needs_wants_category": "maybe"}),
        (m.SavingsItem, {"category": "crypto", "amount": Decimal(10)}),
        (m.CreditCard, {"name": "Visa", "card_type": "debit"}),
        (m.UserRole, {"role": "superuser"}),
        (m.Goal, {"name": "Boat", "category": "boats"}),
        (m.CommunityReport, {"reason": "spam", "status": "ignored"}),
    ],
)
def test_enumerations_reject_unknown_values(session: Session, model: type, fields: dict[str, object]) -> None:
    user = make_user(session)
    if model is m.UserRole:
        session.execute(text("DELETE FROM user_roles WHERE user_id = :u"), {"u": user.id})
    if model is m.CommunityReport:
        post = m.CommunityPost(user_id=user.id, title="t", body="b", category="general")
        session.add(post)
        session.flush()
        fields = {**fields, "post_id": post.id}
    _rejects(session, model(user_id=user.id, **fields))


@pytest.mark.parametrize(
    ("model", "fields"),
    [
        (m.Profile, {"age": 121}),
        (m.Profile, {"age": -1}),
        (m.CreditData, {"credit_score": 299}),
        (m.CreditData, {"credit_score": 901}),
        (m.BudgetAllocation, {"needs_percentage": Decimal("100.5")}),
        (m.Income, {"annual_salary": Decimal("-1")}),
        (m.ExpenseItem, {"category": "Food", "amount": Decimal("-5")}),
        (m.SavingsItem, {"category": "savings", "amount": Decimal("0")}),
        (m.UserPreferences, {"investment_return_rate": Decimal("4")}),  # rates are fractions: 4 means 400%
        (m.UserPreferences, {"retirement_age": 130}),
    ],
)
def test_bounds_are_enforced(session: Session, model: type, fields: dict[str, object]) -> None:
    user = make_user(session)
    _rejects(session, model(user_id=user.id, **fields))


@pytest.mark.parametrize("model", [m.Profile, m.Income, m.Expense, m.SavingsInvestment, m.BudgetAllocation,
                                   m.FuturePlan, m.UserPreferences, m.CreditData, m.UserRole])
def test_one_row_per_user_tables_are_unique_on_user(session: Session, model: type) -> None:
    user = make_user(session)
    if model is not m.UserRole:  # create_user already gave the user a role
        session.add(model(user_id=user.id))
        session.flush()
    _rejects(session, model(user_id=user.id))


def test_emails_are_unique_regardless_of_case(session: Session) -> None:
    make_user(session, email="Sam@Example.com")
    with pytest.raises(IntegrityError), session.begin_nested():
        session.add(m.User(email="sam@example.com"))
        session.flush()


def test_a_reaction_targets_exactly_one_thing(session: Session) -> None:
    user = make_user(session)
    post = m.CommunityPost(user_id=user.id, title="t", body="b", category="general")
    session.add(post)
    session.flush()
    comment = m.CommunityComment(user_id=user.id, post_id=post.id, body="c")
    session.add(comment)
    session.flush()
    _rejects(session, m.CommunityReaction(user_id=user.id, kind="like"))
    _rejects(session, m.CommunityReaction(user_id=user.id, post_id=post.id, comment_id=comment.id, kind="like"))
    session.add(m.CommunityReaction(user_id=user.id, post_id=post.id, kind="like"))
    session.flush()
    _rejects(session, m.CommunityReaction(user_id=user.id, post_id=post.id, kind="like"))  # once per kind


def test_money_keeps_cents_exactly(session: Session) -> None:
    user = make_user(session)
    session.add(m.UserAccount(user_id=user.id, account_name="TFSA", account_type="tfsa",
                              balance=Decimal("123456789012.34")))
    session.flush()
    balance = session.scalar(select(m.UserAccount.balance).where(m.UserAccount.user_id == user.id))
    assert balance == Decimal("123456789012.34")
    column = inspect(m.UserAccount).columns["balance"]
    assert (column.type.precision, column.type.scale) == (14, 2)  # type: ignore[attr-defined]


def test_preferences_have_the_spec_defaults(session: Session) -> None:
    """The spec's defaults, except the return: 6% (issue "One plan": one default return everywhere, the spec's
    10% was the wizard's and contradicted the preferences' own hint)."""
    user = make_user(session)
    session.execute(text("INSERT INTO user_preferences (user_id) VALUES (:u)"), {"u": user.id})
    row = session.execute(text("SELECT currency_code, locale, investment_return_rate, fire_rule_multiplier, "
                               "max_projection_years, retirement_age FROM user_preferences WHERE user_id = :u"),
                          {"u": user.id}).one()
    assert tuple(row) == ("CAD", "en-CA", Decimal("0.0600"), Decimal("25.00"), 30, 65)


def test_deleting_a_user_deletes_their_rows_in_every_table(session: Session) -> None:
    from api.demo.service import seed_demo

    account = seed_demo(session=session, password="demo-password-1", email="cascade@example.com")
    other = make_user(session)
    session.add(m.Income(user_id=other.id, annual_salary=Decimal(50000)))
    session.flush()
    tables = [t for t in m.Base.metadata.sorted_tables if "user_id" in t.c]
    counted = {t.name: session.scalar(text(f"SELECT count(*) FROM {t.name} WHERE user_id = :u"),
                                      {"u": account.user_id}) for t in tables}
    # The demo fills every per-user table except the auth records it has no reason to create.
    empty = {name for name, count in counted.items() if not count}
    assert empty <= {"auth_sessions", "auth_refresh_tokens", "auth_one_time_tokens", "auth_flow_states",
                     "error_reports", "community_reactions", "community_reports",
                     "coach_threads", "coach_changes", "coach_usage"}
    session.execute(text("DELETE FROM users WHERE id = :u"), {"u": account.user_id})
    for table in tables:
        left = session.scalar(text(f"SELECT count(*) FROM {table.name} WHERE user_id = :u"), {"u": account.user_id})
        assert left == 0, table.name
    assert session.scalar(text("SELECT count(*) FROM income WHERE user_id = :u"), {"u": other.id}) == 1
