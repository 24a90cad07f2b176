"""Amounts sent as text: a request in French may write them the fr-CA way ("12,5", "1 234,56"); what could be read
two ways ("1,234", "1.234,5") stays refused, with the message in the person's language. English requests read them
as before: a decimal point, no grouping."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]
FR = {"Accept-Language": "fr-CA"}


@pytest.mark.parametrize(("typed", "saved"), [("12,5", 12.5), ("1 234,56", 1234.56), ("1\u00a0234,56", 1234.56),
                                              ("4\u202f500", 4500), ("0,125", 0.13), ("12.5", 12.5), ("1234", 1234)])
def test_french_requests_read_french_amounts(api: TestClient, sign_up: SignUp, typed: str, saved: float) -> None:
    me = sign_up()
    response = api.put("/api/v1/income", headers={**me, **FR}, json={"monthly_take_home": typed})
    assert response.status_code == 200, response.text
    assert response.json()["monthly_take_home"] == saved


@pytest.mark.parametrize("typed", ["1,234", "1.234,5", "12,345"])
def test_what_is_ambiguous_is_refused_in_french(api: TestClient, sign_up: SignUp, typed: str) -> None:
    me = sign_up()
    response = api.put("/api/v1/income", headers={**me, **FR}, json={"monthly_take_home": typed})
    assert response.status_code == 422 and response.json()["code"] == "validation_error"
    assert response.json()["message"].startswith(f"monthly_take_home: «\u00a0{typed}\u00a0» est ambigu")


def test_text_that_is_no_number_is_refused_in_each_language(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    english = api.put("/api/v1/income", headers=me, json={"monthly_take_home": "lots"})
    assert english.status_code == 422
    assert english.json()["message"] == "monthly_take_home: Input should be a valid decimal"
    assert english.json()["details"][0]["type"] == "decimal_parsing"
    french = api.put("/api/v1/income", headers={**me, **FR}, json={"monthly_take_home": "trop"})
    assert french.json()["message"] == "monthly_take_home: Le montant doit être un nombre"
    assert french.json()["details"][0]["type"] == "decimal_parsing"
    percent = api.put("/api/v1/budget", headers={**me, **FR}, json={"needs_percentage": "moitié"})
    assert percent.json()["message"] == "needs_percentage: Le pourcentage doit être un nombre"


def test_english_requests_read_amounts_as_before(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    assert api.put("/api/v1/income", headers=me, json={"monthly_take_home": "12.5"}).json()["monthly_take_home"] == 12.5
    for typed in ("12,5", "1,234.56", "1 234"):
        refused = api.put("/api/v1/income", headers=me, json={"monthly_take_home": typed})
        assert refused.status_code == 422
        assert refused.json()["message"] == "monthly_take_home: Input should be a valid decimal"
    science = api.put("/api/v1/income", headers={**me, **FR}, json={"monthly_take_home": "1e6"})
    assert science.json()["message"] == (
        "monthly_take_home: écrivez le nombre en chiffres (1000000), pas en notation scientifique")


@pytest.mark.parametrize("typed", ["", " ", ",", "-", "+,5", "1 ,5", "1,", ",5", "1  234", "\u0661\u0662,\u0665",
                                   "12,5,6", "NaN", "1" * 400 + ",5", "--1", "1 234 567,891"])
def test_odd_french_text_is_a_4xx_never_a_500(api: TestClient, sign_up: SignUp, typed: str) -> None:
    me = sign_up()
    response = api.put("/api/v1/income", headers={**me, **FR}, json={"monthly_take_home": typed})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 422:
        assert response.json()["message"].startswith("monthly_take_home: ")
