"""The contract every coach tool follows (read this before writing or calling one).

A tool is a typed function the coach's model may call. Each is built for one signed-in user by
`tools.registry.build_tools(context)`: the user is fixed in the `ToolContext` when the tools are built,
so no input model has a user id field and the model can never name another user.

- `input_model` / `output_model`: pydantic models. Field descriptions are written for a model (what the
  field means, units, examples); money is Decimal in CAD, rates are fractions (0.04, not 4). Where a tool
  takes the name of something the user owns (an account, a goal), `input_model` is built per user with
  those names as an enumeration (`Literal[...]`).
- Every output model derives from `ToolOutput`, whose `provenance` says which of the user's data it read,
  which assumptions it made (return, inflation, withdrawal rate...), which tax year's rules it used, and
  (`stated`) which figures came from the question rather than the saved data. The client shows it as a
  receipt under the number.
- `kind`: "read" (the user's data), "compute" (planning engine), "write" (changes saved data),
  "knowledge" (help and articles), "navigation" (a link to a screen of the app).
- Write tools have `requires_approval = True` and a `preview` that computes, without saving, the
  before/after of the change (`ChangePreview`). The graph interrupts with that preview; only once the
  user approves does it call `run`, which saves, records the change in the activity log and in
  `coach_changes` (the state undo restores), and returns a `WriteResult` with the change id.
  `tools.registry.undo_change(context, change_id)` puts the before state back.
- `run` and `preview` open their own short transaction through `context.session()`, a session bound to
  the user by row-level security; tools never commit someone else's transaction.
- Errors: bad arguments raise `pydantic.ValidationError` from `parse`; a tool that cannot answer raises an
  `api.core.errors.AppError` (`Invalid`, `NotFound`, `Conflict`) whose message is written for the model.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

ToolKind = Literal["read", "compute", "write", "knowledge", "navigation"]


class Provenance(BaseModel):
    """Where a result came from, shown as a receipt under the number."""

    data: list[str] = Field(default_factory=list,
                            description="Which of the user's saved records were read, e.g. ['income', 'expenses']")
    assumptions: dict[str, str | float | int] = Field(
        default_factory=dict, description="Assumptions used, e.g. {'expected_return': 0.07, 'inflation': 0.02}")
    tax_year: int | None = Field(default=None, description="The tax year whose rules and limits were used")
    notes: list[str] = Field(default_factory=list,
                             description="Anything estimated or missing, in plain words")
    stated: dict[str, str | float | int] = Field(
        default_factory=dict, description="Figures taken from the question for this answer only; they win over the "
                                          "saved data, which supplies the rest")


def stated_values(data: BaseModel) -> dict[str, str | float | int]:
    """The inputs a question gave a tool (the fields set, not defaulted), as plain values for the receipt."""
    out: dict[str, str | float | int] = {}
    for name in sorted(data.model_fields_set, key=list(type(data).model_fields).index):
        value = getattr(data, name)
        if value is None:
            continue
        if isinstance(value, bool):
            out[name] = "yes" if value else "no"
        elif isinstance(value, int | float | str):
            out[name] = value
        elif isinstance(value, Decimal):
            out[name] = float(value)
        elif isinstance(value, date):
            out[name] = value.isoformat()
        elif isinstance(value, list | tuple):
            out[name] = f"{len(value)} given"
    return out


class ToolOutput(BaseModel):
    """Base of every tool's output."""

    model_config = ConfigDict(extra="forbid")

    provenance: Provenance = Field(default_factory=Provenance)


class FieldChange(BaseModel):
    field: str
    label: str = Field(description="Human label, e.g. 'Monthly take-home pay'")
    before: Any = None
    after: Any = None


class ChangePreview(BaseModel):
    """What a write would do, shown to the user as a before/after diff to approve or reject."""

    tool: str
    target: str = Field(description="The record changed: 'budget', 'income', 'expense_item', 'goal', 'preferences'")
    title: str = Field(description="One line, e.g. 'Save your monthly budget'")
    before: dict[str, Any] | None
    after: dict[str, Any]
    changes: list[FieldChange]


class WriteResult(ToolOutput):
    """What an approved write returns."""

    change_id: uuid.UUID = Field(description="Id of the saved change; the user can undo it from its card in the chat")
    summary: str
    saved: dict[str, Any]


@dataclass(frozen=True)
class ToolContext:
    """Who the tools act for, and how they reach the database. Built by the API for the signed-in user."""

    user_id: uuid.UUID
    session: Callable[[], AbstractContextManager[Session]]
    thread_id: uuid.UUID | None = None
    today: date = field(default_factory=date.today)


InT = TypeVar("InT", bound=BaseModel)
OutT = TypeVar("OutT", bound=BaseModel)


@dataclass(frozen=True)
class CoachTool(Generic[InT, OutT]):
    name: str
    description: str
    kind: ToolKind
    input_model: type[InT]
    output_model: type[OutT]
    run: Callable[[InT], OutT]
    preview: Callable[[InT], ChangePreview] | None = None

    @property
    def requires_approval(self) -> bool:
        return self.kind == "write"

    def parse(self, arguments: dict[str, Any]) -> InT:
        """Validate the model's arguments (raises pydantic.ValidationError with field names)."""
        return self.input_model.model_validate(arguments)

    def json_schema(self) -> dict[str, Any]:
        """The OpenAI function schema of the tool."""
        return {"type": "function", "function": {
            "name": self.name, "description": self.description,
            "parameters": self.input_model.model_json_schema()}}


def iter_names(tools: list[CoachTool[Any, Any]]) -> Iterator[str]:
    return (tool.name for tool in tools)
