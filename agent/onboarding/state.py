"""The onboarding graph's state and run context.

The state is checkpointed per thread (so a conversation survives across HTTP requests and restarts);
the context is per run: who is onboarding and their database session, never stored in a checkpoint.
"""

from __future__ import annotations

import operator
import uuid
from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any, Literal, TypedDict

from sqlalchemy.orm import Session

from agent.onboarding.lexicon import Language

Status = Literal["collecting", "proposed", "saved", "declined"]


class OnboardingState(TypedDict, total=False):
    # Everything the user said or typed, in order (each turn appends).
    utterances: Annotated[list[str], operator.add]
    # The language each utterance was said in ("en" or "fr"), in the same order; a thread from before languages has
    # none (English).
    languages: Annotated[list[str], operator.add]
    # {field: {value, confidence, heard}} and "goals": [...], merged over the utterances.
    extracted: dict[str, Any]
    # The fields proposed for saving (OnboardingFields as JSON) and the questions for what is missing.
    fields: dict[str, Any]
    missing: list[dict[str, str]]
    status: Status
    # What the approved save wrote (ids, amounts), or why nothing was saved.
    saved: dict[str, Any] | None


@dataclass(frozen=True)
class OnboardingContext:
    """Per run: the signed-in user and the request's transaction (row-level security bound to them)."""

    user_id: uuid.UUID
    session: Session
    today: date
    language: Language = "en"  # the request's: questions and the proposal's labels are said in it
