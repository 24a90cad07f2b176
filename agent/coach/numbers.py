"""The number check: every number the coach states must appear in a tool result or the user's own words.

Numbers are compared as values, not strings, so "$1,234.50", "1234.5", "$1.2k" and "1.2 thousand" can all
match the same tool output (as the French "1 234,50 $" does), and a rate written "4%" (or "4 %") matches a tool's
fraction 0.04. A stated number may be
rounded: "$35,000" matches 34,812 (its trailing zeros say it was rounded to the thousand), "$1.2k" matches
1,234, and anything within half a percent matches. Bare small integers (list numbering, "3 steps",
"12 months") are not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_NUMBER = re.compile(
    r"(?:(?<![\w$])(?P<lead>-)(?=\$))?(?P<currency>\$\s?)?"  # "-$474.00" is negative, "$400-$500" a range
    r"(?<![\w.,\u00a0\u202f])(?P<sign>-)?(?P<num>"
    r"\d{1,3}(?:[\u00a0\u202f]\d{3})+(?:,\d+)?"  # French: 1 234 567,5 (no-break spaces)
    r"|\d{1,3}(?: \d{3})+(?:,\d+)?(?=[ \u00a0\u202f]?\$)"  # "6 000 $" typed with plain spaces
    r"|\d+,\d{1,2}(?![\d,])"  # a decimal comma: 12,5 % (one or two decimals; "1,234" is English)
    r"|\d+,\d{4,}(?![\d,])"  # four decimals or more, no group of thousands: the French 28,5714
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?:\s?(?P<suffix>%|percent\b|per\s?cent\b|[kK]\b|[mM]{1,2}\b|[bB]n?\b|thousand\b|million\b|billion\b"
    r"|\$))?"  # French puts the dollar sign after: 1 234 $
)
_MULTIPLIERS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9,
                "billion": 1e9}
SMALL_INTEGER = 12


@dataclass(frozen=True)
class StatedNumber:
    """A number as written in text, with the values it may stand for and how much rounding it allows."""

    text: str
    start: int
    end: int
    values: tuple[float, ...]
    tolerance: float
    exempt: bool


def _plain(digits: str) -> str:
    """A number as written (1,234.5 or the French 1 234,5 and 12,5) as Python reads it."""
    if re.search(r"[\u00a0\u202f ]", digits) or re.fullmatch(r"\d+,(?:\d{1,2}|\d{4,})", digits):
        return re.sub(r"[\u00a0\u202f ]", "", digits).replace(",", ".")
    return digits.replace(",", "")


def _rounding(digits: str) -> float:
    """Half a unit of the last digit shown, counting an integer's trailing zeros as rounding."""
    digits = _plain(digits)
    if "." in digits:
        decimals = len(digits.split(".", 1)[1])
        return float(0.5 * 10 ** (-decimals))
    stripped = digits.rstrip("0")
    zeros = len(digits) - len(stripped) if stripped else 0
    return float(0.5 * 10**zeros)


def find_numbers(text: str) -> list[StatedNumber]:
    """Every number written in `text`, normalised."""
    found: list[StatedNumber] = []
    for match in _NUMBER.finditer(text):
        raw = match.group("num")
        value = float(_plain(raw))
        if match.group("sign") or match.group("lead"):
            value = -value
        suffix = (match.group("suffix") or "").lower().replace(" ", "")
        currency = bool(match.group("currency")) or suffix == "$"
        suffix = "" if suffix == "$" else suffix
        tolerance = _rounding(raw)
        values: tuple[float, ...]
        if suffix in ("%", "percent"):
            values = (value, value / 100)
            tolerance_rel = tolerance
        elif suffix in _MULTIPLIERS:
            mult = _MULTIPLIERS[suffix]
            values = (value * mult,)
            tolerance_rel = tolerance * mult
        else:
            values = (value,)
            tolerance_rel = tolerance
        exempt = (not currency and not suffix and "." not in raw and "," not in raw
                  and abs(value) <= SMALL_INTEGER)
        found.append(StatedNumber(text=match.group(0).strip(), start=match.start(), end=match.end(),
                                  values=values, tolerance=tolerance_rel, exempt=exempt))
    return found


def source_values(texts: Iterable[str]) -> list[float]:
    """The values a set of sources (tool results, the user's messages) vouch for.

    A fraction also vouches for its percentage (0.04 -> 4) and a percentage for its fraction.
    """
    values: list[float] = []
    for text in texts:
        for number in find_numbers(text):
            for value in number.values:
                values.append(value)
                if abs(value) <= 1:
                    values.append(value * 100)
                values.append(value / 100)
    return values


def _matches(number: StatedNumber, sources: list[float]) -> bool:
    for stated in number.values:
        # The percentage reading of "4%" is 4 and 0.04; the tolerance belongs to the written value.
        tolerance = max(number.tolerance if stated == number.values[0] else number.tolerance / 100,
                        0.005 * abs(stated), 1e-9)
        if any(abs(stated - source) <= tolerance for source in sources):
            return True
    return False


def unverified_numbers(answer: str, sources: Iterable[str]) -> list[StatedNumber]:
    """The numbers in `answer` that no source vouches for (exempt small integers left out)."""
    values = source_values(sources)
    return [number for number in find_numbers(answer) if not number.exempt and not _matches(number, values)]


UNVERIFIED_MARK = " [unverified]"


def mark_unverified(answer: str, numbers: list[StatedNumber]) -> str:
    """Append a visible mark after each unverified number."""
    out: list[str] = []
    position = 0
    for number in sorted(numbers, key=lambda n: n.start):
        end = number.end
        while end > number.start and answer[end - 1].isspace():
            end -= 1
        out.append(answer[position:end])
        out.append(UNVERIFIED_MARK)
        position = end
    out.append(answer[position:])
    return "".join(out)
