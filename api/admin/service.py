"""Admin reports over every user: the user list, role changes and analytics summaries.

Everything here reads across users, so it runs on the privileged path; the router lets only admins in.
Admins are left out of the analytics figures, as they are out of the analytics themselves (spec 6).
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any, cast

from sqlalchemy import ColumnElement, Date, func, literal, or_, select
from sqlalchemy import cast as sql_cast
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.activity.models import ActivityLog
from api.admin.schemas import (
    AdminUserPage,
    AdminUserRead,
    AnalyticsSummary,
    DayCount,
    FeatureCount,
    FunnelStep,
    Role,
)
from api.analytics.models import AnalyticsEvent, FeatureUsage
from api.auth.models import AuthSession, User, UserRole
from api.completion.service import compute_completion
from api.core.errors import Conflict, NotFound


def _role() -> ColumnElement[str]:
    """The user's role; a user without a role row is a plain user."""
    return func.coalesce(UserRole.role, literal("user"))


def _last_activity() -> Any:
    """The latest trace a user left; GREATEST skips the NULLs of the traces they never left."""
    def latest(column: Any, owner: Any) -> Any:
        return select(func.max(column)).where(owner == User.id).scalar_subquery()

    return func.greatest(
        User.last_sign_in_at,
        latest(AuthSession.refreshed_at, AuthSession.user_id),
        latest(ActivityLog.created_at, ActivityLog.user_id),
        latest(AnalyticsEvent.created_at, AnalyticsEvent.user_id),
        latest(FeatureUsage.last_used_at, FeatureUsage.user_id),
    )


def _users_query() -> Any:
    return (select(User, _role().label("role"), _last_activity().label("last_activity_at"))
            .outerjoin(UserRole, UserRole.user_id == User.id))


def _read(session: Session, user: User, role: str, last_activity: datetime | None) -> AdminUserRead:
    completion = compute_completion(session=session, user_id=user.id).overall
    return AdminUserRead(id=user.id, email=user.email, role=cast("Role", role), created_at=user.created_at,
                         last_sign_in_at=user.last_sign_in_at, last_activity_at=last_activity,
                         completion=completion)


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def list_users(*, session: Session, search: str | None = None, role: Role | None = None, limit: int = 50,
               offset: int = 0) -> AdminUserPage:
    """Users newest first with sign-up date, last activity and completion; `search` matches the e-mail."""
    filters: list[ColumnElement[bool]] = []
    if search:
        filters.append(User.email.ilike(f"%{_escape_like(search)}%", escape="\\"))
    if role is not None:
        filters.append(_role() == role)
    total = session.scalar(select(func.count()).select_from(User)
                           .outerjoin(UserRole, UserRole.user_id == User.id).where(*filters)) or 0
    rows = session.execute(_users_query().where(*filters).order_by(User.created_at.desc(), User.id)
                           .limit(limit).offset(offset)).all()
    return AdminUserPage(total=total, items=[_read(session, u, r, last) for u, r, last in rows])


def get_user(*, session: Session, user_id: uuid.UUID) -> AdminUserRead:
    row = session.execute(_users_query().where(User.id == user_id)).first()
    if row is None:
        raise NotFound("User not found")
    user, role, last = row
    return _read(session, user, role, last)


def set_user_role(*, session: Session, actor_id: uuid.UUID, user_id: uuid.UUID, role: Role) -> AdminUserRead:
    """Give a user a role. An admin cannot take away their own admin role (the last admin could lock
    everyone out)."""
    if session.get(User, user_id) is None:
        raise NotFound("User not found")
    if user_id == actor_id and role != "admin":
        raise Conflict("role: you cannot remove your own admin role", code="own_admin_role")
    statement = insert(UserRole).values(user_id=user_id, role=role)
    session.execute(statement.on_conflict_do_update(index_elements=["user_id"],
                                                    set_={"role": role, "updated_at": func.now()}))
    return get_user(session=session, user_id=user_id)


def _admin_ids() -> Any:
    return select(UserRole.user_id).where(UserRole.role == "admin")


def analytics_summary(*, session: Session, days: int = 30, top: int = 10,
                      today: date | None = None) -> AnalyticsSummary:
    """Events per day, the most used features and the funnel from sign-up to a completed profile."""
    today = today or datetime.now(UTC).date()
    since = today - timedelta(days=days - 1)
    start = datetime(since.year, since.month, since.day, tzinfo=UTC)
    not_admin_event = or_(AnalyticsEvent.user_id.is_(None), AnalyticsEvent.user_id.not_in(_admin_ids()))

    day = sql_cast(func.timezone("UTC", AnalyticsEvent.created_at), Date)
    counts = {
        row.day: DayCount(day=row.day, events=row.events, users=row.users, sessions=row.sessions)
        for row in session.execute(
            select(day.label("day"), func.count().label("events"),
                   func.count(AnalyticsEvent.user_id.distinct()).label("users"),
                   func.count(AnalyticsEvent.session_id.distinct()).label("sessions"))
            .where(AnalyticsEvent.created_at >= start, not_admin_event).group_by(day)
        ).all()
    }
    per_day = [counts.get(d) or DayCount(day=d, events=0, users=0, sessions=0)
               for d in (since + timedelta(days=i) for i in range(days))]

    features = session.execute(
        select(FeatureUsage.feature_name, func.count(FeatureUsage.user_id.distinct()).label("users"),
               func.sum(FeatureUsage.usage_count).label("uses"))
        .where(FeatureUsage.last_used_at >= start, FeatureUsage.user_id.not_in(_admin_ids()))
        .group_by(FeatureUsage.feature_name)
        .order_by(func.sum(FeatureUsage.usage_count).desc(), FeatureUsage.feature_name).limit(top)
    ).all()

    return AnalyticsSummary(
        days=days, since=since, events_total=sum(d.events for d in per_day), events_per_day=per_day,
        top_features=[FeatureCount(feature_name=f.feature_name, users=f.users, uses=int(f.uses)) for f in features],
        funnel=_funnel(session, start),
    )


def _funnel(session: Session, start: datetime) -> list[FunnelStep]:
    """Of the users who signed up since `start`: how many began the profile setup, completed their
    personal profile, and completed the whole setup."""
    signed_up = session.scalars(select(User.id).where(User.created_at >= start, User.id.not_in(_admin_ids()))).all()
    started = profile_done = setup_done = 0
    for user_id in signed_up:
        completion = compute_completion(session=session, user_id=user_id)
        profile = next(s.score for s in completion.sections if s.key == "profile")
        started += completion.overall > 0
        profile_done += profile == 100
        setup_done += completion.overall == 100
    total = len(signed_up)

    def step(name: Any, users: int) -> FunnelStep:
        return FunnelStep(step=name, users=users, share=round(users / total, 4) if total else 0.0)

    return [step("signed_up", total), step("started_setup", started), step("completed_profile", profile_done),
            step("completed_setup", setup_done)]
