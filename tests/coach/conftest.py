"""Coach test fixtures: committed users (the tools open their own transactions), their tools, and a
checkpointer on the test database."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from langgraph.checkpoint.postgres import PostgresSaver
from pydantic import BaseModel, Field

from agent.coach import checkpoint
from api.budget.schemas import BudgetIn
from api.budget.service import get_budget, save_budget
from api.core.db import Database
from tests.tools.conftest import context_for, demo, demo_user, empty, empty_user
from tools.base import ChangePreview, CoachTool, FieldChange, ToolContext, WriteResult
from tools.registry import build_tools

__all__ = ["demo", "demo_user", "empty", "empty_user"]

BUDGET_FIELDS = ("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage")


class BudgetShares(BaseModel):
    needs_percentage: Decimal = Field(ge=0, le=100)
    wants_percentage: Decimal = Field(ge=0, le=100)
    savings_percentage: Decimal = Field(ge=0, le=100)
    investments_percentage: Decimal = Field(ge=0, le=100)


def saved_budget(context: ToolContext) -> dict[str, str] | None:
    with context.session() as session:
        row = get_budget(session=session, user_id=context.user_id)
        return None if row is None else {name: str(getattr(row, name)) for name in BUDGET_FIELDS}


def budget_write_tool(context: ToolContext) -> CoachTool[Any, Any]:
    """A write tool over the real budget service, for graph tests that must not depend on the registry's."""

    def preview(data: BudgetShares) -> ChangePreview:
        before = saved_budget(context)
        after = {name: str(getattr(data, name)) for name in BUDGET_FIELDS}
        return ChangePreview(tool="save_budget", target="budget", title="Save your monthly budget", before=before,
                             after=after, changes=[FieldChange(field=k, label=k, before=(before or {}).get(k),
                                                               after=v) for k, v in after.items()])

    def run(data: BudgetShares) -> WriteResult:
        with context.session() as session:
            save_budget(session=session, user_id=context.user_id, data=BudgetIn(**data.model_dump()))
        return WriteResult(change_id=uuid.uuid4(), summary="Budget saved", saved=saved_budget(context) or {})

    return CoachTool(name="save_budget", description="Save the budget shares", kind="write",
                     input_model=BudgetShares, output_model=WriteResult, run=run, preview=preview)


def coach_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    """The registry's tools, with the budget write tool above standing in for the registry's own."""
    return [t for t in build_tools(context) if t.name != "save_budget"] + [budget_write_tool(context)]


@pytest.fixture
def saver(database: Database) -> Iterator[PostgresSaver]:
    with checkpoint.sync_checkpointer(database) as value:
        yield value


__all__ += ["context_for"]
