"""Coach API shapes: threads, and the AI SDK chat request (`useChat`'s default body)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from api.core.schemas import Input


class ThreadCreate(Input):
    title: str | None = Field(default=None, min_length=1, max_length=120,
                              description="Optional title; the first message names the thread otherwise")


class ThreadUpdate(Input):
    title: str = Field(min_length=1, max_length=120, pattern=r"\S", description="The new title")


class ThreadRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    title: str
    summary: str | None = Field(description="The user's situation when the thread started (what the coach knew)")
    created_at: datetime
    updated_at: datetime


class UIMessagePart(BaseModel):
    """One part of an AI SDK UI message; only the fields the server reads are declared."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(max_length=100)
    text: str | None = Field(default=None, max_length=20_000)
    toolCallId: str | None = Field(default=None, max_length=200)  # the AI SDK field name
    state: str | None = Field(default=None, max_length=50)
    approval: dict[str, Any] | None = None


class UIMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str = Field(max_length=200)
    role: Literal["system", "user", "assistant"]
    parts: list[UIMessagePart] = Field(max_length=500)


class ChatRequest(BaseModel):
    """What `useChat`'s default transport posts: the thread id, the messages, the trigger."""

    model_config = ConfigDict(extra="allow")

    id: uuid.UUID = Field(description="The thread id (create one with POST /api/v1/coach/threads)")
    messages: list[UIMessage] = Field(min_length=1, max_length=1000)
    trigger: Literal["submit-message", "regenerate-message"] = "submit-message"
    messageId: str | None = Field(default=None, max_length=200)  # the AI SDK field name


class UsageRead(BaseModel):
    day: str
    model_calls: int
    daily_limit: int
    offline: bool = Field(description="True when the offline coach serves (no model endpoint configured)")
