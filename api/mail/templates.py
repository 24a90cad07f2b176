"""The e-mails FIRE Path sends, in the recipient's language: subject, plain text and HTML from the message catalogue
(`email.<kind>.*` in api/core/i18n). The HTML says what the text says, paragraph by paragraph, with the link as a
button; the link itself is put in as it was made (escaped for HTML only), so it works the same in both parts."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Literal

from api.core.i18n import LOCALES, Language, catalogue

Kind = Literal["signup", "recovery", "email_change"]
# Each kind's catalogue keys: subject, text (with {link}), the button's label.
KEYS: dict[Kind, tuple[str, str, str]] = {
    "signup": ("email.signup.subject", "email.signup.text", "email.signup.action"),
    "recovery": ("email.recovery.subject", "email.recovery.text", "email.recovery.action"),
    "email_change": ("email.email_change.subject", "email.email_change.text", "email.email_change.action"),
}
FALLBACK = "email.html.fallback"


@dataclass(frozen=True)
class Email:
    subject: str
    text: str
    html: str
    language: Language

    @property
    def locale(self) -> str:
        return LOCALES[self.language]


def compose(kind: Kind, language: Language, *, link: str, **params: object) -> Email:
    """The e-mail `kind` in `language`, its link `link` and the other values its text names (minutes, old_email)."""
    subject_key, text_key, action_key = KEYS[kind]
    words = catalogue()
    values = {**params, "link": link}
    subject = words.render(subject_key, language, values)
    text = words.render(text_key, language, values)
    return Email(subject=subject, text=text, language=language,
                 html=_html(text, link=link, language=language, subject=subject,
                            action=words.render(action_key, language, values),
                            fallback=words.render(FALLBACK, language, values)))


def _html(text: str, *, link: str, language: Language, subject: str, action: str, fallback: str) -> str:
    href = html.escape(link, quote=True)
    blocks = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if not paragraph:
            continue
        if paragraph == link:
            blocks.append(
                f'<p style="margin:24px 0"><a href="{href}" style="background:#0f766e;color:#ffffff;'
                f'padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">'
                f"{html.escape(action)}</a></p>\n"
                f'<p style="font-size:13px;color:#555555">{html.escape(fallback)}<br>'
                f'<a href="{href}" style="color:#0f766e;word-break:break-all">{html.escape(link)}</a></p>')
        else:
            blocks.append(f"<p>{html.escape(paragraph).replace(chr(10), '<br>')}</p>")
    body = "\n".join(blocks)
    return (f'<!DOCTYPE html>\n<html lang="{LOCALES[language]}">\n<head><meta charset="utf-8">'
            f"<title>{html.escape(subject)}</title></head>\n"
            f'<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937;max-width:560px">\n'
            f"{body}\n</body>\n</html>\n")
