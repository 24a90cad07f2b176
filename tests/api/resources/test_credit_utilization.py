"""Credit utilization is computed from the cards and lines (total balance / total limit, over 100% when over the
limit), the debt payoff inputs come from the same rows, and the profile keeps one e-mail: the sign-in one."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from agent.coach.offline_answers import format_value
from api.core.db import user_session
from api.credit import service
from api.profile.models import Profile

SignUp = Callable[..., dict[str, str]]


def test_a_card_over_its_limit_shows_over_100_percent(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.get("/api/v1/credit", headers=me).json()["credit_utilization_rate"] is None  # no limit, no figure
    card = api.post("/api/v1/credit/cards", headers=me, json={"name": "Store card", "credit_limit": 1000,
                                                             "balance": 3000, "interest_rate": 0.2999})
    assert card.status_code == 201, card.text
    body = api.get("/api/v1/credit", headers=me).json()
    assert body["credit_utilization_rate"] == 3.0
    assert body["over_limit"] is True and body["over_limit_names"] == ["Store card"]
    assert body["total_credit_balance"] == 3000 and body["total_credit_limit"] == 1000


def test_utilization_is_total_balance_over_total_limit_of_cards_and_lines(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.post("/api/v1/credit/cards", headers=me, json={"name": "Visa", "credit_limit": 5000, "balance": 1500})
    api.post("/api/v1/credit/cards", headers=me, json={"name": "Amex charge", "card_type": "charge", "balance": 400})
    line = api.post("/api/v1/credit/lines", headers=me, json={"name": "HELOC", "credit_limit": 15000,
                                                             "balance": 500}).json()
    # A typed-in figure from an older screen is stored but never read back as the utilization.
    saved = api.put("/api/v1/credit", headers=me, json={"credit_score": 760, "credit_utilization_rate": 0.9}).json()
    assert saved["credit_score"] == 760
    for body in (saved, api.get("/api/v1/credit", headers=me).json()):
        assert body["credit_utilization_rate"] == 0.1  # (1500 + 500) / (5000 + 15000)
        assert body["over_limit"] is False and body["over_limit_names"] == []
        assert body["no_limit_names"] == ["Amex charge"]  # a charge card without a limit is left out, and named
    assert api.delete(f"/api/v1/credit/lines/{line['id']}", headers=me).status_code == 204
    assert api.get("/api/v1/credit", headers=me).json()["credit_utilization_rate"] == 0.3  # removed lines drop out


def test_the_coach_reads_the_same_utilization(api: TestClient, sign_up: SignUp) -> None:
    """The coach's get_credit tool takes its summary from the same service (tools/read.py)."""
    me = sign_up()
    api.post("/api/v1/credit/cards", headers=me, json={"name": "Visa", "credit_limit": 1000, "balance": 3000})
    user_id = uuid.UUID(api.get("/auth/v1/user", headers=me).json()["id"])
    with user_session(user_id) as session:
        summary = service.get_credit_data(session=session, user_id=user_id)
    assert summary.credit_utilization_rate == 3 and summary.over_limit
    # and the offline coach writes it as a percent even far past 100%
    assert format_value("summary.credit_utilization_rate", float(summary.credit_utilization_rate)) == "300%"


def test_payoff_debts_come_from_the_cards_and_lines_with_a_balance(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.get("/api/v1/credit/debts", headers=me).json() == {"debts": [], "notes": []}
    api.post("/api/v1/credit/cards", headers=me, json={"name": "Visa", "credit_limit": 10000, "balance": 6000,
                                                      "interest_rate": 0.1999})
    api.post("/api/v1/credit/cards", headers=me, json={"name": "Paid off", "credit_limit": 2000, "balance": 0})
    api.post("/api/v1/credit/lines", headers=me, json={"name": "Student line", "credit_limit": 20000, "balance": 200})
    body = api.get("/api/v1/credit/debts", headers=me).json()
    assert body["debts"] == [
        {"name": "Visa", "kind": "card", "balance": 6000, "annual_rate": 0.1999, "rate_assumed": False,
         "minimum_payment": 180},
        {"name": "Student line", "kind": "line", "balance": 200, "annual_rate": 0.07, "rate_assumed": True,
         "minimum_payment": 10},
    ]
    assert any("Student line" in note and "7%" in note for note in body["notes"])
    assert api.get("/api/v1/credit/debts").status_code == 401
    french = api.get("/api/v1/credit/debts", headers={**me, "Accept-Language": "fr-CA"}).json()
    assert french["debts"] == body["debts"]
    assert french["notes"] == ["Student line\u00a0: aucun taux d'intérêt enregistré, 7\u00a0% supposé.",
                               "Les paiements minimums sont pris à 3\u00a0% du solde, au moins 10\u00a0$."]


def test_the_profile_email_is_the_sign_in_email(api: TestClient, sign_up: SignUp) -> None:
    email = f"maya-{uuid.uuid4().hex[:8]}@example.com"
    me = sign_up(email=email)
    saved = api.put("/api/v1/profile", headers=me, json={"first_name": "Maya", "email": "other@example.com"})
    assert saved.status_code == 200, saved.text
    assert saved.json()["email"] == email  # a second e-mail is not taken
    assert api.get("/api/v1/profile", headers=me).json()["email"] == email
    user_id = uuid.UUID(api.get("/auth/v1/user", headers=me).json()["id"])
    with user_session(user_id) as session:
        assert session.scalar(select(Profile.email).where(Profile.user_id == user_id)) == email
        # An e-mail an older screen saved stays stored, untouched by later saves, and is not shown.
        session.execute(update(Profile).where(Profile.user_id == user_id).values(email="old@example.com"))
    again = api.put("/api/v1/profile", headers=me, json={"first_name": "Maya", "age": 40}).json()
    assert again["email"] == email and again["age"] == 40
    with user_session(user_id) as session:
        assert session.scalar(select(Profile.email).where(Profile.user_id == user_id)) == "old@example.com"
