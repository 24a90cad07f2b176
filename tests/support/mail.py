"""Reading e-mails as a mail client does: the subject, the plain-text and the HTML part of a message
(multipart/alternative since messages carry both; a message of one text part is its own plain text)."""

from __future__ import annotations

from email.header import decode_header, make_header
from email.message import Message


def _part(message: Message, subtype: str) -> str | None:
    for part in message.walk():
        if part.get_content_maintype() == "text" and part.get_content_subtype() == subtype:
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode(part.get_content_charset() or "utf-8").replace("\r\n", "\n")  # SMTP's line ends
    return None


def subject(message: Message) -> str:
    """The Subject as the person reads it (a non-ASCII one travels encoded, =?utf-8?q?...?=)."""
    return str(make_header(decode_header(message["Subject"])))


def plain_text(message: Message) -> str:
    text = _part(message, "plain")
    assert text is not None, "no text/plain part"
    return text


def html_text(message: Message) -> str:
    html = _part(message, "html")
    assert html is not None, "no text/html part"
    return html
