"""/auth/v1 in French: GoTrue's error fields and codes stay, the message follows Accept-Language; confirmation,
recovery and e-mail-change messages arrive (over real SMTP) in the recipient's language, with their links intact."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from supabase_auth import SyncGoTrueClient

from api.core.config import Settings
from tests.api.auth.conftest import Inbox
from tests.support.mail import html_text, plain_text, subject

Client = Callable[..., SyncGoTrueClient]
FR = {"Accept-Language": "fr-CA"}
LINK = re.compile(r"(http://\S+/auth/v1/verify\S+)")


def typeset(text: str) -> str:
    """French as the catalogue writes it: typographic apostrophes, a no-break space before a colon."""
    return text.replace("'", "\u2019").replace(" :", "\u00a0:")


def _link(text: str) -> str:
    found = LINK.search(text)
    assert found, text
    return found.group(1)


def _sign_up(api_url: str, email: str, headers: dict[str, str] | None = None) -> httpx.Response:
    response = httpx.post(f"{api_url}/auth/v1/signup", headers=headers or {},
                          json={"email": email, "password": "correct-horse-9"})
    assert response.status_code == 200, response.text
    return response


def test_gotrue_errors_keep_their_fields_and_codes_in_french(api_url: str, email: str) -> None:
    weak = httpx.post(f"{api_url}/auth/v1/signup", headers=FR, json={"email": email, "password": "short"})
    assert weak.status_code == 422
    body = weak.json()
    assert body["code"] == body["error_code"] == "weak_password"
    assert body["msg"] == body["message"] == "Le mot de passe doit compter au moins 8 caractères."
    assert body["weak_password"] == {"reasons": ["length"]}
    assert weak.headers["content-language"] == "fr-CA" and weak.headers["x-supabase-api-version"] == "2024-01-01"

    wrong = httpx.post(f"{api_url}/auth/v1/token?grant_type=password", headers=FR,
                       json={"email": email, "password": "not-the-one-9"})
    assert wrong.status_code == 400 and wrong.json()["code"] == "invalid_credentials"
    assert wrong.json()["msg"] == "Identifiants de connexion non valides"
    english = httpx.post(f"{api_url}/auth/v1/token?grant_type=password",
                         json={"email": email, "password": "not-the-one-9"})
    assert english.json()["msg"] == "Invalid login credentials" and english.headers["content-language"] == "en-CA"

    unreadable = httpx.post(f"{api_url}/auth/v1/signup", headers=FR, json={"email": "a@example.com\x00"})
    assert unreadable.status_code == 400 and unreadable.json()["code"] == "validation_failed"
    assert unreadable.json()["msg"] == "email: ne doit pas contenir de caractères NUL"


def test_the_supabase_client_reads_the_french_message_and_the_code(auth_client: Client, email: str) -> None:
    from supabase_auth.errors import AuthApiError

    client = auth_client()
    client._headers["Accept-Language"] = "fr-CA"  # as a French web client sends it
    with pytest.raises(AuthApiError) as refused:
        client.sign_in_with_password({"email": email, "password": "not-the-one-9"})
    assert refused.value.code == "invalid_credentials"
    assert refused.value.message == "Identifiants de connexion non valides"


def test_the_confirmation_email_is_in_the_language_of_the_sign_up(api_url: str, email: str, smtp: Inbox,
                                                                  settings: Settings,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "auth_confirm_email", True)
    _sign_up(api_url, email, FR)
    message = smtp.wait_for(email)
    assert subject(message) == "Confirmez votre compte FIRE Path"
    assert message["Content-Language"] == "fr-CA"
    text = plain_text(message)
    assert text.startswith("Bienvenue dans FIRE Path!\n\nConfirmez votre adresse courriel")
    assert f"expire dans {settings.auth_link_ttl_minutes} minutes" in text
    link = _link(text)
    page = html_text(message)
    assert '<html lang="fr-CA">' in page and "Confirmer mon adresse courriel" in page
    assert f'href="{html.escape(link, quote=True)}"' in page  # the same link, escaped for HTML only
    followed = httpx.get(link)
    assert followed.status_code == 303
    assert followed.headers["location"].startswith(f"{settings.site_url}/onboarding/wizard#access_token=")


def test_recovery_uses_the_saved_locale(api_url: str, email: str, smtp: Inbox, settings: Settings) -> None:
    _sign_up(api_url, email, FR)  # signing up in French keeps fr-CA as the user's locale
    assert httpx.post(f"{api_url}/auth/v1/recover", json={"email": email}).status_code == 200  # no header
    message = smtp.wait_for(email)
    assert subject(message) == "Réinitialisez votre mot de passe FIRE Path"
    text = plain_text(message)
    assert text.startswith(typeset("Quelqu'un a demandé la réinitialisation du mot de passe"))
    link = _link(text)
    assert "type=recovery" in link and html.escape(link, quote=True) in html_text(message)
    location = httpx.get(link).headers["location"]
    assert location.startswith(f"{settings.site_url}/reset-password#access_token=")


def test_recovery_without_a_saved_locale_uses_the_requests(api_url: str, email: str, smtp: Inbox) -> None:
    _sign_up(api_url, email)
    assert httpx.post(f"{api_url}/auth/v1/recover", headers=FR, json={"email": email}).status_code == 200
    assert subject(smtp.wait_for(email)) == "Réinitialisez votre mot de passe FIRE Path"


def test_a_saved_english_locale_wins_over_a_french_recovery_request(api_url: str, email: str, smtp: Inbox) -> None:
    token = _sign_up(api_url, email, FR).json()["access_token"]
    saved = httpx.patch(f"{api_url}/api/v1/preferences", headers={"Authorization": f"Bearer {token}"},
                        json={"locale": "en-CA"})
    assert saved.status_code == 200
    httpx.post(f"{api_url}/auth/v1/recover", headers=FR, json={"email": email})
    assert subject(smtp.wait_for(email)) == "Reset your FIRE Path password"


def test_english_emails_read_as_before_and_gain_an_html_part(api_url: str, email: str, smtp: Inbox,
                                                            settings: Settings) -> None:
    _sign_up(api_url, email)
    httpx.post(f"{api_url}/auth/v1/recover", json={"email": email})
    message = smtp.wait_for(email)
    assert subject(message) == "Reset your FIRE Path password" and message["Content-Language"] == "en-CA"
    text = plain_text(message)
    link = _link(text)
    assert text == ("Someone asked to reset the password of your FIRE Path account.\n\n"
                    f"Choose a new password here:\n\n{link}\n\nThe link works once and expires in "
                    f"{settings.auth_link_ttl_minutes} minutes. If it was not you, ignore this message: your "
                    "password stays as it is.\n")
    assert '<html lang="en-CA">' in html_text(message) and "Choose a new password" in html_text(message)


def test_the_email_change_message_is_in_the_saved_locale(api_url: str, email: str, smtp: Inbox) -> None:
    token = _sign_up(api_url, email, FR).json()["access_token"]
    moved = f"new-{email}"
    changed = httpx.put(f"{api_url}/auth/v1/user", headers={"Authorization": f"Bearer {token}"},
                        json={"email": moved, "current_password": "correct-horse-9"})
    assert changed.status_code == 200, changed.text
    message = smtp.wait_for(moved)
    assert subject(message) == "Confirmez votre nouvelle adresse courriel FIRE Path"
    assert typeset(f"{email} reste l'adresse du compte") in plain_text(message)


def test_a_bad_link_says_why_in_french_with_the_same_code(api_url: str, settings: Settings) -> None:
    answer = httpx.get(f"{api_url}/auth/v1/verify?token=nope&type=recovery", headers=FR)
    assert answer.status_code == 303
    fragment = {k: v[0] for k, v in parse_qs(urlsplit(answer.headers["location"]).fragment).items()}
    assert fragment["error_code"] == "otp_expired" and fragment["error"] == "access_denied"
    assert fragment["error_description"] == typeset("Le lien du courriel n'est pas valide ou a expiré")
    english = httpx.get(f"{api_url}/auth/v1/verify?token=nope&type=recovery")
    assert "error_description=Email+link+is+invalid+or+has+expired" in english.headers["location"]
