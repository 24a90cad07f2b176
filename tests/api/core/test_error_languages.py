"""API errors keep their stable `code`; their `message` follows Accept-Language (French for fr, fr-CA, fr-FR), and
`Content-Language` names the language the message is in. Without the header the message stays English."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.support.members import join

SignUp = Callable[..., dict[str, str]]
FR = {"Accept-Language": "fr-CA"}
NBSP = "\u00a0"


def typeset(text: str) -> str:
    """French as the catalogue writes it: typographic apostrophes (written here as ' to keep the source plain)."""
    return text.replace("'", "\u2019")


def _both(api: TestClient, method: str, url: str, headers: dict[str, str], **kwargs: Any) -> tuple[Any, Any]:
    """The same request in English (no header) and in French: the two answers."""
    english = api.request(method, url, headers=headers, **kwargs)
    french = api.request(method, url, headers={**headers, **FR}, **kwargs)
    return english, french


def test_a_missing_field_and_a_bound_are_french_with_the_same_code(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    english, french = _both(api, "POST", "/api/v1/goals", me, json={"category": "emergency-fund"})
    assert english.status_code == french.status_code == 422
    assert english.json()["code"] == french.json()["code"] == "validation_error"
    assert english.json()["message"] == "name: Field required"
    assert french.json()["message"] == "name: Champ obligatoire"
    assert french.json()["details"][0] == {"field": "name", "message": "Champ obligatoire", "type": "missing"}
    assert english.headers["content-language"] == "en-CA" and french.headers["content-language"] == "fr-CA"

    english, french = _both(api, "PUT", "/api/v1/income", me, json={"annual_salary": -1})
    assert english.json()["message"] == "annual_salary: Input should be greater than or equal to 0"
    assert french.json()["message"] == "annual_salary: Doit être supérieur ou égal à 0"


def test_the_apps_own_rules_are_french(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    body = {"needs_percentage": 50, "wants_percentage": 30, "savings_percentage": 19.5}
    english, french = _both(api, "PUT", "/api/v1/budget", me, json=body)
    assert english.json()["message"] == (
        "needs_percentage: Needs, wants, savings and investments add up to 99.5%; they must total 100%")
    assert french.json()["message"] == typeset(
        f"needs_percentage: Les besoins, les envies, l'épargne et les placements totalisent 99,5{NBSP}%; "
        f"ils doivent totaliser 100{NBSP}%")
    assert french.json()["details"][3]["message"].startswith("Les besoins")

    english, french = _both(api, "POST", "/api/v1/goals", me,
                            json={"name": "Trip", "category": "travel", "target_date": "2001-01-01"})
    assert english.json()["message"] == "target_date: is in the past; choose a date from today on"
    assert french.json()["message"] == typeset(
        "target_date: est dans le passé; choisissez une date à partir d'aujourd'hui")
    assert french.json()["details"] == [{"field": "target_date", "message": "est dans le passé"}]


def test_not_found_is_french_for_fr_fr_and_fr(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    url = f"/api/v1/goals/{uuid.uuid4()}"
    english = api.delete(url, headers=me)
    assert english.status_code == 404 and english.json() | {"request_id": None} == {
        "code": "not_found", "message": "Goal not found", "details": None, "request_id": None}
    for header in ("fr-CA", "fr-FR", "fr", "fr-CA,fr;q=0.9,en;q=0.5"):
        french = api.delete(url, headers={**me, "Accept-Language": header})
        assert french.status_code == 404 and french.json()["code"] == "not_found"
        assert french.json()["message"] == "Objectif introuvable", header
    for header in ("en-CA", "de-DE", "en;q=1,fr;q=0.5", "*"):
        assert api.delete(url, headers={**me, "Accept-Language": header}).json()["message"] == "Goal not found"


def test_a_conflict_is_french_with_the_same_code(api: TestClient) -> None:
    author, reporter = join(api), join(api)
    post = api.post("/api/v1/community/posts", headers=author.headers,
                    json={"title": "Coast FI", "body": "Done.", "category": "fire-journey"}).json()
    url = f"/api/v1/community/posts/{post['id']}/reports"
    assert api.post(url, headers=reporter.headers, json={"reason": "spam"}).status_code == 201
    english, french = _both(api, "POST", url, reporter.headers, json={"reason": "spam again"})
    assert english.status_code == french.status_code == 409
    assert english.json()["code"] == french.json()["code"] == "already_reported"
    assert english.json()["message"] == "You have already reported this; a moderator will look at it"
    assert french.json()["message"] == typeset("Vous l'avez déjà signalé; un modérateur va l'examiner")


def test_the_planning_engines_messages_are_french(api: TestClient) -> None:
    """api/planning words its errors in English; they are matched to the catalogue by their text."""
    english, french = _both(api, "POST", "/api/v1/calc/tvm", {},
                            json={"solve_for": "n", "annual_rate": 0, "pv": -1000, "pmt": 0, "fv": 5000})
    assert english.status_code == french.status_code == 422
    assert english.json()["code"] == french.json()["code"] == "validation_error"
    assert english.json()["message"] == "pmt: with a zero rate, a payment is needed to move from pv to fv"
    assert french.json()["message"] == "pmt: avec un taux nul, un versement est nécessaire pour passer de pv à fv"
    assert french.headers["content-language"] == "fr-CA"


def test_sign_in_errors_and_unknown_routes_are_french(api: TestClient) -> None:
    english, french = _both(api, "GET", "/api/v1/profile", {})
    assert english.status_code == french.status_code == 401 and french.json()["code"] == "not_authenticated"
    assert french.json()["message"] == "Connectez-vous pour continuer"
    budget = api.put("/api/v1/budget", headers=FR, json={"needs_percentage": 50})
    assert budget.json()["message"] == "Vous devez être connecté pour enregistrer votre budget"
    bad = api.get("/api/v1/profile", headers={**FR, "Authorization": "Bearer nope"})
    assert bad.json()["code"] == "invalid_token" and bad.json()["message"].startswith("Votre session")
    missing = api.get("/api/v1/no-such-resource", headers=FR)
    assert missing.status_code == 404 and missing.json()["message"] == "Introuvable"


def test_body_errors_are_french(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    broken = api.put("/api/v1/expenses", content=b"{bad json", headers={**me, **FR, "Content-Type": "application/json"})
    assert broken.status_code == 422
    assert broken.json()["message"].startswith(typeset("body: le corps de la requête n'est pas du JSON valide ("))
    assert broken.json()["message"].endswith(", au caractère 1)")
    typed = api.post("/api/v1/accounts", content=b"{}", headers={**me, **FR, "Content-Type": "text/plain"})
    assert typed.status_code == 415 and typed.json()["code"] == "unsupported_media_type"
    assert typed.json()["message"] == (
        "body: envoyez le corps en JSON (Content-Type: application/json), pas en text/plain")
    large = api.post("/api/v1/accounts", content=b"x" * (1024 * 1024 + 1),
                     headers={**me, **FR, "Content-Type": "application/json"})
    assert large.status_code == 413 and large.json()["code"] == "payload_too_large"
    assert large.json()["message"] == "body: le corps de la requête dépasse 1024 Kio"
    assert large.headers["content-language"] == "fr-CA"


def test_rate_limits_are_french(api: TestClient, sign_up: SignUp, monkeypatch: pytest.MonkeyPatch) -> None:
    from api.core.config import get_settings

    monkeypatch.setattr(get_settings(), "rate_limit_reports", 1)
    me = sign_up()
    report = {"error_summary": "boom", "route": "/x"}
    assert api.post("/api/v1/error-reports", headers=me, json=report).status_code == 201
    limited = api.post("/api/v1/error-reports", headers={**me, **FR}, json=report)
    assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
    assert limited.json()["message"].startswith(f"Trop de requêtes{NBSP}: réessayez dans ")
    assert limited.headers["retry-after"]
