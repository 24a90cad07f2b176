"""Account deletion: record why (without personal data), end every session, then delete everything.

The request bans the account at once (no new sign-in can race the deletion) and queues
`account.delete_user_data`, which deletes the user row; foreign keys cascade to every table.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.auth.models import AccountDeletion, User
from api.auth.sessions import revoke_sessions
from api.coach.models import CoachThread
from api.core.errors import NotFound

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
_NUMBER = re.compile(r"\+?\d[\d\s().-]{6,}\d")
FOREVER = datetime(9999, 1, 1, tzinfo=UTC)


def scrub(reason: str | None) -> str | None:
    """The reason with e-mail addresses and phone or account numbers removed."""
    if not reason or not reason.strip():
        return None
    return _NUMBER.sub("[number]", _EMAIL.sub("[e-mail]", reason.strip()))[:2000]


def request_deletion(*, session: Session, user_id: uuid.UUID, reason: str | None) -> datetime:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("No user found to delete", code="user_not_found")
    session.add(AccountDeletion(reason=scrub(reason)))
    revoke_sessions(session=session, user_id=user_id)
    user.banned_until = FOREVER
    session.flush()
    return datetime.now(UTC)


def delete_user_data(*, session: Session, user_id: uuid.UUID) -> bool:
    """Delete the user's coach and onboarding conversations (LangGraph's checkpoints, in their own schema), then
    the user and, by cascade, every row of theirs. Idempotent."""
    from agent.coach.checkpoint import delete_threads
    from agent.onboarding.graph import thread_prefix

    threads = [str(t) for t in session.scalars(select(CoachThread.id).where(CoachThread.user_id == user_id))]
    delete_threads(session, threads, prefix=thread_prefix(user_id))
    return bool(session.execute(delete(User).where(User.id == user_id).returning(User.id)).first())
