"""A coach turn, outside the router: check the request against the thread (a new message, or the answer to a
pending approval), build the user's tools and the model, then stream the graph's run as the AI SDK UI message
stream. The router only translates HTTP."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from typing import Any

from langchain_core.messages import AnyMessage, HumanMessage, RemoveMessage
from langgraph.types import Command, Interrupt
from sqlalchemy.exc import IntegrityError

from agent.coach import checkpoint
from agent.coach.graph import build_coach_graph
from agent.coach.model import CoachModelChoice, CoachModelUnavailable, choose_model
from agent.coach.state import new_turn
from agent.stream import assistant_message_id, error_stream, ui_message_stream, ui_messages
from api.coach import service
from api.coach.schemas import ChatRequest, UIMessage
from api.core.config import get_settings
from api.core.db import user_session
from api.core.errors import AppError, Invalid, NotFound
from api.core.i18n import Language, msg
from tools.base import ToolContext

BUSY = "This conversation is still answering your previous message. Wait for it to finish, then try again."


class CoachUnavailable(AppError):
    status_code = 503
    code = "coach_unavailable"


@dataclass(frozen=True)
class ThreadState:
    messages: list[AnyMessage]
    interrupts: list[Interrupt]


def read_thread_state(thread_id: uuid.UUID) -> ThreadState:
    """The thread's messages and pending approval requests, straight from the checkpointer."""
    with checkpoint.sync_checkpointer() as saver:
        stored = saver.get_tuple({"configurable": {"thread_id": str(thread_id)}})
    if stored is None:
        return ThreadState(messages=[], interrupts=[])
    interrupts: list[Interrupt] = []
    for _task, channel, value in stored.pending_writes or []:
        if channel == "__interrupt__":
            interrupts += [item for item in (value if isinstance(value, list | tuple) else [value])
                           if isinstance(item, Interrupt)]
    return ThreadState(messages=list(stored.checkpoint["channel_values"].get("messages", [])), interrupts=interrupts)


@dataclass(frozen=True)
class PreparedTurn:
    graph_input: Any
    message_id: str
    situation: str | None
    tools: list[Any]
    model: CoachModelChoice


def _text_of(message: UIMessage) -> str:
    text = "\n".join(part.text for part in message.parts if part.type == "text" and part.text)
    return text.replace("\x00", "").strip()  # PostgreSQL text cannot hold NUL


def _turn_input(body: ChatRequest, state: ThreadState, situation: str | None) -> tuple[Any, str, str | None]:
    """What is new in this request: an approval response (resume) or the last user message (a new turn)."""
    last = body.messages[-1]
    pending = [i.value for i in state.interrupts if isinstance(i.value, dict)]
    if last.role == "assistant":
        if not pending:
            raise Invalid("Nothing is waiting for approval in this conversation; send a user message",
                          code="no_pending_approval")
        waiting = str(pending[0].get("tool_call_id"))
        for part in last.parts:
            if part.toolCallId == waiting and part.state == "approval-responded" and part.approval:
                approved = part.approval.get("approved")
                if not isinstance(approved, bool):
                    raise Invalid("approval.approved must be true or false", code="invalid_approval")
                reason = part.approval.get("reason")
                return Command(resume={"approved": approved, "reason": reason if isinstance(reason, str) else None}), \
                    last.id, None
        raise Invalid(msg("approval_expected.answer", tool_call=waiting), code="approval_expected")
    if last.role != "user":
        raise Invalid("The last message must come from the user", code="user_message_expected")
    text = _text_of(last)
    if not text:
        raise Invalid("The message is empty", code="empty_message")
    known = [str(m.id) for m in state.messages]
    message_id = last.id if last.id and last.id not in known else f"{last.id or 'msg'}-{uuid.uuid4().hex[:8]}"
    turn: dict[str, Any] = dict(new_turn(HumanMessage(content=text, id=message_id)))
    if body.trigger == "regenerate-message" and last.id in known:
        # The client dropped the answer to this message: drop it here too (and anything after it), then ask again.
        dropped = known[known.index(last.id):]
        turn["messages"] = [RemoveMessage(id=old) for old in dropped] + turn["messages"]
    if situation:
        turn["situation"] = situation
    return turn, assistant_message_id(message_id), text


def prepare(body: ChatRequest, user_id: uuid.UUID, language: Language = "en") -> PreparedTurn:
    """Check the budget, find (or create) the thread, read what is new in the request and build the turn's tools
    and model: everything before the stream starts, so a bad request gets its 4xx before any event."""
    settings = get_settings()
    with user_session(user_id) as session:
        service.check_budget(session=session, user_id=user_id, limit=settings.coach_daily_model_calls)
        try:
            thread = service.get_thread(session=session, user_id=user_id, thread_id=body.id)
            situation = thread.summary
        except NotFound:
            situation = None
    if situation is None:
        # useChat may open a conversation with an id of its own: create the thread under that id.
        try:
            with user_session(user_id) as session:
                situation = service.create_thread(session=session, user_id=user_id, thread_id=body.id).summary
        except IntegrityError:
            raise NotFound("No such conversation", code="thread_not_found") from None
        # The id is the client's: whatever was stored under it before (a thread deleted with its account before
        # checkpoints were deleted with it) is not this conversation.
        checkpoint.forget_thread(str(body.id))
    state = read_thread_state(body.id)
    graph_input, message_id, first_text = _turn_input(body, state, situation)
    with user_session(user_id) as session:
        service.touch_thread(session=session, user_id=user_id, thread_id=body.id,
                             first_message=first_text if not state.messages else None)
    try:
        model = choose_model(settings)
    except CoachModelUnavailable as exc:
        raise CoachUnavailable(str(exc)) from None
    if model.offline:  # a message that does not say its language is answered in the request's
        model = replace(model, model=model.model.model_copy(update={"language": language}))
    from tools.registry import build_tools

    context = ToolContext(user_id=user_id, session=lambda: user_session(user_id), thread_id=body.id)
    return PreparedTurn(graph_input=graph_input, message_id=message_id, situation=situation,
                        tools=build_tools(context), model=model)


def _spend(user_id: uuid.UUID) -> None:
    with user_session(user_id) as session:
        service.spend_model_call(session=session, user_id=user_id, limit=get_settings().coach_daily_model_calls)


async def stream(prepared: PreparedTurn, thread_id: uuid.UUID, user_id: uuid.UUID) -> AsyncIterator[str]:
    """Run the turn through the coach graph under the thread's lock, as the AI SDK UI message stream."""
    settings = get_settings()
    async with checkpoint.async_checkpointer() as saver:
        if not await checkpoint.try_lock_thread(saver, str(thread_id)):
            for chunk in error_stream(BUSY, message_id=prepared.message_id):
                yield chunk
            return
        graph = build_coach_graph(model=prepared.model.model, tools=prepared.tools, checkpointer=saver,
                                  max_model_calls=settings.coach_max_model_calls,
                                  on_model_call=lambda: _spend(user_id))
        config = {"configurable": {"thread_id": str(thread_id)}, "recursion_limit": 100}
        async for chunk in ui_message_stream(graph, prepared.graph_input, config,  # type: ignore[arg-type]
                                             message_id=prepared.message_id,
                                             coach={"offline": prepared.model.offline,
                                                    "model": prepared.model.name}):
            yield chunk


def thread_messages(thread_id: uuid.UUID) -> list[dict[str, Any]]:
    """The conversation as AI SDK `UIMessage[]`, from the checkpointer (the caller checked the thread is theirs)."""
    from tools.registry import WRITE

    state = read_thread_state(thread_id)
    return ui_messages(state.messages, state.interrupts, write_tools=WRITE)


def forget_thread(thread_id: uuid.UUID) -> None:
    """Delete what the coach stored for a conversation (its checkpoints)."""
    with checkpoint.sync_checkpointer() as saver:
        saver.delete_thread(str(thread_id))
