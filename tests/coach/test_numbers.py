"""The number check matches numbers by value across the ways people write them, and flags the rest."""

from __future__ import annotations

import pytest

from agent.coach.numbers import find_numbers, mark_unverified, unverified_numbers

TOOL = '{"fire_number": "1234567.89", "withdrawal_rate": 0.04, "monthly_surplus": "2345.50", "years": 14.6}'


@pytest.mark.parametrize("answer", [
    "Your FIRE number is $1,234,567.89.",
    "Your FIRE number is about $1.23 million.",
    "Your FIRE number is about $1.2M.",
    "Your FIRE number is roughly $1,235,000.",
    "It assumes a 4% withdrawal rate.",
    "It assumes a 4 percent withdrawal rate (0.04).",
    "You save $2,345.50 a month, about $2.3k.",
    "You could reach FI in about 15 years.",
    "You could reach FI in 14.6 years.",
])
def test_numbers_from_the_tool_pass_however_written(answer: str) -> None:
    assert unverified_numbers(answer, [TOOL]) == []


@pytest.mark.parametrize(("answer", "flagged"), [
    ("Your FIRE number is $1,500,000.", ["$1,500,000"]),
    ("You save $2,900 a month.", ["$2,900"]),
    ("It assumes a 5% withdrawal rate.", ["5%"]),
    ("You could reach FI in 22 years.", ["22"]),
])
def test_numbers_no_source_vouches_for_are_flagged(answer: str, flagged: list[str]) -> None:
    assert [n.text for n in unverified_numbers(answer, [TOOL])] == flagged


def test_the_users_own_numbers_count_and_small_counts_are_exempt() -> None:
    user = "I'm 34 and earn $85k a year"
    answer = "At 34, with $85,000 a year, here are 3 steps:\n1. Save\n2. Invest"
    assert unverified_numbers(answer, [user]) == []


def test_marking_puts_a_visible_tag_after_each_unverified_number() -> None:
    answer = "Your FIRE number is $1,500,000 and you save $2,345.50."
    missing = unverified_numbers(answer, [TOOL])
    assert mark_unverified(answer, missing) == "Your FIRE number is $1,500,000 [unverified] and you save $2,345.50."


def test_dates_split_into_parts_and_suffixes_scale() -> None:
    assert [n.values[0] for n in find_numbers("$85k, 1.2 million, 2041-06-01")] == [85000, 1.2e6, 2041, 6, 1]


def test_a_negative_amount_written_before_the_dollar_sign_keeps_its_sign() -> None:
    """The coach writes a negative difference as "-$474.00"; the tool said -474. A range "$400-$500" is two
    positive amounts."""
    tool = '{"savings_difference": -474.0, "low": 400, "high": 500}'
    assert unverified_numbers("Difference per month: -$474.00", [tool]) == []
    assert [n.values for n in find_numbers("-$474.00, $400-$500, $-12")] == [(-474.0,), (400.0,), (500.0,), (-12.0,)]
    assert [n.text for n in unverified_numbers("Difference per month: $474.00", [tool])] == ["$474.00"]


def test_a_french_decimal_of_four_places_is_one_number() -> None:
    """"28,5714" in a French answer is the multiplier 28.5714 (no group of thousands has four digits)."""
    assert [n.values for n in find_numbers("54 000 $ par année x 28,5714")] == [(54000.0,), (28.5714,)]
    assert unverified_numbers("x 28,5714", ['{"multiplier": 28.5714}']) == []
    assert [n.values for n in find_numbers("1,234 and 12,5 %")] == [(1234.0,), (12.5, 0.125)]
