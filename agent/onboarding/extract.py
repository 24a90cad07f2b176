"""Onboarding fields from what the user said or typed: age, province, household, pay, housing, spending, goals.

Rules rather than a model, so it works offline and on a recogniser's unpunctuated lower-case words: the
text is first rewritten with digits (`numbers.digitise`), then each amount is given a meaning by the words
just before it ("rent", "take home", "salary", "save ... for a house") and a period by the words after it
("a month", "per year", "every two weeks"). Each field carries a confidence (how explicit the wording was)
and the words it was read from, so the client can show what was heard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from agent.onboarding.numbers import digitise
from api.planning.canada import CITIES, PROVINCE_CODES, province_mentions

# The Canadian reference's names and aliases (accented too: the transcript keeps accents), and "bc" as said.
PROVINCES: dict[str, str] = {word: str(code) for word, code in province_mentions(accented=True).items()
                             if len(word) > 2} | {"bc": "BC"}
_CODES = {code.lower(): code for code in PROVINCE_CODES if code not in ("ON",)}  # "on" is a word, not Ontario

_AMOUNT = re.compile(r"(?P<dollar>\$\s?)?(?<![\w.])(?P<num>\d+(?:\.\d+)?)(?!\w|\.\d)(?P<unit>\s*(?:dollars|bucks|\$))?")
_MONTH = re.compile(r"\b(?:a|per|each|every|/)\s*month\b|\bmonthly\b|\ba mo\b|\bmonth\b")
_MONTH_NAMES = "january|february|march|april|may|june|july|august|september|october|november|december"
_YEAR = re.compile(r"\b(?:a|per|each|every|/)\s*year\b|\b(?:yearly|annually|annual|per annum)\b|\byear\b")
_BIWEEK = re.compile(r"\bevery (?:2|two) weeks\b|\bbi-?weekly\b|\bevery other week\b")
_WEEK = re.compile(r"\b(?:a|per|each|every)\s*week\b|\bweekly\b")

# Words before an amount that say what it is, strongest first. Each: (pattern, kind, confidence).
_MEANINGS: list[tuple[re.Pattern[str], str, float]] = [
    (re.compile(r"\b(?:partner|wife|husband|spouse)\b.*\b(?:makes?|earns?|salary|income|brings?)\b"), "partner", 0.8),
    (re.compile(r"\btake[- ]?home(?: pay)?\b|\bnet (?:pay|income)\b|\bbring home\b|\bafter tax(?:es)?\b"
                r"|\bpaycheck|\bpaycheque"), "take_home", 0.9),
    (re.compile(r"\brent\b|\bmortgage\b|\bhousing\b"), "housing", 0.9),
    (re.compile(r"\bemergency fund\b|\bdown ?payment\b|\bsave\b|\bsaving\b|\bgoal\b|\bpay off\b|\bpay down\b"
                r"|\bwant to\b|\bwould like\b|\bi'd like\b"), "goal", 0.75),
    (re.compile(r"\bspend\b|\bspending\b|\bexpenses\b|\bcosts?\b|\bgroceries\b|\bbills\b|\beverything else\b"),
     "spending", 0.75),
    (re.compile(r"\bsalary\b|\bgross\b|\bbefore tax(?:es)?\b"), "salary", 0.9),
    (re.compile(r"\bmake\b|\bmakes\b|\bearn\b|\bearns\b|\bincome\b|\bpaid\b|\bmy pay\b"), "earn", 0.65),
]
_GOAL_KINDS: list[tuple[re.Pattern[str], str, str]] = [
    (re.compile(r"\bemergency\b|\brainy day\b"), "emergency-fund", "Emergency fund"),
    (re.compile(r"\bhouse\b|\bhome\b|\bcondo\b|\bdown ?payment\b"), "home", "Home down payment"),
    (re.compile(r"\bdebt\b|\bloan\b|\bcredit card\b|\bpay off\b|\bpay down\b"), "debt-payoff", "Pay off debt"),
    (re.compile(r"\beducation\b|\bschool\b|\bcollege\b|\buniversity\b|\bresp\b"), "education", "Education"),
    (re.compile(r"\btrip\b|\btravel\b|\bvacation\b|\bholiday\b"), "travel", "Travel"),
    (re.compile(r"\bretire\b|\bretirement\b|\bfinancially independent\b|\bfinancial independence\b"),
     "retirement", "Retirement"),
    (re.compile(r"\bcar\b|\btruck\b|\bvehicle\b"), "other", "Car"),
    (re.compile(r"\bwedding\b"), "other", "Wedding"),
]
_MARITAL: list[tuple[re.Pattern[str], str, float]] = [
    (re.compile(r"\bcommon[- ]law\b"), "common-law", 0.9),
    (re.compile(r"\bdivorced\b"), "divorced", 0.9),
    (re.compile(r"\bseparated\b"), "separated", 0.9),
    (re.compile(r"\bwidow(?:ed|er)?\b"), "widowed", 0.9),
    (re.compile(r"\bmarried\b|\bmy (?:wife|husband|spouse)\b|\b(?:wife|husband) and i\b"), "married", 0.85),
    (re.compile(r"\b(?:my|a) partner\b|\bpartner and i\b|\bgirlfriend\b|\bboyfriend\b"), "common-law", 0.5),
    (re.compile(r"\bsingle\b|\blive alone\b|\bnot married\b"), "single", 0.8),
]
_CHILDREN = r"(?:kids?|children|child|dependants?|dependents?|sons?|daughters?|boys?|girls?)"
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


def _money(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _window_before(text: str, start: int, floor: int) -> str:
    words = text[floor:start].split()
    return " ".join(words[-_MONEY_CONTEXT_WORDS:])


def _period(after: str) -> str | None:
    head = " ".join(after.split()[:5])
    for pattern, period in ((_BIWEEK, "biweekly"), (_WEEK, "weekly"), (_MONTH, "month"), (_YEAR, "year")):
        match = pattern.search(head)
        if match and not re.search(r"\b(?:in|by|within|for)\s+\d*\s*(?:a\s+)?" + re.escape(match.group(0).split()[-1]),
                                   head[:match.end()]):
            return period
    return None


def _monthly(amount: Decimal, period: str | None, default: str) -> Decimal:
    period = period or default
    factor = {"month": Decimal(1), "year": Decimal(1) / 12, "biweekly": Decimal(26) / 12,
              "weekly": Decimal(52) / 12}[period]
    return _money(amount * factor)


def _goal_date(clause: str, today: date) -> date | None:
    year = re.search(rf"\b(?:by|in|before|until|for)\s+(?:the\s+(?:end\s+of\s+)?(?:year\s+)?|(?:the\s+)?end\s+of\s+|"
                     rf"(?:{_MONTH_NAMES})\s+)?(20\d\d)\b", clause)
    # "...the year 2030" however the word before it was heard ("by the year" can come out "I'm a year")
    year = year or re.search(r"\b(?:the|a)\s+year\s+(20\d\d)\b", clause)
    if year and today.year <= int(year.group(1)) <= today.year + 80:
        return date(int(year.group(1)), 12, 31)
    years = re.search(r"\bin\s+(\d{1,2})\s+years?\b", clause)
    if years:
        return date(today.year + int(years.group(1)), today.month, min(today.day, 28))
    if re.search(r"\bnext year\b", clause):
        return date(today.year + 1, 12, 31)
    months = re.search(r"\bin\s+(\d{1,2})\s+months?\b", clause)
    if months:
        total = today.month - 1 + int(months.group(1))
        return date(today.year + total // 12, total % 12 + 1, min(today.day, 28))
    return None


def _goal_kind(clause: str) -> tuple[str, str]:
    for pattern, category, name in _GOAL_KINDS:
        if pattern.search(clause):
            return category, name
    return "other", "Savings goal"


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


def _meaning(before: str, after: str) -> tuple[str, float]:
    """What an amount is: the naming words nearest before it, else a few words after ("2,000 in rent")."""
    best: tuple[int, str, float] | None = None
    for pattern, kind, strength in _MEANINGS:
        ends = [m.end() for m in pattern.finditer(before)]
        if ends and (best is None or max(ends) > best[0]):
            best = (max(ends), kind, strength)
    if best is not None and best[1] in ("earn", "salary") and re.search(
            r"^\W*(?:\w+\W+){0,4}?(?:after tax(?:es)?|take[- ]home|net)\b", after):
        return "take_home", 0.8
    if best is not None and best[1] != "earn":
        return best[1], best[2]
    if re.search(r"^\W*(?:\w+\W+){0,3}?(?:in|for|on)\s+(?:the\s+)?(?:rent|mortgage|housing)\b", after):
        return "housing", 0.8
    if re.search(r"^\W*(?:\w+\W+){0,3}?(?:on|for)\s+(?:groceries|food|bills|everything|other|spending)\b", after):
        return "spending", 0.7
    return (best[1], best[2]) if best is not None else ("unknown", 0.0)


def _age(text: str, found: dict[str, Found]) -> None:
    patterns = [
        (r"\b(?:i am|i'm|im|i m)\s+(\d{1,3})\s+(?:years?|yrs?)\s+old\b", 0.95),
        (r"\bmy age is\s+(\d{1,3})\b|\baged?\s+(\d{1,3})\b", 0.9),
        (r"\b(\d{1,3})\s+(?:years?|yrs?)\s+old\b", 0.85),
        (r"\b(?:i am|i'm|im|i just turned|i turned)\s+(\d{1,3})\b(?!\s*(?:dollars|\$|thousand|k\b|percent|%|kids|"
         r"children|years\s+(?:from|until|to|away)))", 0.7),
    ]
    for pattern, confidence in patterns:
        for match in re.finditer(pattern, text):
            value = int(next(g for g in match.groups() if g))
            if 14 <= value <= 110 and not re.search(r"\b(?:wife|husband|partner|son|daughter|kid|child)\b",
                                                     text[max(0, match.start() - 25):match.start()]):
                found["age"] = Found(value, confidence, match.group(0))
                return


def _province(text: str, found: dict[str, Found]) -> None:
    best: tuple[int, Found] | None = None
    for name, code in PROVINCES.items():
        for match in re.finditer(rf"\b{re.escape(name)}\b", text):
            confidence = 0.95 if re.search(r"\b(?:live|living|in|from|moved)\b", text[max(0, match.start() - 20):
                                                                                      match.start()]) else 0.8
            if best is None or match.start() > best[0]:  # the last place named wins ("moved from X to Y")
                best = (match.start(), Found(code, confidence, match.group(0)))
    for code_word, code in _CODES.items():
        for match in re.finditer(rf"\b(?:in|from)\s+({code_word})\b", text):
            if best is None:
                best = (match.start(), Found(code, 0.6, match.group(0)))
    if best is None:
        for city, code in CITIES.items():
            city_match = re.search(rf"\b{re.escape(city)}\b", text)
            if city_match:
                best = (city_match.start(), Found(code, 0.6, city_match.group(0)))
                break
    if best is not None:
        found["province"] = best[1]


def _household(text: str, found: dict[str, Found]) -> None:
    for pattern, status, confidence in _MARITAL:
        match = pattern.search(text)
        if match:
            found["marital_status"] = Found(status, confidence, match.group(0))
            break
    none = re.search(rf"\b(?:no|zero|0|don't have any|do not have any)\s+{_CHILDREN}\b", text)
    counted = re.search(rf"\b(\d{{1,2}})\s+(?:little\s+|young\s+|grown\s+)?{_CHILDREN}\b", text)
    pair = re.search(r"\ba (?:son|boy) and a (?:daughter|girl)\b|\ba (?:daughter|girl) and a (?:son|boy)\b", text)
    single = re.search(r"\b(?:a|one|an only)\s+(?:son|daughter|child|kid|baby|boy|girl|dependant|dependent)\b", text)
    if counted and int(counted.group(1)) <= 30:
        found["dependents"] = Found(int(counted.group(1)), 0.9, counted.group(0))
    elif pair:
        found["dependents"] = Found(2, 0.85, pair.group(0))
    elif single:
        found["dependents"] = Found(1, 0.8, single.group(0))
    elif none:
        found["dependents"] = Found(0, 0.9, none.group(0))


def _amounts(text: str, found: dict[str, Found], goals: list[dict[str, Any]], today: date) -> None:
    spans = _clauses(text)
    previous_end = 0
    for match in _AMOUNT.finditer(text):
        value = Decimal(match.group("num"))
        after = text[match.end():match.end() + 60]
        clause_start, _ = _clause_of(spans, match.start())
        if re.match(r"\s*(?:years?|yrs?|months?|weeks?|days?|kids?|children|percent|%)\b", after):
            previous_end = match.end()
            continue
        before = _window_before(text, match.start(), max(previous_end, clause_start))
        is_money = bool(match.group("dollar") or match.group("unit")) or value >= 100
        year_before = rf"\b(?:by|in|before|until)(?:\s+the(?:\s+end\s+of)?(?:\s+year)?|\s+(?:{_MONTH_NAMES}))?\s*$"
        if not is_money or (1900 <= value <= 2100 and not match.group("dollar") and (
                re.search(r"\b(?:by|in|before|until)\s*$", before) or re.search(year_before, before))):
            previous_end = match.end()
            continue
        tail = re.split(r"[.!?;]|\band\b", after, maxsplit=1)[0]  # the rest of this part of the sentence
        after = re.split(r"\d{3,}", after, maxsplit=1)[0]  # up to the next amount
        period = _period(after)
        heard = f"{before} {match.group(0).strip()} {' '.join(after.split()[:3])}".strip()
        meaning, confidence = _meaning(before, after)
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
            category, name = _goal_kind(before)
            if name == "Savings goal":
                category, name = _goal_kind(re.split(r"\band\b", after, maxsplit=1)[0])
            goals.append({"name": name, "category": category, "target_amount": float(_money(value)),
                          "target_date": _goal_date(clause, today), "confidence": confidence, "heard": heard})


def _date_only_goals(text: str, goals: list[dict[str, Any]], today: date) -> None:
    """Goals said without an amount ("I want to retire by 2045"): kept with a zero target to fill in."""
    for match in re.finditer(r"\b(?:i want to|i'd like to|i would like to|my goal is to|we want to)\s+([^.!?]{3,80})",
                             text):
        clause = match.group(0)
        said_amount = re.search(r"\$|\d{3,}|\bdollars\b", re.sub(r"\b(?:by|in)\s+20\d\d\b", "", match.group(1)))
        if said_amount:  # goals with an amount were read with their amount
            continue
        category, name = _goal_kind(clause)
        if any(g["category"] == category for g in goals) or (category == "other" and name == "Savings goal"):
            continue
        goals.append({"name": name, "category": category, "target_amount": 0.0,
                      "target_date": _goal_date(clause, today), "confidence": 0.5, "heard": clause})


def extract(text: str, *, today: date | None = None) -> dict[str, Any]:
    """Fields found in `text`: {field: Found.as_dict()} plus "goals": [{name, category, target_amount,
    target_date (ISO), confidence, heard}]."""
    today = today or date.today()
    normal = digitise(text)
    found: dict[str, Found] = {}
    goals: list[dict[str, Any]] = []
    _age(normal, found)
    _province(normal, found)
    _household(normal, found)
    _amounts(normal, found, goals, today)
    _date_only_goals(normal, goals, today)
    result: dict[str, Any] = {name: item.as_dict() for name, item in found.items()}
    if goals:
        result["goals"] = [{**g, "target_date": g["target_date"].isoformat() if g["target_date"] else None,
                            "confidence": round(g["confidence"], 2)} for g in goals]
    return result


def merge(utterances: list[str], *, today: date | None = None) -> dict[str, Any]:
    """Fields from every utterance in order: a later answer replaces an earlier one; goals accumulate
    (one per name, the latest wins)."""
    merged: dict[str, Any] = {}
    goals: dict[str, dict[str, Any]] = {}
    for utterance in utterances:
        fields = extract(utterance, today=today)
        for goal in fields.pop("goals", []):
            goals[goal["name"]] = goal
        merged.update(fields)
    if goals:
        merged["goals"] = list(goals.values())
    return merged
