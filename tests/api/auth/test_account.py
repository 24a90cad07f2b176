"""Roles and account deletion."""

from __future__ import annotations

import time
import uuid
from decimal import Decimal

import httpx
from sqlalchemy import text

from api import models as m
from api.auth.service import set_role
from api.core.db import Database, privileged_session
from api.demo.service import seed_demo


def _token(api_url: str, email: str, password: str) -> str:
    response = httpx.post(f"{api_url}/auth/v1/token?grant_type=password", json={"email": email, "password": password})
    assert response.status_code == 200, response.text
    return str(response.json()["access_token"])


def test_roles_default_to_user_and_follow_grants(api_url: str, database: Database, email: str) -> None:
    httpx.post(f"{api_url}/auth/v1/signup", json={"email": email, "password": "correct-horse-9"})
    headers = {"Authorization": f"Bearer {_token(api_url, email, 'correct-horse-9')}"}
    assert httpx.get(f"{api_url}/api/v1/me/role", headers=headers).json() == {"role": "user"}
    with privileged_session(database) as s:
        set_role(session=s, email=email, role="moderator")
    assert httpx.get(f"{api_url}/api/v1/me/role", headers=headers).json() == {"role": "moderator"}


def test_deleting_an_account_leaves_no_row_of_the_user(api_url: str, database: Database) -> None:
    email = f"leaving-{uuid.uuid4().hex[:8]}@example.com"
    with privileged_session(database) as s:
        user_id = uuid.UUID(seed_demo(session=s, email=email, password="demo-password-9").user_id)
        s.add(m.ErrorReport(user_id=user_id, feedback="crashed"))
    token = _token(api_url, email, "demo-password-9")
    headers = {"Authorization": f"Bearer {token}"}
    reason = f"Moving abroad, write to me at {email} or call 416-555-0199"
    response = httpx.post(f"{api_url}/api/v1/me/delete", json={"reason": reason}, headers=headers)
    assert response.status_code == 202 and response.json()["status"] == "scheduled"
    # Every session ends at once, and signing in again is refused.
    assert httpx.get(f"{api_url}/auth/v1/user", headers=headers).status_code == 403
    signin = httpx.post(f"{api_url}/auth/v1/token?grant_type=password",
                        json={"email": email, "password": "demo-password-9"})
    assert signin.status_code == 400

    tables = [t.name for t in m.Base.metadata.sorted_tables if "user_id" in t.c]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with privileged_session(database) as s:
            if s.scalar(text("SELECT count(*) FROM users WHERE id = :u"), {"u": user_id}) == 0:
                break
        time.sleep(0.1)
    with privileged_session(database) as s:
        assert s.scalar(text("SELECT count(*) FROM users WHERE id = :u"), {"u": user_id}) == 0
        for table in tables:
            left = s.scalar(text(f"SELECT count(*) FROM {table} WHERE user_id = :u"), {"u": user_id})
            assert left == 0, table
        reasons = s.scalars(text("SELECT reason FROM account_deletions")).all()
    recorded = [r for r in reasons if r and r.startswith("Moving abroad")]
    assert recorded == ["Moving abroad, write to me at [e-mail] or call [number]"]


def test_deletion_needs_a_signed_in_user(api_url: str) -> None:
    response = httpx.post(f"{api_url}/api/v1/me/delete", json={})
    assert response.status_code == 401 and response.json()["message"] == "No user found to delete"


def test_money_survives_the_round_trip_through_the_demo(database: Database) -> None:
    with privileged_session(database) as s:
        account = seed_demo(session=s, email=f"demo-{uuid.uuid4().hex[:6]}@example.com", password="demo-pass-99")
        assert account.net_worth == Decimal("804541.24")
        s.execute(text("DELETE FROM users WHERE id = :u"), {"u": account.user_id})
