"""The onboarding graph: extract -> review (approval interrupt) -> save.

- `extract` reads every utterance of the thread (later answers win), each in the language it was said in, into
  fields with confidences and lists the questions for what is still missing in the run's language (the request's).
- `review` computes the before/after of the proposed fields and pauses with the coach's approval shape:
  `interrupt({"type": "approval", "preview": {...}, "missing": [...], "extracted": {...}})`. Resume with
  `Command(resume={"approved": bool, "fields": {...edited values...} | None})`, or with
  `Command(resume={"text": "...", "languages": [...]})` to answer a question, which goes back to `extract` (the
  languages of the answers not yet in the state's `languages`, the new one's last; without them, English).
- `save` writes the approved fields through the domain services and logs the activity. Nothing is
  written anywhere else, so nothing is saved before the user approves.

Checkpoint keys are `onboarding:<user id>:<thread id>`: a thread id alone opens nothing, so another user
who learns it finds no thread.
"""

from __future__ import annotations

import uuid
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime
from langgraph.types import Command, interrupt
from pydantic import ValidationError

from agent.onboarding import fields as onboarding_fields
from agent.onboarding.extract import merge
from agent.onboarding.fields import OnboardingFields
from agent.onboarding.lexicon import Language
from agent.onboarding.state import OnboardingContext, OnboardingState


def thread_prefix(user_id: uuid.UUID) -> str:
    """What every onboarding thread key of the user starts with: a thread is bound to its owner."""
    return f"onboarding:{user_id}:"


def thread_key(user_id: uuid.UUID, thread_id: uuid.UUID) -> str:
    return f"{thread_prefix(user_id)}{thread_id}"


def _valid_fields(extracted: dict[str, Any]) -> OnboardingFields:
    """The extracted values that pass the save schema (one out-of-range value does not sink the rest)."""
    try:
        return onboarding_fields.fields_from(extracted)
    except ValidationError as exc:
        bad = {str(error["loc"][0]) for error in exc.errors() if error["loc"]}
        kept = {name: value for name, value in extracted.items() if name not in bad}
        return onboarding_fields.fields_from(kept) if kept != extracted else OnboardingFields()


def _languages(state: OnboardingState) -> list[Language]:
    return ["fr" if language == "fr" else "en" for language in state.get("languages", [])]


def extract(state: OnboardingState, runtime: Runtime[OnboardingContext]) -> dict[str, Any]:
    extracted = merge(state.get("utterances", []), today=runtime.context.today, languages=_languages(state))
    fields = _valid_fields(extracted)
    return {"extracted": extracted, "fields": fields.model_dump(mode="json", exclude_none=True),
            "missing": onboarding_fields.missing_questions(fields, runtime.context.language),
            "status": "collecting", "saved": None}


def review(state: OnboardingState, runtime: Runtime[OnboardingContext]) -> Command[Any]:
    context = runtime.context
    fields = OnboardingFields.model_validate(state.get("fields", {}))
    preview = onboarding_fields.preview(session=context.session, user_id=context.user_id, fields=fields,
                                        language=context.language)
    decision = interrupt({"type": "approval", "preview": preview, "missing": state.get("missing", []),
                          "extracted": state.get("extracted", {})})
    if not isinstance(decision, dict):
        decision = {"approved": bool(decision)}
    if decision.get("text"):
        update: dict[str, Any] = {"utterances": [str(decision["text"])]}
        if decision.get("languages"):  # the new answer's language (and English for older answers without one)
            update["languages"] = [str(language) for language in decision["languages"]]
        return Command(goto="extract", update=update)
    if not decision.get("approved"):
        return Command(goto=END, update={"status": "declined", "saved": None})
    edited = decision.get("fields") or {}
    approved = {name: value for name, value in {**state.get("fields", {}), **edited}.items() if value is not None}
    return Command(goto="save", update={"fields": approved})


def save(state: OnboardingState, runtime: Runtime[OnboardingContext]) -> dict[str, Any]:
    context = runtime.context
    fields = OnboardingFields.model_validate(state.get("fields", {}))
    saved = onboarding_fields.save(session=context.session, user_id=context.user_id, fields=fields,
                                   language=context.language)
    return {"status": "saved", "saved": saved}


def build_graph(checkpointer: BaseCheckpointSaver[Any] | None = None) -> CompiledStateGraph[Any, Any, Any, Any]:
    builder: StateGraph[Any, Any, Any, Any] = StateGraph(OnboardingState, context_schema=OnboardingContext)
    builder.add_node("extract", extract)
    builder.add_node("review", review, destinations=("extract", "save", END))
    builder.add_node("save", save)
    builder.add_edge(START, "extract")
    builder.add_edge("extract", "review")
    builder.add_edge("save", END)
    return builder.compile(checkpointer=checkpointer)
