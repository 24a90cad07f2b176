"""The onboarding graph itself, over the real services in a rolled-back session: the approval interrupt's
payload, answers resuming it, and that only an approval writes."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from sqlalchemy.orm import Session

from agent.onboarding.graph import build_graph
from agent.onboarding.state import OnboardingContext
from api.activity.service import list_activity
from api.goals.service import list_goals
from api.income.service import get_income
from api.profile.service import get_profile
from tests.factories import make_user
from tools.changes import list_changes

CONFIG: RunnableConfig = {"configurable": {"thread_id": "graph-test"}}


def pending(graph: Any) -> dict[str, Any]:
    [interrupt] = graph.get_state(CONFIG).interrupts
    value: dict[str, Any] = interrupt.value
    return value


def test_the_graph_asks_before_it_writes_and_writes_once_approved(session: Session) -> None:
    user = make_user(session)
    context = OnboardingContext(user_id=user.id, session=session, today=date(2026, 11, 23))
    graph = build_graph(InMemorySaver())

    graph.invoke({"utterances": ["I make ninety thousand a year and live in Manitoba"]}, CONFIG, context=context)
    first = pending(graph)
    assert first["type"] == "approval"
    assert {c["field"]: c["after"] for c in first["preview"]["changes"]} == {"province": "MB",
                                                                           "annual_salary": 90000.0}
    assert [q["field"] for q in first["missing"]][:2] == ["age", "rent_mortgage"]
    assert first["extracted"]["annual_salary"]["confidence"] >= 0.6

    graph.invoke(Command(resume={"text": "I'm forty and I want an emergency fund of fifteen thousand"}), CONFIG,
                 context=context)
    second = pending(graph)
    fields = second["preview"]["fields"]
    assert (fields["age"], fields["province"], fields["goals"][0]["category"]) == (40, "MB", "emergency-fund")
    assert get_profile(session=session, user_id=user.id) is None
    assert get_income(session=session, user_id=user.id) is None
    assert list(list_goals(session=session, user_id=user.id)) == []

    result = graph.invoke(Command(resume={"approved": True, "fields": {"annual_salary": 92000}}), CONFIG,
                          context=context)
    assert result["status"] == "saved"
    assert graph.get_state(CONFIG).interrupts == ()
    profile = get_profile(session=session, user_id=user.id)
    assert profile is not None and (profile.age, profile.province) == (40, "MB")
    income = get_income(session=session, user_id=user.id)
    assert income is not None and income.annual_salary == Decimal("92000.00")
    [goal] = list_goals(session=session, user_id=user.id)
    assert (goal.name, goal.target_amount) == ("Emergency fund", Decimal("15000.00"))
    # one change record (and activity entry) per record written, as the coach's writes make
    entries = list_activity(session=session, user_id=user.id)
    summaries = [change["summary"] for change in result["saved"]["changes"]]
    assert sorted(e.description for e in entries) == sorted(summaries) and len(summaries) == 3
    assert {c.id for c in list_changes(session=session, user_id=user.id)} == {
        uuid.UUID(c["change_id"]) for c in result["saved"]["changes"]}


def test_declining_ends_the_round_without_writing(session: Session) -> None:
    user = make_user(session)
    context = OnboardingContext(user_id=user.id, session=session, today=date(2026, 11, 23))
    graph = build_graph(InMemorySaver())
    graph.invoke({"utterances": ["my rent is 1900 a month"]}, CONFIG, context=context)
    result = graph.invoke(Command(resume={"approved": False}), CONFIG, context=context)
    assert result["status"] == "declined"
    assert list(list_activity(session=session, user_id=user.id)) == []
