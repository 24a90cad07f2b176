"""Fixtures of the per-user resource tests: the demo household, seeded as `firepath seed` does, signed in."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session
from api.demo.service import seed_demo


@pytest.fixture
def demo(api: TestClient, database: Database) -> Iterator[dict[str, str]]:
    """The demo couple's bearer header (a fresh copy per test, removed after it)."""
    email = f"demo-{uuid.uuid4().hex[:8]}@example.com"
    with privileged_session(database) as s:
        account = seed_demo(session=s, email=email, password="demo-password-1")
    token = api.post("/auth/v1/token?grant_type=password", json={"email": email, "password": "demo-password-1"})
    yield {"Authorization": f"Bearer {token.json()['access_token']}"}
    with privileged_session(database) as s:
        s.execute(text("DELETE FROM users WHERE id = :u"), {"u": account.user_id})
