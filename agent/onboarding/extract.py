"""Onboarding fields from what the user said or typed: age, province, household, pay, housing, spending, goals.

Rules rather than a model, so it works offline and on a recogniser's unpunctuated lower-case words: the
text is first rewritten with digits (`numbers.digitise`), then each amount is given a meaning by the words
just before it ("rent", "take home", "salary", "save ... for a house") and a period by the words after it
("a month", "per year", "every two weeks"). Each field carries a confidence (how explicit the wording was)
and the words it was read from, so the client can show what was heard.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from agent.onboarding.lexicon import ENGLISH, RULES, Language, Rules
from agent.onboarding.numbers import digitise
from api.planning.canada import CITIES, PROVINCE_CODES, province_mentions

# The Canadian reference's names and aliases (accented too: the transcript keeps accents), and "bc" as said.
PROVINCES: dict[str, str] = {word: str(code) for word, code in province_mentions(accented=True).items()
                             if len(word) > 2} | {"bc": "BC"}
_CODES = {code.lower(): code for code in PROVINCE_CODES if code not in ("ON",)}  # "on" is a word, not Ontario

_AMOUNT = re.compile(r"(?P<dollar>\$\s?)?(?<![\w.])(?P<num>\d+(?:\.\d+)?)(?!\w|\.\d)(?P<unit>\s*(?:dollars|bucks|\$))?")
_MONEY_CONTEXT_WORDS = 9  # how far back the words naming an amount may be


@dataclass(frozen=True)
class Found:
    """One extracted field: its value, how sure we are (0-1) and the words it came from."""

    value: Any
    confidence: float
    heard: str

    def as_dict(self) -> dict[str, Any]:
        value = float(self.value) if isinstance(self.value, Decimal) else self.value
        return {"value": value, "confidence": round(self.confidence, 2), "heard": self.heard}


def _without_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _money(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _window_before(text: str, start: int, floor: int) -> str:
    words = text[floor:start].split()
    return " ".join(words[-_MONEY_CONTEXT_WORDS:])


def _period(after: str, rules: Rules = ENGLISH) -> str | None:
    head = " ".join(after.split()[:5])
    for pattern, period in ((rules.biweek, "biweekly"), (rules.week, "weekly"), (rules.month, "month"),
                            (rules.year, "year")):
        match = pattern.search(head)
        if match and not re.search(rules.period_guard + re.escape(match.group(0).split()[-1]), head[:match.end()]):
            return period
    return None


def _monthly(amount: Decimal, period: str | None, default: str) -> Decimal:
    period = period or default
    factor = {"month": Decimal(1), "year": Decimal(1) / 12, "biweekly": Decimal(26) / 12,
              "weekly": Decimal(52) / 12}[period]
    return _money(amount * factor)


def _goal_date(clause: str, today: date, rules: Rules = ENGLISH) -> date | None:
    year = rules.goal_year.search(clause)
    # "...the year 2030" however the word before it was heard ("by the year" can come out "I'm a year")
    year = year or rules.goal_the_year.search(clause)
    if year and today.year <= int(year.group(1)) <= today.year + 80:
        return date(int(year.group(1)), 12, 31)
    years = rules.goal_in_years.search(clause)
    if years:
        return date(today.year + int(years.group(1)), today.month, min(today.day, 28))
    if rules.goal_next_year.search(clause):
        return date(today.year + 1, 12, 31)
    months = rules.goal_in_months.search(clause)
    if months:
        total = today.month - 1 + int(months.group(1))
        return date(today.year + total // 12, total % 12 + 1, min(today.day, 28))
    return None


def _goal_kind(clause: str, rules: Rules = ENGLISH) -> tuple[str, str]:
    for pattern, category, name in rules.goal_kinds:
        if pattern.search(clause):
            return category, name
    return rules.default_goal


def _clauses(text: str) -> list[tuple[int, int]]:
    """Spans between sentence ends, and before each amount's own lead-in, used to bound context."""
    spans, start = [], 0
    for match in re.finditer(r"[.!?;\n]+", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return spans


def _clause_of(spans: list[tuple[int, int]], position: int) -> tuple[int, int]:
    for start, end in spans:
        if start <= position <= end:
            return start, end
    return spans[-1]


def _meaning(before: str, after: str, rules: Rules = ENGLISH) -> tuple[str, float]:
    """What an amount is: the naming words nearest before it, else a few words after ("2,000 in rent")."""
    best: tuple[int, str, float] | None = None
    for pattern, kind, strength in rules.meanings:
        ends = [m.end() for m in pattern.finditer(before)]
        if ends and (best is None or max(ends) > best[0]):
            best = (max(ends), kind, strength)
    if best is not None and best[1] in ("earn", "salary") and rules.after_take_home.search(after):
        return "take_home", 0.8
    if best is not None and best[1] != "earn":
        return best[1], best[2]
    if rules.after_housing.search(after):
        return "housing", 0.8
    if rules.after_spending.search(after):
        return "spending", 0.7
    return (best[1], best[2]) if best is not None else ("unknown", 0.0)


def _age(text: str, found: dict[str, Found], rules: Rules = ENGLISH) -> None:
    for pattern, confidence in rules.ages:
        for match in re.finditer(pattern, text):
            value = int(next(g for g in match.groups() if g))
            if 14 <= value <= 110 and not rules.relative_before_age.search(text[max(0, match.start() - 25):
                                                                                 match.start()]):
                found["age"] = Found(value, confidence, match.group(0))
                return


def _province(text: str, found: dict[str, Found], rules: Rules = ENGLISH) -> None:
    best: tuple[int, Found] | None = None
    for name, code in PROVINCES.items():
        for match in re.finditer(rf"\b{re.escape(name)}\b", text):
            confidence = 0.95 if rules.place_before.search(text[max(0, match.start() - 20):match.start()]) else 0.8
            if best is None or match.start() > best[0]:  # the last place named wins ("moved from X to Y")
                best = (match.start(), Found(code, confidence, match.group(0)))
    for code_word, code in _CODES.items():
        for match in re.finditer(rf"\b(?:{rules.code_before})\s+({code_word})\b", text):
            if best is None:
                best = (match.start(), Found(code, 0.6, match.group(0)))
    if best is None:
        plain = text if rules is ENGLISH else _without_accents(text)  # "Montréal" is the reference's "montreal"
        for city, code in CITIES.items():
            city_match = re.search(rf"\b{re.escape(city)}\b", plain)
            if city_match:
                best = (city_match.start(), Found(code, 0.6, city_match.group(0)))
                break
    if best is not None:
        found["province"] = best[1]


def _household(text: str, found: dict[str, Found], rules: Rules = ENGLISH) -> None:
    for pattern, status, confidence in rules.marital:
        match = pattern.search(text)
        if match:
            found["marital_status"] = Found(status, confidence, match.group(0))
            break
    none = rules.no_children.search(text)
    counted = rules.counted_children.search(text)
    pair = rules.pair_of_children.search(text)
    single = rules.one_child.search(text)
    if counted and int(counted.group(1)) <= 30:
        found["dependents"] = Found(int(counted.group(1)), 0.9, counted.group(0))
    elif pair:
        found["dependents"] = Found(2, 0.85, pair.group(0))
    elif single:
        found["dependents"] = Found(1, 0.8, single.group(0))
    elif none:
        found["dependents"] = Found(0, 0.9, none.group(0))


def _amounts(text: str, found: dict[str, Found], goals: list[dict[str, Any]], today: date,
             rules: Rules = ENGLISH) -> None:
    spans = _clauses(text)
    previous_end = 0
    for match in _AMOUNT.finditer(text):
        value = Decimal(match.group("num"))
        after = text[match.end():match.end() + 60]
        clause_start, _ = _clause_of(spans, match.start())
        if rules.not_an_amount_after.match(after):
            previous_end = match.end()
            continue
        before = _window_before(text, match.start(), max(previous_end, clause_start))
        is_money = bool(match.group("dollar") or match.group("unit")) or value >= 100
        if not is_money or (1900 <= value <= 2100 and not match.group("dollar") and (
                rules.year_word_before.search(before) or rules.year_phrase_before.search(before))):
            previous_end = match.end()
            continue
        tail = re.split(rf"[.!?;]|{rules.and_word.pattern}", after, maxsplit=1)[0]  # the rest of this part
        after = re.split(r"\d{3,}", after, maxsplit=1)[0]  # up to the next amount
        period = _period(after, rules)
        heard = f"{before} {match.group(0).strip()} {' '.join(after.split()[:3])}".strip()
        meaning, confidence = _meaning(before, after, rules)
        previous_end = match.end()
        if meaning == "unknown":
            continue
        explicit = 0.0 if period else -0.1
        if meaning == "take_home":
            found["monthly_take_home"] = Found(_monthly(value, period, "month"), confidence + explicit, heard)
        elif meaning == "partner":
            found["partner_income"] = Found(_monthly(value, period, "year" if value >= 15000 else "month"),
                                            confidence + explicit, heard)
        elif meaning in ("salary", "earn"):
            if period in ("month", "biweekly", "weekly") and meaning == "earn":
                # "I make 5,000 a month" is usually what reaches the bank account
                found["monthly_take_home"] = Found(_monthly(value, period, "month"), confidence - 0.1, heard)
            else:
                yearly = value if period in (None, "year") else _money(_monthly(value, period, "month") * 12)
                if period is None and value < 15000:
                    yearly = value * 12
                found["annual_salary"] = Found(_money(yearly), confidence + explicit, heard)
        elif meaning == "housing":
            found["rent_mortgage"] = Found(_monthly(value, period, "month"), confidence + explicit, heard)
        elif meaning == "spending":
            found["other_monthly_spending"] = Found(_monthly(value, period, "month"), confidence + explicit, heard)
        elif meaning == "goal" and period not in ("month", "weekly", "biweekly"):  # "I save 500 a month" is no goal
            clause = f"{before} {match.group(0)} {tail}"
            category, name = _goal_kind(before, rules)
            if (category, name) == rules.default_goal:
                category, name = _goal_kind(rules.and_word.split(after, maxsplit=1)[0], rules)
            goals.append({"name": name, "category": category, "target_amount": float(_money(value)),
                          "target_date": _goal_date(clause, today, rules), "confidence": confidence, "heard": heard})


def _date_only_goals(text: str, goals: list[dict[str, Any]], today: date, rules: Rules = ENGLISH) -> None:
    """Goals said without an amount ("I want to retire by 2045"): kept with a zero target to fill in."""
    for match in rules.wants.finditer(text):
        clause = match.group(0)
        said_amount = rules.said_amount.search(rules.year_in_goal.sub("", match.group(1)))
        if said_amount:  # goals with an amount were read with their amount
            continue
        category, name = _goal_kind(clause, rules)
        if any(g["category"] == category for g in goals) or (category, name) == rules.default_goal:
            continue
        goals.append({"name": name, "category": category, "target_amount": 0.0,
                      "target_date": _goal_date(clause, today, rules), "confidence": 0.5, "heard": clause})


def extract(text: str, *, today: date | None = None, language: Language = "en") -> dict[str, Any]:
    """Fields found in `text` (said in `language`): {field: Found.as_dict()} plus "goals": [{name, category,
    target_amount, target_date (ISO), confidence, heard}]."""
    today = today or date.today()
    rules = RULES[language]
    normal = digitise(text, language)
    found: dict[str, Found] = {}
    goals: list[dict[str, Any]] = []
    _age(normal, found, rules)
    _province(normal, found, rules)
    _household(normal, found, rules)
    _amounts(normal, found, goals, today, rules)
    _date_only_goals(normal, goals, today, rules)
    result: dict[str, Any] = {name: item.as_dict() for name, item in found.items()}
    if goals:
        result["goals"] = [{**g, "target_date": g["target_date"].isoformat() if g["target_date"] else None,
                            "confidence": round(g["confidence"], 2)} for g in goals]
    return result


def merge(utterances: list[str], *, today: date | None = None,
          languages: list[Language] | None = None) -> dict[str, Any]:
    """Fields from every utterance in order (each read in its language, `languages[i]`, English when not given): a
    later answer replaces an earlier one; goals accumulate (one per name, the latest wins)."""
    merged: dict[str, Any] = {}
    goals: dict[str, dict[str, Any]] = {}
    said_in = list(languages or [])
    for i, utterance in enumerate(utterances):
        fields = extract(utterance, today=today, language=said_in[i] if i < len(said_in) else "en")
        for goal in fields.pop("goals", []):
            goals[goal["name"]] = goal
        merged.update(fields)
    if goals:
        merged["goals"] = list(goals.values())
    return merged
