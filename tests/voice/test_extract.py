"""The onboarding extractor over varied phrasings, typed and as a recogniser writes them (no punctuation)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from agent.onboarding.extract import extract, merge
from agent.onboarding.fields import fields_from, missing_questions

TODAY = date(2026, 11, 23)


def values(text: str) -> dict[str, Any]:
    found = extract(text, today=TODAY)
    return {k: (v["value"] if k != "goals" else v) for k, v in found.items()}


def test_the_spoken_example_gives_age_province_pay_and_rent() -> None:
    heard = ("i am thirty five years old and live in ontario my take home pay is five thousand two hundred "
             "dollars a month and my rent is two thousand dollars")
    assert values(heard) == {"age": 35, "province": "ON", "monthly_take_home": 5200.0, "rent_mortgage": 2000.0}


@pytest.mark.parametrize(("text", "expected"), [
    ("I make eighty five thousand a year", {"annual_salary": 85000.0}),
    ("my salary is 120k", {"annual_salary": 120000.0}),
    ("I take home $4,100 per month", {"monthly_take_home": 4100.0}),
    ("my take home is sixty thousand a year", {"monthly_take_home": 5000.0}),
    ("I get paid 2,500 every two weeks after tax", {"monthly_take_home": 5416.67}),
    ("mortgage is $2,400/month", {"rent_mortgage": 2400.0}),
    ("I pay 1800 in rent", {"rent_mortgage": 1800.0}),
    ("my rent is twenty four thousand a year", {"rent_mortgage": 2000.0}),
    ("we spend about 3k a month on everything else", {"other_monthly_spending": 3000.0}),
    ("my wife makes 60000 a year", {"marital_status": "married", "partner_income": 5000.0}),
])
def test_amounts_get_their_meaning_and_period(text: str, expected: dict[str, Any]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We live in Calgary", "AB"),
    ("I'm from British Columbia", "BC"),
    ("i moved from quebec to nova scotia", "NS"),
    ("living in PEI", "PE"),
    ("we are in the northwest territories", "NT"),
])
def test_provinces_and_cities(text: str, expected: str) -> None:
    assert values(text)["province"] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm married with two kids", {"marital_status": "married", "dependents": 2}),
    ("single, no kids", {"marital_status": "single", "dependents": 0}),
    ("we are common law and have a son and a daughter", {"marital_status": "common-law", "dependents": 2}),
    ("I am divorced with one child", {"marital_status": "divorced", "dependents": 1}),
])
def test_household(text: str, expected: dict[str, Any]) -> None:
    assert values(text) == expected


def test_goals_with_amounts_and_dates() -> None:
    goals = values("I want to save twenty thousand dollars for a house by twenty thirty and an emergency fund "
                   "of ten thousand. I want to retire by 2045.")["goals"]
    assert [(g["name"], g["category"], g["target_amount"], g["target_date"]) for g in goals] == [
        ("Home down payment", "home", 20000.0, "2030-12-31"),
        ("Emergency fund", "emergency-fund", 10000.0, None),
        ("Retirement", "retirement", 0.0, "2045-12-31"),
    ]


def test_ages_are_not_amounts_and_years_are_not_money() -> None:
    found = values("I am 29 and I want to buy a house in 5 years")
    assert found["age"] == 29
    assert found["goals"][0]["target_date"] == "2031-11-23"
    assert "rent_mortgage" not in found and "annual_salary" not in found


def test_later_answers_replace_earlier_ones_and_questions_follow_what_is_missing() -> None:
    merged = merge(["I live in Ontario and my rent is 1500", "actually my rent is 1700 a month"], today=TODAY)
    fields = fields_from(merged)
    assert (fields.province, fields.rent_mortgage) == ("ON", Decimal(1700))
    asked = [q["field"] for q in missing_questions(fields)]
    assert asked == ["age", "monthly_take_home", "other_monthly_spending", "marital_status", "goals"]


def test_confidence_is_lower_when_the_wording_is_vague() -> None:
    explicit = extract("my take home pay is 5200 a month", today=TODAY)["monthly_take_home"]["confidence"]
    vague = extract("I make 5200 a month", today=TODAY)["monthly_take_home"]["confidence"]
    assert explicit > vague
