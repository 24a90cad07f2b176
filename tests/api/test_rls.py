"""Row-level security: the app role sees only the bound user's rows even when a query forgets its filter."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from decimal import Decimal

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError, ProgrammingError
from sqlalchemy.orm import Session

from api import models as m
from api.core.db import APP_ROLE, Database, privileged_session, user_session
from tests.factories import make_user


def _as_app_user(session: Session, user_id: uuid.UUID | None) -> None:
    """Switch this transaction to the app role, bound to `user_id` (as a request's transaction is)."""
    session.execute(text(f"SET LOCAL ROLE {APP_ROLE}"))
    session.execute(text("SELECT set_config('app.user_id', :u, true)"), {"u": str(user_id) if user_id else ""})


def _rowcount(session: Session, sql: str, **params: object) -> int:
    result = session.execute(text(sql), params)
    return int(result.rowcount)  # type: ignore[attr-defined]


def test_every_per_user_table_has_row_level_security(session: Session) -> None:
    owned = {t.name for t in m.Base.metadata.sorted_tables if "user_id" in t.c} | {"users"}
    rows = session.execute(text(
        "SELECT c.relname, c.relrowsecurity, count(p.polname) FROM pg_class c "
        "LEFT JOIN pg_policy p ON p.polrelid = c.oid WHERE c.relnamespace = 'public'::regnamespace "
        "AND c.relkind = 'r' GROUP BY c.relname, c.relrowsecurity")).all()
    protected = {name for name, enabled, policies in rows if enabled and policies > 0}
    privileged_only = {"auth_identities", "auth_sessions", "auth_refresh_tokens", "auth_one_time_tokens",
                       "auth_flow_states"}
    assert owned - privileged_only <= protected


def test_the_app_role_is_neither_superuser_nor_bypasses_rls(session: Session) -> None:
    flags = session.execute(text("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = :r"),
                            {"r": APP_ROLE}).one()
    assert tuple(flags) == (False, False)


def test_an_unfiltered_query_sees_only_the_signed_in_users_rows(session: Session) -> None:
    alice, bob = make_user(session), make_user(session)
    for user, salary in ((alice, 90000), (bob, 120000)):
        session.add(m.Income(user_id=user.id, annual_salary=Decimal(salary)))
        session.add(m.UserAccount(user_id=user.id, account_name="TFSA", account_type="tfsa", balance=Decimal(1)))
    session.flush()
    _as_app_user(session, alice.id)
    assert session.scalars(select(m.Income.annual_salary)).all() == [Decimal("90000.00")]
    assert {a.user_id for a in session.scalars(select(m.UserAccount))} == {alice.id}
    assert [u.id for u in session.scalars(select(m.User))] == [alice.id]


def test_writes_for_another_user_are_refused(session: Session) -> None:
    alice, bob = make_user(session), make_user(session)
    session.add(m.Goal(user_id=bob.id, name="Bob's house", category="home"))
    session.flush()
    _as_app_user(session, alice.id)
    with pytest.raises(ProgrammingError, match="row-level security"), session.begin_nested():
        session.execute(text("INSERT INTO goals (user_id, name, category) VALUES (:u, 'x', 'home')"), {"u": bob.id})
    assert _rowcount(session, "UPDATE goals SET name = 'mine' WHERE user_id = :u", u=bob.id) == 0
    assert _rowcount(session, "DELETE FROM goals WHERE user_id = :u", u=bob.id) == 0


def test_with_no_user_bound_nothing_is_visible(session: Session) -> None:
    user = make_user(session)
    session.add(m.Income(user_id=user.id, annual_salary=Decimal(1)))
    session.flush()
    _as_app_user(session, None)
    assert session.scalars(select(m.Income)).all() == []


def test_community_posts_are_readable_by_all_but_editable_only_by_their_author(session: Session) -> None:
    author, reader = make_user(session), make_user(session)
    session.add(m.CommunityPost(user_id=author.id, title="Hello", body="First post", category="general"))
    session.flush()
    _as_app_user(session, reader.id)
    # Filtered by author: HTTP tests of the forum leave committed posts of their own users behind.
    assert [p.title for p in session.scalars(select(m.CommunityPost).where(m.CommunityPost.user_id == author.id))] \
        == ["Hello"]
    assert _rowcount(session, "UPDATE community_posts SET title = 'hijacked'") == 0


def test_auth_records_are_out_of_the_app_roles_reach(session: Session) -> None:
    user = make_user(session)
    _as_app_user(session, user.id)
    with pytest.raises(ProgrammingError, match="permission denied"), session.begin_nested():
        session.execute(text("SELECT * FROM auth_identities"))


@pytest.fixture
def two_committed_users(database: Database) -> Iterator[tuple[uuid.UUID, uuid.UUID]]:
    with privileged_session(database) as s:
        a, b = make_user(s), make_user(s)
        for user in (a, b):
            s.add(m.UserAccount(user_id=user.id, account_name=f"acct-{user.email}", account_type="tfsa"))
        ids = (a.id, b.id)
    yield ids
    with privileged_session(database) as s:
        s.execute(text("DELETE FROM users WHERE id = ANY(:ids)"), {"ids": list(ids)})


def test_the_request_path_connects_as_the_app_role(database: Database,
                                                   two_committed_users: tuple[uuid.UUID, uuid.UUID]) -> None:
    alice, _bob = two_committed_users
    with user_session(alice, database) as s:
        assert s.scalar(text("SELECT current_user")) == APP_ROLE
        assert {a.user_id for a in s.scalars(select(m.UserAccount))} == {alice}
        with pytest.raises(DBAPIError), s.begin_nested():
            s.execute(text("SET ROLE postgres"))  # no way back to a privileged role
