"""Admin in and out: users with their role, activity and completion; role changes; analytics summaries."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from api.core.schemas import Input

Role = Literal["user", "moderator", "admin"]
Share = Annotated[float, Field(ge=0, le=1, description="A fraction rounded to 4 places: 0.25 is 25%")]


class AdminUserRead(BaseModel):
    id: uuid.UUID
    email: str
    role: Role
    created_at: datetime = Field(description="Sign-up date")
    last_sign_in_at: datetime | None
    last_activity_at: datetime | None = Field(
        description="Latest of sign-in, token refresh, activity-log entry, analytics event and feature use")
    completion: int = Field(ge=0, le=100, description="Overall profile-setup completion percent")


class AdminUserPage(BaseModel):
    total: int
    items: list[AdminUserRead]


class RoleIn(Input):
    role: Role


class DayCount(BaseModel):
    day: date
    events: int
    users: int = Field(description="Distinct signed-in users")
    sessions: int = Field(description="Distinct client session ids (signed in or not)")


class FeatureCount(BaseModel):
    feature_name: str
    users: int
    uses: int


class FunnelStep(BaseModel):
    step: Literal["signed_up", "started_setup", "completed_profile", "completed_setup"]
    users: int
    share: Share = Field(description="Share of the users who signed up in the period")


class AnalyticsSummary(BaseModel):
    """Over the last `days` days (UTC), admins excluded."""

    days: int
    since: date
    events_total: int
    events_per_day: list[DayCount]
    top_features: list[FeatureCount]
    funnel: list[FunnelStep]
