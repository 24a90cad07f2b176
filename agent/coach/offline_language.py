"""The language of the offline coach's answer, and its words in that language.

An answer is said in the language of the question: French when the message reads as French, English when it
reads as English; a message with no clear language ("6k?") takes the conversation's (the user's latest message
that had one), else the request's (Accept-Language, else the saved locale), else English. Every sentence the offline
coach writes is a `coach.*` key of the API's catalogues (api/core/i18n/en.json and fr.json): the English templates
are the English text as it always was, so English answers do not change.

Text the coach did not write (a tool's `summary`, its notes, the plan's target sentence) is English; in French it
is matched back to a `coach.*` template (or a `plan_text.*` one) and said from the French template with its values
written the French way (1 234 $, 12,5 %, mai 2034). A sentence no template knows is left out of a French answer
rather than shown in English: the figures under it are in the answer, and in the tool's receipt.
"""

from __future__ import annotations

import logging
import re
from functools import cache

from agent.coach.offline_nlu import wordset
from api.core.i18n import Language, catalogue
from api.core.i18n.catalog import Template
from api.core.i18n.numbers import NBSP, french_number
from tools.common import fmt_money, fmt_rate

log = logging.getLogger(__name__)

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# Words that say a message is French or English (short, frequent, and not words of the other language).
_FRENCH = wordset("""
le la les et est mon ma mes je j tu vous quoi comment combien peux puis dois nous notre nos du des un une pour
avec quand que qu ce cette mais sur dans ai suis quel quelle quels quelles pourquoi si aussi mettre mets ajoute
ajouter enregistre change modifie montre donne calcule impôt impôts impot impots retraite épargne epargne celi reer
celiapp ferr rrq rpc sv revenu revenus salaire dépenses depenses dette hypothèque hypotheque objectif objectifs
combien ans mois par année annee avoir faire peut-être veux voudrais aimerais svp merci bonjour salut oui non
moi mon ton ta leur leurs ou où très tres plus moins taux cotisation cotisations droits
""")
_ENGLISH = wordset("""
the and is are my i you what how much can should do we our to of in for with an it when if me your have am will
would does did at on this that tax taxes retire retirement savings saving income salary expenses debt mortgage
goal goals room contribution rate years year month months please show add set change update save what's how's
i'm whats hi hello thanks yes no by from or than more less total registered balance balances account accounts
""")
_FRENCH_LETTERS = re.compile(r"[éèêëàâçîïôûùœ]", re.IGNORECASE)


def message_language(text: str) -> Language | None:
    """French or English when the message reads as one of them (its common words, French accents), None when it
    says too little to tell ("6k?", "RRSP", "50/30/20")."""
    # "non-registered" is English: the prefix is not the French "non".
    words = [w.lower() for w in _WORD.findall(re.sub(r"(?i)\bnon-(?=[a-z])", "", text.replace("\u2019", "'")))]
    french = sum(w in _FRENCH for w in words) + (1 if _FRENCH_LETTERS.search(text) else 0)
    english = sum(w in _ENGLISH for w in words)
    if french > english:
        return "fr"
    if english > french:
        return "en"
    return None


def answer_language(question: str, earlier: list[str], fallback: Language = "en") -> Language:
    """The language to answer `question` in: its own, else the latest earlier message's, else `fallback` (the
    request's language)."""
    for text in (question, *reversed(earlier)):
        found = message_language(text)
        if found is not None:
            return found
    return fallback


# --- saying the coach's own sentences ---------------------------------------------------------------------------


def say(key: str, lang: Language, **params: object) -> str:
    """The catalogue's `key` in `lang`, its values given already written for that language (see `money`, `rate`)."""
    return catalogue().render(key, lang, params)


def money(value: object, lang: Language) -> str:
    """An amount as the tools write it ($1,235, $12.50) in English, the fr-CA way in French (1 235 $, 12,50 $)."""
    english = fmt_money(value)  # type: ignore[arg-type]
    return english if lang == "en" else figures(english)


def rate(value: object, lang: Language) -> str:
    english = fmt_rate(value)  # type: ignore[arg-type]
    return english if lang == "en" else figures(english)


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_FRENCH_MONTHS = dict(zip(_MONTHS, ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                                    "septembre", "octobre", "novembre", "décembre"), strict=True))
_MONEY = re.compile(r"(-?)\$(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)")
_PERCENT = re.compile(r"(-?\d+(?:\.\d+)?)\s?%")
_NUMBER = re.compile(r"(?<![\w.,$])(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+\.\d+)(?![\w%])")
_MONTH = re.compile(r"\b(" + "|".join(_MONTHS) + r")\b")
# Account kinds and other words the tools write in English inside their sentences and values.
_TERMS = {"TFSA": "CELI", "RRSP": "REER", "FHSA": "CELIAPP", "RESP": "REEE", "RRIF": "FERR", "LIRA": "CRI",
          "RDSP": "REEI", "CPP/QPP": "RPC/RRQ", "CPP": "RPC", "QPP": "RRQ", "OAS": "SV", "EI": "AE",
          "CMHC": "SCHL", "non-registered": "non enregistré", "neither (equal)": "aucun (égalité)",
          "yes": "oui", "no": "non", "n/a": "s.o.", "not set": "non défini",
          # the writers' choices (expense needs/wants, goal category and priority), as the web's French shows them
          "needs": "besoins", "wants": "envies", "low": "faible", "medium": "moyenne", "high": "élevée",
          "emergency-fund": "fonds d\u2019urgence", "retirement": "retraite", "home": "maison",
          "debt-payoff": "remboursement de dettes", "education": "études", "travel": "voyages", "other": "autre"}


def figures(english: str) -> str:
    """The money, percentages, numbers and months of an English text written the fr-CA way."""
    text = _MONEY.sub(lambda m: f"{m.group(1)}{french_number(m.group(2))}{NBSP}$", english)
    text = _PERCENT.sub(lambda m: f"{french_number(m.group(1))}{NBSP}%", text)
    text = _NUMBER.sub(lambda m: french_number(m.group(1)), text)
    return _MONTH.sub(lambda m: _FRENCH_MONTHS[m.group(1)], text)


def term(english: str, lang: Language) -> str:
    """A value the tools write as a term ("TFSA", "yes", "non-registered") in `lang`."""
    return english if lang == "en" else _TERMS.get(english, english)


def value(english: str, lang: Language) -> str:
    """A figure written by `format_value` (money, a rate, a date, a term) in `lang`."""
    if lang == "en":
        return english
    return _TERMS[english] if english in _TERMS else figures(english)


# --- English text from elsewhere, said in French -----------------------------------------------------------------

# The groups of templates English text is matched against: sentences of the tools, the pieces inside them.
_MATCHED = ("coach.said.", "coach.part.")


@cache
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    english = catalogue().templates["en"]
    out = []
    for key, template in english.items():
        if key.startswith(_MATCHED):
            out.append((key, _pattern(template)))
    # The longest templates first: the one with the most literal text is the most specific.
    return sorted(out, key=lambda item: -len(item[1].pattern))


def _pattern(template: Template) -> re.Pattern[str]:
    out = []
    for literal, slot in template.parts:
        out.append(re.escape(literal))
        if slot is not None:
            out.append(f"(?P<{slot.name}>.*?)")
    return re.compile(r"\A" + "".join(out) + r"\Z", re.DOTALL)


# The API's own sentences the tools pass on: the household plan's (its target, a duration, what it is missing) and
# the calculators' notes (the mortgage's compounding, the tax credits modelled), said from the API's keys.
_API_TEXTS = ("plan_text.", "calc_text.", "tax_text.", "credit_text.")


def _plan_text(english: str) -> str | None:
    """A sentence of the household plan or a calculator's note in French, from its own key (`plan_text.*`,
    `calc_text.*`...)."""
    words = catalogue()
    found = words.find(english)
    if found is None or not found[0].startswith(_API_TEXTS):
        return None
    return words.render(found[0], "fr", found[1])


def in_french(english: str, *, depth: int = 0) -> str | None:
    """English text the coach did not write (a tool's sentence, a piece of one) in French, or None when no template
    knows it. Sentences are said one by one; the values inside are said in French too."""
    text = english.strip()
    if not text:
        return english
    plan = _plan_text(text)
    if plan is not None:
        return plan
    for key, pattern in _patterns():
        found = pattern.fullmatch(text)
        if found is None:
            continue
        params = {name: _piece(name, part or "", depth) for name, part in found.groupdict().items()}
        if any(v is None for v in params.values()):
            continue
        return catalogue().render(key, "fr", params)
    if depth == 0:
        written = write_summary(text)
        if written is not None:
            return written
        sentences = _SENTENCE_END.split(text)
        if len(sentences) > 1:
            said = [in_french(s, depth=1) for s in sentences]
            if all(s is not None for s in said):
                return " ".join(s for s in said if s is not None)
    return None


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_VERBATIM = ("name", "names", "province")  # the user's own words, a province: as written
_FIGURES_ONLY = re.compile(r"[A-Za-z]{2,}")


def _piece(name: str, part: str, depth: int) -> str | None:
    """A value inside a matched sentence: the user's words as they are, a piece a template knows, or figures and
    terms written the French way; None for English words no template knows (the sentence is not matched)."""
    if name == "scenario":  # a scenario's name as saved (the plan's own is the API's), never a list of them
        return None if "; " in part else say("plan_text.your_plan", "fr") if part == say(
            "plan_text.your_plan", "en") else part
    if name in _VERBATIM or not part.strip():
        return part
    if name == "missing_list":  # "age (assumed 30), income, expenses": the plan's own words for each
        items = [_plan_text(p) for p in _top_level(part)]
        return ", ".join(s for s in items if s is not None) if all(s is not None for s in items) else None
    if name == "kinds_list":  # "TFSAs $1,234; RRSPs, RRIFs and LIRAs $5,678"
        return "; ".join(_kind_amount(p) or p for p in part.split("; ")) if all(
            _kind_amount(p) for p in part.split("; ")) else None
    if depth < 4:
        said = in_french(part, depth=depth + 1)
        if said is not None:
            return said
    rest = _MONTH.sub("", _TERM_WORDS.sub("", _MONEY.sub("", part)))
    if _FIGURES_ONLY.search(rest) and part not in _TERMS:
        return None
    return _TERMS.get(part) or figures(_terms_inside(part))


def _top_level(text: str) -> list[str]:
    """The items of a list "a, b (c, d), e" (a comma inside brackets is the item's own)."""
    items: list[str] = []
    depth = start = 0
    for at, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and text.startswith(", ", at):
            items.append(text[start:at])
            start = at + 2
    return [*items, text[start:]]


def _kind_amount(part: str) -> str | None:
    found = re.fullmatch(r"(?P<kind>.+) (?P<amount>-?\$[\d,.]+)", part)
    kind = None if found is None else in_french(found.group("kind"), depth=3)
    return None if found is None or kind is None else f"{kind} {figures(found.group('amount'))}"


_TERM_WORDS = re.compile(r"\b(?:TFSA|RRSP|FHSA|RESP|RRIF|LIRA|RDSP|CPP/QPP|CPP|QPP|OAS|EI|n/a|x)\b")


def _terms_inside(text: str) -> str:
    return re.sub(r"\b(TFSA|RRSP|FHSA|RESP|RRIF|LIRA|RDSP|CPP/QPP|CPP|QPP|OAS)\b", lambda m: _TERMS[m.group(1)],
                  text)


@cache
def _titles() -> list[tuple[str, re.Pattern[str]]]:
    english = catalogue().templates["en"]
    return [(key, _pattern(t)) for key, t in english.items() if key.startswith("coach.write_title.")]


def write_summary(english: str) -> str | None:
    """A saved change's summary ("Update the goal 'Trip': Target $8,000 → $10,000; Target date ...") in French:
    its title by its template, each field by its label, the values the French way."""
    for key, pattern in _titles():
        title_pattern = pattern.pattern.removeprefix(r"\A").removesuffix(r"\Z")
        found = re.fullmatch(rf"{title_pattern}(?:: (?P<changes>.*))?", english, re.DOTALL)
        if found is None:
            continue
        title = catalogue().render(key, "fr", {k: v for k, v in found.groupdict().items() if k != "changes"})
        changes = found.group("changes")
        if not changes:
            return title
        parts = [_change(p) for p in changes.split("; ")]
        return f"{title}{NBSP}: " + "; ".join(parts)
    return None


def _change(part: str) -> str:
    """"Target $8,000 → $10,000" or "Monthly amount $90" with its label in French (longest known label first)."""
    for english in sorted(_labels(), key=len, reverse=True):
        if part.startswith(english + " "):
            rest = part[len(english) + 1:]
            values = [_TERMS.get(v, figures(v)) for v in rest.split(" → ")]
            return f"{label(english, 'fr')} " + " → ".join(values)
    return figures(part)


def localized(english: str, lang: Language) -> str | None:
    """`english` (text from a tool) in `lang`: itself in English, the French when a template knows it."""
    if lang == "en":
        return english
    said = in_french(english)
    if said is None:
        log.info("coach sentence not in the French catalogue", extra={"english": english[:200]})
        return None
    return said[:1].upper() + said[1:]  # "droits de cotisation CELI de 7 000 $; ..." begins a sentence


@cache
def _labels() -> dict[str, str]:
    """The English of every `coach.label.*` key -> the key (a figure's or a field's label)."""
    english = catalogue().templates["en"]
    return {template.text: key for key, template in english.items() if key.startswith("coach.label.")}


def label(english: str, lang: Language) -> str:
    """A figure's label ("FIRE number", "Total income") in `lang`; one the catalogue lacks stays as it is."""
    if lang == "en":
        return english
    key = _labels().get(english) or _labels().get(english[:1].upper() + english[1:])
    if key is None:
        log.info("coach label not in the French catalogue", extra={"english": english})
        return english
    said = say(key, lang)
    if english[:1].isupper() or said[1:2].isupper():  # "REER disponible" keeps its capitals
        return said
    return said[:1].lower() + said[1:]
