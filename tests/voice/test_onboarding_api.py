"""The onboarding conversation over HTTP: fields with confidence, questions for what is missing, a proposal
that saves nothing until confirmed, confirmation (with edits) saving through the domain services, threads
private to their user and surviving a new application instance (the checkpointer is PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from api.main import create_app

SPOKEN = ("I am thirty five years old and live in Ontario. My take home pay is five thousand two hundred dollars "
          "a month and my rent is two thousand dollars.")
ONBOARDING = "/api/v1/voice/onboarding"


def turn(api: TestClient, headers: dict[str, str], text: str, thread_id: str | None = None) -> dict[str, Any]:
    response = api.post(ONBOARDING, headers=headers, json={"text": text, "thread_id": thread_id})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def confirm(api: TestClient, headers: dict[str, str], thread_id: str, **body: Any) -> Any:
    return api.post(f"{ONBOARDING}/{thread_id}/confirm", headers=headers, json=body)


def saved_state(api: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    return {name: api.get(f"/api/v1/{name}", headers=headers).json()
            for name in ("profile", "income", "expenses", "goals", "activity")}


def test_a_first_answer_is_understood_and_proposed_but_nothing_is_saved(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    before = saved_state(api, user)
    body = turn(api, user, SPOKEN)
    assert body["status"] == "proposed"
    assert {k: v["value"] for k, v in body["fields"].items()} == {
        "age": 35, "province": "ON", "monthly_take_home": 5200, "rent_mortgage": 2000}
    assert all(0.5 <= v["confidence"] <= 1 for v in body["fields"].values())
    assert [q["field"] for q in body["missing"]] == ["other_monthly_spending", "marital_status", "goals"]
    proposal = body["proposal"]
    assert proposal["type"] == "approval"
    changes = {c["field"]: (c["before"], c["after"]) for c in proposal["preview"]["changes"]}
    assert changes == {"age": (None, 35), "province": (None, "ON"), "monthly_take_home": (None, 5200.0),
                       "rent_mortgage": (0.0, 2000.0)}
    assert saved_state(api, user) == before
    assert before["profile"] is None and before["income"] is None and before["expenses"]["rent_mortgage"] == 0


def test_answers_accumulate_and_confirming_saves_through_the_services(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    first = turn(api, user, SPOKEN)
    thread = first["thread_id"]
    second = turn(api, user, "I'm married with two kids. We spend about twelve hundred a month on everything "
                             "else and I want to save twenty thousand dollars for a house by twenty thirty.", thread)
    assert second["thread_id"] == thread
    assert second["transcript"] == [SPOKEN, second["transcript"][1]]
    assert second["fields"]["dependents"]["value"] == 2
    assert second["fields"]["other_monthly_spending"]["value"] == 1200
    assert second["goals"][0]["name"] == "Home down payment"
    assert second["missing"] == []
    assert saved_state(api, user)["profile"] is None

    # the user corrects the take-home pay before approving
    response = confirm(api, user, thread, approved=True, fields={"monthly_take_home": 5300})
    assert response.status_code == 200, response.text
    done = response.json()
    assert done["status"] == "saved" and done["proposal"] is None
    saved = saved_state(api, user)
    profile = saved["profile"]
    assert (profile["age"], profile["province"], profile["country"], profile["marital_status"],
            profile["dependents"]) == (35, "ON", "Canada", "married", 2)
    assert saved["income"]["monthly_take_home"] == 5300
    assert saved["expenses"]["rent_mortgage"] == 2000
    assert [(i["category"], i["amount"]) for i in saved["expenses"]["items"]] == [("Other spending", 1200)]
    [goal] = saved["goals"]
    assert (goal["name"], goal["category"], goal["target_amount"], goal["target_date"]) == (
        "Home down payment", "home", 20000, "2030-12-31")
    # saved through the coach's writers: one change record (and activity entry) per record, each undoable
    summaries = [change["summary"] for change in done["saved"]["changes"]]
    assert [s.split(":")[0] for s in summaries] == [
        "Update your profile", "Update your income", "Change your rent or mortgage payment",
        "Add the expense 'Other spending'", "Add the goal 'Home down payment'"]
    assert sorted(entry["description"] for entry in saved["activity"]) == sorted(summaries)
    listed = api.get("/api/v1/coach/changes", headers=user).json()
    assert {c["id"] for c in listed} == {c["change_id"] for c in done["saved"]["changes"]}

    # nothing is pending any more
    again = confirm(api, user, thread, approved=True)
    assert again.status_code == 409
    assert again.json()["code"] == "not_pending"


def test_saving_keeps_what_onboarding_did_not_hear(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    assert api.put("/api/v1/profile", headers=user, json={"first_name": "Ada", "province": "BC"}).status_code == 200
    assert api.put("/api/v1/expenses", headers=user, json={
        "rent_mortgage": 900, "items": [{"category": "Groceries", "amount": 600}]}).status_code == 200
    body = turn(api, user, "I moved to Alberta and my rent is 1,650 a month")
    changes = {c["field"]: (c["before"], c["after"]) for c in body["proposal"]["preview"]["changes"]}
    assert changes == {"province": ("BC", "AB"), "rent_mortgage": (900.0, 1650.0)}
    assert confirm(api, user, body["thread_id"], approved=True).status_code == 200
    saved = saved_state(api, user)
    assert (saved["profile"]["first_name"], saved["profile"]["province"]) == ("Ada", "AB")
    assert saved["expenses"]["rent_mortgage"] == 1650
    assert [i["category"] for i in saved["expenses"]["items"]] == ["Groceries"]


def test_what_onboarding_saved_can_be_undone_change_by_change(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    assert api.put("/api/v1/expenses", headers=user, json={
        "rent_mortgage": 900, "items": [{"category": "Groceries", "amount": 600}]}).status_code == 200
    body = turn(api, user, "I'm 41, I live in Alberta and my rent is 1,650 a month")
    done = confirm(api, user, body["thread_id"], approved=True).json()
    by_title = {c["summary"].split(":")[0]: c for c in done["saved"]["changes"]}
    rent = by_title["Change your rent or mortgage payment"]
    assert rent["summary"] == "Change your rent or mortgage payment: Rent or mortgage $900 → $1,650"
    undone = api.post(f"/api/v1/coach/changes/{rent['change_id']}/undo", headers=user)
    assert undone.status_code == 200, undone.text
    assert undone.json()["undone_at"] is not None
    saved = saved_state(api, user)
    assert saved["expenses"]["rent_mortgage"] == 900  # put back
    assert (saved["profile"]["age"], saved["profile"]["province"]) == (41, "AB")  # the other change stays
    again = api.post(f"/api/v1/coach/changes/{rent['change_id']}/undo", headers=user)
    assert again.status_code == 409 and again.json()["code"] == "already_undone"
    profile = by_title["Update your profile"]
    assert api.post(f"/api/v1/coach/changes/{profile['change_id']}/undo", headers=user).status_code == 200
    assert (saved_state(api, user)["profile"]["age"], saved_state(api, user)["profile"]["province"]) == (None, None)


def test_declining_saves_nothing(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    body = turn(api, user, SPOKEN)
    response = confirm(api, user, body["thread_id"], approved=False)
    assert response.status_code == 200
    assert response.json()["status"] == "declined"
    saved = saved_state(api, user)
    assert saved["profile"] is None and saved["income"] is None and saved["activity"] == []


def test_edits_are_validated_and_null_removes_a_field(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    thread = turn(api, user, SPOKEN)["thread_id"]
    bad = confirm(api, user, thread, approved=True, fields={"province": "Narnia"})
    assert bad.status_code == 422 and bad.json()["message"].startswith("fields.province")
    bad_age = confirm(api, user, thread, approved=True, fields={"age": 400})
    assert bad_age.status_code == 422
    assert saved_state(api, user)["profile"] is None
    ok = confirm(api, user, thread, approved=True, fields={"age": None})
    assert ok.status_code == 200, ok.text
    saved = saved_state(api, user)
    assert saved["profile"]["age"] is None and saved["profile"]["province"] == "ON"


def test_nothing_heard_means_questions_and_nothing_to_save(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    body = turn(api, user, "hello there")
    assert body["fields"] == {} and body["proposal"]["preview"]["changes"] == []
    assert [q["field"] for q in body["missing"]] == [
        "age", "province", "monthly_take_home", "rent_mortgage", "other_monthly_spending", "marital_status", "goals"]
    response = confirm(api, user, body["thread_id"], approved=True)
    assert response.status_code == 422 and response.json()["code"] == "nothing_to_save"


def test_another_user_can_neither_continue_nor_confirm_your_thread(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    owner, other = sign_up(), sign_up()
    thread = turn(api, owner, SPOKEN)["thread_id"]
    continued = api.post(ONBOARDING, headers=other, json={"text": "I live in Quebec", "thread_id": thread})
    assert continued.status_code == 404
    confirmed = confirm(api, other, thread, approved=True)
    assert confirmed.status_code == 404
    assert saved_state(api, other)["profile"] is None and saved_state(api, owner)["profile"] is None
    assert confirm(api, owner, thread, approved=True).status_code == 200
    assert saved_state(api, owner)["profile"]["province"] == "ON"


def test_sign_in_and_a_known_thread_are_required(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    assert api.post(ONBOARDING, json={"text": SPOKEN}).status_code == 401
    assert api.post(f"{ONBOARDING}/4f1a4b1e-0000-4000-8000-000000000000/confirm",
                    json={"approved": True}).status_code == 401
    user = sign_up()
    unknown = api.post(ONBOARDING, headers=user, json={"text": SPOKEN,
                                                       "thread_id": "4f1a4b1e-0000-4000-8000-000000000000"})
    assert unknown.status_code == 404
    assert api.post(ONBOARDING, headers=user, json={"text": "   "}).status_code == 422


def test_a_thread_survives_a_new_application_instance(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    thread = turn(api, user, SPOKEN)["thread_id"]
    with TestClient(create_app(), raise_server_exceptions=False) as restarted:
        response = confirm(restarted, user, thread, approved=True)
        assert response.status_code == 200, response.text
        assert restarted.get("/api/v1/income", headers=user).json()["monthly_take_home"] == 5200


def test_from_speech_to_saved_fields(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                     speak: Callable[[str], bytes]) -> None:
    """The whole voice path: a spoken WAV is transcribed, understood, proposed, confirmed and saved."""
    from tests.voice.conftest import reencode

    user = sign_up()
    audio = reencode(speak(SPOKEN), "webm", "libopus")
    heard = api.post("/api/v1/voice/transcribe", headers=user, files={"file": ("a.webm", audio, "audio/webm")})
    assert heard.status_code == 200, heard.text
    body = turn(api, user, heard.json()["text"])
    values = {k: v["value"] for k, v in body["fields"].items()}
    assert (values["province"], values["monthly_take_home"], values["rent_mortgage"]) == ("ON", 5200, 2000)
    assert confirm(api, user, body["thread_id"], approved=True).status_code == 200
    saved = saved_state(api, user)
    assert (saved["profile"]["province"], saved["income"]["monthly_take_home"],
            saved["expenses"]["rent_mortgage"]) == ("ON", 5200, 2000)


def test_two_confirmations_at_once_save_once(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    from concurrent.futures import ThreadPoolExecutor

    user = sign_up()
    thread = turn(api, user, "I want to save 8000 dollars for a trip by 2028")["thread_id"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(lambda _: confirm(api, user, thread, approved=True).status_code, range(2)))
    assert sorted(answers) == [200, 409]
    assert [g["name"] for g in api.get("/api/v1/goals", headers=user).json()] == ["Travel"]
