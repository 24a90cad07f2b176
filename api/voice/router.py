"""/api/v1/voice: transcription of a recording, and the onboarding conversation with its confirmation."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Header, UploadFile
from langchain_core.runnables import RunnableConfig
from langgraph.types import Command
from sqlalchemy import text
from sqlalchemy.orm import Session

from agent.coach.checkpoint import ensure_setup, sync_checkpointer
from agent.onboarding.graph import build_graph, thread_key
from agent.onboarding.state import OnboardingContext
from api.core.config import get_settings
from api.core.errors import AppError, Conflict, ErrorBody, Invalid, NotFound
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.voice import audio, transcribe
from api.voice.schemas import OnboardingConfirm, OnboardingRead, OnboardingTurn, TranscriptRead

router = APIRouter(prefix="/api/v1/voice", tags=["voice"], responses=ERRORS)
CHUNK = 64 * 1024
MAX_TURNS = 40  # answers per onboarding conversation (each is re-read on every turn)


class PayloadTooLarge(AppError):
    status_code = 413
    code = "payload_too_large"


def _too_large(limit: int) -> PayloadTooLarge:
    return PayloadTooLarge(f"The recording is larger than {limit // (1024 * 1024) or 1} MB. Record a shorter answer.",
                           details={"max_bytes": limit})


@router.post("/transcribe", operation_id="voice-transcribe", response_model=TranscriptRead,
             responses={413: {"model": ErrorBody, "description": "The upload is over the size limit"},
                        415: {"model": ErrorBody, "description": "Not WAV, Ogg (Opus/Vorbis) or WebM (Opus)"},
                        503: {"model": ErrorBody, "description": "The configured transcription service failed"}})
def transcribe_recording(user: CurrentUser, file: Annotated[UploadFile, File(description="The recording")],
                         content_length: Annotated[int | None, Header()] = None) -> TranscriptRead:
    """Speech to text: WAV, Ogg (Opus or Vorbis) or WebM (Opus), within the size and length limits."""
    settings = get_settings()
    limit = settings.voice_max_bytes
    if content_length is not None and content_length > limit + 64 * 1024:  # room for the multipart envelope
        raise _too_large(limit)
    data = bytearray()
    while chunk := file.file.read(CHUNK):
        data += chunk
        if len(data) > limit:
            raise _too_large(limit)
    pcm = audio.decode(bytes(data), max_seconds=settings.voice_max_seconds)
    result = transcribe.transcribe(pcm, settings)
    if not result.text.strip():
        raise Invalid(audio.NOTHING_HEARD, code="audio_empty", details={"engine": result.engine})
    return TranscriptRead(text=result.text, engine=result.engine, duration_seconds=round(pcm.seconds, 2))


def checkpoints_ready() -> None:
    """LangGraph's checkpoint migrations, run before the request's transaction opens: they create indexes
    CONCURRENTLY, which waits for every open transaction, the request's own included."""
    ensure_setup()


CheckpointsReady = Annotated[None, Depends(checkpoints_ready)]


def _lock_thread(session: Session, key: str) -> None:
    """One request per thread at a time (until this transaction ends): two confirmations sent together must
    not both find the proposal pending and save it twice."""
    session.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": key})


def _read(thread_id: uuid.UUID, values: dict[str, Any], interrupts: Any) -> OnboardingRead:
    extracted = dict(values.get("extracted") or {})
    goals = extracted.pop("goals", [])
    pending = [i.value for i in interrupts if isinstance(i.value, dict) and i.value.get("type") == "approval"]
    status = "proposed" if pending else values.get("status", "collecting")
    return OnboardingRead.model_validate({
        "thread_id": thread_id, "status": status, "transcript": values.get("utterances", []),
        "fields": extracted, "goals": goals, "missing": values.get("missing", []),
        "proposal": {"type": "approval", "preview": pending[0]["preview"]} if pending else None,
        "saved": values.get("saved")})


@router.post("/onboarding", operation_id="voice-onboarding", response_model=OnboardingRead)
def onboarding_turn(ready: CheckpointsReady, user: CurrentUser, session: SessionDep,
                    data: OnboardingTurn) -> OnboardingRead:
    """Start or continue onboarding: what was understood, what is missing, and the proposal to confirm."""
    thread_id = data.thread_id or uuid.uuid4()
    config: RunnableConfig = {"configurable": {"thread_id": thread_key(user.user_id, thread_id)}}
    _lock_thread(session, thread_key(user.user_id, thread_id))
    context = OnboardingContext(user_id=user.user_id, session=session, today=date.today())
    with sync_checkpointer() as saver:
        graph = build_graph(saver)
        snapshot = graph.get_state(config)
        if data.thread_id is not None and not snapshot.values:
            raise NotFound("No onboarding conversation with this id")
        if len(snapshot.values.get("utterances", [])) >= MAX_TURNS:
            raise Invalid(f"This conversation already has {MAX_TURNS} answers; start a new one",
                          code="too_many_turns")
        if snapshot.interrupts:
            graph.invoke(Command(resume={"text": data.text}), config, context=context)
        else:
            graph.invoke({"utterances": [data.text]}, config, context=context)
        snapshot = graph.get_state(config)
    return _read(thread_id, snapshot.values, snapshot.interrupts)


@router.post("/onboarding/{thread_id}/confirm", operation_id="voice-onboarding-confirm",
             response_model=OnboardingRead,
             responses={409: {"model": ErrorBody, "description": "Nothing is waiting for confirmation"}})
def confirm_onboarding(ready: CheckpointsReady, user: CurrentUser, session: SessionDep, thread_id: uuid.UUID,
                       data: OnboardingConfirm) -> OnboardingRead:
    """Approve (optionally with edited values) or decline the proposal; approving saves it."""
    config: RunnableConfig = {"configurable": {"thread_id": thread_key(user.user_id, thread_id)}}
    _lock_thread(session, thread_key(user.user_id, thread_id))
    context = OnboardingContext(user_id=user.user_id, session=session, today=date.today())
    edited = data.fields.model_dump(mode="json", include=data.fields.model_fields_set) if data.fields else None
    with sync_checkpointer() as saver:
        graph = build_graph(saver)
        snapshot = graph.get_state(config)
        if not snapshot.values:
            raise NotFound("No onboarding conversation with this id")
        if not snapshot.interrupts:
            raise Conflict("Nothing is waiting for confirmation in this conversation", code="not_pending")
        if data.approved and not {k: v for k, v in {**snapshot.values.get("fields", {}), **(edited or {})}.items()
                                  if v not in (None, [])}:
            raise Invalid("Nothing to save yet: answer the questions first", code="nothing_to_save")
        graph.invoke(Command(resume={"approved": data.approved, "fields": edited}), config, context=context)
        snapshot = graph.get_state(config)
    return _read(thread_id, snapshot.values, snapshot.interrupts)
