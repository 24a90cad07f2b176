"""Voice onboarding in and out: transcripts, the onboarding conversation, and the confirmation."""

from __future__ import annotations

import uuid
from typing import Any, Literal

from pydantic import BaseModel, Field

from agent.onboarding.fields import OnboardingFields
from api.core.schemas import Input


class TranscriptRead(BaseModel):
    text: str = Field(description="What was heard (Whisper writes figures as digits; PocketSphinx lower-case words)")
    engine: str = Field(description="'whisper-base' (offline), 'pocketsphinx' (its offline fallback) or "
                                    "'openai:<model>'")
    duration_seconds: float


class OnboardingTurn(Input):
    """Start a conversation (no thread_id) or continue one with the next answer."""

    thread_id: uuid.UUID | None = None
    text: str = Field(min_length=1, max_length=5000, pattern=r"\S", description="A transcript or typed text")


class ExtractedField(BaseModel):
    value: Any
    confidence: float = Field(ge=0, le=1)
    heard: str = Field(description="The words the value was read from")


class Question(BaseModel):
    field: str
    question: str


class FieldChangeRead(BaseModel):
    field: str
    label: str
    target: str = Field(description="'profile', 'income', 'expenses' or 'goal'")
    before: Any = None
    after: Any = None


class ProposalPreview(BaseModel):
    title: str
    changes: list[FieldChangeRead]
    fields: dict[str, Any] = Field(description="The values that will be saved; send edited ones on confirm")


class Proposal(BaseModel):
    """The approval request (same shape as the coach's): nothing is saved until it is confirmed."""

    type: Literal["approval"] = "approval"
    preview: ProposalPreview


class SavedChange(BaseModel):
    change_id: uuid.UUID = Field(description="Undo it with POST /api/v1/coach/changes/{change_id}/undo")
    summary: str = Field(description="What was saved, as the activity log and the coach's change list show it")


class OnboardingSaved(BaseModel):
    """What an approved proposal saved: one change per record, each recorded (and undone) like a coach write."""

    changes: list[SavedChange]


class OnboardingRead(BaseModel):
    thread_id: uuid.UUID
    status: Literal["collecting", "proposed", "saved", "declined"]
    transcript: list[str] = Field(description="Everything said or typed in this conversation, in order")
    fields: dict[str, ExtractedField]
    goals: list[dict[str, Any]] = Field(default_factory=list)
    missing: list[Question]
    proposal: Proposal | None
    saved: OnboardingSaved | None = None


class OnboardingConfirm(Input):
    approved: bool
    fields: OnboardingFields | None = Field(
        default=None, description="Edited values: a field sent replaces the proposal's, null removes it")
