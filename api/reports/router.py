"""/api/v1/error-reports: feedback from the client's error screen (signed in or not)."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query

from api.analytics.deps import OptionalUser, OptionalUserSession, reports_limit
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.reports import service
from api.reports.schemas import ErrorReportIn, ErrorReportRead

router = APIRouter(prefix="/api/v1/error-reports", tags=["error-reports"], responses=ERRORS)


@router.post("", operation_id="error-reports-create", status_code=201, response_model=ErrorReportRead,
             dependencies=[Depends(reports_limit)])
def create_report(user: OptionalUser, session: OptionalUserSession, data: ErrorReportIn,
                  user_agent: Annotated[str | None, Header()] = None) -> object:
    """Send feedback about an error ('Send Feedback'); signed-out visitors may send one too."""
    return service.create_report(session=session, user_id=user.user_id if user else None, data=data,
                                 user_agent=user_agent)


@router.get("", operation_id="error-reports-list", response_model=list[ErrorReportRead])
def list_reports(user: CurrentUser, session: SessionDep,
                 limit: Annotated[int, Query(ge=1, le=200)] = 50) -> object:
    """The signed-in user's own reports, newest first."""
    return service.list_reports(session=session, user_id=user.user_id, limit=limit)


@router.get("/{report_id}", operation_id="error-reports-get", response_model=ErrorReportRead)
def get_report(user: CurrentUser, session: SessionDep, report_id: uuid.UUID) -> object:
    return service.get_report(session=session, user_id=user.user_id, report_id=report_id)
