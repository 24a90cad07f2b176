"""Coach test fixtures: committed users (the tools open their own transactions), their tools, and a
checkpointer on the test database."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from langgraph.checkpoint.postgres import PostgresSaver

from agent.coach import checkpoint
from api.budget.service import get_budget
from api.core.db import Database
from tests.tools.conftest import context_for, demo, demo_user, empty, empty_user
from tools.base import CoachTool, ToolContext
from tools.registry import build_tools

__all__ = ["demo", "demo_user", "empty", "empty_user"]

BUDGET_FIELDS = ("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage")


def saved_budget(context: ToolContext) -> dict[str, str] | None:
    """The user's saved budget percentages, read through the budget service."""
    with context.session() as session:
        row = get_budget(session=session, user_id=context.user_id)
        return None if row is None else {name: str(getattr(row, name)) for name in BUDGET_FIELDS}


def coach_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    """The registry's tools for this user (reads, computes, writes behind approval, knowledge, navigation)."""
    return build_tools(context)


@pytest.fixture
def saver(database: Database) -> Iterator[PostgresSaver]:
    with checkpoint.sync_checkpointer(database) as value:
        yield value


__all__ += ["context_for"]
