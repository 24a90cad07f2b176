"""/api/v1/coach: the chat stream (AI SDK UI message stream) and the user's conversation threads. Thin: a turn's
logic is in `api/coach/turns.py`, the threads' in `api/coach/service.py`."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse

from agent.coach.model import uses_offline_coach
from agent.stream import UI_MESSAGE_STREAM_HEADERS
from api.coach import service, turns
from api.coach.schemas import ChatRequest, ThreadCreate, ThreadRead, ThreadUpdate, UsageRead
from api.core.config import get_settings
from api.core.errors import ErrorBody
from api.core.i18n import request_language
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep

router = APIRouter(prefix="/api/v1/coach", tags=["coach"], responses=ERRORS)


# --- threads ----------------------------------------------------------------------------------------


@router.get("/threads", operation_id="coach-list-threads", response_model=list[ThreadRead])
def list_threads(user: CurrentUser, session: SessionDep) -> list[ThreadRead]:
    """The user's conversations, most recently used first."""
    return service.list_threads(session=session, user_id=user.user_id)


@router.post("/threads", operation_id="coach-create-thread", response_model=ThreadRead, status_code=201)
def create_thread(user: CurrentUser, session: SessionDep, body: ThreadCreate | None = None) -> ThreadRead:
    """Start a conversation; it begins with a short summary of the user's saved situation."""
    return service.create_thread(session=session, user_id=user.user_id, title=body.title if body else None)


@router.patch("/threads/{thread_id}", operation_id="coach-rename-thread", response_model=ThreadRead)
def rename_thread(thread_id: uuid.UUID, body: ThreadUpdate, user: CurrentUser, session: SessionDep) -> ThreadRead:
    """Rename a conversation."""
    return service.rename_thread(session=session, user_id=user.user_id, thread_id=thread_id, title=body.title)


@router.delete("/threads/{thread_id}", operation_id="coach-delete-thread", status_code=204)
def delete_thread(thread_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> Response:
    """Delete a conversation and everything the coach stored for it."""
    service.delete_thread(session=session, user_id=user.user_id, thread_id=thread_id)
    turns.forget_thread(thread_id)
    return Response(status_code=204)


@router.get("/threads/{thread_id}/messages", operation_id="coach-thread-messages",
            response_model=list[dict[str, Any]])
def thread_messages(thread_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> list[dict[str, Any]]:
    """The conversation as AI SDK `UIMessage[]` (pass them to `useChat` as its initial messages)."""
    service.get_thread(session=session, user_id=user.user_id, thread_id=thread_id)
    return turns.thread_messages(thread_id)


@router.get("/usage", operation_id="coach-usage", response_model=UsageRead)
def usage(user: CurrentUser, session: SessionDep) -> UsageRead:
    """Today's model calls against the daily budget, and whether the offline coach serves."""
    settings = get_settings()
    return UsageRead(day=datetime.now(UTC).date().isoformat(),
                     model_calls=service.model_calls_today(session=session, user_id=user.user_id),
                     daily_limit=settings.coach_daily_model_calls, offline=uses_offline_coach(settings))


# --- chat ---------------------------------------------------------------------------------------------


@router.post("/chat", operation_id="coach-chat", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}},
                              "description": "The AI SDK UI message stream (server-sent events)"},
                        429: {"model": ErrorBody, "description": "Today's coach replies are used up"},
                        503: {"model": ErrorBody, "description": "No coach model is available"}})
async def chat(body: ChatRequest, user: CurrentUser, request: Request) -> StreamingResponse:
    """One coach turn, streamed as the AI SDK UI message stream that `useChat` reads.

    Send `{id: <thread id>, messages: UIMessage[], trigger}` as `useChat`'s default transport does; only
    the last message is read (history comes from the server). To answer an approval request, send the
    assistant message whose tool part is `approval-responded`. 429 when today's model calls are spent.
    """
    language = await request_language(request)  # for a message that does not say its own ("6k?")
    prepared = await run_in_threadpool(turns.prepare, body, user.user_id, language)
    return StreamingResponse(turns.stream(prepared, body.id, user.user_id), headers=UI_MESSAGE_STREAM_HEADERS,
                             media_type="text/event-stream")
