"""One Canadian reference: the coach and voice onboarding read provinces from `api/planning/canada.py` (the
web's `packages/shared/src/canada.ts` is held to it in tests/web/test_api_client.py), and no other module keeps
a list of its own."""

from __future__ import annotations

import re
from pathlib import Path

from agent.coach.offline_nlu import PROVINCE_NAMES, find_province
from agent.onboarding.extract import PROVINCES as SPOKEN
from api.planning.canada import CITIES, NAME_LIKE_CITIES, PROVINCES, province_code, province_mentions

ROOT = Path(__file__).resolve().parents[3]


def test_every_reader_knows_every_name_in_both_languages() -> None:
    mentions = province_mentions(accented=True)
    for code, (english, french) in PROVINCES.items():
        for name in (english, french):
            assert province_code(name) == code
            assert mentions[name.lower()] == code
            assert SPOKEN[name.lower()] == code
            assert find_province(f"I pay tax in {name}") == code


def test_the_coach_reads_cities_but_not_people() -> None:
    assert find_province("Toronto rent is high") == "ON" and find_province("we live in Saskatoon") == "SK"
    assert find_province("my partner Regina makes 60k") is None
    assert all(city not in names for names in PROVINCE_NAMES.values() for city in NAME_LIKE_CITIES)
    assert set(CITIES) - NAME_LIKE_CITIES <= {w for names in PROVINCE_NAMES.values() for w in names}
    assert find_province("qu'est-ce que le CELI?") is None  # "que" names Quebec only as a saved value
    assert province_code("Que") == "QC"


def test_no_other_module_keeps_its_own_province_list() -> None:
    """Three provinces' names together in one file outside the reference means a copy."""
    allowed = {"api/planning/canada.py", "packages/shared/src/canada.ts", "packages/shared/src/api/schema.ts",
               # Not a reference: the spoken sentences the offline recogniser's language model is fitted on.
               "api/voice/language_model.py"}
    copies = []
    patterns = ("api/**/*.py", "agent/**/*.py", "tools/**/*.py", "web/src/**/*.ts", "web/src/**/*.tsx",
                "packages/shared/src/**/*.ts")
    for path in (p for pattern in patterns for p in ROOT.glob(pattern)):
        relative = path.relative_to(ROOT).as_posix()
        text = path.read_text(errors="ignore").lower()
        if relative not in allowed and len(re.findall(r"saskatchewan|manitoba|nova scotia|new brunswick", text)) >= 3:
            copies.append(relative)
    assert copies == []
