"""The one slot reader's first step, shared by the coach (`agent/coach/offline_nlu.py`) and voice onboarding
(`agent/onboarding/extract.py`): numbers said in words become digits.

People type numbers either way and speech recognisers write them as words, so both readers first rewrite every
run of number words in a text as digits (`digitise`), then read amounts, periods, ages and years with patterns
over digits only. "seventy-two hundred" is 7200, "two hundred and fifty thousand" 250000; years said in pairs
("twenty thirty", "nineteen ninety") become years; "a hundred" and "a thousand" count as one; "k" and "grand"
after a number mean thousands. Thousands separators are dropped ("85,000" is 85000); a decimal comma ("12,5",
as French Canadians write it) is left for the reader, which knows whether it is one.

French (`digitise(text, language="fr")`, voice onboarding's French sessions) reads French number words the same
way: "quatre-vingt-cinq mille" is 85000, "deux mille cent" 2100, "soixante et onze" 71, "deux mille trente" 2030,
"un million" 1000000 ("un" and "une" alone are articles, not one); "85 mille" is 85000. English is unchanged.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Literal

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


class _NumberRun:
    """A run of number words being read left to right, in either language: the total of completed scales plus the
    current group. A language's run says which word continues it (`continues`) and what a word adds (`add`)."""

    def __init__(self) -> None:
        self.total = Decimal(0)
        self.group = Decimal(0)  # below the last scale word, e.g. "two hundred" of "five thousand two hundred"
        self.last: str | None = None  # the kind of the last word read
        self.last_word = ""
        self.words = 0

    @property
    def value(self) -> Decimal:
        return self.total + self.group

    def accepts(self, word: str) -> bool:
        """Whether `word` continues this number (False starts a new one); any word starts one."""
        return self.words == 0 or self.continues(word)

    def continues(self, word: str) -> bool:
        raise NotImplementedError

    def add(self, word: str) -> None:
        self.read(word)
        self.last_word = word
        self.words += 1

    def read(self, word: str) -> None:
        raise NotImplementedError


class _Run(_NumberRun):
    """English number words: "ones", "teen", "tens", "hundred", "scale"."""

    def continues(self, word: str) -> bool:
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

    def read(self, word: str) -> None:
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


def _next_index(tokens: list[str], i: int) -> int:
    """The index of the first token after `i` that is not white space (`len(tokens)` when none is)."""
    j = i + 1
    while j < len(tokens) and tokens[j].isspace():
        j += 1
    return j


def _format(value: Decimal) -> str:
    return format(value.normalize(), "f") if value != value.to_integral() else str(int(value))


def digitise(text: str, language: Literal["en", "fr"] = "en") -> str:
    """Rewrite number words as digits: "I make eighty five thousand a year" -> "i make 85000 a year".

    The text is lower-cased; "a hundred"/"a thousand" count as one; digits followed by a scale word or
    "k" are multiplied ("85k", "5.2 thousand"); thousands separators are dropped. With `language="fr"`, French
    number words ("quatre-vingt-cinq mille" -> 85000) instead of English ones.
    """
    if language == "fr":
        return digitise_french(text)
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
            j = _next_index(tokens, i)
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
            j = _next_index(tokens, i)
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
    joined, scaled = _fractions("".join(out), scaled)
    lead = len(joined) - len(joined.lstrip())
    return joined.strip(), [(a - lead, b - lead) for a, b in scaled]


# "4 and a half", "3 and a quarter", "5 point 5" (after the words became digits): one decimal number.
_FRACTION = re.compile(r"(?<![\d.])(\d{1,3}) (?:and a (half|quarter)|point (\d{1,2}))\b(?! (?:years?|months?))"
                       r"(?: (1000|1000000)\b)?")  # "two and a half thousand": the scale word, already a number
_FRACTION_PART = {"half": ".5", "quarter": ".25"}


def _fractions(text: str, scaled: list[tuple[int, int]]) -> tuple[str, list[tuple[int, int]]]:
    """`text` with its spoken fractions as decimals, and the scaled numbers' spans moved with the text."""
    for match in reversed(list(_FRACTION.finditer(text))):
        number = match.group(1) + (_FRACTION_PART[match.group(2)] if match.group(2) else "." + match.group(3))
        start, end = match.span()
        if match.group(4):
            number = _format(Decimal(number) * int(match.group(4)))
        shift = len(number) - (end - start)
        text = text[:start] + number + text[end:]
        scaled = [(a + shift, b + shift) if a >= end else (a, b) for a, b in scaled if not start <= a < end]
        if match.group(4):
            scaled.append((start, start + len(number)))
    scaled.sort()
    return text, scaled


# --- French -------------------------------------------------------------------------------------------------------

FRENCH_UNITS = {"zéro": 0, "zero": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6,
                "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14,
                "quinze": 15, "seize": 16}
FRENCH_TENS = {"vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60,
               "septante": 70, "huitante": 80, "octante": 80, "nonante": 90}
FRENCH_SCALES = {"mille": 1_000, "mil": 1_000, "k": 1_000, "million": 1_000_000, "millions": 1_000_000,
                 "milliard": 1_000_000_000, "milliards": 1_000_000_000}
_FRENCH_HUNDRED = {"cent", "cents"}
_FRENCH_WORDS = set(FRENCH_UNITS) | set(FRENCH_TENS) | _FRENCH_HUNDRED | set(FRENCH_SCALES)
# Thousands grouped with dots, as Whisper writes some French figures ("2.000", "85.000"): never a decimal in French
_DOT_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?!\d|[.,]\d)")
_FRENCH_TOKEN = re.compile(r"\d[\d,]*(?:\.\d+)?|[a-zà-öø-ÿœ]+(?:-[a-zà-öø-ÿœ]+)*|[^\sa-zà-öø-ÿœ\d]+|\s+",
                           re.IGNORECASE)


class _FrenchRun(_NumberRun):
    """French number words, "unit", "tens", "hundred", "scale" ("quatre vingt cinq mille": 4, 80, 85, 85000)."""

    def __init__(self) -> None:
        super().__init__()
        self.scale = 0  # the last scale word's value

    def continues(self, word: str) -> bool:
        below_hundred = int(self.group) % 100
        if word in FRENCH_SCALES:
            return self.scale == 0 or FRENCH_SCALES[word] < self.scale
        if word in _FRENCH_HUNDRED:
            return (self.last in ("unit", "tens") and self.group < 100) or self.last == "scale"
        if word in ("vingt", "vingts") and self.last_word == "quatre" and below_hundred == 4:
            return True  # quatre-vingt(s): 80
        if word in FRENCH_TENS:
            return self.last in ("hundred", "scale")
        value = FRENCH_UNITS[word]
        if self.last in ("hundred", "scale"):
            return True
        if self.last == "tens" and (value < 10 or (value <= 16 and below_hundred in (60, 80))):
            return below_hundred % 10 == 0
        # "dix-sept", "soixante-dix-neuf", "quatre-vingt-dix-huit"
        return self.last_word == "dix" and value < 10 and below_hundred in (10, 70, 90)

    def read(self, word: str) -> None:
        if word in FRENCH_SCALES:
            self.total += (self.group or Decimal(1)) * FRENCH_SCALES[word]
            self.group = Decimal(0)
            self.scale = FRENCH_SCALES[word]
            self.last = "scale"
        elif word in _FRENCH_HUNDRED:
            self.group = (self.group or Decimal(1)) * 100
            self.last = "hundred"
        elif word in ("vingt", "vingts") and self.last_word == "quatre" and int(self.group) % 100 == 4:
            self.group += 76
            self.last = "tens"
        elif word in FRENCH_TENS:
            self.group += FRENCH_TENS[word]
            self.last = "tens"
        else:
            self.group += FRENCH_UNITS[word]
            self.last = "tens" if word == "dix" and int(self.group) % 100 in (70, 90) else "unit"


def _next_word(tokens: list[str], i: int) -> str:
    j = _next_index(tokens, i)
    return tokens[j].lower() if j < len(tokens) else ""


def digitise_french(text: str) -> str:
    """French number words as digits: "je gagne quatre-vingt-cinq mille dollars" -> "je gagne 85000 dollars".

    Lower-cased, as `digitise`. "un"/"une" start a number only before a scale ("un million"), or after "et" inside
    one ("vingt et un"); "et" inside a number is skipped; digits before "mille" or "k" are multiplied ("85 mille");
    thousands grouped with spaces or dots are joined ("85 000", "2.000").
    """
    text = _SPACE_GROUPED.sub(lambda m: re.sub(r"[ \u00a0\u202f]", "", m.group(0)), text)  # "85 000 $"
    text = _DOT_GROUPED.sub(lambda m: m.group(0).replace(".", ""), text)  # "2.000 $"
    tokens = _FRENCH_TOKEN.findall(text.lower())
    out: list[str] = []
    run: _FrenchRun | None = None
    pending_space = ""

    def flush() -> None:
        nonlocal run
        if run is not None and run.words:
            out.append(_format(run.value))
        run = None

    def put(token: str) -> None:
        nonlocal pending_space
        if pending_space:
            out.append(pending_space)
        out.append(token)
        pending_space = ""

    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.isspace():
            pending_space = " "
            i += 1
            continue
        parts = token.split("-")
        if all(p in _FRENCH_WORDS for p in parts) and not (parts[0] == "k" and run is None):
            if run is None and parts[0] in ("un", "une") and len(parts) == 1 and \
                    _next_word(tokens, i) not in {*FRENCH_SCALES, "cent"}:
                put(token)  # an article: "un salaire", "une maison"
                i += 1
                continue
            for part in parts:
                if run is not None and not run.accepts(part):
                    flush()
                    pending_space = " "
                if run is None:
                    if pending_space:
                        out.append(pending_space)
                    pending_space = ""
                    run = _FrenchRun()
                run.add(part)
            pending_space = ""
            i += 1
            continue
        if token == "et" and run is not None and run.last == "tens":  # noqa: S105 (a word)
            following = _next_word(tokens, i)
            if following in ("un", "une", "onze"):  # "vingt et un", "soixante et onze"
                i += 1
                while tokens[i].isspace():
                    i += 1
                continue
        if token[0].isdigit():
            flush()
            j = _next_index(tokens, i)
            scaled = j < len(tokens) and tokens[j].lower() in FRENCH_SCALES
            decimal_comma = "," in token and not _GROUPED.fullmatch(token)
            if decimal_comma and not (scaled and re.fullmatch(r"\d+,\d+", token)):
                put(token)  # "12,5": a decimal comma, for the reader
                i += 1
                continue
            value = Decimal(token.replace(",", "." if decimal_comma else ""))  # "1,5 million" is 1500000
            if scaled:
                value *= FRENCH_SCALES[tokens[j].lower()]
                i = j
            put(_format(value))
            i += 1
            continue
        flush()
        put(token)
        i += 1
    flush()
    return "".join(out).strip()
