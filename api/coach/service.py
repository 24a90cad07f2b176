"""Coach threads (the per-user index over LangGraph's checkpoints), the situation summary a new thread
starts with, and the daily model-call budget.

Plain functions over a session bound to the user; row-level security is the second wall behind the
`user_id` filters.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.coach.models import CoachThread, CoachUsage
from api.coach.schemas import ThreadRead
from api.core.errors import NotFound, TooManyRequests
from api.core.i18n import msg
from api.plan.summary import plan_summary
from api.snapshot.service import get_snapshot

DEFAULT_TITLE = "New conversation"
TITLE_LENGTH = 60


def _money(value: Decimal | None) -> str:
    return "none yet" if value is None else f"${value:,.0f}"


def situation_summary(*, session: Session, user_id: uuid.UUID) -> str:
    """A few lines on the user's saved situation, from the snapshot (figures as the app shows them)."""
    snap = get_snapshot(session=session, user_id=user_id)
    done = snap.completion.overall
    lines = [f"- Profile {done}% complete ({snap.completion.badge})."]
    if snap.total_monthly_income > 0:
        lines.append(f"- Monthly income {_money(snap.total_monthly_income)}; monthly expenses "
                     f"{_money(snap.expenses.total)}; monthly surplus {_money(snap.monthly_surplus)}.")
        if snap.savings_rate is not None:
            lines.append(f"- Savings rate {snap.savings_rate * 100:.1f}%.")
    else:
        lines.append("- No income saved yet.")
    if snap.annual_expenses > 0:
        plan = plan_summary(session=session, user_id=user_id)  # the figures every screen shows
        lines.append(f"- Annual expenses {_money(snap.annual_expenses)}.")
        lines.append(f"- Household plan: {plan.headline} FIRE number {_money(plan.fire_number)} (savings needed at "
                     f"the FI date, taxes, CPP and OAS counted; rule of thumb {_money(plan.rule_of_thumb)}); "
                     f"success rate {plan.success_rate:.0%}.")
    lines.append(f"- Net worth {_money(snap.net_worth.net_worth)} (assets {_money(snap.net_worth.assets)}, "
                 f"liabilities {_money(snap.net_worth.liabilities)}).")
    missing = [s.label for s in snap.completion.sections if s.group == "Essential" and s.score < 100]
    if missing:
        lines.append(f"- Essential sections not finished: {', '.join(missing)}.")
    return "\n".join(lines)


def list_threads(*, session: Session, user_id: uuid.UUID) -> list[ThreadRead]:
    rows = session.scalars(select(CoachThread).where(CoachThread.user_id == user_id)
                           .order_by(CoachThread.updated_at.desc(), CoachThread.id))
    return [ThreadRead.model_validate(row) for row in rows]


def get_thread(*, session: Session, user_id: uuid.UUID, thread_id: uuid.UUID) -> CoachThread:
    thread = session.scalar(select(CoachThread).where(CoachThread.user_id == user_id, CoachThread.id == thread_id))
    if thread is None:
        raise NotFound("No such conversation", code="thread_not_found")
    return thread


def create_thread(*, session: Session, user_id: uuid.UUID, title: str | None = None,
                  thread_id: uuid.UUID | None = None) -> ThreadRead:
    """A new thread, starting with a summary of the user's situation."""
    thread = CoachThread(id=thread_id or uuid.uuid4(), user_id=user_id, title=(title or DEFAULT_TITLE).strip(),
                         summary=situation_summary(session=session, user_id=user_id))
    session.add(thread)
    session.flush()
    session.refresh(thread)
    return ThreadRead.model_validate(thread)


def rename_thread(*, session: Session, user_id: uuid.UUID, thread_id: uuid.UUID, title: str) -> ThreadRead:
    thread = get_thread(session=session, user_id=user_id, thread_id=thread_id)
    thread.title = title.strip()
    session.flush()
    session.refresh(thread)
    return ThreadRead.model_validate(thread)


def delete_thread(*, session: Session, user_id: uuid.UUID, thread_id: uuid.UUID) -> None:
    """Delete the index row (the caller deletes the checkpoints of the same id)."""
    deleted = session.execute(delete(CoachThread).where(CoachThread.user_id == user_id, CoachThread.id == thread_id))
    if not deleted.rowcount:  # type: ignore[attr-defined]
        raise NotFound("No such conversation", code="thread_not_found")


def touch_thread(*, session: Session, user_id: uuid.UUID, thread_id: uuid.UUID, first_message: str | None) -> None:
    """Mark the thread as used now; a thread still on the default title is named after its first message."""
    thread = get_thread(session=session, user_id=user_id, thread_id=thread_id)
    if first_message and thread.title == DEFAULT_TITLE:
        words = " ".join(first_message.split())
        thread.title = words if len(words) <= TITLE_LENGTH else words[: TITLE_LENGTH - 1].rstrip() + "…"
    thread.updated_at = datetime.now(UTC)
    session.flush()


def _seconds_to_midnight(now: datetime) -> int:
    tomorrow = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC)
    return max(1, int((tomorrow - now).total_seconds()))


def model_calls_today(*, session: Session, user_id: uuid.UUID, today: date | None = None) -> int:
    day = today or datetime.now(UTC).date()
    used = session.scalar(select(CoachUsage.model_calls).where(CoachUsage.user_id == user_id, CoachUsage.day == day))
    return int(used or 0)


def budget_exhausted(limit: int) -> TooManyRequests:
    now = datetime.now(UTC)
    return TooManyRequests(
        msg("coach_budget_exhausted.today", limit=limit), retry_after=_seconds_to_midnight(now),
        code="coach_budget_exhausted")


def check_budget(*, session: Session, user_id: uuid.UUID, limit: int) -> None:
    """Raise 429 when today's model calls are spent."""
    if model_calls_today(session=session, user_id=user_id) >= limit:
        raise budget_exhausted(limit)


def spend_model_call(*, session: Session, user_id: uuid.UUID, limit: int) -> int:
    """Count one model call against today's budget (atomically); raise 429 when none is left."""
    if limit <= 0:
        raise budget_exhausted(limit)
    day = datetime.now(UTC).date()
    statement = (insert(CoachUsage).values(id=uuid.uuid4(), user_id=user_id, day=day, model_calls=1)
                 .on_conflict_do_update(constraint="uq_coach_usage_user_day",
                                        set_={"model_calls": CoachUsage.model_calls + 1},
                                        where=CoachUsage.model_calls < limit)
                 .returning(CoachUsage.model_calls))
    used = session.scalar(statement)
    if used is None:
        raise budget_exhausted(limit)
    return int(used)


