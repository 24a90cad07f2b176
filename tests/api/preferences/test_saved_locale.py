"""The saved preference locale is the language of a signed-in user's errors when the request names none; an explicit
Accept-Language still wins, and English stays the default."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]


def test_the_saved_locale_speaks_when_there_is_no_header(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    url = f"/api/v1/goals/{uuid.uuid4()}"
    assert api.delete(url, headers=me).json()["message"] == "Goal not found"  # nothing saved: English

    saved = api.patch("/api/v1/preferences", headers=me, json={"locale": "fr-CA"})
    assert saved.status_code == 200 and saved.json()["locale"] == "fr-CA"
    french = api.delete(url, headers=me)
    assert french.status_code == 404 and french.json()["code"] == "not_found"
    assert french.json()["message"] == "Objectif introuvable"
    assert french.headers["content-language"] == "fr-CA"
    invalid = api.post("/api/v1/goals", headers=me, json={"category": "emergency-fund"})
    assert invalid.json()["message"] == "name: Champ obligatoire"

    # The header is the client's explicit choice: it wins over what was saved.
    english = api.delete(url, headers={**me, "Accept-Language": "en-CA"})
    assert english.json()["message"] == "Goal not found" and english.headers["content-language"] == "en-CA"

    assert api.patch("/api/v1/preferences", headers=me, json={"locale": "en-CA"}).status_code == 200
    assert api.delete(url, headers=me).json()["message"] == "Goal not found"


def test_a_bad_locale_is_refused_in_the_saved_language(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.patch("/api/v1/preferences", headers=me, json={"locale": "fr-CA"})
    refused = api.patch("/api/v1/preferences", headers=me, json={"locale": "french"})
    assert refused.status_code == 422 and refused.json()["code"] == "validation_error"
    assert refused.json()["message"].startswith("locale: Doit respecter le format")
    assert api.get("/api/v1/preferences", headers=me).json()["locale"] == "fr-CA"


def test_a_french_sign_up_is_remembered_as_the_users_locale(api: TestClient) -> None:
    email = f"quebec-{uuid.uuid4().hex[:10]}@example.com"
    signed = api.post("/auth/v1/signup", headers={"Accept-Language": "fr-CA"},
                      json={"email": email, "password": "correct-horse-9"})
    assert signed.status_code == 200
    me = {"Authorization": f"Bearer {signed.json()['access_token']}"}
    assert api.get("/api/v1/preferences", headers=me).json()["locale"] == "fr-CA"
    assert api.delete(f"/api/v1/goals/{uuid.uuid4()}", headers=me).json()["message"] == "Objectif introuvable"


def test_an_english_sign_up_saves_nothing(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    preferences = api.get("/api/v1/preferences", headers=me).json()
    assert preferences["locale"] == "en-CA"
