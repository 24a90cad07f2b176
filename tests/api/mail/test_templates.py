"""E-mails composed in each language: subject, text and HTML say the same, and the link is exactly the one made."""

from __future__ import annotations

import html
from email import message_from_bytes

import pytest

from api.core.config import get_settings
from api.mail.service import build_message
from api.mail.templates import KEYS, compose
from tests.support.mail import html_text, plain_text, subject

LINK = "http://127.0.0.1:8000/auth/v1/verify?token=abc_DEF-123&type=signup&redirect_to=http%3A%2F%2Fx%2Fy%3Fa%3D1%26b%3D2"


@pytest.mark.parametrize("kind", sorted(KEYS))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_email_carries_its_link_unchanged(kind: str, language: str) -> None:
    email = compose(kind, language, link=LINK, minutes=60, old_email="old@example.com")  # type: ignore[arg-type]
    assert email.text.count(LINK) == 1
    assert email.html.count(f'href="{html.escape(LINK, quote=True)}"') == 2  # the button and the written-out link
    assert f'<html lang="{email.locale}">' in email.html
    assert "60 minutes" in email.text


def test_french_is_french_and_english_is_as_before() -> None:
    french = compose("signup", "fr", link=LINK, minutes=60)
    english = compose("signup", "en", link=LINK, minutes=60)
    assert french.subject == "Confirmez votre compte FIRE Path" and french.locale == "fr-CA"
    assert "Confirmer mon adresse courriel" in french.html and "Bienvenue dans FIRE Path" in french.text
    assert english.subject == "Confirm your FIRE Path account"
    assert english.text == ("Welcome to FIRE Path!\n\nConfirm your e-mail address to finish signing up:\n\n"
                            f"{LINK}\n\nThe link works once and expires in 60 minutes. If you did not sign up, "
                            "ignore this message.\n")


def test_text_in_the_html_is_escaped() -> None:
    email = compose("email_change", "en", link=LINK, minutes=5, old_email="<b>me</b>@example.com")
    assert "<b>me</b>" not in email.html and "&lt;b&gt;me&lt;/b&gt;@example.com" in email.html


def test_the_message_has_both_parts_and_names_its_language() -> None:
    email = compose("recovery", "fr", link=LINK, minutes=60)
    built = build_message(get_settings(), to="a@example.com", subject=email.subject, text=email.text,
                          html=email.html, locale=email.locale)
    parsed = message_from_bytes(bytes(built))
    assert parsed.get_content_type() == "multipart/alternative" and parsed["Content-Language"] == "fr-CA"
    assert subject(parsed) == email.subject
    assert plain_text(parsed) == email.text and html_text(parsed) == email.html


def test_a_message_queued_before_html_is_still_plain_text() -> None:
    built = build_message(get_settings(), to="a@example.com", subject="Hi", text="Plain.\n")
    parsed = message_from_bytes(bytes(built))
    assert parsed.get_content_type() == "text/plain" and parsed["Content-Language"] is None
    assert plain_text(parsed) == "Plain.\n"
