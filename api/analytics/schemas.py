"""Analytics in and out: product events (spec section 3, user_analytics_events) and feature usage
(track_feature_usage)."""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.core.schemas import Input, Row

MAX_JSON_BYTES = 8_000
# In the schema too, so generated clients know what is refused: NUL characters (PostgreSQL text cannot hold
# them) and, for required text, a blank string (strings are trimmed).
NO_NUL = r"^[^\x00]*$"
NOT_BLANK = r"^[^\x00]*[^\s\x00][^\x00]*$"


def _without_nul(value: Any) -> Any:
    """PostgreSQL's JSONB cannot hold NUL characters; telemetry loses nothing without them."""
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, list):
        return [_without_nul(v) for v in value]
    if isinstance(value, dict):
        return {_without_nul(k): _without_nul(v) for k, v in value.items()}
    return value


def _bounded_json(value: dict[str, Any]) -> dict[str, Any]:
    if len(json.dumps(value, default=str)) > MAX_JSON_BYTES:
        raise ValueError(f"must be at most {MAX_JSON_BYTES} characters of JSON")
    try:  # a lone surrogate ("\ud800") parses from JSON but PostgreSQL cannot store it
        json.dumps(value, default=str, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("must be valid Unicode text (a lone surrogate such as \\ud800 was sent)") from None
    cleaned: dict[str, Any] = _without_nul(value)
    return cleaned


class EventIn(Input):
    """One product event (page_view, user_login, button_click, form_submit, modal_open, calculation...).

    Signed-out visitors may send events too; they then need the `session_id` the client keeps in
    session storage."""

    event_type: str = Field(min_length=1, max_length=50, pattern=NOT_BLANK)
    event_name: str = Field(min_length=1, max_length=100, pattern=NOT_BLANK)
    event_data: dict[str, Any] = Field(default_factory=dict)
    session_id: str | None = Field(default=None, min_length=1, max_length=100, pattern=NOT_BLANK)
    page_path: str | None = Field(default=None, max_length=500, pattern=NO_NUL)
    user_agent: str | None = Field(default=None, max_length=1000, pattern=NO_NUL)

    _check_data = field_validator("event_data")(_bounded_json)


class EventAccepted(BaseModel):
    """Whether the event was stored: admins' events are dropped on purpose (spec section 6)."""

    recorded: bool


class EventRead(Row):
    event_type: str
    event_name: str
    event_data: dict[str, Any]
    session_id: str | None
    page_path: str | None


class FeatureUsageIn(Input):
    """track_feature_usage: one more use of a feature by the signed-in user."""

    feature_name: str = Field(min_length=1, max_length=100, pattern=NOT_BLANK)
    feature_category: str | None = Field(default=None, min_length=1, max_length=100, pattern=NOT_BLANK)
    metadata: dict[str, Any] = Field(default_factory=dict)

    _check_metadata = field_validator("metadata")(_bounded_json)


class FeatureUsageAccepted(BaseModel):
    """`usage_count` is the feature's count after this use; null when the use was not recorded (admins)."""

    recorded: bool
    usage_count: int | None = None


class FeatureUsageRead(BaseModel):
    model_config = ConfigDict(from_attributes=True, populate_by_name=True)

    id: uuid.UUID
    feature_name: str
    feature_category: str | None
    metadata: dict[str, Any] = Field(validation_alias="meta")
    usage_count: int
    first_used_at: datetime
    last_used_at: datetime
