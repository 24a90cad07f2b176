"""/api/v1/analytics: product events (signed in or anonymous) and track_feature_usage."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query

from api.analytics import service
from api.analytics.deps import OptionalUser, OptionalUserSession, events_limit
from api.analytics.schemas import (
    EventAccepted,
    EventIn,
    EventRead,
    FeatureUsageAccepted,
    FeatureUsageIn,
    FeatureUsageRead,
)
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep

router = APIRouter(prefix="/api/v1/analytics", tags=["analytics"], responses=ERRORS)


@router.post("/events", operation_id="analytics-record-event", status_code=202, response_model=EventAccepted,
             dependencies=[Depends(events_limit)])
def record_event(user: OptionalUser, session: OptionalUserSession, data: EventIn,
                 user_agent: Annotated[str | None, Header()] = None) -> EventAccepted:
    """Record a product event. Without sign-in, `session_id` is required; admins' events are dropped."""
    recorded = service.record_event(session=session, user_id=user.user_id if user else None, data=data,
                                    user_agent=user_agent)
    return EventAccepted(recorded=recorded)


@router.get("/events", operation_id="analytics-list-events", response_model=list[EventRead])
def list_events(user: CurrentUser, session: SessionDep,
                limit: Annotated[int, Query(ge=1, le=200)] = 50) -> object:
    """The signed-in user's own events, newest first."""
    return service.list_events(session=session, user_id=user.user_id, limit=limit)


@router.post("/feature-usage", operation_id="analytics-track-feature-usage", status_code=202,
             response_model=FeatureUsageAccepted, dependencies=[Depends(events_limit)])
def track_feature_usage(user: CurrentUser, session: SessionDep, data: FeatureUsageIn) -> FeatureUsageAccepted:
    """track_feature_usage: count one use of a feature. Admins' uses are dropped."""
    count = service.track_feature_usage(session=session, user_id=user.user_id, data=data)
    return FeatureUsageAccepted(recorded=count is not None, usage_count=count)


@router.get("/feature-usage", operation_id="analytics-list-feature-usage", response_model=list[FeatureUsageRead])
def list_feature_usage(user: CurrentUser, session: SessionDep) -> object:
    """The signed-in user's feature counters, most recently used first."""
    return service.list_feature_usage(session=session, user_id=user.user_id)
