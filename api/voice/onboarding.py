"""Voice onboarding's turns, outside the router: each answer goes through the onboarding graph (what was
understood, what is missing, the proposal to confirm), and a confirmation resumes it to save or decline. One
request per conversation at a time."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command
from sqlalchemy import text
from sqlalchemy.orm import Session

from agent.coach.checkpoint import sync_checkpointer
from agent.onboarding.fields import localise_preview, localise_questions
from agent.onboarding.graph import build_graph, thread_key
from agent.onboarding.lexicon import Language
from agent.onboarding.state import OnboardingContext
from api.core.errors import Conflict, Invalid, NotFound
from api.core.i18n import msg
from api.voice.schemas import OnboardingConfirm, OnboardingRead

MAX_TURNS = 40  # answers per onboarding conversation (each is re-read on every turn)


def _lock_thread(session: Session, key: str) -> None:
    """One request per thread at a time (until this transaction ends): two confirmations sent together must
    not both find the proposal pending and save it twice."""
    session.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": key})


def _read(thread_id: uuid.UUID, values: dict[str, Any], interrupts: Any, language: Language = "en") -> OnboardingRead:
    """The conversation as the client sees it, its questions and proposal said in `language`."""
    extracted = dict(values.get("extracted") or {})
    goals = extracted.pop("goals", [])
    pending = [i.value for i in interrupts if isinstance(i.value, dict) and i.value.get("type") == "approval"]
    status = "proposed" if pending else values.get("status", "collecting")
    return OnboardingRead.model_validate({
        "thread_id": thread_id, "status": status, "transcript": values.get("utterances", []),
        "fields": extracted, "goals": goals,
        "missing": localise_questions(values.get("missing", []), language),
        "proposal": {"type": "approval", "preview": localise_preview(pending[0]["preview"], language)}
        if pending else None,
        "saved": values.get("saved")})


def _languages_to_add(values: dict[str, Any], language: Language) -> list[str]:
    """The new answer's language, after English for each earlier answer that has none (threads from before
    languages were kept), so that the thread's languages stay in step with its utterances."""
    missing = len(values.get("utterances", [])) - len(values.get("languages", []))
    return ["en"] * max(missing, 0) + [language]


def take_turn(*, session: Session, user_id: uuid.UUID, thread_id: uuid.UUID | None, said: str,
              language: Language = "en") -> OnboardingRead:
    """Start (no thread id) or continue onboarding with one answer, said (and answered) in `language`."""
    new = thread_id is None
    thread_id = thread_id or uuid.uuid4()
    config: RunnableConfig = {"configurable": {"thread_id": thread_key(user_id, thread_id)}}
    _lock_thread(session, thread_key(user_id, thread_id))
    context = OnboardingContext(user_id=user_id, session=session, today=date.today(), language=language)
    with sync_checkpointer() as saver:
        graph = build_graph(saver)
        snapshot = graph.get_state(config)
        if not new and not snapshot.values:
            raise NotFound("No onboarding conversation with this id")
        if len(snapshot.values.get("utterances", [])) >= MAX_TURNS:
            raise Invalid(msg("too_many_turns.start_new", count=MAX_TURNS), code="too_many_turns")
        languages = _languages_to_add(snapshot.values, language)
        if snapshot.interrupts:
            graph.invoke(Command(resume={"text": said, "languages": languages}), config, context=context)
        else:
            graph.invoke({"utterances": [said], "languages": languages}, config, context=context)
        snapshot = graph.get_state(config)
    return _read(thread_id, snapshot.values, snapshot.interrupts, language)


def confirm(*, session: Session, user_id: uuid.UUID, thread_id: uuid.UUID, data: OnboardingConfirm,
            language: Language = "en") -> OnboardingRead:
    """Approve (optionally with edited values) or decline the pending proposal; approving saves it."""
    config: RunnableConfig = {"configurable": {"thread_id": thread_key(user_id, thread_id)}}
    _lock_thread(session, thread_key(user_id, thread_id))
    context = OnboardingContext(user_id=user_id, session=session, today=date.today(), language=language)
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
    return _read(thread_id, snapshot.values, snapshot.interrupts, language)
