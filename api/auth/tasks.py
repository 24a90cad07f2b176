"""Auth work done in the background: the recovery e-mail. The request only validates and queues it, the same
for every address, so neither its answer nor its time says whether an account exists."""

from __future__ import annotations

from api.auth import flows
from api.auth.schemas import RecoverIn
from api.core.config import get_settings
from api.core.db import privileged_session
from api.core.i18n import LOCALES, Language
from api.worker import celery_app


@celery_app.task(name="auth.recover")  # type: ignore[untyped-decorator]
def recover(email: str, redirect_to: str | None, code_challenge: str | None, code_challenge_method: str | None,
            language: Language | None = None) -> None:
    """`language`: the recovery request's (rows queued before it was recorded have none)."""
    body = RecoverIn(email=email, code_challenge=code_challenge, code_challenge_method=code_challenge_method)
    with privileged_session() as session:
        flows.recover(session=session, settings=get_settings(), body=body, redirect_to=redirect_to,
                      language=language if language in LOCALES else None)
