"""/api/v1/voice: transcription of a recording, and the onboarding conversation with its confirmation (its turns in
`api/voice/onboarding.py`)."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, File, Header, Request, UploadFile
from fastapi.responses import JSONResponse

from agent.coach.checkpoint import ensure_setup
from api.core.config import get_settings
from api.core.errors import AppError, ErrorBody, Invalid, error_body
from api.core.i18n import Language, msg, request_language
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.voice import audio, onboarding, transcribe
from api.voice.schemas import OnboardingConfirm, OnboardingRead, OnboardingTurn, TranscriptRead

router = APIRouter(prefix="/api/v1/voice", tags=["voice"], responses=ERRORS)
CHUNK = 64 * 1024


class PayloadTooLarge(AppError):
    status_code = 413
    code = "payload_too_large"


async def session_language(request: Request) -> Language:
    """The language of a voice session: the request's Accept-Language, else the saved locale, else English. French
    is transcribed as French, and the questions and proposal are said in it."""
    return await request_language(request)


SessionLanguage = Annotated[Language, Depends(session_language)]


def _too_large(limit: int) -> PayloadTooLarge:
    return PayloadTooLarge(msg("payload_too_large.recording", megabytes=limit // (1024 * 1024) or 1),
                           details={"max_bytes": limit})


@router.post("/transcribe", operation_id="voice-transcribe", response_model=TranscriptRead,
             responses={413: {"model": ErrorBody, "description": "The upload is over the size limit"},
                        415: {"model": ErrorBody, "description": "Not WAV, Ogg (Opus/Vorbis) or WebM (Opus)"},
                        503: {"model": ErrorBody, "description": "The configured transcription service failed"}})
def transcribe_recording(user: CurrentUser, file: Annotated[UploadFile, File(description="The recording")],
                         request: Request, language: SessionLanguage,
                         content_length: Annotated[int | None, Header()] = None) -> TranscriptRead | JSONResponse:
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
    try:
        result = transcribe.transcribe(pcm, settings, language)
    except transcribe.SpeechLanguageUnsupported as exc:  # its message is in the session's language already
        return error_body(request, exc.status_code, exc.code, exc.message, exc.details, language=exc.language)
    if not result.text.strip():
        raise Invalid(audio.NOTHING_HEARD, code="audio_empty", details={"engine": result.engine})
    return TranscriptRead(text=result.text, engine=result.engine, duration_seconds=round(pcm.seconds, 2))


def checkpoints_ready() -> None:
    """LangGraph's checkpoint migrations, run before the request's transaction opens: they create indexes
    CONCURRENTLY, which waits for every open transaction, the request's own included."""
    ensure_setup()


CheckpointsReady = Annotated[None, Depends(checkpoints_ready)]


@router.post("/onboarding", operation_id="voice-onboarding", response_model=OnboardingRead)
def onboarding_turn(ready: CheckpointsReady, user: CurrentUser, session: SessionDep, language: SessionLanguage,
                    data: OnboardingTurn) -> OnboardingRead:
    """Start or continue onboarding: what was understood, what is missing, and the proposal to confirm."""
    return onboarding.take_turn(session=session, user_id=user.user_id, thread_id=data.thread_id, said=data.text,
                                language=language)


@router.post("/onboarding/{thread_id}/confirm", operation_id="voice-onboarding-confirm",
             response_model=OnboardingRead,
             responses={409: {"model": ErrorBody, "description": "Nothing is waiting for confirmation"}})
def confirm_onboarding(ready: CheckpointsReady, user: CurrentUser, session: SessionDep, language: SessionLanguage,
                       thread_id: uuid.UUID, data: OnboardingConfirm) -> OnboardingRead:
    """Approve (optionally with edited values) or decline the proposal; approving saves it."""
    return onboarding.confirm(session=session, user_id=user.user_id, thread_id=thread_id, data=data,
                              language=language)
