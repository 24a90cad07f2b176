"""/api/v1/community: the forum (posts, comments, reactions, reports) and its moderation."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.community import service
from api.community.schemas import (
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
    ReportRead,
    ReportStatus,
    ResolveIn,
    VisibilityIn,
)
from api.core.errors import ErrorBody
from api.core.openapi import ERRORS
from api.deps import CurrentUser, ModeratorUser, PrivilegedSessionDep, SessionDep

router = APIRouter(prefix="/api/v1/community", tags=["community"], responses=ERRORS)

FORBIDDEN: dict[int | str, dict[str, Any]] = {403: {"model": ErrorBody, "description": "Moderators only"}}
CONFLICT: dict[int | str, dict[str, Any]] = {409: {"model": ErrorBody, "description": "Already done"}}
Limit = Annotated[int, Query(ge=1, le=100)]
Offset = Annotated[int, Query(ge=0, le=100_000)]


@router.get("/posts", operation_id="community-list-posts", response_model=list[PostRead])
def list_posts(user: CurrentUser, session: SessionDep, category: Category | None = None, mine: bool = False,
               limit: Limit = 20, offset: Offset = 0) -> object:
    """Posts newest first; `category` filters, `mine` keeps only the user's own."""
    return service.list_posts(session=session, user_id=user.user_id, category=category, mine=mine, limit=limit,
                              offset=offset)


@router.post("/posts", operation_id="community-create-post", status_code=201, response_model=PostRead)
def create_post(user: CurrentUser, session: SessionDep, data: PostIn) -> object:
    return service.create_post(session=session, user_id=user.user_id, data=data)


@router.get("/posts/{post_id}", operation_id="community-get-post", response_model=PostRead)
def get_post(user: CurrentUser, session: SessionDep, post_id: uuid.UUID) -> object:
    return service.get_post(session=session, user_id=user.user_id, post_id=post_id)


@router.patch("/posts/{post_id}", operation_id="community-update-post", response_model=PostRead)
def update_post(user: CurrentUser, session: SessionDep, post_id: uuid.UUID, data: PostUpdate) -> object:
    """Edit the user's own post (another user's post is a 404)."""
    return service.update_post(session=session, user_id=user.user_id, post_id=post_id, data=data)


@router.delete("/posts/{post_id}", operation_id="community-delete-post", status_code=204)
def delete_post(user: CurrentUser, session: SessionDep, post_id: uuid.UUID) -> None:
    """Delete the user's own post with its comments, reactions and reports."""
    service.delete_post(session=session, user_id=user.user_id, post_id=post_id)


@router.get("/posts/{post_id}/comments", operation_id="community-list-comments", response_model=list[CommentRead])
def list_comments(user: CurrentUser, session: SessionDep, post_id: uuid.UUID, limit: Limit = 100,
                  offset: Offset = 0) -> object:
    """A post's comments, oldest first."""
    return service.list_comments(session=session, user_id=user.user_id, post_id=post_id, limit=limit,
                                 offset=offset)


@router.post("/posts/{post_id}/comments", operation_id="community-create-comment", status_code=201,
             response_model=CommentRead)
def create_comment(user: CurrentUser, session: SessionDep, post_id: uuid.UUID, data: CommentIn) -> object:
    return service.create_comment(session=session, user_id=user.user_id, post_id=post_id, data=data)


@router.patch("/comments/{comment_id}", operation_id="community-update-comment", response_model=CommentRead)
def update_comment(user: CurrentUser, session: SessionDep, comment_id: uuid.UUID, data: CommentIn) -> object:
    """Edit the user's own comment."""
    return service.update_comment(session=session, user_id=user.user_id, comment_id=comment_id, data=data)


@router.delete("/comments/{comment_id}", operation_id="community-delete-comment", status_code=204)
def delete_comment(user: CurrentUser, session: SessionDep, comment_id: uuid.UUID) -> None:
    service.delete_comment(session=session, user_id=user.user_id, comment_id=comment_id)


@router.put("/posts/{post_id}/reactions/{kind}", operation_id="community-add-post-reaction",
            response_model=ReactionSummary)
def add_post_reaction(user: CurrentUser, session: SessionDep, post_id: uuid.UUID, kind: ReactionKind) -> object:
    """React to a post (once per kind; repeating changes nothing)."""
    return service.set_reaction(session=session, user_id=user.user_id, kind=kind, on=True, post_id=post_id)


@router.delete("/posts/{post_id}/reactions/{kind}", operation_id="community-remove-post-reaction",
               response_model=ReactionSummary)
def remove_post_reaction(user: CurrentUser, session: SessionDep, post_id: uuid.UUID, kind: ReactionKind) -> object:
    """Take back the user's own reaction."""
    return service.set_reaction(session=session, user_id=user.user_id, kind=kind, on=False, post_id=post_id)


@router.put("/comments/{comment_id}/reactions/{kind}", operation_id="community-add-comment-reaction",
            response_model=ReactionSummary)
def add_comment_reaction(user: CurrentUser, session: SessionDep, comment_id: uuid.UUID,
                         kind: ReactionKind) -> object:
    return service.set_reaction(session=session, user_id=user.user_id, kind=kind, on=True, comment_id=comment_id)


@router.delete("/comments/{comment_id}/reactions/{kind}", operation_id="community-remove-comment-reaction",
               response_model=ReactionSummary)
def remove_comment_reaction(user: CurrentUser, session: SessionDep, comment_id: uuid.UUID,
                            kind: ReactionKind) -> object:
    return service.set_reaction(session=session, user_id=user.user_id, kind=kind, on=False, comment_id=comment_id)


@router.post("/posts/{post_id}/reports", operation_id="community-report-post", status_code=201,
             response_model=ReportRead, responses=CONFLICT)
def report_post(user: CurrentUser, session: SessionDep, post_id: uuid.UUID, data: ReportIn) -> object:
    """Report a post to the moderators (once while the report is open)."""
    return service.create_report(session=session, user_id=user.user_id, data=data, post_id=post_id)


@router.post("/comments/{comment_id}/reports", operation_id="community-report-comment", status_code=201,
             response_model=ReportRead, responses=CONFLICT)
def report_comment(user: CurrentUser, session: SessionDep, comment_id: uuid.UUID, data: ReportIn) -> object:
    """Report a comment to the moderators (once while the report is open)."""
    return service.create_report(session=session, user_id=user.user_id, data=data, comment_id=comment_id)


@router.get("/reports", operation_id="community-list-reports", response_model=list[ReportRead])
def list_reports(user: CurrentUser, session: SessionDep, limit: Limit = 50) -> object:
    """The user's own reports and their status, newest first."""
    return service.list_reports(session=session, user_id=user.user_id, limit=limit)


@router.get("/reports/{report_id}", operation_id="community-get-report", response_model=ReportRead)
def get_report(user: CurrentUser, session: SessionDep, report_id: uuid.UUID) -> object:
    return service.get_report(session=session, user_id=user.user_id, report_id=report_id)


# Moderation: moderators and admins, on the privileged path (they act on every user's rows).

@router.get("/moderation/reports", operation_id="community-moderation-queue",
            response_model=list[ModerationReportRead], responses=FORBIDDEN)
def moderation_queue(moderator: ModeratorUser, session: PrivilegedSessionDep, status: ReportStatus | None = "open",
                     limit: Limit = 50, offset: Offset = 0) -> object:
    """Reports with what they point at, oldest first; open ones unless `status` says otherwise."""
    return service.report_queue(session=session, status=status, limit=limit, offset=offset)


@router.post("/moderation/reports/{report_id}/resolve", operation_id="community-resolve-report",
             response_model=ModerationReportRead, responses={**FORBIDDEN, **CONFLICT})
def resolve_report(moderator: ModeratorUser, session: PrivilegedSessionDep, report_id: uuid.UUID,
                   data: ResolveIn) -> object:
    """Close an open report (resolved or dismissed), optionally hiding what was reported."""
    return service.resolve_report(session=session, moderator_id=moderator.user_id, report_id=report_id, data=data)


@router.put("/moderation/posts/{post_id}/visibility", operation_id="community-set-post-visibility",
            response_model=ModeratedItemRead, responses=FORBIDDEN)
def set_post_visibility(moderator: ModeratorUser, session: PrivilegedSessionDep, post_id: uuid.UUID,
                        data: VisibilityIn) -> object:
    """Hide a post from everyone but its author, or show it again."""
    return service.set_post_hidden(session=session, post_id=post_id, hidden=data.hidden)


@router.put("/moderation/comments/{comment_id}/visibility", operation_id="community-set-comment-visibility",
            response_model=ModeratedItemRead, responses=FORBIDDEN)
def set_comment_visibility(moderator: ModeratorUser, session: PrivilegedSessionDep, comment_id: uuid.UUID,
                           data: VisibilityIn) -> object:
    return service.set_comment_hidden(session=session, comment_id=comment_id, hidden=data.hidden)
