"""community_posts, community_comments, community_reactions, community_reports."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import CheckConstraint, DateTime, ForeignKey, Index, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, OwnedMixin, TimestampsMixin

REACTIONS = ("like", "helpful", "insightful", "celebrate")
REPORT_STATUSES = ("open", "resolved", "dismissed")


class ModeratedMixin:
    is_hidden: Mapped[bool] = mapped_column(nullable=False, default=False, server_default="false")
    hidden_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CommunityPost(IdMixin, OwnedMixin, ModeratedMixin, TimestampsMixin, Base):
    __tablename__ = "community_posts"
    __table_args__ = (Index("ix_community_posts_category_created", "category", "created_at"),)

    title: Mapped[str] = mapped_column(String(200), nullable=False)
    body: Mapped[str] = mapped_column(Text, nullable=False)
    category: Mapped[str] = mapped_column(String(50), nullable=False)


class CommunityComment(IdMixin, OwnedMixin, ModeratedMixin, TimestampsMixin, Base):
    __tablename__ = "community_comments"

    post_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("community_posts.id", ondelete="CASCADE"),
                                               index=True, nullable=False)
    body: Mapped[str] = mapped_column(Text, nullable=False)


class _TargetMixin:
    """Exactly one of a post or a comment."""

    post_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("community_posts.id", ondelete="CASCADE"),
                                                      index=True)
    comment_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("community_comments.id", ondelete="CASCADE"), index=True
    )


ONE_TARGET = "(post_id IS NULL) <> (comment_id IS NULL)"


class CommunityReaction(IdMixin, OwnedMixin, _TargetMixin, CreatedMixin, Base):
    __tablename__ = "community_reactions"
    __table_args__ = (
        CheckConstraint(ONE_TARGET, name="one_target"),
        CheckConstraint("kind IN ('like', 'helpful', 'insightful', 'celebrate')", name="kind"),
        Index("uq_community_reactions_post", "user_id", "post_id", "kind", unique=True,
              postgresql_where=text("post_id IS NOT NULL")),
        Index("uq_community_reactions_comment", "user_id", "comment_id", "kind", unique=True,
              postgresql_where=text("comment_id IS NOT NULL")),
    )

    kind: Mapped[str] = mapped_column(String(16), nullable=False, default="like", server_default="like")


class CommunityReport(IdMixin, OwnedMixin, _TargetMixin, CreatedMixin, Base):
    """A user's report of a post or comment; moderators resolve or dismiss it."""

    __tablename__ = "community_reports"
    __table_args__ = (
        CheckConstraint(ONE_TARGET, name="one_target"),
        CheckConstraint("status IN ('open', 'resolved', 'dismissed')", name="status"),
    )

    reason: Mapped[str] = mapped_column(Text, nullable=False)
    status: Mapped[str] = mapped_column(String(16), nullable=False, default="open", server_default="open")
    resolved_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
