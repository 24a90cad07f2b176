"""/api/v1/admin: admins only (403 for everyone else). Users, roles, analytics, error reports and the
moderation queue, across every user, on the privileged path."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.admin import service
from api.admin.schemas import AdminUserPage, AdminUserRead, AnalyticsSummary, Role, RoleIn
from api.community import service as community
from api.community.schemas import ModerationReportRead
from api.core.errors import ErrorBody
from api.core.openapi import ERRORS
from api.deps import AdminUser, PrivilegedSessionDep
from api.reports import service as reports
from api.reports.schemas import AdminErrorReportRead, ErrorReportResolveIn

ADMIN_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS, 403: {"model": ErrorBody, "description": "Admins only"},
}
router = APIRouter(prefix="/api/v1/admin", tags=["admin"], responses=ADMIN_ERRORS)

Limit = Annotated[int, Query(ge=1, le=100)]
Offset = Annotated[int, Query(ge=0, le=100_000)]


@router.get("/users", operation_id="admin-list-users", response_model=AdminUserPage)
def list_users(admin: AdminUser, session: PrivilegedSessionDep,
               search: Annotated[str | None, Query(max_length=320, pattern=r"^[^\x00]*$")] = None,
               role: Role | None = None, limit: Limit = 50, offset: Offset = 0) -> object:
    """Users newest first, with sign-up date, last activity, role and profile completion."""
    return service.list_users(session=session, search=search, role=role, limit=limit, offset=offset)


@router.get("/users/{user_id}", operation_id="admin-get-user", response_model=AdminUserRead)
def get_user(admin: AdminUser, session: PrivilegedSessionDep, user_id: uuid.UUID) -> object:
    return service.get_user(session=session, user_id=user_id)


@router.put("/users/{user_id}/role", operation_id="admin-set-role", response_model=AdminUserRead,
            responses={409: {"model": ErrorBody, "description": "An admin cannot remove their own admin role"}})
def set_role(admin: AdminUser, session: PrivilegedSessionDep, user_id: uuid.UUID, data: RoleIn) -> object:
    """Make a user a user, moderator or admin."""
    return service.set_user_role(session=session, actor_id=admin.user_id, user_id=user_id, role=data.role)


@router.get("/analytics/summary", operation_id="admin-analytics-summary", response_model=AnalyticsSummary)
def analytics_summary(admin: AdminUser, session: PrivilegedSessionDep,
                      days: Annotated[int, Query(ge=1, le=365)] = 30,
                      top: Annotated[int, Query(ge=1, le=50)] = 10) -> object:
    """Events per day, the top features, and the funnel from sign-up to a completed profile."""
    return service.analytics_summary(session=session, days=days, top=top)


@router.get("/error-reports", operation_id="admin-list-error-reports", response_model=list[AdminErrorReportRead])
def list_error_reports(admin: AdminUser, session: PrivilegedSessionDep, resolved: bool | None = None,
                       limit: Limit = 50, offset: Offset = 0) -> object:
    """Every error report, newest first; `resolved` filters on whether it was handled."""
    return reports.admin_list_reports(session=session, resolved=resolved, limit=limit, offset=offset)


@router.post("/error-reports/{report_id}/resolve", operation_id="admin-resolve-error-report",
             response_model=AdminErrorReportRead)
def resolve_error_report(admin: AdminUser, session: PrivilegedSessionDep, report_id: uuid.UUID,
                         data: ErrorReportResolveIn) -> object:
    """Mark an error report handled (or open again with `resolved: false`)."""
    return reports.admin_resolve_report(session=session, report_id=report_id, resolved=data.resolved)


@router.get("/moderation-queue", operation_id="admin-moderation-queue", response_model=list[ModerationReportRead])
def moderation_queue(admin: AdminUser, session: PrivilegedSessionDep, limit: Limit = 50,
                     offset: Offset = 0) -> object:
    """Open community reports, oldest first (resolve them with community-resolve-report)."""
    return community.report_queue(session=session, status="open", limit=limit, offset=offset)
