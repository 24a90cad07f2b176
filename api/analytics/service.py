"""Product analytics: events (anonymous allowed) and per-feature usage counters.

Admins are excluded from both (spec section 6): their events and feature uses are accepted and dropped,
so the client need not know the role to stay quiet.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.analytics.models import AnalyticsEvent, FeatureUsage
from api.analytics.schemas import EventIn, FeatureUsageIn
from api.auth.sessions import app_role
from api.core.errors import Invalid
from api.core.repository import list_for_user


def is_admin(*, session: Session, user_id: uuid.UUID) -> bool:
    return app_role(session, user_id) == "admin"


def record_event(*, session: Session, user_id: uuid.UUID | None, data: EventIn,
                 user_agent: str | None = None) -> bool:
    """Store one event; False when it was dropped because the user is an admin.

    Anonymous events (no user) must carry the client's session id, or they could never be grouped."""
    if user_id is None and data.session_id is None:
        raise Invalid("session_id: required when not signed in", details={"field": "session_id"})
    if user_id is not None and is_admin(session=session, user_id=user_id):
        return False
    session.add(AnalyticsEvent(
        user_id=user_id, event_type=data.event_type, event_name=data.event_name, event_data=data.event_data,
        session_id=data.session_id, page_path=data.page_path,
        user_agent=(data.user_agent or user_agent or "")[:1000] or None,
    ))
    session.flush()
    return True


def list_events(*, session: Session, user_id: uuid.UUID, limit: int = 50) -> Sequence[AnalyticsEvent]:
    """The user's own events, newest first."""
    return list_for_user(session, AnalyticsEvent, user_id, limit=limit)


def track_feature_usage(*, session: Session, user_id: uuid.UUID, data: FeatureUsageIn) -> int | None:
    """Count one use of a feature (insert or increment in one statement); None when dropped (admins).

    The category and metadata of the latest use win; a use without a category keeps the earlier one."""
    if is_admin(session=session, user_id=user_id):
        return None
    statement = insert(FeatureUsage).values(
        user_id=user_id, feature_name=data.feature_name, feature_category=data.feature_category,
        meta=data.metadata, usage_count=1,
    )
    upsert = statement.on_conflict_do_update(
        index_elements=["user_id", "feature_name"],
        set_={
            "usage_count": FeatureUsage.usage_count + 1,
            "feature_category": func.coalesce(statement.excluded.feature_category, FeatureUsage.feature_category),
            "metadata": statement.excluded.metadata,
            "last_used_at": func.now(),
        },
    ).returning(FeatureUsage.usage_count)
    count = session.execute(upsert).scalar_one()
    return int(count)


def list_feature_usage(*, session: Session, user_id: uuid.UUID) -> Sequence[FeatureUsage]:
    """The user's feature counters, most recently used first."""
    query = (select(FeatureUsage).where(FeatureUsage.user_id == user_id)
             .order_by(FeatureUsage.last_used_at.desc(), FeatureUsage.feature_name))
    return session.scalars(query).all()
