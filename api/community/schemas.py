"""Community forum in and out: posts, comments, reactions, reports, and moderation."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field

from api.core.schemas import Input, Row

Category = Literal["general", "fire-journey", "budgeting", "investing", "tax", "real-estate", "debt",
                   "retirement"]
ReactionKind = Literal["like", "helpful", "insightful", "celebrate"]
ReportStatus = Literal["open", "resolved", "dismissed"]

# In the schema too, so generated clients know what is refused: NUL characters (PostgreSQL text cannot hold
# them) and, for required text, a blank string (strings are trimmed).
NO_NUL = r"^[^\x00]*$"
NOT_BLANK = r"^[^\x00]*[^\s\x00][^\x00]*$"
_trimmed = AfterValidator(str.strip)  # shown trimmed; the pattern already needs a non-space
Title = Annotated[str, Field(min_length=1, max_length=200, pattern=NOT_BLANK), _trimmed]
PostBody = Annotated[str, Field(min_length=1, max_length=20000, pattern=NOT_BLANK), _trimmed]
CommentBody = Annotated[str, Field(min_length=1, max_length=5000, pattern=NOT_BLANK), _trimmed]


class ReactionSummary(BaseModel):
    """How many of each reaction an item has, and which of them are the signed-in user's."""

    counts: dict[ReactionKind, int]
    mine: list[ReactionKind]


class PostIn(Input):
    title: Title
    body: PostBody
    category: Category = "general"


class PostUpdate(Input):
    """Fields left out keep their value."""

    title: Title | None = None
    body: PostBody | None = None
    category: Category | None = None


AUTHOR_FALLBACK = "FIRE Path member"
AuthorName = Annotated[str, Field(description=(
    "The author's display name: first and last name, else first name, else the account's full name, else "
    f"'{AUTHOR_FALLBACK}' (never the e-mail address)"))]


class PostRead(Row):
    updated_at: datetime
    author_id: uuid.UUID
    author_name: AuthorName
    mine: bool
    title: str
    body: str
    category: Category
    is_hidden: bool
    comment_count: int
    reactions: ReactionSummary


class CommentIn(Input):
    body: CommentBody


class CommentRead(Row):
    updated_at: datetime
    post_id: uuid.UUID
    author_id: uuid.UUID
    author_name: AuthorName
    mine: bool
    body: str
    is_hidden: bool
    reactions: ReactionSummary


class ReportIn(Input):
    """Why a post or comment should be looked at by a moderator."""

    reason: str = Field(min_length=1, max_length=1000, pattern=NOT_BLANK)


class ReportRead(Row):
    post_id: uuid.UUID | None
    comment_id: uuid.UUID | None
    reason: str
    status: ReportStatus
    resolved_at: datetime | None


class VisibilityIn(Input):
    hidden: bool


class ModeratedItemRead(BaseModel):
    """A post or comment as moderators see it."""

    kind: Literal["post", "comment"]
    id: uuid.UUID
    post_id: uuid.UUID
    author_id: uuid.UUID
    title: str | None
    body: str
    is_hidden: bool
    hidden_at: datetime | None


class ModerationReportRead(ReportRead):
    reporter_id: uuid.UUID
    resolved_by: uuid.UUID | None
    target: ModeratedItemRead


class ResolveIn(Input):
    """Close a report: `resolved` (acted on) or `dismissed`; `hide_target` also hides what was reported."""

    status: Literal["resolved", "dismissed"]
    hide_target: bool = False
