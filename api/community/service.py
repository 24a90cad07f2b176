"""The community forum: posts, comments, reactions and reports by signed-in users, and moderation.

Everyone signed in reads posts and comments; only authors change or delete theirs (another user's id is
a 404, as if it did not exist). Hidden posts and comments are gone for everyone but their author.
Moderation functions (`set_*_hidden`, `report_queue`, `resolve_report`) see every user's rows: call them
on the privileged path, after checking the moderator role.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, cast, get_args

from sqlalchemy import ColumnElement, delete, func, or_, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import InstrumentedAttribute, Session

from api.community.models import CommunityComment, CommunityPost, CommunityReaction, CommunityReport
from api.community.schemas import (
    AUTHOR_FALLBACK,
    Category,
    CommentIn,
    CommentRead,
    ModeratedItemRead,
    ModerationReportRead,
    PostIn,
    PostRead,
    PostUpdate,
    ReactionKind,
    ReactionSummary,
    ReportIn,
    ReportStatus,
    ResolveIn,
)
from api.core.errors import Conflict, Invalid, NotFound
from api.core.repository import delete_for_user, get_for_user, list_for_user, update_for_user

KINDS: tuple[ReactionKind, ...] = get_args(ReactionKind)


def _post_visible(user_id: uuid.UUID) -> ColumnElement[bool]:
    return or_(CommunityPost.is_hidden.is_(False), CommunityPost.user_id == user_id)


def _comment_visible(user_id: uuid.UUID) -> ColumnElement[bool]:
    return or_(CommunityComment.is_hidden.is_(False), CommunityComment.user_id == user_id)


def _visible_post(session: Session, user_id: uuid.UUID, post_id: uuid.UUID) -> CommunityPost:
    post = session.scalar(select(CommunityPost).where(CommunityPost.id == post_id, _post_visible(user_id)))
    if post is None:
        raise NotFound("Post not found")
    return post


def _visible_comment(session: Session, user_id: uuid.UUID, comment_id: uuid.UUID) -> CommunityComment:
    comment = session.scalar(
        select(CommunityComment).join(CommunityPost, CommunityPost.id == CommunityComment.post_id)
        .where(CommunityComment.id == comment_id, _comment_visible(user_id), _post_visible(user_id))
    )
    if comment is None:
        raise NotFound("Comment not found")
    return comment


def _reactions(session: Session, user_id: uuid.UUID, column: InstrumentedAttribute[Any],
               ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ReactionSummary]:
    summaries = {i: ReactionSummary(counts={k: 0 for k in KINDS}, mine=[]) for i in ids}
    if not ids:
        return summaries
    counts = session.execute(
        select(column, CommunityReaction.kind, func.count()).where(column.in_(ids))
        .group_by(column, CommunityReaction.kind)
    ).all()
    for target, kind, count in counts:
        summaries[target].counts[kind] = int(count)
    mine = session.execute(
        select(column, CommunityReaction.kind).where(column.in_(ids), CommunityReaction.user_id == user_id)
        .order_by(CommunityReaction.kind)
    ).all()
    for target, kind in mine:
        summaries[target].mine.append(kind)
    return summaries


def _author_names(session: Session, user_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, str]:
    """Display names of the given authors (profiles are owner-only, so through the database's
    `community_author_name`, which answers only for people who have written in the community)."""
    unique = list(dict.fromkeys(user_ids))
    if not unique:
        return {}
    rows = session.execute(text("SELECT u, community_author_name(u) FROM unnest(CAST(:ids AS uuid[])) AS u"),
                           {"ids": unique}).all()
    return {u: name or AUTHOR_FALLBACK for u, name in rows}


def _post_reads(session: Session, user_id: uuid.UUID, posts: Sequence[CommunityPost]) -> list[PostRead]:
    ids = [p.id for p in posts]
    comment_counts: dict[uuid.UUID, int] = {}
    if ids:
        rows = session.execute(
            select(CommunityComment.post_id, func.count())
            .where(CommunityComment.post_id.in_(ids), CommunityComment.is_hidden.is_(False))
            .group_by(CommunityComment.post_id)
        ).all()
        comment_counts = {post_id: int(count) for post_id, count in rows}
    reactions = _reactions(session, user_id, CommunityReaction.post_id, ids)
    names = _author_names(session, [p.user_id for p in posts])
    return [
        PostRead(id=p.id, created_at=p.created_at, updated_at=p.updated_at, author_id=p.user_id,
                 author_name=names[p.user_id],
                 mine=p.user_id == user_id, title=p.title, body=p.body, category=cast("Category", p.category),
                 is_hidden=p.is_hidden, comment_count=comment_counts.get(p.id, 0), reactions=reactions[p.id])
        for p in posts
    ]


def _comment_reads(session: Session, user_id: uuid.UUID,
                   comments: Sequence[CommunityComment]) -> list[CommentRead]:
    reactions = _reactions(session, user_id, CommunityReaction.comment_id, [c.id for c in comments])
    names = _author_names(session, [c.user_id for c in comments])
    return [
        CommentRead(id=c.id, created_at=c.created_at, updated_at=c.updated_at, post_id=c.post_id,
                    author_id=c.user_id, author_name=names[c.user_id], mine=c.user_id == user_id, body=c.body,
                    is_hidden=c.is_hidden,
                    reactions=reactions[c.id])
        for c in comments
    ]


# Posts

def list_posts(*, session: Session, user_id: uuid.UUID, category: Category | None = None, mine: bool = False,
               limit: int = 20, offset: int = 0) -> list[PostRead]:
    """Posts newest first, optionally of one category or only the user's own."""
    query = select(CommunityPost).where(_post_visible(user_id))
    if category is not None:
        query = query.where(CommunityPost.category == category)
    if mine:
        query = query.where(CommunityPost.user_id == user_id)
    query = query.order_by(CommunityPost.created_at.desc(), CommunityPost.id).limit(limit).offset(offset)
    return _post_reads(session, user_id, session.scalars(query).all())


def get_post(*, session: Session, user_id: uuid.UUID, post_id: uuid.UUID) -> PostRead:
    return _post_reads(session, user_id, [_visible_post(session, user_id, post_id)])[0]


def create_post(*, session: Session, user_id: uuid.UUID, data: PostIn) -> PostRead:
    post = CommunityPost(user_id=user_id, **data.model_dump())
    session.add(post)
    session.flush()
    session.refresh(post)
    return _post_reads(session, user_id, [post])[0]


def update_post(*, session: Session, user_id: uuid.UUID, post_id: uuid.UUID, data: PostUpdate) -> PostRead:
    """The author edits their post; fields left out (or null) keep their value."""
    post = update_for_user(session, CommunityPost, user_id, post_id, data.model_dump(exclude_none=True),
                           label="Post")
    return _post_reads(session, user_id, [post])[0]


def delete_post(*, session: Session, user_id: uuid.UUID, post_id: uuid.UUID) -> None:
    """The author deletes their post, with its comments, reactions and reports."""
    delete_for_user(session, CommunityPost, user_id, post_id, label="Post")


# Comments

def list_comments(*, session: Session, user_id: uuid.UUID, post_id: uuid.UUID, limit: int = 100,
                  offset: int = 0) -> list[CommentRead]:
    """A visible post's comments, oldest first (a conversation reads downwards)."""
    _visible_post(session, user_id, post_id)
    query = (select(CommunityComment).where(CommunityComment.post_id == post_id, _comment_visible(user_id))
             .order_by(CommunityComment.created_at, CommunityComment.id).limit(limit).offset(offset))
    return _comment_reads(session, user_id, session.scalars(query).all())


def create_comment(*, session: Session, user_id: uuid.UUID, post_id: uuid.UUID, data: CommentIn) -> CommentRead:
    _visible_post(session, user_id, post_id)
    comment = CommunityComment(user_id=user_id, post_id=post_id, body=data.body)
    session.add(comment)
    session.flush()
    session.refresh(comment)
    return _comment_reads(session, user_id, [comment])[0]


def update_comment(*, session: Session, user_id: uuid.UUID, comment_id: uuid.UUID, data: CommentIn) -> CommentRead:
    comment = update_for_user(session, CommunityComment, user_id, comment_id, {"body": data.body},
                              label="Comment")
    return _comment_reads(session, user_id, [comment])[0]


def delete_comment(*, session: Session, user_id: uuid.UUID, comment_id: uuid.UUID) -> None:
    delete_for_user(session, CommunityComment, user_id, comment_id, label="Comment")


# Reactions: one of each kind per user and item; adding twice or removing a missing one changes nothing.

def _target(session: Session, user_id: uuid.UUID, *, post_id: uuid.UUID | None,
            comment_id: uuid.UUID | None) -> tuple[InstrumentedAttribute[Any], uuid.UUID]:
    if post_id is not None:
        return CommunityReaction.post_id, _visible_post(session, user_id, post_id).id
    assert comment_id is not None
    return CommunityReaction.comment_id, _visible_comment(session, user_id, comment_id).id


def set_reaction(*, session: Session, user_id: uuid.UUID, kind: ReactionKind, on: bool,
                 post_id: uuid.UUID | None = None, comment_id: uuid.UUID | None = None) -> ReactionSummary:
    """Add (`on`) or remove the user's reaction `kind` on a visible post or comment."""
    column, target_id = _target(session, user_id, post_id=post_id, comment_id=comment_id)
    if on:
        session.execute(insert(CommunityReaction).values(user_id=user_id, kind=kind, **{column.key: target_id})
                        .on_conflict_do_nothing())
    else:
        session.execute(delete(CommunityReaction).where(CommunityReaction.user_id == user_id,
                                                        CommunityReaction.kind == kind, column == target_id))
    return _reactions(session, user_id, column, [target_id])[target_id]


# Reports (a user sees only their own)

def create_report(*, session: Session, user_id: uuid.UUID, data: ReportIn, post_id: uuid.UUID | None = None,
                  comment_id: uuid.UUID | None = None) -> CommunityReport:
    """Report a visible post or comment (exactly one); one open report per user and item."""
    if (post_id is None) == (comment_id is None):
        raise Invalid("post_id: give exactly one of post_id and comment_id", details={"field": "post_id"})
    column, target_id = _target(session, user_id, post_id=post_id, comment_id=comment_id)
    target_column = CommunityReport.post_id if column.key == "post_id" else CommunityReport.comment_id
    already = session.scalar(select(CommunityReport.id).where(
        CommunityReport.user_id == user_id, target_column == target_id, CommunityReport.status == "open"))
    if already is not None:
        raise Conflict("You have already reported this; a moderator will look at it", code="already_reported")
    report = CommunityReport(user_id=user_id, reason=data.reason, **{column.key: target_id})
    session.add(report)
    session.flush()
    session.refresh(report)
    return report


def list_reports(*, session: Session, user_id: uuid.UUID, limit: int = 50) -> Sequence[CommunityReport]:
    return list_for_user(session, CommunityReport, user_id, limit=limit)


def get_report(*, session: Session, user_id: uuid.UUID, report_id: uuid.UUID) -> CommunityReport:
    return get_for_user(session, CommunityReport, user_id, report_id, label="Report")


# Moderation: privileged path only, after the moderator check.

def _post_item(post: CommunityPost) -> ModeratedItemRead:
    return ModeratedItemRead(kind="post", id=post.id, post_id=post.id, author_id=post.user_id, title=post.title,
                             body=post.body, is_hidden=post.is_hidden, hidden_at=post.hidden_at)


def _comment_item(comment: CommunityComment) -> ModeratedItemRead:
    return ModeratedItemRead(kind="comment", id=comment.id, post_id=comment.post_id, author_id=comment.user_id,
                             title=None, body=comment.body, is_hidden=comment.is_hidden,
                             hidden_at=comment.hidden_at)


def _hide(session: Session, item: CommunityPost | CommunityComment, hidden: bool) -> None:
    if item.is_hidden != hidden:
        item.is_hidden = hidden
        item.hidden_at = session.scalar(select(func.now())) if hidden else None
    session.flush()


def set_post_hidden(*, session: Session, post_id: uuid.UUID, hidden: bool) -> ModeratedItemRead:
    post = session.get(CommunityPost, post_id)
    if post is None:
        raise NotFound("Post not found")
    _hide(session, post, hidden)
    return _post_item(post)


def set_comment_hidden(*, session: Session, comment_id: uuid.UUID, hidden: bool) -> ModeratedItemRead:
    comment = session.get(CommunityComment, comment_id)
    if comment is None:
        raise NotFound("Comment not found")
    _hide(session, comment, hidden)
    return _comment_item(comment)


def _moderation_read(session: Session, report: CommunityReport) -> ModerationReportRead:
    if report.post_id is not None:
        post = session.get(CommunityPost, report.post_id)
        assert post is not None
        target = _post_item(post)
    else:
        comment = session.get(CommunityComment, report.comment_id)
        assert comment is not None
        target = _comment_item(comment)
    return ModerationReportRead(id=report.id, created_at=report.created_at, post_id=report.post_id,
                                comment_id=report.comment_id, reason=report.reason,
                                status=cast("ReportStatus", report.status), resolved_at=report.resolved_at,
                                reporter_id=report.user_id, resolved_by=report.resolved_by, target=target)


def report_queue(*, session: Session, status: ReportStatus | None = "open", limit: int = 50,
                 offset: int = 0) -> list[ModerationReportRead]:
    """Reports with what they point at, oldest first (the moderation queue when `status` is open)."""
    query = select(CommunityReport)
    if status is not None:
        query = query.where(CommunityReport.status == status)
    query = query.order_by(CommunityReport.created_at, CommunityReport.id).limit(limit).offset(offset)
    return [_moderation_read(session, r) for r in session.scalars(query).all()]


def resolve_report(*, session: Session, moderator_id: uuid.UUID, report_id: uuid.UUID,
                   data: ResolveIn) -> ModerationReportRead:
    """Close an open report as resolved or dismissed, hiding the reported item when asked."""
    report = session.get(CommunityReport, report_id)
    if report is None:
        raise NotFound("Report not found")
    if report.status != "open":
        raise Conflict(f"This report is already {report.status}", code="report_closed")
    report.status = data.status
    report.resolved_by = moderator_id
    report.resolved_at = session.scalar(select(func.now()))
    if data.hide_target:
        if report.post_id is not None:
            set_post_hidden(session=session, post_id=report.post_id, hidden=True)
        elif report.comment_id is not None:
            set_comment_hidden(session=session, comment_id=report.comment_id, hidden=True)
    session.flush()
    return _moderation_read(session, report)
