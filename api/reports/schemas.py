"""Error reports in and out: what the error screen sends ('Send Feedback') and what admins read."""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import Field

from api.core.schemas import Input, Row


class ErrorReportIn(Input):
    """Feedback text, the route the error happened on and a summary of the error; at least one of
    `feedback` and `error_summary`."""

    feedback: str | None = Field(default=None, max_length=5000)
    route: str | None = Field(default=None, max_length=500)
    error_summary: str | None = Field(default=None, max_length=5000)
    user_agent: str | None = Field(default=None, max_length=1000)


class ErrorReportRead(Row):
    feedback: str | None
    route: str | None
    error_summary: str | None
    resolved_at: datetime | None


class AdminErrorReportRead(ErrorReportRead):
    user_id: uuid.UUID | None
    user_email: str | None
    user_agent: str | None


class ErrorReportResolveIn(Input):
    resolved: bool = True
