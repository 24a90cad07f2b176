"""Number words to digits and back: the recogniser writes "five thousand two hundred", the extractor needs 5200."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent.onboarding.numbers import digitise, say, say_year


@pytest.mark.parametrize(("text", "expected"), [
    ("eighty five thousand", "85000"),
    ("two thousand four hundred", "2400"),
    ("five thousand two hundred dollars a month", "5200 dollars a month"),
    ("twenty five hundred", "2500"),
    ("a hundred thousand", "100000"),
    ("two thousand and fifty", "2050"),
    ("one million two hundred thousand", "1200000"),
    ("thirty-five", "35"),
    ("by twenty thirty", "by 2030"),
    ("in twenty twenty eight", "in 2028"),
    ("nineteen ninety", "1990"),
    ("$5,200 or 85k or 5.2 thousand", "$5200 or 85000 or 5200"),
    ("one two three", "1 2 3"),
    ("I have two kids", "i have 2 kids"),
    ("ok k-pop", "ok k-pop"),
    ("oh I see, one moment", "oh i see, 1 moment"),
])
def test_digitise_reads_number_words_as_people_say_them(text: str, expected: str) -> None:
    assert digitise(text) == expected


@given(st.integers(min_value=0, max_value=999_999_999))
def test_saying_a_number_and_reading_it_back_gives_the_number(n: int) -> None:
    assert digitise(say(n)) == str(n)


@given(st.integers(min_value=2000, max_value=2099))
def test_years_said_in_pairs_read_back_as_years(year: int) -> None:
    assert digitise(f"by {say_year(year)}") == f"by {year}"
