"""Profile in and out."""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import Field

from api.core.schemas import Age, Input, Row, ShortText


class ProfileFields(Input):
    first_name: str | None = Field(default=None, max_length=100)
    last_name: str | None = Field(default=None, max_length=100)
    email: str | None = Field(
        default=None, max_length=320, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", deprecated=True,
        description="Ignored when saved (kept so old clients still save): the profile's e-mail is always the "
                    "sign-in e-mail, read back here")
    age: Age | None = None
    location: ShortText | None = None
    country: str | None = Field(default=None, max_length=100)
    province: str | None = Field(default=None, max_length=50)
    city: str | None = Field(default=None, max_length=100)
    marital_status: str | None = Field(default=None, max_length=32)
    dependents: int | None = Field(default=None, ge=0, le=30)
    goals: str | None = Field(default=None, max_length=5000)
    risk_tolerance: str | None = Field(default=None, max_length=32)


class ProfileIn(ProfileFields):
    """The whole profile; fields left out are saved empty."""


class ProfileRead(ProfileFields, Row):
    user_id: uuid.UUID
    updated_at: datetime
