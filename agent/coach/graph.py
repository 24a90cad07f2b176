"""The coach graph: model -> tools -> (approval) -> model ... -> number check.

- `model` calls the chat model with the tools bound, at most `max_model_calls` times per turn.
- `tools` runs the read, compute, knowledge and navigation calls of the model's last message; a call the
  tool's input model rejects (or a service error) goes back to the model as an error tool message.
- `approve` handles one write call at a time: it computes the tool's preview and pauses the graph with
  `interrupt({"type": "approval", "tool_call_id", "tool", "input", "preview"})`. Resume with
  `Command(resume={"approved": bool, "reason": str | None})`: approved runs the write, declined tells the
  model. One write per node run, so a resumed node never repeats a write it already made.
- `verify` checks that every number in the final answer appears in a tool result, the user's messages or
  the situation summary; a failing answer is regenerated once, then sent with the numbers marked.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AnyMessage,
    BaseMessage,
    HumanMessage,
    RemoveMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.runnables import RunnableConfig, RunnableLambda
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import interrupt
from pydantic import ValidationError

from agent.coach import prompts
from agent.coach.numbers import mark_unverified, unverified_numbers
from agent.coach.state import CoachState
from api.core.errors import AppError
from tools.base import CoachTool

log = logging.getLogger(__name__)

AnyTool = CoachTool[Any, Any]
ModelCallHook = Callable[[], None]
# The name on messages the graph writes itself (not the model), which the number check leaves alone.
GRAPH_AUTHOR = "coach_graph"


# --- helpers -----------------------------------------------------------------------------------------


def message_text(message: BaseMessage) -> str:
    """The plain text of a message whatever its content shape (string or content blocks)."""
    content = message.content
    if isinstance(content, str):
        return content
    parts = [block if isinstance(block, str) else str(block.get("text", ""))
             for block in content if isinstance(block, str) or block.get("type") == "text"]
    return "".join(parts)


def _last_ai(messages: Sequence[AnyMessage]) -> AIMessage | None:
    for message in reversed(messages):
        if isinstance(message, AIMessage):
            return message
    return None


def _answered_ids(messages: Sequence[AnyMessage]) -> set[str]:
    return {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}


def _pending_calls(state: CoachState, tools: dict[str, AnyTool], *, writes: bool) -> list[dict[str, Any]]:
    """Tool calls of the last model message that have no result yet (only writes, or only the others)."""
    messages = state.get("messages", [])
    last = _last_ai(messages)
    if last is None or not last.tool_calls:
        return []
    answered = _answered_ids(messages)
    pending = []
    for call in last.tool_calls:
        if call["id"] in answered:
            continue
        tool = tools.get(call["name"])
        is_write = tool is not None and tool.requires_approval
        if is_write == writes:
            pending.append(dict(call))
    return pending


def tool_error(call_id: str, name: str, text: str) -> ToolMessage:
    return ToolMessage(content=json.dumps({"error": text}), tool_call_id=call_id, name=name, status="error")


def _describe_validation(exc: ValidationError) -> str:
    problems = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(part) for part in error["loc"]) or "input"
        problems.append(f"{where}: {error['msg']}")
    return "; ".join(problems)


def _parse(tool: AnyTool, call: dict[str, Any]) -> Any | ToolMessage:
    try:
        return tool.parse(call.get("args") or {})
    except ValidationError as exc:
        return tool_error(call["id"], tool.name,
                          f"Invalid arguments for {tool.name}: {_describe_validation(exc)}. Fix them and retry.")


def _run(tool: AnyTool, call: dict[str, Any], arguments: Any) -> ToolMessage:
    try:
        result = tool.run(arguments)
    except AppError as exc:
        return tool_error(call["id"], tool.name, exc.message)
    except ValidationError as exc:
        return tool_error(call["id"], tool.name, f"{tool.name} could not use these values: "
                                                 f"{_describe_validation(exc)}")
    except Exception:
        log.exception("coach tool %s failed", tool.name)
        return tool_error(call["id"], tool.name, f"{tool.name} failed unexpectedly; tell the user it is unavailable.")
    return ToolMessage(content=result.model_dump_json(), tool_call_id=call["id"], name=tool.name)


def execute_call(tools: dict[str, AnyTool], call: dict[str, Any]) -> ToolMessage:
    """Run one non-write tool call, turning every failure into an error tool message."""
    tool = tools.get(call["name"])
    if tool is None:
        return tool_error(call["id"], call["name"], f"There is no tool named {call['name']!r}.")
    arguments = _parse(tool, call)
    if isinstance(arguments, ToolMessage):
        return arguments
    return _run(tool, call, arguments)


def prompt_messages(state: CoachState) -> list[BaseMessage]:
    """What the model sees: the system prompt, the situation, the thread (made well-formed), any feedback."""
    system = prompts.SYSTEM_PROMPT
    if state.get("situation"):
        system += f"\n{prompts.SITUATION_HEADER}\n{state['situation']}\n"
    out: list[BaseMessage] = [SystemMessage(content=system)]
    messages = list(state.get("messages", []))
    answered = _answered_ids(messages)
    for message in messages:
        out.append(message)
        # A call left without a result (the user moved on instead of approving) still needs one.
        if isinstance(message, AIMessage):
            for call in message.tool_calls:
                if call["id"] not in answered:
                    out.append(ToolMessage(content=prompts.INTERRUPTED_RESULT, tool_call_id=call["id"],
                                           name=call["name"], status="error"))
    if state.get("verify_feedback"):
        out.append(SystemMessage(content=str(state["verify_feedback"])))
    return out


def number_sources(state: CoachState) -> list[str]:
    """The texts that vouch for numbers: tool results, the user's messages and the situation summary."""
    sources = [message_text(m) for m in state.get("messages", []) if isinstance(m, ToolMessage | HumanMessage)]
    if state.get("situation"):
        sources.append(str(state["situation"]))
    return sources


# --- the graph ---------------------------------------------------------------------------------------


def build_coach_graph(*, model: BaseChatModel, tools: Sequence[AnyTool],
                      checkpointer: BaseCheckpointSaver[Any] | None = None, max_model_calls: int = 8,
                      on_model_call: ModelCallHook | None = None) -> CompiledStateGraph[Any, Any, Any, Any]:
    """Compile the coach graph for one user's tools.

    `on_model_call` runs before every model call (the API counts the daily budget there; raising stops
    the turn).
    """
    by_name = {tool.name: tool for tool in tools}
    bound = model.bind_tools([tool.json_schema() for tool in tools]) if tools else model

    def _before_call(state: CoachState) -> dict[str, Any] | None:
        calls = state.get("model_calls", 0)
        if calls >= max_model_calls:
            return {"messages": [AIMessage(content=prompts.CAPPED_ANSWER.format(limit=max_model_calls),
                                           name=GRAPH_AUTHOR)], "model_calls": calls}
        if on_model_call is not None:
            on_model_call()
        return None

    def _after_call(state: CoachState, response: BaseMessage) -> dict[str, Any]:
        if not isinstance(response, AIMessage):
            response = AIMessage(content=message_text(response))
        return {"messages": [response], "model_calls": state.get("model_calls", 0) + 1, "verify_feedback": None}

    def call_model(state: CoachState, config: RunnableConfig) -> dict[str, Any]:
        capped = _before_call(state)
        if capped is not None:
            return capped
        return _after_call(state, bound.invoke(prompt_messages(state), config))

    async def acall_model(state: CoachState, config: RunnableConfig) -> dict[str, Any]:
        capped = await asyncio.to_thread(_before_call, state)  # the hook may touch the database
        if capped is not None:
            return capped
        return _after_call(state, await bound.ainvoke(prompt_messages(state), config))

    def run_tools(state: CoachState) -> dict[str, Any]:
        return {"messages": [execute_call(by_name, call) for call in _pending_calls(state, by_name, writes=False)]}

    def approve(state: CoachState) -> dict[str, Any]:
        call = _pending_calls(state, by_name, writes=True)[0]
        tool = by_name[call["name"]]
        arguments = _parse(tool, call)
        if isinstance(arguments, ToolMessage):
            return {"messages": [arguments]}
        assert tool.preview is not None, f"write tool {tool.name} has no preview"
        try:
            preview = tool.preview(arguments)
        except AppError as exc:
            return {"messages": [tool_error(call["id"], tool.name, exc.message)]}
        decision = interrupt({"type": "approval", "tool_call_id": call["id"], "tool": tool.name,
                              "input": arguments.model_dump(mode="json"), "preview": preview.model_dump(mode="json")})
        approved = bool(decision.get("approved")) if isinstance(decision, dict) else bool(decision)
        if not approved:
            reason = decision.get("reason") if isinstance(decision, dict) else None
            text = prompts.DECLINED_RESULT.format(reason=f" Their reason: {reason}." if reason else "")
            return {"messages": [ToolMessage(content=json.dumps({"declined": True, "message": text}),
                                             tool_call_id=call["id"], name=tool.name, status="error",
                                             artifact={"denied": True})]}
        return {"messages": [_run(tool, call, arguments)]}

    def verify(state: CoachState) -> dict[str, Any]:
        answer = _last_ai(state.get("messages", []))
        assert answer is not None
        text = message_text(answer)
        missing = [] if answer.name == GRAPH_AUTHOR else unverified_numbers(text, number_sources(state))
        if missing and state.get("regenerations", 0) < 1 and state.get("model_calls", 0) < max_model_calls:
            listed = ", ".join(dict.fromkeys(number.text for number in missing))
            return {"messages": [RemoveMessage(id=str(answer.id))], "regenerations": state.get("regenerations", 0) + 1,
                    "verify_feedback": prompts.VERIFY_FEEDBACK.format(numbers=listed)}
        update: dict[str, Any] = {"answer": {"message_id": answer.id, "text": text,
                                             "unverified": [number.text for number in missing]}}
        if missing:
            marked = mark_unverified(text, missing)
            update["messages"] = [AIMessage(content=marked, id=answer.id)]
            update["answer"]["text"] = marked
        return update

    def after_model(state: CoachState) -> Literal["tools", "approve", "verify"]:
        last = _last_ai(state.get("messages", []))
        if last is None or not last.tool_calls or state.get("messages", [])[-1] is not last:
            return "verify"
        if _pending_calls(state, by_name, writes=False):
            return "tools"
        return "approve" if _pending_calls(state, by_name, writes=True) else "verify"

    def after_tools(state: CoachState) -> Literal["approve", "model"]:
        return "approve" if _pending_calls(state, by_name, writes=True) else "model"

    def after_verify(state: CoachState) -> Literal["model", "__end__"]:
        return "model" if state.get("verify_feedback") else "__end__"

    graph = StateGraph(CoachState)
    graph.add_node("model", RunnableLambda(call_model, afunc=acall_model, name="model"))
    graph.add_node("tools", run_tools)
    graph.add_node("approve", approve)
    graph.add_node("verify", verify)
    graph.add_edge(START, "model")
    graph.add_conditional_edges("model", after_model, ["tools", "approve", "verify"])
    graph.add_conditional_edges("tools", after_tools, ["approve", "model"])
    graph.add_conditional_edges("approve", after_tools, ["approve", "model"])
    graph.add_conditional_edges("verify", after_verify, ["model", END])
    return graph.compile(checkpointer=checkpointer, name="coach")
