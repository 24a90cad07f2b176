"""The message catalogues stay whole and alive: every key is in both languages with the same parameters, every key
is used by some code (named by `msg(...)` or another literal, or its English template is the text some code raises,
or it is pydantic's or HTTP's own wording), and every message the code raises is one the catalogue can say in French.

"Used by code" reads the source: string constants and f-strings (as skeletons, an f-string's values as holes) of
api/ and the coach's model module. A template matches a skeleton when one, its holes read as "anything", matches the
other (where the code's holes take the template's words, those words must be values the code has, as "Account" for
"{label} not found"); a field prefix ("field: ") in front of the code's text is allowed, as the field-and-message
template adds it.
"""

from __future__ import annotations

import ast
import re
import string
import typing
from functools import cache
from http import HTTPStatus
from pathlib import Path

import pytest
from pydantic_core import PydanticKnownError
from pydantic_core.core_schema import ErrorType

from api.core.i18n.catalog import LANGUAGES, Template, catalogue, load

ROOT = Path(__file__).resolve().parents[4]
SOURCES = [*sorted((ROOT / "api").rglob("*.py")), ROOT / "agent" / "coach" / "model.py"]
# The coach's tools raise the API's errors too (Invalid(...)); the coach says them through the catalogue, so a key
# may be the text of one of them.
TOOL_SOURCES = sorted((ROOT / "tools").rglob("*.py"))
# The offline coach's answers (`coach.*` keys): named by key in these modules, or, for the sentences and labels matched
# back from the tools' English (coach.said, coach.part, coach.label, coach.write_title) and what the coach offers
# (coach.ask), checked by tests/coach/test_french_answers.py.
COACH_SOURCES = [ROOT / "agent" / "coach" / name for name in ("offline.py", "offline_answers.py",
                                                               "offline_language.py", "offline_replies.py")]
COACH_MATCHED = ("coach.said.", "coach.part.", "coach.label.", "coach.write_title.", "coach.ask.")
HOLE = "\x00"
# Calls whose argument (by position) is a message people read, and where they come from.
MESSAGE_ARGS = {"Invalid": 0, "NotFound": 0, "Conflict": 0, "Forbidden": 0, "Unauthorized": 0, "TooManyRequests": 0,
                "AppError": 0, "UnsupportedAudio": 0, "AudioTooLong": 0, "TranscriptionUnavailable": 0,
                "CoachUnavailable": 0, "PayloadTooLarge": 0, "AuthApiError": 2, "validation_failed": 0,
                "NotAuthenticated": 1, "InvalidToken": 0, "CoachModelUnavailable": 0, "user_required": 0,
                "PlanningInputError": 1}
# Pydantic context values to render a template with; lengths also as 1, for the singular.
SAMPLE_CONTEXT = [{"ge": 0, "gt": 0, "le": 5, "lt": 5, "max_length": 2, "min_length": 2, "actual_length": 3,
                   "multiple_of": 2, "expected": "'a' or 'b'", "error": "bad input", "pattern": "^x$",
                   "class_name": "Model", "field_type": "List", "expected_schemes": "'http' or 'https'"}]
SAMPLE_CONTEXT.append({**SAMPLE_CONTEXT[0], "max_length": 1, "min_length": 1})


def _skeleton(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else HOLE for v in node.values)  # type: ignore[misc]
    return None


@cache
def _source() -> tuple[frozenset[str], tuple[str, ...], tuple[tuple[str, str, ast.Call], ...]]:
    """Every string constant, every string skeleton, and every call that names a message (where, name, call)."""
    constants: set[str] = set()
    skeletons: set[str] = set()
    calls: list[tuple[str, str, ast.Call]] = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            text = _skeleton(node)
            if text is not None:
                skeletons.add(text)
                if isinstance(node, ast.Constant):
                    constants.add(text)
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                calls.append((f"{where}:{node.lineno}", name, node))
    return frozenset(constants), tuple(sorted(skeletons)), tuple(calls)


@cache
def _tool_skeletons() -> tuple[str, ...]:
    """Every string skeleton of the coach's tools."""
    found = {text for path in TOOL_SOURCES for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if (text := _skeleton(node)) is not None}
    return tuple(sorted(found))


@cache
def _holes_as_anything(text: str) -> re.Pattern[str]:
    return re.compile("".join("(.+)" if part == HOLE else re.escape(part) for part in re.split(f"({HOLE})", text)),
                      re.DOTALL)


@cache
def _longest_literal(text: str) -> str:
    return max(text.split(HOLE), key=len)


def _template_skeleton(template: Template) -> str:
    return "".join(literal + ("" if slot is None or slot.conversion == "p" else HOLE)
                   for literal, slot in template.parts)


def _without_field(text: str) -> str:
    return re.sub(rf"\A[\w.{HOLE}\-]+: ", "", text)


def _fits(template: Template, code: str) -> bool:
    """Whether the English `template` and the code's skeleton `code` describe one message."""
    mine = _template_skeleton(template)
    for theirs in {code, _without_field(code)}:
        # Cheap tests first: a text that fits holds the other's longest literal piece.
        if _longest_literal(mine) in theirs and _holes_as_anything(mine).fullmatch(theirs):
            return True
        literal = theirs.replace(HOLE, "")
        if len(literal) >= 10 and _longest_literal(theirs) in mine:
            # The code's holes take the template's words: each must be a value the code has ("Account" for
            # "{label} not found"), or one of the template's own parameters.
            found = _holes_as_anything(theirs).fullmatch(mine)
            if found and all(HOLE in part or part in _source()[0] for part in found.groups()):
                return True
    return False


def _pydantic_wording(kind: str, template: Template) -> bool:
    """Whether `template` words pydantic's error `kind` as pydantic does."""
    if kind not in typing.get_args(ErrorType):
        return False
    names = {slot.name for slot in template.slots}
    for sample in SAMPLE_CONTEXT:
        context = {name: sample[name] for name in names}
        theirs = PydanticKnownError(kind, context or None).message()  # type: ignore[arg-type]
        if catalogue().render(template.key, "en", context) != theirs:
            return False
    return True


def test_every_key_is_in_both_catalogues() -> None:
    entries = load()
    english, french = set(entries["en"]), set(entries["fr"])
    assert english - french == set(), "only in en.json"
    assert french - english == set(), "only in fr.json"


def test_templates_parse_and_french_uses_only_the_english_parameters() -> None:
    templates = catalogue().templates
    for key, english in templates["en"].items():
        for lang in LANGUAGES:
            assert templates[lang][key].text.strip(), f"{lang}.json {key} is empty"
        theirs = {slot.name for slot in templates["fr"][key].slots}
        assert theirs <= {slot.name for slot in english.slots}, f"fr.json {key} names a parameter en.json does not"
        fields = [name for _, name, _, _ in string.Formatter().parse(english.text) if name]
        assert all(name.isidentifier() for name in fields), key


def test_every_key_is_used_by_some_code() -> None:
    constants, skeletons, _ = _source()
    coach_constants = {node.value for path in COACH_SOURCES for node in ast.walk(ast.parse(path.read_text("utf-8")))
                       if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    unused = []
    for key, template in catalogue().templates["en"].items():
        group, _, name = key.partition(".")
        if key in constants or (group == "coach" and (key in coach_constants or key.startswith(COACH_MATCHED))):
            continue
        if group == "pydantic" and _pydantic_wording(name, template):
            continue
        if group == "http" and name.isdigit() and HTTPStatus(int(name)).phrase == template.text:
            continue
        if any(_fits(template, code) for code in skeletons) or any(_fits(template, code) for code in
                                                                     _tool_skeletons()):
            continue
        unused.append(key)
    assert unused == [], "keys no code uses (remove them, or fix the English to the code's text)"


def test_every_msg_names_a_key_with_its_parameters() -> None:
    english = catalogue().templates["en"]
    problems = []
    for where, name, call in _source()[2]:
        if name != "msg" or not call.args or not isinstance(call.args[0], ast.Constant):
            continue
        key = call.args[0].value
        if key not in english:
            problems.append(f"{where}: no key {key!r}")
            continue
        given = {k.arg for k in call.keywords}
        needed = {slot.name for slot in english[key].slots}
        if None not in given and not needed <= given:
            problems.append(f"{where}: {key} needs {sorted(needed - given)}")
    assert problems == []


def test_every_message_the_code_raises_can_be_said_in_french() -> None:
    """A message added to the code without its catalogue entry fails here (and would reach French clients in
    English). Literal messages are looked up as the error handler looks them up; f-strings must fit a template."""
    words = catalogue()
    templates = list(words.templates["en"].values())
    missing = []
    for where, name, call in _source()[2]:
        index = MESSAGE_ARGS.get(name)
        if index is None or len(call.args) <= index:
            continue
        text = _skeleton(call.args[index])
        if text is None:
            continue  # a msg(...), a variable: checked where it is made
        if name == "PlanningInputError":
            field = call.args[0]
            text = f"{field.value if isinstance(field, ast.Constant) else HOLE!s}: {text}"
        if HOLE in text:
            if not any(_fits(t, text) for t in templates):
                missing.append(f"{where}: {text!r}")
        elif words.say(text, "fr") is None:
            missing.append(f"{where}: {text!r}")
    assert missing == [], "messages with no French (add them to en.json and fr.json)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_files_are_sorted_as_written(lang: str) -> None:
    """One key a line, each key once (json.load would silently keep the last of two)."""
    text = (ROOT / "api" / "core" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
    keys = re.findall(r'^  "([^"]+)":', text, re.MULTILINE)
    assert len(keys) == len(set(keys)) == len(load()[lang])  # type: ignore[index]
