"""Background deletion of a user's data."""

from __future__ import annotations

import uuid

from api.core.db import privileged_session
from api.me import service
from api.worker import celery_app


@celery_app.task(name="account.delete_user_data")  # type: ignore[untyped-decorator]
def delete_user_data(user_id: str) -> bool:
    with privileged_session() as session:
        return service.delete_user_data(session=session, user_id=uuid.UUID(user_id))
