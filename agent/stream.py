"""The one adapter from the coach graph's LangGraph stream to the AI SDK's UI message stream.

`useChat` (ai 6.0) reads server-sent events `data: {json}` ending with `data: [DONE]`, under the header
`x-vercel-ai-ui-message-stream: v1`. Per node update of the graph we write:

- model message with tool calls: `start-step`, then per call `tool-input-start`, `tool-input-delta` (the
  argument fragments, when the model streams) and `tool-input-available`;
- tool results: `tool-output-available` (the tool's JSON output, provenance included), `tool-output-error`,
  or `tool-output-denied` for a write the user declined; then `finish-step`;
- an approval interrupt: `tool-approval-request` (approval id `approval-<toolCallId>`) plus a
  `data-approval` part carrying the before/after preview the client renders;
- the final answer only after the number check passed or marked it (an answer the check sends back is
  never shown): `text-start` / `text-delta` / `text-end`, then `data-provenance` (which tools and
  assumptions the numbers came from, and any number left unverified);
- `data-coach` first ({offline, model}), `error {errorText}` on failure, `finish` at the end.

The client answers an approval by sending back the assistant message whose tool part is in state
`approval-responded` with `approval: {id, approved, reason?}`; see `approval_response` and the router.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import AsyncIterator, Iterable, Sequence
from typing import Any

from langchain_core.messages import AIMessage, AIMessageChunk, AnyMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Interrupt

from agent.coach.graph import message_text
from agent.coach.numbers import UNVERIFIED_MARK

log = logging.getLogger(__name__)

UI_MESSAGE_STREAM_HEADERS = {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    "connection": "keep-alive",
    "x-vercel-ai-ui-message-stream": "v1",
    "x-accel-buffering": "no",
}
TEXT_CHUNK = 48  # characters per text-delta when sending a checked answer


def sse(event: dict[str, Any]) -> str:
    return f"data: {json.dumps(event, separators=(',', ':'), default=str)}\n\n"


DONE = "data: [DONE]\n\n"


def approval_id(tool_call_id: str) -> str:
    return f"approval-{tool_call_id}"


def assistant_message_id(human_id: str | None) -> str:
    """The UI id of the assistant reply to a user message (the same in the stream and a reloaded thread)."""
    return f"reply-{human_id}" if human_id else f"reply-{uuid.uuid4().hex}"


def tool_output(message: ToolMessage) -> Any:
    try:
        return json.loads(message_text(message))
    except ValueError:
        return message_text(message)


def is_denied(message: ToolMessage) -> bool:
    return isinstance(message.artifact, dict) and bool(message.artifact.get("denied"))


def tool_result_events(message: ToolMessage) -> list[dict[str, Any]]:
    if is_denied(message):
        return [{"type": "tool-output-denied", "toolCallId": message.tool_call_id}]
    if message.status == "error":
        output = tool_output(message)
        text = output.get("error") if isinstance(output, dict) else None
        return [{"type": "tool-output-error", "toolCallId": message.tool_call_id,
                 "errorText": str(text or message_text(message))}]
    return [{"type": "tool-output-available", "toolCallId": message.tool_call_id, "output": tool_output(message)}]


def text_events(text: str, part_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [{"type": "text-start", "id": part_id}]
    events += [{"type": "text-delta", "id": part_id, "delta": text[i:i + TEXT_CHUNK]}
               for i in range(0, len(text), TEXT_CHUNK)]
    events.append({"type": "text-end", "id": part_id})
    return events


def provenance_of(messages: Iterable[AnyMessage], since_human: bool = True) -> list[dict[str, Any]]:
    """The provenance of each successful tool result in the current turn."""
    turn: list[AnyMessage] = []
    for message in messages:
        if isinstance(message, HumanMessage) and since_human:
            turn = []
        turn.append(message)
    out = []
    for message in turn:
        if isinstance(message, ToolMessage) and message.status != "error":
            output = tool_output(message)
            if isinstance(output, dict) and "provenance" in output:
                out.append({"toolCallId": message.tool_call_id, "tool": message.name,
                            "provenance": output["provenance"]})
    return out


def approval_events(interrupt: Interrupt) -> list[dict[str, Any]]:
    value = interrupt.value if isinstance(interrupt.value, dict) else {}
    call_id = str(value.get("tool_call_id", ""))
    return [
        {"type": "data-approval", "id": approval_id(call_id), "data": value},
        {"type": "tool-approval-request", "approvalId": approval_id(call_id), "toolCallId": call_id},
    ]


class _Turn:
    """Turns node updates into UI events, holding the final answer until the number check has passed it."""

    def __init__(self) -> None:
        self.step_open = False
        self.awaiting_approval = False
        self.texts = 0
        # Tool calls whose input is streaming: chunk index -> call id (of the model call in progress).
        self.streaming_calls: dict[int, str] = {}
        self.started_calls: set[str] = set()

    def tool_chunks(self, chunk: AIMessageChunk) -> list[dict[str, Any]]:
        """Tool-call fragments of a streaming model: announce the call, then stream its arguments."""
        events: list[dict[str, Any]] = []
        for fragment in chunk.tool_call_chunks:
            index = fragment.get("index") or 0
            if fragment.get("id") and fragment.get("name") and fragment["id"] not in self.started_calls:
                call_id = str(fragment["id"])
                self.streaming_calls[index] = call_id
                self.started_calls.add(call_id)
                events += self._open_step()
                events.append({"type": "tool-input-start", "toolCallId": call_id, "toolName": fragment["name"]})
            call_id_for_index = self.streaming_calls.get(index)
            if call_id_for_index and fragment.get("args"):
                events.append({"type": "tool-input-delta", "toolCallId": call_id_for_index,
                               "inputTextDelta": fragment["args"]})
        return events

    def _open_step(self) -> list[dict[str, Any]]:
        if self.step_open:
            return []
        self.step_open = True
        return [{"type": "start-step"}]

    def _close_step(self) -> list[dict[str, Any]]:
        if not self.step_open:
            return []
        self.step_open = False
        return [{"type": "finish-step"}]

    def _text(self, text: str, message_id: Any) -> list[dict[str, Any]]:
        self.texts += 1
        return text_events(text, f"text-{message_id or uuid.uuid4().hex}-{self.texts}")

    def model(self, update: dict[str, Any]) -> list[dict[str, Any]]:
        self.streaming_calls = {}
        events: list[dict[str, Any]] = []
        for message in update.get("messages", []):
            if not isinstance(message, AIMessage) or not message.tool_calls:
                continue  # a final answer waits for the number check
            events += self._open_step()
            text = message_text(message).strip()
            if text:
                events += self._text(text, message.id)
            for call in message.tool_calls:
                if call["id"] not in self.started_calls:
                    self.started_calls.add(str(call["id"]))
                    events.append({"type": "tool-input-start", "toolCallId": call["id"], "toolName": call["name"]})
                events.append({"type": "tool-input-available", "toolCallId": call["id"], "toolName": call["name"],
                               "input": call["args"]})
        return events

    def tools(self, update: dict[str, Any], *, last_write: bool) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for message in update.get("messages", []):
            if isinstance(message, ToolMessage):
                events += tool_result_events(message)
        if last_write:
            events += self._close_step()
        return events

    def verify(self, update: dict[str, Any], state_messages: Sequence[AnyMessage]) -> list[dict[str, Any]]:
        answer = update.get("answer")
        if not answer:
            return []  # sent back to the model to try again
        events = self._close_step()
        events.append({"type": "start-step"})
        events += self._text(str(answer["text"]), answer.get("message_id"))
        events.append({"type": "data-provenance", "id": f"provenance-{answer.get('message_id')}", "data": {
            "tools": provenance_of(state_messages), "unverified": answer.get("unverified", [])}})
        events.append({"type": "finish-step"})
        return events


async def ui_message_stream(graph: CompiledStateGraph[Any, Any, Any, Any], graph_input: Any, config: RunnableConfig,
                            *, message_id: str, coach: dict[str, Any]) -> AsyncIterator[str]:
    """Run one turn (or resume one) and yield the UI message stream as SSE strings."""
    turn = _Turn()
    yield sse({"type": "start", "messageId": message_id})
    yield sse({"type": "data-coach", "id": "coach", "data": coach})
    try:
        stream: AsyncIterator[tuple[str, Any]] = graph.astream(  # type: ignore[assignment]
            graph_input, config, stream_mode=["messages", "updates"])
        async for mode, payload in stream:
            if mode == "messages":
                chunk, metadata = payload
                if isinstance(chunk, AIMessageChunk) and metadata.get("langgraph_node") == "model":
                    for event in turn.tool_chunks(chunk):
                        yield sse(event)
                continue
            for node, value in payload.items():
                events: list[dict[str, Any]] = []
                if node == "__interrupt__":
                    for interrupt in value:
                        events += approval_events(interrupt)
                    events += turn._close_step()
                    turn.awaiting_approval = True
                elif not isinstance(value, dict):
                    continue
                elif node == "model":
                    events = turn.model(value)
                elif node in ("tools", "approve"):
                    events = turn.tools(value, last_write=True)
                elif node == "verify":
                    state = await graph.aget_state(config)
                    events = turn.verify(value, state.values.get("messages", []))
                for event in events:
                    yield sse(event)
    except Exception as exc:
        log.exception("coach run failed")
        message = getattr(exc, "message", None) or "The coach ran into a problem. Please try again."
        yield sse({"type": "error", "errorText": str(message)})
        yield DONE
        return
    yield sse({"type": "finish", "finishReason": "tool-calls" if turn.awaiting_approval else "stop"})
    yield DONE


def error_stream(message: str, *, message_id: str) -> list[str]:
    """A stream that only reports an error (the client shows it and the turn ends)."""
    return [sse({"type": "start", "messageId": message_id}), sse({"type": "error", "errorText": message}), DONE]


# --- a thread rebuilt as UI messages ------------------------------------------------------------------


def _unverified_in(text: str) -> list[str]:
    return re.findall(r"(\S+)" + re.escape(UNVERIFIED_MARK), text)


def ui_messages(messages: Sequence[AnyMessage], interrupts: Sequence[Interrupt] = (),
                write_tools: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The thread as `UIMessage[]` (what `useChat` holds), so a client can reload it.

    Parts as the stream left them: steps, tool parts in their final state (writes with their approval),
    the answer's text and its `data-provenance`, and `data-approval` for a request still pending.
    """
    pending = {str(i.value.get("tool_call_id")): i.value for i in interrupts if isinstance(i.value, dict)}
    writes = set(write_tools)
    out: list[dict[str, Any]] = []
    assistant: dict[str, Any] | None = None
    turn: list[AnyMessage] = []
    parts_by_call: dict[str, dict[str, Any]] = {}

    def close_turn() -> None:
        final = next((m for m in reversed(turn) if isinstance(m, AIMessage) and not m.tool_calls), None)
        if assistant is not None and final is not None:
            assistant["parts"].append({"type": "data-provenance", "id": f"provenance-{final.id}", "data": {
                "tools": provenance_of(turn), "unverified": _unverified_in(message_text(final))}})

    for message in messages:
        if isinstance(message, HumanMessage):
            close_turn()
            out.append({"id": str(message.id), "role": "user",
                        "parts": [{"type": "text", "text": message_text(message)}]})
            assistant, turn = None, []
            continue
        turn.append(message)
        if assistant is None:
            human_id = out[-1]["id"] if out and out[-1]["role"] == "user" else None
            assistant = {"id": assistant_message_id(human_id), "role": "assistant", "parts": []}
            out.append(assistant)
        if isinstance(message, AIMessage):
            assistant["parts"].append({"type": "step-start"})
            text = message_text(message).strip()
            if text:
                assistant["parts"].append({"type": "text", "text": text, "state": "done"})
            for call in message.tool_calls:
                call_id = str(call["id"])
                part: dict[str, Any] = {"type": f"tool-{call['name']}", "toolCallId": call_id,
                                        "state": "input-available", "input": call["args"]}
                if call_id in pending:
                    part["state"] = "approval-requested"
                    part["approval"] = {"id": approval_id(call_id)}
                parts_by_call[call_id] = part
                assistant["parts"].append(part)
        elif isinstance(message, ToolMessage) and str(message.tool_call_id) in parts_by_call:
            call_id = str(message.tool_call_id)
            part = parts_by_call[call_id]
            event = tool_result_events(message)[0]
            if event["type"] == "tool-output-denied":
                part["state"] = "output-denied"
                part["approval"] = {"id": approval_id(call_id), "approved": False}
            elif event["type"] == "tool-output-error":
                part["state"] = "output-error"
                part["errorText"] = event["errorText"]
            else:
                part["state"] = "output-available"
                part["output"] = event["output"]
                if part["type"].removeprefix("tool-") in writes:
                    part["approval"] = {"id": approval_id(call_id), "approved": True}
    close_turn()
    for call_id, value in pending.items():
        if call_id in parts_by_call and assistant is not None:
            assistant["parts"].append({"type": "data-approval", "id": approval_id(call_id), "data": value})
    return out
