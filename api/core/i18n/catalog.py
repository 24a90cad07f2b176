"""The message catalogues (`en.json`, `fr.json`: key -> template) and the one mechanism that says a message in a
language.

A key is `<group>.<name>`; for an error's own message the group is the error code it is sent with. A template is
Python's format syntax, and a placeholder's conversion says what its value is:

    {name}     text, said as it is               {name!n}  a number: 1,234.5 in English, 1 234,5 in French
    {name!f}   a field's dotted name              {name!m}  another message, said in the same language
    {name!l}   a list of choices "a, b or c"      {name!p}  the plural "s" of the number `name`
    {name!c}   dollars: $42,000 / 42 000 $        {name!M}  a month's English name: May / mai

A message reaches the error handler in one of two ways. Built with `msg(key, **params)`, it is a `Text`: a str
holding the English text, which also keeps its key and parameters. Any other message (the planning engine's, a
library's) is English text the handler looks up by the error code and the English templates: a template matches the
text as a pattern, and its placeholders give the parameters. Nothing here runs for English: the English text is the
message as it was raised.
"""

from __future__ import annotations

import json
import logging
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any

from api.core.i18n.language import Language
from api.core.i18n.numbers import NBSP, french_number

log = logging.getLogger(__name__)

FOLDER = Path(__file__).resolve().parent
LANGUAGES: tuple[Language, ...] = ("en", "fr")
# Matched last: it fits any "field: message", so every template that says more is tried first.
FIELD_MESSAGE = "validation_error.field"
# Said by key only (e-mails are composed, never matched back from their English text; the coach's answers are
# composed too, and match English text of their own with agent/coach/offline_language.py).
UNMATCHED_GROUPS = ("email.", "coach.")
_SLOT_PATTERNS = {
    None: r".+?",
    "n": r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?",
    "f": r"[A-Za-z_][\w.\-]*",
    "m": r".+",
    "l": r".+?",
    "c": r"\$\d{1,3}(?:,\d{3})*(?:\.\d+)?",
    "M": r"January|February|March|April|May|June|July|August|September|October|November|December",
}
_FRENCH_MONTHS = dict(zip(_SLOT_PATTERNS["M"].split("|"), (
    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
    "décembre"), strict=True))
_DIGIT_GROUP = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")
_FRENCH_SPACES = ((" :", f"{NBSP}:"), (" %", f"{NBSP}%"), (" $", f"{NBSP}$"), ("« ", f"«{NBSP}"), (" »", f"{NBSP}»"))


@dataclass(frozen=True)
class Slot:
    name: str
    conversion: str | None
    spec: str


@dataclass(frozen=True)
class Template:
    """One catalogue entry in one language, parsed: literal text and the slots between."""

    key: str
    text: str
    parts: tuple[tuple[str, Slot | None], ...]

    @classmethod
    def parse(cls, key: str, text: str) -> Template:
        parts: list[tuple[str, Slot | None]] = []
        for literal, name, spec, conversion in string.Formatter().parse(text):
            slot = None
            if name is not None:
                if not name.isidentifier() or conversion not in (*_SLOT_PATTERNS, "p"):
                    raise ValueError(f"{key}: bad placeholder {{{name}!{conversion}}}")
                slot = Slot(name, conversion, spec or "")
            parts.append((literal, slot))
        return cls(key, text, tuple(parts))

    @property
    def slots(self) -> list[Slot]:
        return [slot for _, slot in self.parts if slot is not None]

    def pattern(self) -> re.Pattern[str]:
        """The English text this template makes, as a pattern whose groups are its parameters."""
        out, seen = [], set()
        for literal, slot in self.parts:
            out.append(re.escape(literal))
            if slot is None:
                continue
            if slot.conversion == "p":
                out.append("s?")
            elif slot.name in seen:
                out.append(f"(?P={slot.name})")
            else:
                seen.add(slot.name)
                out.append(f"(?P<{slot.name}>{_SLOT_PATTERNS[slot.conversion]})")
        return re.compile(r"\A" + "".join(out) + r"\Z", re.DOTALL)


class Untranslated(LookupError):
    """A message (or a message inside it) the catalogue does not know."""


def _french_typography(text: str) -> str:
    """The catalogue is written with ordinary spaces; French puts a no-break space before : % $, inside « » and
    between groups of digits (10 000)."""
    for plain, fixed in _FRENCH_SPACES:
        text = text.replace(plain, fixed)
    return _DIGIT_GROUP.sub(NBSP, text)


def _number(value: object) -> Decimal:
    try:
        return Decimal(str(value).replace(",", ""))
    except InvalidOperation:
        return Decimal(0)


class Catalogue:
    def __init__(self, entries: Mapping[Language, Mapping[str, str]]) -> None:
        self.entries = {lang: dict(entries[lang]) for lang in LANGUAGES}
        self.templates = {lang: {key: Template.parse(key, _french_typography(text) if lang == "fr" else text)
                                 for key, text in self.entries[lang].items()} for lang in LANGUAGES}
        english = self.templates["en"]
        matched = sorted(key for key in english if not key.startswith(UNMATCHED_GROUPS))
        # Two keys with one English text (a pydantic message and a variant the app raises by key): the first in
        # key order answers lookups by text.
        self._exact: dict[str, list[str]] = {}
        for key in matched:
            if not english[key].slots:
                self._exact.setdefault(english[key].text, []).append(key)
        self._patterns = [(key, english[key].pattern()) for key in matched if english[key].slots]

    # --- saying a message ---------------------------------------------------------------------------------------

    def render(self, key: str, lang: Language, params: Mapping[str, object]) -> str:
        """The template `key` in `lang` with `params`; raises Untranslated for a nested message it cannot say."""
        out = []
        for literal, slot in self.templates[lang][key].parts:
            out.append(literal)
            if slot is not None:
                out.append(self._say_value(slot, params, lang))
        return "".join(out)

    def _say_value(self, slot: Slot, params: Mapping[str, object], lang: Language) -> str:
        value = params.get(slot.name, "")
        if slot.conversion == "p":
            count = abs(_number(value))
            plural = count >= 2 if lang == "fr" else count != 1
            return "s" if plural else ""
        if slot.conversion == "m":
            said = self.say(str(value), lang) if not isinstance(value, Text) else self.render(value.key, lang,
                                                                                               value.params)
            if said is None:
                raise Untranslated(str(value))
            return said
        numeric = isinstance(value, int | float | Decimal) and not isinstance(value, bool)
        if slot.conversion == "c":
            english = f"${value:,.0f}" if numeric else str(value)
            return english if lang == "en" else f"{french_number(english.lstrip('$'))}{NBSP}$"
        if slot.conversion == "M":
            return str(value) if lang == "en" else _FRENCH_MONTHS.get(str(value), str(value))
        english = format(value, slot.spec) if slot.spec and numeric else str(value)
        if lang == "fr":
            if slot.conversion == "n" or numeric:
                return french_number(english)
            if slot.conversion == "l":
                head, sep, last = english.rpartition(" or ")
                return f"{head} ou {last}" if sep else english
        return english

    def find(self, english: str, code: str | None = None) -> tuple[str, dict[str, str]] | None:
        """The key whose English template makes `english` and the parameters it was made with: the error's own group
        first, then any; the field-and-message template last."""
        keys = self._exact.get(english)
        if keys:
            own = [k for k in keys if code and k.startswith(f"{code}.")]
            return (own or keys)[0], {}
        group = f"{code}." if code else None
        for round_ in ("own", "any", "last"):
            for key, pattern in self._patterns:
                if (key == FIELD_MESSAGE) != (round_ == "last"):
                    continue
                if round_ == "own" and (group is None or not key.startswith(group)):
                    continue
                found = pattern.fullmatch(english)
                if found:
                    return key, found.groupdict()
        return None

    def say(self, message: str, lang: Language, *, code: str | None = None) -> str | None:
        """`message` in `lang`, or None when the catalogue does not know it (or something inside it)."""
        try:
            if isinstance(message, Text):
                return self.render(message.key, lang, message.params)
            if lang == "en":
                return str(message)
            found = self.find(message, code)
            return None if found is None else self.render(found[0], lang, found[1])
        except Untranslated:
            return None

    def say_validation_error(self, error: Mapping[str, Any], lang: Language) -> str | None:
        """A pydantic error's message in `lang`: the app's own errors by the key they carry, a validator's message
        (ValueError) through the catalogue, pydantic's own by its error type and context."""
        ctx = error.get("ctx") or {}
        key = ctx.get("key")
        if isinstance(key, str) and key in self.templates[lang]:
            return self._render_quietly(key, lang, ctx)
        kind = error.get("type")
        if kind in ("value_error", "assertion_error"):
            cause = ctx.get("error")
            first = cause.args[0] if isinstance(cause, Exception) and cause.args else cause
            if isinstance(first, str):
                return self.say(first, lang)
            text = str(error.get("msg", "")).removeprefix("Value error, ").removeprefix("Assertion failed, ")
            return self.say(text, lang)
        pydantic_key = f"pydantic.{kind}"
        if pydantic_key in self.templates[lang]:
            return self._render_quietly(pydantic_key, lang, ctx)
        return None

    def _render_quietly(self, key: str, lang: Language, params: Mapping[str, object]) -> str | None:
        try:
            return self.render(key, lang, params)
        except Untranslated:
            return None


class Text(str):
    """An English message made from a catalogue template. It is the English text wherever a str goes (logs, the
    coach's tool errors, tests), and keeps its key and parameters so the error handler can say it in French."""

    key: str
    params: dict[str, object]

    def __new__(cls, key: str, params: Mapping[str, object]) -> Text:
        try:
            english = catalogue().render(key, "en", params)
        except (KeyError, ValueError, Untranslated):  # the catalogue test keeps this from happening
            log.error("cannot make message %s", key, exc_info=True)
            english = key
        text = super().__new__(cls, english)
        text.key = key
        text.params = dict(params)
        return text


def msg(key: str, **params: object) -> Text:
    """The message `key` of the catalogue with `params` (tests check that every key used this way exists)."""
    return Text(key, params)


def load(folder: Path = FOLDER) -> dict[Language, dict[str, str]]:
    """The catalogues as written: one JSON object of key -> template per language."""
    entries: dict[Language, dict[str, str]] = {}
    for lang in LANGUAGES:
        entries[lang] = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
    return entries


@cache
def catalogue() -> Catalogue:
    return Catalogue(load())


def localize(message: str, lang: Language, *, code: str | None = None) -> tuple[str, Language]:
    """`message` said in `lang`, and the language it ended up in: English (as raised) when the catalogue does not
    know it, which is logged so the gap can be filled."""
    if lang == "en":
        return str(message), "en"
    try:
        said = catalogue().say(message, lang, code=code)
    except (KeyError, ValueError, TypeError):  # a message in English is better than an error about a message
        log.exception("cannot say a message in %s", lang)
        said = None
    if said is None:
        log.info("message not in the %s catalogue", lang, extra={"code": code, "english": str(message)[:200]})
        return str(message), "en"
    return said, lang


def localize_details(details: Any, lang: Language) -> Any:
    """The `message` of each entry of an error's details said in `lang` (what the catalogue knows)."""
    if lang == "en" or details is None:
        return details
    entries: Iterable[Any] = details if isinstance(details, list) else [details]
    out = []
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("message"), str):
            entry = {**entry, "message": localize(entry["message"], lang)[0]}
        out.append(entry)
    return out if isinstance(details, list) else out[0]
