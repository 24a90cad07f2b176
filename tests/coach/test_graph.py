"""The coach graph over the real tools and database, driven by a scripted model, persisted by the Postgres
checkpointer: tool loop, tool errors, approval before writes, the number check and the model-call cap."""

from __future__ import annotations

import json
import uuid
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.types import Command
from sqlalchemy import select

from agent.coach import checkpoint
from agent.coach.graph import build_coach_graph
from agent.coach.numbers import UNVERIFIED_MARK
from agent.coach.state import new_turn
from api.coach.models import CoachChange
from api.core.db import privileged_session
from tests.coach.conftest import coach_tools, saved_budget
from tests.coach.scripted import ScriptedChatModel, call
from tools.base import ToolContext


def config() -> RunnableConfig:
    return {"configurable": {"thread_id": str(uuid.uuid4())}}


def last_tool_output(messages: list[BaseMessage]) -> dict[str, Any]:
    tool_message = next(m for m in reversed(messages) if isinstance(m, ToolMessage))
    return dict(json.loads(str(tool_message.content)))


def quote_fire_number(messages: list[BaseMessage]) -> AIMessage:
    snapshot = last_tool_output(messages)
    return AIMessage(content=f"Your FIRE number is ${float(snapshot['snapshot']['fire_number']):,.2f}.")


def test_the_model_reads_real_data_through_a_tool_and_its_answer_passes_the_check(
        demo: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[call("get_snapshot", {}, "c1"), quote_fire_number])
    graph = build_coach_graph(model=model, tools=coach_tools(demo), checkpointer=saver)
    cfg = config()

    result = graph.invoke(new_turn(HumanMessage("What's my FIRE number?")), cfg)

    snapshot = last_tool_output(result["messages"])
    assert float(snapshot["snapshot"]["fire_number"]) > 0
    assert result["answer"]["unverified"] == []
    assert f"{float(snapshot['snapshot']['fire_number']):,.2f}" in result["answer"]["text"]
    assert {t["function"]["name"] for t in model.bound_tools} >= {"get_snapshot", "save_budget"}
    # The system prompt leads every model call and states the rules.
    first_prompt = model.seen[0]
    assert isinstance(first_prompt[0], SystemMessage)
    assert "Canada" in str(first_prompt[0].content) and "never" in str(first_prompt[0].content).lower()
    # The thread is in PostgreSQL: a new graph on the same checkpointer sees it.
    again = build_coach_graph(model=ScriptedChatModel(), tools=coach_tools(demo), checkpointer=saver)
    assert [type(m).__name__ for m in again.get_state(cfg).values["messages"]] == [
        "HumanMessage", "AIMessage", "ToolMessage", "AIMessage"]


def test_invalid_arguments_and_unknown_tools_come_back_to_the_model_as_tool_errors(
        demo: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[
        AIMessage(content="", tool_calls=[
            {"name": "save_budget", "args": {"needs_percentage": "lots"}, "id": "bad", "type": "tool_call"},
            {"name": "delete_everything", "args": {}, "id": "nope", "type": "tool_call"}]),
        AIMessage(content="I could not do that."),
    ])
    graph = build_coach_graph(model=model, tools=coach_tools(demo), checkpointer=saver)
    before = saved_budget(demo)

    result = graph.invoke(new_turn(HumanMessage("Set my budget")), config())

    errors = {m.tool_call_id: str(m.content) for m in result["messages"] if isinstance(m, ToolMessage)}
    assert all(m.status == "error" for m in result["messages"] if isinstance(m, ToolMessage))
    assert "needs_percentage" in errors["bad"] and "Invalid arguments" in errors["bad"]
    assert "delete_everything" in errors["nope"]
    # The model saw both errors before answering, and nothing was interrupted or saved.
    assert {m.tool_call_id for m in model.seen[1] if isinstance(m, ToolMessage)} == {"bad", "nope"}
    assert "__interrupt__" not in result
    assert saved_budget(demo) == before is not None


SHARES = {"needs_percentage": 50, "wants_percentage": 20, "savings_percentage": 20, "investments_percentage": 10}


def test_a_write_waits_for_approval_and_runs_only_once_approved(empty: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[call("save_budget", SHARES, "w1"), AIMessage(content="Saved your budget.")])
    graph = build_coach_graph(model=model, tools=coach_tools(empty), checkpointer=saver)
    cfg = config()

    paused = graph.invoke(new_turn(HumanMessage("Save my budget as 50/20/20/10")), cfg)

    [request] = paused["__interrupt__"]
    assert request.value["type"] == "approval"
    assert request.value["tool"] == "save_budget" and request.value["tool_call_id"] == "w1"
    assert request.value["input"]["needs_percentage"] == 50
    assert request.value["preview"]["before"] is None
    assert request.value["preview"]["after"]["savings_percentage"] == 20
    assert saved_budget(empty) is None  # nothing saved while the graph waits

    # A server restart: a new graph on a new checkpointer connection resumes the same thread.
    with checkpoint.sync_checkpointer() as other:
        resumed = build_coach_graph(model=model, tools=coach_tools(empty), checkpointer=other)
        done = resumed.invoke(Command(resume={"approved": True, "reason": None}), cfg)

    assert saved_budget(empty) == {"needs_percentage": "50.00", "wants_percentage": "20.00",
                                   "savings_percentage": "20.00", "investments_percentage": "10.00"}
    result = json.loads(str(next(m for m in done["messages"] if isinstance(m, ToolMessage)).content))
    assert result["summary"].startswith("Save your budget")
    with privileged_session() as session:  # the approved write is recorded for undo
        change = session.get(CoachChange, uuid.UUID(result["change_id"]))
        assert change is not None and change.user_id == empty.user_id and change.tool == "save_budget"
    assert done["answer"]["text"] == "Saved your budget."


def test_a_declined_write_saves_nothing_and_tells_the_model(empty: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[call("save_budget", SHARES, "w2"), AIMessage(content="Okay, nothing changed.")])
    graph = build_coach_graph(model=model, tools=coach_tools(empty), checkpointer=saver)
    cfg = config()
    graph.invoke(new_turn(HumanMessage("Save my budget")), cfg)

    done = graph.invoke(Command(resume={"approved": False, "reason": "Not now"}), cfg)

    assert saved_budget(empty) is None
    declined = next(m for m in model.seen[1] if isinstance(m, ToolMessage))
    assert declined.tool_call_id == "w2" and "declined" in str(declined.content) and "Not now" in str(declined.content)
    assert done["answer"]["text"] == "Okay, nothing changed."


def test_a_new_message_while_approval_is_pending_starts_a_new_turn_without_saving(
        empty: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[call("save_budget", SHARES, "w3"), AIMessage(content="Sure, what next?")])
    graph = build_coach_graph(model=model, tools=coach_tools(empty), checkpointer=saver)
    cfg = config()
    graph.invoke(new_turn(HumanMessage("Save my budget")), cfg)

    done = graph.invoke(new_turn(HumanMessage("Actually, never mind")), cfg)

    assert saved_budget(empty) is None
    assert done["answer"]["text"] == "Sure, what next?"
    # The model was shown the unanswered call as not run, so the conversation stays well-formed for APIs.
    shown = [m for m in model.seen[1] if isinstance(m, ToolMessage)]
    assert [m.tool_call_id for m in shown] == ["w3"] and "Not run" in str(shown[0].content)
    assert not graph.get_state(cfg).interrupts


def test_an_answer_with_invented_numbers_is_regenerated_once_then_marked(
        demo: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[
        call("get_snapshot", {}, "s1"),
        AIMessage(content="Your FIRE number is $9,876,543."),
        AIMessage(content="Your FIRE number is about $9,870,000 and you will retire in 31 years."),
    ])
    graph = build_coach_graph(model=model, tools=coach_tools(demo), checkpointer=saver)
    cfg = config()

    result = graph.invoke(new_turn(HumanMessage("What is my FIRE number?")), cfg)

    feedback = model.seen[2][-1]
    assert isinstance(feedback, SystemMessage) and "$9,876,543" in str(feedback.content)
    assert result["answer"]["unverified"] == ["$9,870,000", "31"]
    assert result["answer"]["text"] == (f"Your FIRE number is about $9,870,000{UNVERIFIED_MARK} and you will retire "
                                        f"in 31{UNVERIFIED_MARK} years.")
    # Only the marked answer stays in the thread; the first attempt was removed.
    answers = [m for m in result["messages"] if isinstance(m, AIMessage) and not m.tool_calls]
    assert [m.content for m in answers] == [result["answer"]["text"]]


def test_numbers_the_user_gave_pass_the_check(empty: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[AIMessage(content="At 34 with $85,000 a year, let's look at your plan.")])
    graph = build_coach_graph(model=model, tools=coach_tools(empty), checkpointer=saver)

    result = graph.invoke(new_turn(HumanMessage("I'm 34 and make 85k")), config())

    assert result["answer"]["unverified"] == [] and len(model.seen) == 1


def test_model_calls_per_turn_are_capped(demo: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[call("get_snapshot", {}, f"loop{i}") for i in range(10)])
    graph = build_coach_graph(model=model, tools=coach_tools(demo), checkpointer=saver, max_model_calls=3)

    result = graph.invoke(new_turn(HumanMessage("Loop forever")), config())

    assert len(model.seen) == 3
    assert "3 model calls" in result["answer"]["text"]
    # The next turn starts with a fresh allowance.
    model.replies = [AIMessage(content="Hello again.")]
    cfg = config()
    assert graph.invoke(new_turn(HumanMessage("Hi")), cfg)["answer"]["text"] == "Hello again."


def test_the_model_call_hook_runs_before_each_call_and_can_stop_the_turn(
        demo: ToolContext, saver: PostgresSaver) -> None:
    calls: list[int] = []

    def hook() -> None:
        calls.append(1)
        if len(calls) > 1:
            raise RuntimeError("budget spent")

    model = ScriptedChatModel(replies=[call("get_snapshot", {}, "h1"), AIMessage(content="never reached")])
    graph = build_coach_graph(model=model, tools=coach_tools(demo), checkpointer=saver, on_model_call=hook)
    try:
        graph.invoke(new_turn(HumanMessage("Hi")), config())
    except RuntimeError as exc:
        assert str(exc) == "budget spent"
    else:
        raise AssertionError("the hook's error should stop the turn")
    assert len(calls) == 2 and len(model.seen) == 1


def test_two_writes_in_one_message_are_approved_one_at_a_time(empty: ToolContext, saver: PostgresSaver) -> None:
    model = ScriptedChatModel(replies=[
        AIMessage(content="", tool_calls=[
            {"name": "save_budget", "args": SHARES, "id": "b1", "type": "tool_call"},
            {"name": "update_preferences", "args": {"retirement_age": 55}, "id": "p1", "type": "tool_call"}]),
        AIMessage(content="Budget saved; preferences left alone."),
    ])
    graph = build_coach_graph(model=model, tools=coach_tools(empty), checkpointer=saver)
    cfg = config()

    first = graph.invoke(new_turn(HumanMessage("Save my budget and retire at 55")), cfg)
    assert first["__interrupt__"][0].value["tool_call_id"] == "b1"
    second = graph.invoke(Command(resume={"approved": True}), cfg)
    assert second["__interrupt__"][0].value["tool_call_id"] == "p1"
    assert saved_budget(empty) is not None  # the first write ran once approved, before the second was asked
    done = graph.invoke(Command(resume={"approved": False}), cfg)

    assert done["answer"]["text"] == "Budget saved; preferences left alone."
    results = {m.tool_call_id: m for m in done["messages"] if isinstance(m, ToolMessage)}
    assert results["b1"].status == "success" and results["p1"].artifact == {"denied": True}
    with privileged_session() as session:  # exactly one change recorded: the approved budget
        tools = session.scalars(select(CoachChange.tool).where(CoachChange.user_id == empty.user_id)).all()
    assert tools == ["save_budget"]
