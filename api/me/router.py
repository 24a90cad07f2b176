"""/api/v1/me: the signed-in user's role, exporting and importing their data, and deleting their account."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Query, Response

from api.auth.schemas import AccountDeletionIn, AccountDeletionRead, RoleRead
from api.auth.sessions import app_role
from api.core.db import privileged_session
from api.core.errors import ErrorBody
from api.core.openapi import ERRORS
from api.core.outbox import defer
from api.deps import AuthContext, CurrentUser, SessionDep, user_required
from api.me import export, service
from api.me.schemas import ImportRead

router = APIRouter(prefix="/api/v1/me", tags=["me"])


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
    """Delete the account: every session ends now and all the user's data is deleted in the background (recorded
    with this request, so a broker outage only delays it)."""
    with privileged_session() as session:  # sessions end, the account is banned and its deletion queued: all or none
        requested = service.request_deletion(session=session, user_id=user.user_id, reason=body.reason)
        defer(session, "account.delete_user_data", str(user.user_id))
    return AccountDeletionRead(status="scheduled", requested_at=requested)


@router.get("/export", operation_id="me-export", response_class=Response, responses={
    **ERRORS,
    200: {"description": "The file, as an attachment: JSON (the import format) or CSV files in a zip",
          "content": {"application/json": {"schema": {"type": "object", "additionalProperties": True}},
                      "application/zip": {"schema": {"type": "string", "format": "binary"}}}}})
def export_my_data(user: CurrentUser, session: SessionDep,
                   format: Annotated[Literal["json", "csv"], Query(description="json: one file that import reads; "
                                                                   "csv: one CSV per resource, in a zip")] = "json",
                   ) -> Response:
    """Everything you saved: every resource, goals, plans, scenarios and coach conversations. Money is written as
    decimal strings; no ids, passwords or tokens."""
    now = datetime.now(UTC)
    data = export.export_data(session=session, user_id=user.user_id, now=now)
    stem = f"firepath-export-{now.date().isoformat()}"
    if format == "csv":
        return Response(export.export_zip(data), media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.zip"'})
    return Response(export.export_json(data), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{stem}.json"'})


@router.post("/import", operation_id="me-import", response_model=ImportRead, responses={
    **ERRORS, 409: {"model": ErrorBody, "description": "The account already has saved data"}})
def import_my_data(user: CurrentUser, session: SessionDep,
                   body: Annotated[dict[str, Any], Body(description="A file that GET /api/v1/me/export?format=json "
                                                                    "wrote")]) -> ImportRead:
    """Restore an export into this account, which must be empty (an account move). All or nothing; coach
    conversations, community posts and the activity history stay in the file and are not restored."""
    return export.import_data(session=session, user_id=user.user_id, raw=body)
