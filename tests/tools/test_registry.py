"""The registry: the agreed tool names, typed inputs without any user id, outputs with provenance, and the
enumerations of the user's own account and goal names."""

from __future__ import annotations

import json
import uuid

import pytest
from pydantic import ValidationError

from api.accounts.schemas import AccountIn
from api.accounts.service import add_account
from api.core.db import user_session
from tests.tools.helpers import call, tool
from tools.base import ToolContext, ToolOutput, WriteResult
from tools.registry import TOOL_NAMES, build_tools


def test_every_agreed_name_is_built_once_with_its_kind(demo: ToolContext) -> None:
    tools = build_tools(demo)
    assert [t.name for t in tools] == list(TOOL_NAMES)
    kinds = {t.name: t.kind for t in tools}
    assert kinds["get_snapshot"] == "read" and kinds["what_if"] == "compute" and kinds["save_budget"] == "write"
    assert kinds["open_article"] == "knowledge" and kinds["suggest_screen"] == "navigation"
    assert {t.name for t in tools if t.requires_approval} == {
        "save_budget", "update_income", "upsert_expense_item", "upsert_goal", "update_preferences", "save_scenario"}
    assert all(t.preview is not None for t in tools if t.kind == "write")
    assert all(t.preview is None for t in tools if t.kind != "write")


def _keys(schema: object) -> set[str]:
    """Every property name anywhere in a JSON schema."""
    found: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                found |= set(value)
            found |= _keys(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= _keys(value)
    return found


@pytest.mark.parametrize("who", ["demo", "empty"])
def test_no_input_names_a_user_and_every_output_carries_provenance(who: str, request: pytest.FixtureRequest) -> None:
    context: ToolContext = request.getfixturevalue(who)
    for t in build_tools(context):
        schema = t.json_schema()
        json.dumps(schema)  # an OpenAI function schema must be plain JSON
        assert schema["function"]["name"] == t.name and len(t.description) > 30
        assert not {k for k in _keys(schema) if "user" in k.lower()}, t.name
        assert issubclass(t.output_model, ToolOutput), t.name
        if t.kind == "write":
            assert t.output_model is WriteResult


def test_account_and_goal_enumerations_hold_the_users_names_and_refuse_others(demo: ToolContext) -> None:
    accounts = tool(demo, "get_accounts")
    enum = accounts.json_schema()["function"]["parameters"]["properties"]["account"]["anyOf"][0]["enum"]
    assert set(enum) >= {"Maya's TFSA", "Daniel's RRSP", "Joint chequing"} and len(enum) == 8
    with pytest.raises(ValidationError):
        accounts.parse({"account": "Someone else's TFSA"})
    one = call(demo, "get_accounts", account="Maya's TFSA")
    assert [a.account_name for a in one.accounts] == ["Maya's TFSA"] and float(one.total_balance) == 68500
    goals = tool(demo, "get_goals")
    enum = goals.json_schema()["function"]["parameters"]["properties"]["goal"]["anyOf"][0]["enum"]
    assert "Family trip to Japan" in enum and "Financial independence at 52" in enum
    with pytest.raises(ValidationError):
        goals.parse({"goal": "Buy a yacht"})
    assert [g.name for g in call(demo, "get_goals", goal="Leo's education").goals] == ["Leo's education"]


def test_a_user_without_records_gets_a_free_name_and_the_enumeration_follows_new_records(
        empty: ToolContext, empty_user: uuid.UUID) -> None:
    schema = tool(empty, "get_accounts").json_schema()["function"]["parameters"]["properties"]["account"]
    assert {"type": "string"} in schema["anyOf"] and "enum" not in json.dumps(schema)
    assert call(empty, "get_accounts", account="anything").accounts == []
    with user_session(empty_user) as s:
        add_account(session=s, user_id=empty_user, data=AccountIn(account_name="My FHSA", account_type="fhsa"))
    enum = tool(empty, "get_accounts").json_schema()["function"]["parameters"]["properties"]["account"]["anyOf"][0]
    assert enum["enum"] == ["My FHSA"]


def test_unknown_arguments_are_refused(demo: ToolContext) -> None:
    with pytest.raises(ValidationError):
        tool(demo, "fire_number").parse({"annual_spendng": 50000})
    with pytest.raises(ValidationError):
        tool(demo, "save_budget").parse({"needs_percentage": 150})
    with pytest.raises(ValidationError):
        tool(demo, "get_profile").parse({"user_id": str(uuid.uuid4())})
