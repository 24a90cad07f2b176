"""Compose and deliver e-mail. Delivery runs as a Celery task (`mail.send`), deferred through the outbox in the
request's transaction, so requests never wait on SMTP and a message is never lost to a broker outage.

Without SMTP_HOST the message is written to DATA_DIR/outbox as an .eml file and its path is logged, so a
newcomer can confirm an account or reset a password without a mail server (open the file to follow its link: the
link itself never goes to a log, where its token would outlive it).

Messages carry a plain-text part and, when given, an HTML alternative, and name their language (Content-Language);
`api/mail/templates.py` composes them in the recipient's language.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
import uuid
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from sqlalchemy.orm import Session

from api.core.config import Settings
from api.core.outbox import defer
from api.mail.templates import Email

log = logging.getLogger(__name__)


def build_message(settings: Settings, *, to: str, subject: str, text: str, html: str | None = None,
                  locale: str | None = None) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="firepath.local")
    message.set_content(text)
    if html:
        message.add_alternative(html, subtype="html")
    if locale:  # after the content: setting it clears (and making it multipart moves) the Content-* headers
        message["Content-Language"] = locale
    return message


def deliver(settings: Settings, message: EmailMessage) -> Path | None:
    """Send over SMTP, or write to the outbox. Returns the outbox file when one was written."""
    if settings.smtp_host:
        with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=15) as smtp:
            smtp.ehlo()
            if settings.smtp_starttls and smtp.has_extn("starttls"):
                smtp.starttls(context=ssl.create_default_context())
                smtp.ehlo()
            if settings.smtp_user and settings.smtp_password:
                smtp.login(settings.smtp_user, settings.smtp_password)
            smtp.send_message(message)
        log.info("e-mail sent", extra={"subject": message["Subject"]})
        return None
    outbox = settings.ensure_data_dir() / "outbox"
    outbox.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    path = outbox / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
    path.write_bytes(bytes(message))
    log.warning("no SMTP server configured: e-mail written to the outbox (open it to follow its link)",
                extra={"path": str(path), "to": message["To"], "subject": message["Subject"]})
    return path


def send_email(*, session: Session, to: str, subject: str, text: str, html: str | None = None,
               locale: str | None = None) -> None:
    """Queue an e-mail for delivery (`mail.send`) in `session`'s transaction: it goes once that commits."""
    defer(session, "mail.send", to, subject, text, html, locale)


def send_composed(*, session: Session, to: str, email: Email) -> None:
    """`send_email` for an e-mail composed by `api.mail.templates.compose`."""
    send_email(session=session, to=to, subject=email.subject, text=email.text, html=email.html, locale=email.locale)
