"""Error reports from the client's error screen: stored so admins can read and resolve them."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.auth.models import User
from api.core.errors import NotFound
from api.core.repository import get_for_user, list_for_user
from api.reports.models import ErrorReport
from api.reports.schemas import AdminErrorReportRead, ErrorReportIn


def create_report(*, session: Session, user_id: uuid.UUID | None, data: ErrorReportIn,
                  user_agent: str | None = None) -> ErrorReport:
    """Store a report; `user_id` is None when a signed-out visitor sends it."""
    report = ErrorReport(user_id=user_id, feedback=data.feedback or None, route=data.route or None,
                         error_summary=data.error_summary,
                         user_agent=(data.user_agent or user_agent or "")[:1000] or None)
    session.add(report)
    session.flush()
    session.refresh(report)
    return report


def list_reports(*, session: Session, user_id: uuid.UUID, limit: int = 50) -> Sequence[ErrorReport]:
    return list_for_user(session, ErrorReport, user_id, limit=limit)


def get_report(*, session: Session, user_id: uuid.UUID, report_id: uuid.UUID) -> ErrorReport:
    return get_for_user(session, ErrorReport, user_id, report_id, label="Error report")


# Admin side: every user's reports. Call these on the privileged path, after checking the admin role.

def _admin_read(report: ErrorReport, email: str | None) -> AdminErrorReportRead:
    return AdminErrorReportRead(id=report.id, created_at=report.created_at, feedback=report.feedback,
                                route=report.route, error_summary=report.error_summary,
                                resolved_at=report.resolved_at, user_id=report.user_id, user_email=email,
                                user_agent=report.user_agent)


def admin_list_reports(*, session: Session, resolved: bool | None = None, limit: int = 50,
                       offset: int = 0) -> list[AdminErrorReportRead]:
    """Every user's reports, newest first; `resolved` filters on whether they were resolved."""
    query = select(ErrorReport, User.email).outerjoin(User, User.id == ErrorReport.user_id)
    if resolved is not None:
        query = query.where(ErrorReport.resolved_at.is_not(None) if resolved else ErrorReport.resolved_at.is_(None))
    query = query.order_by(ErrorReport.created_at.desc(), ErrorReport.id).limit(limit).offset(offset)
    return [_admin_read(report, email) for report, email in session.execute(query).all()]


def admin_resolve_report(*, session: Session, report_id: uuid.UUID, resolved: bool) -> AdminErrorReportRead:
    """Mark a report resolved (or open again)."""
    report = session.get(ErrorReport, report_id)
    if report is None:
        raise NotFound("Error report not found")
    if resolved and report.resolved_at is None:
        report.resolved_at = session.scalar(select(func.now()))
    elif not resolved:
        report.resolved_at = None
    session.flush()
    email = session.scalar(select(User.email).where(User.id == report.user_id)) if report.user_id else None
    return _admin_read(report, email)
