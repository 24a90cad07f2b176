"""Error reports in and out: what the error screen sends ('Send Feedback') and what admins read."""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import Field

from api.core.schemas import Input, Row

# In the schema too, so generated clients know what is refused: NUL characters (PostgreSQL text cannot hold
# them) and, for required text, a blank string (strings are trimmed).
NO_NUL = r"^[^\x00]*$"
NOT_BLANK = r"^[^\x00]*[^\s\x00][^\x00]*$"


class ErrorReportIn(Input):
    """What the error screen sends: a summary of the error (always known there), the route it happened on,
    and the person's optional feedback text."""

    error_summary: str = Field(min_length=1, max_length=5000, pattern=NOT_BLANK)
    feedback: str | None = Field(default=None, max_length=5000, pattern=NO_NUL)
    route: str | None = Field(default=None, max_length=500, pattern=NO_NUL)
    user_agent: str | None = Field(default=None, max_length=1000, pattern=NO_NUL)


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
