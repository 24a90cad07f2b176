"""The e-mail delivery task, retried with back-off when the SMTP server is unreachable."""

from __future__ import annotations

import smtplib

from api.core.config import get_settings
from api.mail.service import build_message, deliver
from api.worker import celery_app


@celery_app.task(name="mail.send", autoretry_for=(smtplib.SMTPException, OSError),  # type: ignore[untyped-decorator]
                 retry_backoff=True, max_retries=5)
def send_email_task(to: str, subject: str, text: str, html: str | None = None, locale: str | None = None) -> None:
    """Deliver one message (rows queued before messages had an HTML part and a language still send as text)."""
    settings = get_settings()
    deliver(settings, build_message(settings, to=to, subject=subject, text=text, html=html, locale=locale))
