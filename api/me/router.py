"""/api/v1/me: the signed-in user's role, and deleting their account."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from api.auth.schemas import AccountDeletionIn, AccountDeletionRead, RoleRead
from api.auth.sessions import app_role
from api.core.db import privileged_session
from api.core.errors import AppError, ErrorBody
from api.core.tasks import enqueue
from api.deps import AuthContext, CurrentUser, user_required
from api.me import service

router = APIRouter(prefix="/api/v1/me", tags=["me"])


class DeletionFailed(AppError):
    status_code = 503
    code = "deletion_failed"


@router.get("/role", operation_id="me-role", response_model=RoleRead,
            responses={401: {"model": ErrorBody}})
def my_role(user: CurrentUser) -> RoleRead:
    """The user's role (spec: get_user_role): user, moderator or admin."""
    with privileged_session() as session:
        return RoleRead(role=app_role(session, user.user_id))


@router.post("/delete", operation_id="me-delete-account", status_code=202, response_model=AccountDeletionRead,
             responses={401: {"model": ErrorBody}, 404: {"model": ErrorBody}, 503: {"model": ErrorBody}})
def delete_my_account(user: Annotated[AuthContext, Depends(user_required("No user found to delete"))],
                      body: AccountDeletionIn) -> AccountDeletionRead:
    """Delete the account: every session ends now and all the user's data is deleted in the background."""
    from api.me.tasks import delete_user_data

    with privileged_session() as session:
        requested = service.request_deletion(session=session, user_id=user.user_id, reason=body.reason)
    try:
        enqueue(delete_user_data, str(user.user_id))
    except Exception as exc:
        raise DeletionFailed("Failed to process account deletion request") from exc
    return AccountDeletionRead(status="scheduled", requested_at=requested)
