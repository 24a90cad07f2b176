"""Voice onboarding in French (issue 22): the session's language (Accept-Language, else the saved locale), French
speech transcribed as French by Whisper, French number words and amounts as Whisper writes them read by the shared
slot reader, the questions and the proposal in French, PocketSphinx's refusal of a French session, and English
exactly as it was."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient

from agent.onboarding.extract import extract
from agent.onboarding.fields import QUESTIONS
from agent.slots import digitise
from api.core.config import get_settings
from evals.voice.cases import load_cases
from tests.support.servers import serve_in_thread

FR = {"Accept-Language": "fr-CA"}
ONBOARDING = "/api/v1/voice/onboarding"
TODAY = date(2026, 12, 4)
ENGLISH_QUESTIONS = [
    "How old are you?",
    "Which province or territory do you live in?",
    "What is your take-home pay per month, or your salary per year?",
    "How much is your rent or mortgage payment each month?",
    "About how much do you spend each month besides housing?",
    "Are you single, married or living with a partner? Any children or other dependants?",
    "What is one goal you are saving for, how much does it take, and by when?",
]


def values(found: dict[str, Any]) -> dict[str, Any]:
    return {k: (v["value"] if k != "goals" else [(g["name"], g["category"], g["target_amount"], g["target_date"])
                                                  for g in v]) for k, v in found.items()}


# --- the reader ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "digits"), [
    ("quatre-vingt-cinq mille dollars", "85000 dollars"),
    ("deux mille cent dollars par mois", "2100 dollars par mois"),
    ("j'ai trente-quatre ans", "j'ai 34 ans"),
    ("soixante et onze mille", "71000"),
    ("quatre-vingt-dix-sept, soixante-dix-sept, dix-huit, vingt et un", "97, 77, 18, 21"),
    ("mille huit cent cinquante", "1850"),
    ("cinq cents dollars, deux cents", "500 dollars, 200"),
    ("d'ici deux mille trente", "d'ici 2030"),
    ("un million deux cent mille", "1200000"),
    ("1,5 million", "1500000"),
    ("85 000 $ et 2 100 $", "85000 $ et 2100 $"),
    ("85 mille", "85000"),
    ("2.000 dollars, 1.250.000", "2000 dollars, 1250000"),
    ("une maison et un salaire récent", "une maison et un salaire récent"),  # articles, and no "cent" inside words
    ("12,5 %", "12,5 %"),
])
def test_french_number_words_become_digits(said: str, digits: str) -> None:
    assert digitise(said, "fr") == digits


def test_english_numbers_are_read_as_before() -> None:
    assert digitise("I make eighty five thousand a year") == "i make 85000 a year"
    assert digitise("quatre-vingt-cinq mille") == "quatre-vingt-cinq mille"  # French words only in a French session


@pytest.mark.parametrize(("said", "expected"), [
    ("J'ai 34 ans et j'habite au Québec.", {"age": 34, "province": "QC"}),
    ("Je gagne 85 000 $ par année et je vis en Colombie-Britannique.", {"annual_salary": 85000, "province": "BC"}),
    ("Je gagne 85 000 dollars par année.", {"annual_salary": 85000}),
    ("Je gagne quatre-vingt-cinq mille dollars par année.", {"annual_salary": 85000}),
    ("Mon loyer est de 2 100 $ par mois.", {"rent_mortgage": 2100}),
    ("Mon salaire net est de 5 200 $ par mois et j'habite en Ontario.", {"monthly_take_home": 5200, "province": "ON"}),
    ("Je suis payé 2 400 $ aux deux semaines.", {"monthly_take_home": 5200}),
    ("Mon salaire est de 120 000 $ par an.", {"annual_salary": 120000}),
    ("Je gagne 6 000 $ par mois après impôts.", {"monthly_take_home": 6000}),
    ("Ma conjointe gagne 62 000 $ par année.", {"partner_income": 5166.67, "marital_status": "common-law"}),
    ("Nous dépensons environ 3 000 $ par mois pour tout le reste.", {"other_monthly_spending": 3000}),
    ("L'épicerie nous coûte neuf cents dollars par mois.", {"other_monthly_spending": 900}),
    ("Je suis mariée et j'ai deux enfants.", {"marital_status": "married", "dependents": 2}),
    ("Je suis célibataire, sans enfants, et je vis à Montréal.",
     {"marital_status": "single", "dependents": 0, "province": "QC"}),
    ("J'ai quarante-deux ans et je vis en Nouvelle-Écosse.", {"age": 42, "province": "NS"}),
    ("Je veux économiser 20 000 $ pour une maison d'ici 2030.",
     {"goals": [("Mise de fonds pour une maison", "home", 20000, "2030-12-31")]}),
    ("Je veux mettre de côté 10 000 $ pour un fonds d'urgence dans 2 ans.",
     {"goals": [("Fonds d'urgence", "emergency-fund", 10000, "2028-12-04")]}),
    ("Je veux prendre ma retraite d'ici 2045.", {"goals": [("Retraite", "retirement", 0, "2045-12-31")]}),
    ("J'aimerais prendre ma retraite à 55 ans.", {"goals": [("Retraite", "retirement", 0, None)]}),  # 55 is no age
])
def test_fields_are_read_from_french(said: str, expected: dict[str, Any]) -> None:
    assert values(extract(said, today=TODAY, language="fr")) == expected


def test_the_french_eval_answers_read_as_their_english_twins() -> None:
    """The voice eval's French answers (the first twelve say its English ones in French), as a careful listener
    would write them, give the French reader the fields and values the English reader gets from the English."""
    english, french = load_cases(), load_cases(language="fr")
    for en, fr in zip(english, french[:len(english)], strict=True):
        theirs = values(extract(en.text, today=TODAY))
        ours = values(extract(fr.text, today=TODAY, language="fr"))
        assert {k: v for k, v in ours.items() if k != "goals"} == {k: v for k, v in theirs.items() if k != "goals"}, \
            fr.id
        assert [g[1:] for g in ours.get("goals", [])] == [g[1:] for g in theirs.get("goals", [])], fr.id


# --- the API: questions and proposal ------------------------------------------------------------------------------

def turn(api: TestClient, headers: dict[str, str], text: str, thread_id: str | None = None) -> dict[str, Any]:
    response = api.post(ONBOARDING, headers=headers, json={"text": text, "thread_id": thread_id})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_french_session_is_asked_and_shown_in_french(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    body = turn(api, {**user, **FR}, "J'ai trente-quatre ans et j'habite au Québec. Mon salaire net est de "
                                     "4 200 $ par mois et mon loyer est de 2 100 $ par mois.")
    assert {k: v["value"] for k, v in body["fields"].items()} == {
        "age": 34, "province": "QC", "monthly_take_home": 4200, "rent_mortgage": 2100}
    assert "mon loyer est de 2100 $ par mois" in body["fields"]["rent_mortgage"]["heard"]
    assert [q["question"] for q in body["missing"]] == [
        "Environ combien dépensez-vous chaque mois en plus du logement?",
        "Êtes-vous célibataire, marié ou en couple? Avez-vous des enfants ou d'autres personnes à charge?",
        "Pour quel objectif épargnez-vous, combien vous faut-il et pour quand?"]
    preview = body["proposal"]["preview"]
    assert preview["title"] == "Enregistrer ce que vous nous avez dit"
    assert {c["field"]: c["label"] for c in preview["changes"]} == {
        "age": "Âge", "province": "Province ou territoire", "monthly_take_home": "Salaire net par mois",
        "rent_mortgage": "Loyer ou hypothèque par mois"}

    # the next answer continues in French; a goal is named in French and saved as heard
    second = turn(api, {**user, **FR}, "Je suis marié, j'ai deux enfants, nous dépensons environ 1 200 $ par mois "
                                       "pour tout le reste et je veux économiser 20 000 $ pour une maison d'ici "
                                       "2030.", body["thread_id"])
    assert second["missing"] == []
    assert [(g["name"], g["target_amount"]) for g in second["goals"]] == [("Mise de fonds pour une maison", 20000)]
    labels = [c["label"] for c in second["proposal"]["preview"]["changes"] if c["field"] == "goals"]
    assert labels == ["Nouvel objectif\u00a0: Mise de fonds pour une maison"]
    done = api.post(f"{ONBOARDING}/{body['thread_id']}/confirm", headers={**user, **FR}, json={"approved": True})
    assert done.status_code == 200, done.text
    assert api.get("/api/v1/profile", headers=user).json()["province"] == "QC"
    assert [g["name"] for g in api.get("/api/v1/goals", headers=user).json()] == ["Mise de fonds pour une maison"]


def test_the_saved_locale_makes_a_session_french(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    assert api.patch("/api/v1/preferences", headers=user, json={"locale": "fr-CA"}).status_code == 200
    body = turn(api, user, "J'ai 40 ans.")
    assert body["fields"]["age"]["value"] == 40
    assert body["missing"][0]["question"] == "Dans quelle province ou quel territoire habitez-vous?"
    # an explicit English header wins over the saved locale
    english = turn(api, {**user, "Accept-Language": "en-CA"}, "I am 40 years old.")
    assert english["missing"][0]["question"] == "Which province or territory do you live in?"


def test_english_sessions_are_unchanged(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    assert [question for _, question in QUESTIONS] == ENGLISH_QUESTIONS
    user = sign_up()
    for headers in (user, {**user, "Accept-Language": "en-CA"}):
        body = turn(api, headers, "I'm thirty four and I live in Quebec.")
        assert [q["question"] for q in body["missing"]] == ENGLISH_QUESTIONS[2:]
        assert body["proposal"]["preview"]["title"] == "Save what you told us"
        assert {c["label"] for c in body["proposal"]["preview"]["changes"]} == {"Age", "Province or territory"}


def test_a_thread_reads_each_answer_in_the_language_it_was_said(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    user = sign_up()
    first = turn(api, user, "My rent is two thousand dollars a month.")
    second = turn(api, {**user, **FR}, "Je gagne quatre-vingt-cinq mille dollars par année.", first["thread_id"])
    assert {k: v["value"] for k, v in second["fields"].items()} == {"rent_mortgage": 2000, "annual_salary": 85000}
    assert second["missing"][0]["question"] == "Quel âge avez-vous?"
    # read back in English, the same thread's questions are English
    third = turn(api, user, "I am 50 years old.", first["thread_id"])
    assert third["fields"]["annual_salary"]["value"] == 85000 and third["fields"]["age"]["value"] == 50
    assert third["missing"][0]["question"] == "Which province or territory do you live in?"


# --- the API: transcription ---------------------------------------------------------------------------------------

def upload(api: TestClient, headers: dict[str, str], data: bytes, name: str = "a.ogg", kind: str = "audio/ogg") -> Any:
    return api.post("/api/v1/voice/transcribe", headers=headers, files={"file": (name, data, kind)})


def test_a_french_recording_is_transcribed_as_french_and_read(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    """A committed French recording of the voice eval (espeak-ng's French voice), through HTTP to Whisper told the
    session is French, then to the onboarding conversation in French."""
    [case] = [c for c in load_cases(language="fr") if c.id == FRENCH_CASE]
    [(_, path)] = [(voice, path) for voice, path in case.recordings() if voice == FRENCH_VOICE]
    user = sign_up()
    response = upload(api, {**user, **FR}, path.read_bytes())
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["engine"] == "whisper-base"
    assert FRENCH_WORDS in body["text"].lower(), body["text"]
    found = turn(api, {**user, **FR}, body["text"])
    assert {k: v["value"] for k, v in found["fields"].items() if k in FRENCH_FIELDS} == FRENCH_FIELDS, body["text"]
    assert found["missing"][0]["question"].endswith("?") and "vous" in found["missing"][0]["question"]


def test_a_french_session_on_the_english_only_fallback_is_told_so(
        api: TestClient, sign_up: Callable[..., dict[str, str]], speak: Callable[[str], bytes],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREPATH_TRANSCRIBE_OFFLINE", "pocketsphinx")
    get_settings.cache_clear()
    try:
        user = sign_up()
        [case] = [c for c in load_cases(language="fr") if c.id == FRENCH_CASE]
        french = upload(api, {**user, **FR}, case.recordings()[0][1].read_bytes())
        english = upload(api, user, speak("I live in Alberta."), "a.wav", "audio/wav")
    finally:
        monkeypatch.delenv("FIREPATH_TRANSCRIBE_OFFLINE")
        get_settings.cache_clear()
    assert french.status_code == 422, french.text
    body = french.json()
    assert body["code"] == "speech_language_unsupported"
    assert body["message"].startswith("La reconnaissance vocale de ce serveur ne comprend que l'anglais")
    assert body["details"] == {"engine": "pocketsphinx", "language": "fr", "languages": ["en"]}
    assert french.headers["content-language"] == "fr-CA"
    assert english.status_code == 200, english.text
    assert english.json()["engine"] == "pocketsphinx"


@pytest.fixture
def fake_transcriber(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """An OpenAI-compatible /v1/audio/transcriptions on loopback that records the form fields it received."""
    app = FastAPI()
    seen: list[dict[str, Any]] = []

    @app.post("/v1/audio/transcriptions")
    async def transcriptions(request: Request) -> dict[str, str]:
        form = await request.form()
        seen.append({key: value for key, value in form.items() if key != "file"})
        return {"text": "Mon loyer est de 2 000 $ par mois et j'habite au Manitoba."}

    with serve_in_thread(app) as url:
        monkeypatch.setenv("TRANSCRIBE_MODEL", "whisper-test")
        monkeypatch.setenv("TRANSCRIBE_BASE_URL", f"{url}/v1")
        get_settings.cache_clear()
        yield seen
        monkeypatch.undo()
        get_settings.cache_clear()


def test_the_configured_endpoint_is_told_a_french_sessions_language(
        api: TestClient, sign_up: Callable[..., dict[str, str]], speak: Callable[[str], bytes],
        fake_transcriber: list[dict[str, Any]]) -> None:
    user = sign_up()
    wav = speak("My rent is two thousand dollars.")
    french = upload(api, {**user, **FR}, wav, "a.wav", "audio/wav")
    english = upload(api, user, wav, "a.wav", "audio/wav")
    assert french.status_code == english.status_code == 200, (french.text, english.text)
    # the English request is what it always was: no language named
    assert fake_transcriber == [{"model": "whisper-test", "response_format": "json", "language": "fr"},
                                {"model": "whisper-test", "response_format": "json"}]
    found = extract(french.json()["text"], language="fr")
    assert (found["rent_mortgage"]["value"], found["province"]["value"]) == (2000, "MB")


# The French recording the transcription test uploads (of evals/voice/recordings), what Whisper must hear in it and
# the fields onboarding must read from that. Whisper base hears espeak-ng's French voice poorly (the voice eval's
# French figures, README), province names best: this answer's province is what a French session is held to.
FRENCH_CASE, FRENCH_VOICE = "salaire-quebec", "fr"
FRENCH_WORDS = "québec"
FRENCH_FIELDS = {"province": "QC"}
