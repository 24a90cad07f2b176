"""Fixtures for the coach's tools: the knowledge base, and users whose data is committed (tools open their own
transactions through `user_session`, so a rolled-back test session would hide the data from them)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from sqlalchemy.orm import Session

from api.core.db import Database, privileged_session, user_session
from api.demo.service import seed_demo
from tests.factories import make_user
from tests.knowledge.fixtures import embedder, ingested_kb, shipped_kb
from tools.base import ToolContext

__all__ = ["embedder", "ingested_kb", "shipped_kb"]


def context_for(user_id: uuid.UUID) -> ToolContext:
    session: Callable[[], AbstractContextManager[Session]] = lambda: user_session(user_id)  # noqa: E731
    return ToolContext(user_id=user_id, session=session)


@pytest.fixture
def demo_user(database: Database) -> uuid.UUID:
    """A fresh copy of the demo household (Maya and Daniel Chen), committed."""
    with privileged_session(database) as s:
        account = seed_demo(session=s, email=f"demo-{uuid.uuid4().hex[:10]}@example.com", password="demo-pass-99")
    return uuid.UUID(account.user_id)


@pytest.fixture
def empty_user(database: Database) -> uuid.UUID:
    """A user who has saved nothing yet, committed."""
    with privileged_session(database) as s:
        return make_user(s).id


@pytest.fixture
def demo(demo_user: uuid.UUID) -> ToolContext:
    return context_for(demo_user)


@pytest.fixture
def empty(empty_user: uuid.UUID) -> ToolContext:
    return context_for(empty_user)
