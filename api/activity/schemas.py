"""Activity log entries in and out."""

from __future__ import annotations

from pydantic import Field

from api.core.schemas import NOT_BLANK, Input, Row


class ActivityIn(Input):
    description: str = Field(min_length=1, max_length=1000, pattern=NOT_BLANK)
    category: str | None = Field(default=None, max_length=50)


class ActivityRead(Row):
    description: str
    category: str | None
