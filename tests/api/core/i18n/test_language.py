"""Choosing the language of a request, and numbers the French way."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api.core.i18n import language_of_header, language_of_locale, localize, msg
from api.core.i18n.numbers import AmbiguousNumber, french_number, read_french_amount

NBSP = "\u00a0"


@pytest.mark.parametrize(("header", "language"), [
    ("fr", "fr"), ("fr-CA", "fr"), ("fr-FR", "fr"), ("FR-ca", "fr"), ("fr-CA,fr;q=0.9,en;q=0.8", "fr"),
    ("en-CA,fr;q=0.5", "en"), ("fr;q=0.2, en;q=0.9", "en"), ("de, fr;q=0.9", "fr"), ("de", "en"), ("*", "en"),
    ("en", "en"), ("*, fr;q=0.5", "en"), ("fr;q=0, en", "en"), ("fr;q=oops, en;q=0.1", "en"), ("frisian", "en"),
    (" ", None), (None, None), ("", None)])
def test_the_most_wanted_language_we_speak_decides(header: str | None, language: str | None) -> None:
    assert language_of_header(header) == language


def test_saved_locales() -> None:
    assert language_of_locale("fr-CA") == language_of_locale("fr") == "fr"
    assert language_of_locale("en-CA") == language_of_locale(None) == language_of_locale("es-MX") == "en"


def test_numbers_are_written_the_french_way() -> None:
    assert french_number("1,234.56") == f"1{NBSP}234,56" and french_number("2026") == "2026"
    text = msg("validation_error.cpp_at_65_max", where="members.0", max=1433.0)
    assert text == "members.0.cpp_at_65: a monthly CPP at 65 is at most 1,433"  # English exactly as it was
    assert localize(text, "fr")[0] == (
        f"members.0.cpp_at_65: une rente mensuelle du RPC à 65 ans est d\u2019au plus 1{NBSP}433{NBSP}$")


@pytest.mark.parametrize(("typed", "value"), [("12,5", Decimal("12.5")), ("1 234,56", Decimal("1234.56")),
                                              ("-4\u00a0500", Decimal("-4500")), ("0,125", Decimal("0.125")),
                                              ("12.5", None), ("abc", None), ("1 23", None)])
def test_french_amounts(typed: str, value: Decimal | None) -> None:
    assert read_french_amount(typed) == value


@pytest.mark.parametrize("typed", ["1,234", "12,345", "1.234,56", "1,234.56"])
def test_ambiguous_amounts(typed: str) -> None:
    with pytest.raises(AmbiguousNumber):
        read_french_amount(typed)


def test_an_unknown_message_stays_english() -> None:
    assert localize("Something nobody translated", "fr") == ("Something nobody translated", "en")
    assert localize("multiplier: must be between 0.01 and 100", "fr") == (
        "multiplier: doit être entre 0,01 et 100", "fr")


@given(st.text(alphabet=st.sampled_from("0123456789,. \u00a0\u202f-+e\u0663x"), max_size=14))
def test_reading_french_amounts_never_fails_otherwise(typed: str) -> None:
    """Any text is a number, not a French number (None), or ambiguous: nothing else escapes."""
    try:
        value = read_french_amount(typed)
    except AmbiguousNumber:
        return
    assert value is None or value.is_finite()
