"""The one slot reader's first step, shared by the coach (`agent/coach/offline_nlu.py`) and voice onboarding
(`agent/onboarding/extract.py`): numbers said in words become digits.

People type numbers either way and speech recognisers write them as words, so both readers first rewrite every
run of number words in a text as digits (`digitise`), then read amounts, periods, ages and years with patterns
over digits only. "seventy-two hundred" is 7200, "two hundred and fifty thousand" 250000; years said in pairs
("twenty thirty", "nineteen ninety") become years; "a hundred" and "a thousand" count as one; "k" and "grand"
after a number mean thousands. Thousands separators are dropped ("85,000" is 85000); a decimal comma ("12,5",
as French Canadians write it) is left for the reader, which knows whether it is one.
"""

from __future__ import annotations

import re
from decimal import Decimal

ONES = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
        "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}
SCALES = {"thousand": 1_000, "grand": 1_000, "k": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_NUMBER_WORDS = set(ONES) | set(TENS) | {"hundred"} | set(SCALES)
# Thousands grouped with spaces, as French Canadians write them (a space, a no-break space or a thin one)
_SPACE_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d,]|\.\d)")
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_TOKEN = re.compile(r"\d[\d,]*(?:\.\d+)?|[a-z]+(?:-[a-z]+)*|[^\sa-z\d]+|\s+", re.IGNORECASE)


class _Run:
    """A run of number words being read left to right: total of completed scales plus the current group."""

    def __init__(self) -> None:
        self.total = Decimal(0)
        self.group = Decimal(0)  # below the last scale word, e.g. "two hundred" of "five thousand two hundred"
        self.last: str | None = None  # "ones", "teen", "tens", "hundred", "scale", "digits"
        self.words = 0

    @property
    def value(self) -> Decimal:
        return self.total + self.group

    def accepts(self, word: str) -> bool:
        """Whether `word` continues this number (False starts a new one)."""
        if self.words == 0:
            return True
        kind = _kind(word)
        if kind == "scale":
            return self.last != "scale" or SCALES[word] > self._last_scale()
        if kind == "hundred":
            return self.last in ("ones", "teen", "tens") and self.group % 100 < 100 and self.group < 100
        if kind == "tens":
            # "twenty thirty" reads as a year; "two hundred twenty" continues
            return self.last in ("hundred", "scale") or (self.last in ("teen", "tens") and self._is_year_start())
        if kind in ("ones", "teen"):
            if self.last in ("hundred", "scale"):
                return True
            if self.last == "tens" and kind == "ones" and self.group % 10 == 0:
                return True
            return self.last in ("teen", "tens") and self._is_year_start() and kind == "teen"
        return False

    def _is_year_start(self) -> bool:
        return self.total == 0 and 10 <= self.group <= 29 and self.last in ("teen", "tens")

    def _last_scale(self) -> int:
        value = int(self.total)
        for scale in sorted(SCALES.values(), reverse=True):
            if value and value % scale == 0:
                return scale
        return 1

    def add(self, word: str) -> None:
        kind = _kind(word)
        if kind == "scale":
            self.total += (self.group or Decimal(1)) * SCALES[word]
            self.group = Decimal(0)
        elif kind == "hundred":
            self.group = (self.group or Decimal(1)) * 100
        elif self.last in ("teen", "tens") and self._is_year_start() and kind in ("tens", "teen"):
            self.group = self.group * 100 + (TENS.get(word) or ONES[word])  # "twenty thirty" -> 2030
        else:
            self.group += TENS.get(word) or ONES.get(word, 0)
        self.last = kind
        self.words += 1


def _kind(word: str) -> str:
    if word in SCALES:
        return "scale"
    if word == "hundred":
        return "hundred"
    if word in TENS:
        return "tens"
    if word in ONES:
        return "teen" if ONES[word] >= 10 else "ones"
    return "other"


def _format(value: Decimal) -> str:
    return format(value.normalize(), "f") if value != value.to_integral() else str(int(value))


def digitise(text: str) -> str:
    """Rewrite number words as digits: "I make eighty five thousand a year" -> "i make 85000 a year".

    The text is lower-cased; "a hundred"/"a thousand" count as one; digits followed by a scale word or
    "k" are multiplied ("85k", "5.2 thousand"); thousands separators are dropped.
    """
    return digitise_marked(text)[0]


def digitise_marked(text: str) -> tuple[str, list[tuple[int, int]]]:
    """`digitise`, and where in its result each number stands that a scale made ("2k", "sixty grand"): "2000"
    from "2k" is an amount, never the year 2000."""
    text = _SPACE_GROUPED.sub(lambda m: re.sub(r"[ \u00a0\u202f]", "", m.group(0)), text)  # "80 000 $"
    tokens = [t for t in _TOKEN.findall(text.lower())]
    out: list[str] = []
    scaled: list[tuple[int, int]] = []
    run: _Run | None = None
    pending_space = ""
    i = 0

    def emit_scaled(number: str) -> None:
        at = sum(len(part) for part in out)
        scaled.append((at, at + len(number)))
        out.append(number)

    def flush() -> None:
        nonlocal run
        if run is not None and run.words:
            if run.total and run.group == 0:  # ended on a scale word: "sixty grand", "two thousand"
                emit_scaled(_format(run.value))
            else:
                out.append(_format(run.value))
        run = None

    while i < len(tokens):
        token = tokens[i]
        if token.isspace():
            pending_space = " "
            i += 1
            continue
        word = token.replace("-", " ")
        parts = word.split()
        if all(p in _NUMBER_WORDS for p in parts) and parts and not (parts[0] == "k" and run is None):
            # "a hundred", "a thousand": the article is the number one
            if run is None and out and out[-1] == "a" and parts[0] in ("hundred", "thousand", "million"):
                out.pop()
                if out and out[-1] == " ":
                    out.pop()
                pending_space = " " if out else ""
            for part in parts:
                if run is not None and not run.accepts(part):
                    flush()
                    pending_space = " "
                if run is None:
                    if pending_space:
                        out.append(pending_space)
                    run = _Run()
                run.add(part)
            pending_space = ""
            i += 1
            continue
        if token[0].isdigit() and "," in token and not _GROUPED.fullmatch(token):
            flush()  # "12,5": a decimal comma (or a list), not thousands: the reader decides
            if pending_space:
                out.append(pending_space)
            out.append(token)
            pending_space = ""
            i += 1
            continue
        if token[0].isdigit():
            value = Decimal(token.replace(",", ""))
            j = i + 1
            while j < len(tokens) and tokens[j].isspace():
                j += 1
            if token == "401" and j == i + 1 and j < len(tokens) and tokens[j] == "k":  # noqa: S105 (the US account)
                flush()
                out.append(pending_space + "401k")
                pending_space = ""
                i = j + 1
                continue
            is_scaled = j < len(tokens) and tokens[j] in SCALES
            if is_scaled:
                value *= SCALES[tokens[j]]
                i = j
            flush()
            if pending_space:
                out.append(pending_space)
            if is_scaled:
                emit_scaled(_format(value))
            else:
                out.append(_format(value))
            pending_space = ""
            i += 1
            continue
        if token == "and" and run is not None and run.last in ("hundred", "scale"):  # noqa: S105 (a word)
            # "two thousand and fifty": "and" inside a number is skipped when a number word follows
            j = i + 1
            while j < len(tokens) and tokens[j].isspace():
                j += 1
            if j < len(tokens) and tokens[j] in ONES | TENS:
                i = j
                continue
        flush()
        if pending_space:
            out.append(pending_space)
        out.append(token)
        pending_space = ""
        i += 1
    flush()
    joined = "".join(out)
    lead = len(joined) - len(joined.lstrip())
    return joined.strip(), [(a - lead, b - lead) for a, b in scaled]
