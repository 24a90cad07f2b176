"""agent/stream.py: the exact UI message stream of a turn (a snapshot of its events), over the real tools and
the async Postgres checkpointer; an answer the number check sends back is never streamed."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.types import Command

from agent.coach import checkpoint
from agent.coach.graph import build_coach_graph
from agent.coach.state import new_turn
from agent.stream import DONE, ui_message_stream
from tests.coach.conftest import coach_tools
from tests.coach.scripted import ScriptedChatModel, call
from tools.base import ToolContext


def run_turn(model: ScriptedChatModel, context: ToolContext, graph_input: Any, thread_id: str) -> list[dict[str, Any]]:
    async def collect() -> list[str]:
        async with checkpoint.async_checkpointer() as saver:
            graph = build_coach_graph(model=model, tools=coach_tools(context), checkpointer=saver)
            return [chunk async for chunk in ui_message_stream(
                graph, graph_input, {"configurable": {"thread_id": thread_id}}, message_id="reply-1",
                coach={"offline": False, "model": "scripted"})]

    chunks = asyncio.run(collect())
    assert chunks[-1] == DONE and all(c.startswith("data: ") and c.endswith("\n\n") for c in chunks)
    return [json.loads(c[len("data: "):]) for c in chunks[:-1]]


def answer_from_snapshot(messages: list[BaseMessage]) -> AIMessage:
    output = json.loads(str(next(m for m in reversed(messages) if isinstance(m, ToolMessage)).content))
    return AIMessage(content=f"Net worth: ${float(output['snapshot']['net_worth']['net_worth']):,.0f}.", id="ans")


def test_a_turn_with_a_tool_streams_this_exact_sequence(demo: ToolContext) -> None:
    model = ScriptedChatModel(replies=[call("get_snapshot", {}, "t1"), answer_from_snapshot])

    events = run_turn(model, demo, new_turn(HumanMessage("net worth?", id="u1")), str(uuid.uuid4()))

    shape = [(e["type"], e.get("toolCallId") or e.get("id")) for e in events]
    assert shape == [
        ("start", None), ("data-coach", "coach"),
        ("start-step", None), ("tool-input-start", "t1"), ("tool-input-available", "t1"),
        ("tool-output-available", "t1"), ("finish-step", None),
        ("start-step", None), ("text-start", "text-ans-1"), ("text-delta", "text-ans-1"), ("text-end", "text-ans-1"),
        ("data-provenance", "provenance-ans"), ("finish-step", None), ("finish", None),
    ]
    assert events[0]["messageId"] == "reply-1" and events[-1]["finishReason"] == "stop"
    assert events[9]["delta"].startswith("Net worth: $")
    assert events[11]["data"]["tools"][0]["tool"] == "get_snapshot"


def test_an_answer_sent_back_by_the_number_check_is_never_streamed(demo: ToolContext) -> None:
    model = ScriptedChatModel(replies=[call("get_snapshot", {}, "t2"), AIMessage(content="Net worth: $123,456,789."),
                                       answer_from_snapshot])

    events = run_turn(model, demo, new_turn(HumanMessage("net worth?")), str(uuid.uuid4()))

    text = "".join(e["delta"] for e in events if e["type"] == "text-delta")
    assert "123,456,789" not in text and text.startswith("Net worth: $")
    assert [e["type"] for e in events].count("text-start") == 1


def test_an_approval_ends_the_turn_and_the_resume_continues_it(empty: ToolContext) -> None:
    thread_id = str(uuid.uuid4())
    model = ScriptedChatModel(replies=[call("update_preferences", {"retirement_age": 58}, "w1"),
                                       AIMessage(content="Done.", id="a2")])

    asked = run_turn(model, empty, new_turn(HumanMessage("retire at 58")), thread_id)
    resumed = run_turn(model, empty, Command(resume={"approved": True}), thread_id)

    assert [e["type"] for e in asked][-5:] == ["tool-input-available", "data-approval", "tool-approval-request",
                                               "finish-step", "finish"]
    assert asked[-3] == {"type": "tool-approval-request", "approvalId": "approval-w1", "toolCallId": "w1"}
    assert asked[-4]["data"]["preview"]["after"]["retirement_age"] == 58
    assert asked[-1]["finishReason"] == "tool-calls"
    assert [e["type"] for e in resumed][:4] == ["start", "data-coach", "tool-output-available", "start-step"]
    assert "change_id" in resumed[2]["output"]
