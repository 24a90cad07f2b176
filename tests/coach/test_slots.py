"""The one slot reader: the coach and voice onboarding read numbers said in words (and written the French way)
with the same code, so the same message gives both the same figures."""

from __future__ import annotations

from decimal import Decimal

import pytest

from agent.coach.offline_nlu import extract
from agent.onboarding import numbers as onboarding_numbers
from agent.onboarding.extract import extract as onboarding_extract
from agent.slots import digitise


@pytest.mark.parametrize(("said", "digits"), [
    ("seventy-two hundred a month", "7200 a month"),
    ("two hundred and fifty thousand", "250000"),
    ("I'm thirty one", "i'm 31"),
    ("by twenty thirty", "by 2030"),
    ("sixty grand", "60000"),
    ("85k and 5,000", "85000 and 5000"),
    ("80 000 $ par année", "80000 $ par année"),  # thousands grouped with a space
    ("1\u00a0250\u00a0000 $", "1250000 $"),  # ...or a no-break space
    ("un rendement de 12,5 %", "un rendement de 12,5 %"),  # a decimal comma is left for the reader
    ("my 401k", "my 401k"),  # the account, not 401,000
])
def test_numbers_in_words_and_grouping(said: str, digits: str) -> None:
    assert digitise(said) == digits


def test_onboarding_uses_the_same_reader() -> None:
    assert onboarding_numbers.digitise is digitise


@pytest.mark.parametrize(("message", "monthly"), [
    ("we spend seventy-two hundred a month", Decimal("7200")),
    ("we spend 3 200 $ per month", Decimal("3200")),  # (onboarding reads English only; French is issue 22)
])
def test_the_coach_and_onboarding_read_the_same_amount(message: str, monthly: Decimal) -> None:
    coach = extract(message)
    assert [a.value for a in coach.amounts] == [monthly] and coach.amounts[0].period == "month"
    heard = onboarding_extract(message)
    assert heard["other_monthly_spending"]["value"] == float(monthly)


def test_words_after_a_value_belong_to_it_until_the_next_number() -> None:
    slots = extract("tax on $100,000 in Ontario with a $10,000 RRSP contribution")
    assert [(a.value, a.role) for a in slots.amounts] == [(Decimal("100000"), None),
                                                         (Decimal("10000"), "rrsp_amount")]
    assert [a.value for a in extract("my 401k has 50k").amounts] == [Decimal("50000")]
    assert extract("what if returns are 12,5%").rates[0].value == 0.125
