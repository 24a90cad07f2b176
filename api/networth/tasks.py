"""Background tasks of the net-worth domain."""

from __future__ import annotations

from datetime import UTC, date, datetime

from api.core.db import privileged_session
from api.networth import service
from api.worker import celery_app


@celery_app.task(name="networth.snapshot_all")  # type: ignore[untyped-decorator]
def snapshot_all(day: str | None = None) -> int:
    """Every user's net worth for `day` (ISO date, default today in UTC). Safe to run twice."""
    on = date.fromisoformat(day) if day else datetime.now(UTC).date()
    with privileged_session() as session:
        return service.take_snapshots(session=session, on=on)
