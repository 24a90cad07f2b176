"""The offline coach: a deterministic chat model that serves inside the same graph when no OpenAI-compatible
endpoint is configured.

On a new user message it plans (agent/coach/offline_plan.py: intents from typo-tolerant keyword scores,
values extracted from the message) and answers with tool calls fitted to the bound tools' schemas. Once the
tool results are in the conversation it answers from templates (agent/coach/offline_answers.py) that use
only numbers from those results: the direct answer first, the figures behind it, the assumptions, one next step
(the interface names the offline coach once, in a badge). It refuses out-of-scope requests, specific security
picks and instructions smuggled into messages, and treats tool output as data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from pydantic import Field

from agent.coach import offline_answers as answers
from agent.coach import offline_language as words
from agent.coach.offline_nlu import looks_like_injection
from agent.coach.offline_plan import GREETING, WRITE_TOOLS, plan_message, shifted_budget
from agent.coach.offline_replies import reply_in
from api.core.i18n import Language, localize

ToolSpec = dict[str, Any]  # {"name", "description", "parameters"}
WRITE_TOOL_NAMES = frozenset(WRITE_TOOLS.values())
KNOWLEDGE_TOOL_NAMES = frozenset({"search_knowledge_base", "open_article"})


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "".join(part if isinstance(part, str) else str(part.get("text", "")) for part in content
                   if isinstance(part, str) or part.get("type") == "text")


def tool_spec(tool: Any) -> ToolSpec:
    """Name, description and JSON-schema parameters of a CoachTool, an OpenAI tool dict or a LangChain tool."""
    if hasattr(tool, "json_schema") and callable(tool.json_schema):
        raw = tool.json_schema()
    elif isinstance(tool, dict):
        raw = tool
    else:
        from langchain_core.utils.function_calling import convert_to_openai_tool

        raw = convert_to_openai_tool(tool)
    function = raw.get("function", raw)
    return {"name": function["name"], "description": function.get("description", ""),
            "parameters": function.get("parameters") or {}}


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return dict(defs.get(ref.removeprefix("#/$defs/"), {}))
    return schema


def _enum(schema: dict[str, Any], defs: dict[str, Any]) -> list[Any] | None:
    schema = _resolve(schema, defs)
    if "enum" in schema:
        return list(schema["enum"])
    if "const" in schema:
        return [schema["const"]]
    for option in schema.get("anyOf", []) + schema.get("oneOf", []):
        found = _enum(option, defs)
        if found is not None:
            return found
    return None


def fit_arguments(spec: ToolSpec | None, arguments: dict[str, Any]) -> dict[str, Any]:
    """Keep the arguments the tool's schema has, with enumerated values matched case-insensitively."""
    if spec is None:
        return dict(arguments)
    parameters = spec.get("parameters") or {}
    properties: dict[str, Any] = parameters.get("properties") or {}
    if not properties:
        return {}
    defs = parameters.get("$defs") or {}
    fitted: dict[str, Any] = {}
    for key, value in arguments.items():
        if key not in properties or value is None:
            continue
        allowed = _enum(properties[key], defs)
        if allowed is not None and value not in allowed:
            match = next((a for a in allowed if isinstance(a, str) and str(value).lower() == a.lower()), None)
            if match is None:
                continue
            value = match
        fitted[key] = value
    return fitted


# Words people use for a saved name's words ("my FI goal" is "Financial independence at 52")
_NAME_SYNONYMS = {"fi": ("financial", "independence"), "fire": ("financial", "independence"),
                  "efund": ("emergency",), "rainy": ("emergency",), "hydro": ("hydro", "electricity"),
                  "kid": ("education",), "school": ("education",), "university": ("education",),
                  "vacation": ("trip", "travel", "vacation"), "holiday": ("trip", "travel")}
_ADDING = re.compile(r"\b(?:add|new|create|start|track|log|record|ajoute|nouvelle|nouvel|nouveau|cree)\b",
                     re.IGNORECASE)


def saved_name(spec: ToolSpec | None, question: str, name: str) -> str | None:
    """The user's saved name a write means (the schema lists them as the `name` field's examples): the one the
    planned name fits ("Emergency fund" is "Six-month emergency fund"), else, when the message changes something
    already saved, the one whose words the message uses most ("hydro gas and water is more like 290 now" is
    "Hydro, gas and water", "raise the Japan trip target" is "Family trip to Japan"); None when none fits."""
    from tools.write import closest_name, name_words

    prop = ((spec or {}).get("parameters", {}).get("properties") or {}).get("name") or {}
    saved = [n for n in prop.get("examples") or [] if isinstance(n, str)]
    if not saved:
        return None
    said = name_words(question)
    own_words = name_words(name) <= said  # the planned name is the person's own words, not a kind's ("Restaurants")
    at = closest_name(name, saved)
    if at is not None and own_words:
        return saved[at]
    if _ADDING.search(question):
        return saved[at] if at is not None else None  # "add Leo's swimming lessons": new, unless it is saved
    said |= {w for word in list(said) for w in _NAME_SYNONYMS.get(word, ())}
    scores = [(len(name_words(n) & said) / max(len(name_words(n)), 1), len(name_words(n) & said), n) for n in saved]
    best = max(scores, default=(0.0, 0, ""))
    if best[1] == 0 or sum(1 for share, count, _ in scores if (share, count) == best[:2]) > 1:
        return saved[at] if at is not None else None
    return best[2]


def _properties(spec: ToolSpec | None) -> dict[str, Any]:
    return dict((spec or {}).get("parameters", {}).get("properties") or {})


def _required(spec: ToolSpec | None) -> list[str]:
    return list((spec or {}).get("parameters", {}).get("required") or [])


class OfflineCoachModel(BaseChatModel):
    """The deterministic offline coach (no network, no weights). `bind_tools` returns a copy that knows the
    tools' names and schemas; without bound tools it assumes the coach's own tools and argument names."""

    tool_specs: dict[str, ToolSpec] = Field(default_factory=dict)
    # The request's language (Accept-Language, else the saved locale): for a message that does not say its own.
    language: Language = "en"

    @property
    def _llm_type(self) -> str:
        return "firepath-offline-coach"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model": "offline", "tools": sorted(self.tool_specs)}

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: str | None = None,
                   **kwargs: Any) -> Runnable[LanguageModelInput, AIMessage]:
        specs = {spec["name"]: spec for spec in (tool_spec(tool) for tool in tools)}
        return self.model_copy(update={"tool_specs": specs})

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self.respond(messages))])

    # --- the turn ---------------------------------------------------------------------------------------------

    def respond(self, messages: Sequence[BaseMessage]) -> AIMessage:
        """The next message of the conversation: tool calls for a new question, or the answer."""
        human_at = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
        if not human_at:
            return AIMessage(content=reply_in(GREETING, self.language))
        last = human_at[-1]
        question = _text(messages[last])
        earlier = [_text(messages[i]) for i in human_at[:-1]]
        lang = words.answer_language(question, earlier, self.language)
        after = list(messages[last + 1:])
        calls_made = [m for m in after if isinstance(m, AIMessage) and m.tool_calls]
        results = [m for m in after if isinstance(m, ToolMessage)]
        if not calls_made:
            return self._plan(question, earlier, len(messages), lang)
        retry = self._retry(calls_made, results, len(messages))
        if retry is not None:
            return retry
        opened = self._open_found(question, earlier, calls_made, results, len(messages))
        if opened is not None:
            return opened
        shifted = self._shift_budget(question, earlier, calls_made, results, len(messages))
        if shifted is not None:
            return shifted
        strict = any(isinstance(m, SystemMessage) for m in after)
        return AIMessage(content=compose_answer(results, strict=strict, question=question, lang=lang))

    def _plan(self, question: str, earlier: list[str], position: int, lang: Language = "en") -> AIMessage:
        plan = plan_message(question, earlier)
        if plan.reply is not None:
            return AIMessage(content=reply_in(plan.reply, lang))
        calls = []
        for index, (name, arguments) in enumerate(plan.calls):
            if self.tool_specs and name not in self.tool_specs:
                continue
            spec = self.tool_specs.get(name)
            fitted = fit_arguments(spec, arguments) if self.tool_specs else dict(arguments)
            if isinstance(fitted.get("name"), str):
                fitted["name"] = saved_name(spec, question, fitted["name"]) or fitted["name"]
            if name in KNOWLEDGE_TOOL_NAMES and lang != "en" and "lang" not in fitted and (
                    "lang" in _properties(spec) if spec else name == "search_knowledge_base"):
                fitted["lang"] = lang  # a French question reads the French titles and passages
            if any(field not in fitted for field in _required(spec)):
                continue
            calls.append({"name": name, "args": fitted, "id": f"offline_{position}_{index}", "type": "tool_call"})
        if not calls:
            return AIMessage(content=words.say("coach.answer.no_tool", lang))
        return AIMessage(content="", tool_calls=calls)

    def _open_found(self, question: str, earlier: list[str], calls_made: list[AIMessage], results: list[ToolMessage],
                    position: int) -> AIMessage | None:
        """"Open the article on RRIFs": after the search, open the first article it found (once)."""
        if len(calls_made) != 1 or len(results) != 1 or results[0].name != "search_knowledge_base" or \
                "open_article" not in self.tool_specs or plan_message(question, earlier).intent != "open_article":
            return None
        data, _ = answers.parse_content(results[0].content)
        found = [r for r in (data or {}).get("results") or [] if isinstance(r, dict) and r.get("kind") == "article"]
        if not found:
            return None
        return AIMessage(content="", tool_calls=[{"name": "open_article", "args": {"id": str(found[0]["id"])},
                                                  "id": f"offline_{position}_open", "type": "tool_call"}])

    def _shift_budget(self, question: str, earlier: list[str], calls_made: list[AIMessage],
                      results: list[ToolMessage], position: int) -> AIMessage | None:
        """"Move 5% from wants to investments": after reading the saved budget, propose it with the share moved."""
        if len(calls_made) != 1 or len(results) != 1 or results[0].name != "get_budget" or \
                "save_budget" not in self.tool_specs or plan_message(question, earlier).intent != "budget_shift":
            return None
        data, _ = answers.parse_content(results[0].content)
        args = shifted_budget(question, (data or {}).get("budget") or {})
        if args is None:
            return None
        return AIMessage(content="", tool_calls=[{"name": "save_budget", "args": args,
                                                  "id": f"offline_{position}_shift", "type": "tool_call"}])

    def _retry(self, calls_made: list[AIMessage], results: list[ToolMessage], position: int) -> AIMessage | None:
        """Once per turn: a call whose arguments the tool refused is made again with its defaults."""
        if len(calls_made) != 1:
            return None
        retry: list[dict[str, Any]] = []
        for result in results:
            data, _ = answers.parse_content(result.content)
            error = str((data or {}).get("error", ""))
            spec = self.tool_specs.get(result.name or "")
            if (result.status == "error" and error.startswith("Invalid arguments") and result.name
                    and result.name not in WRITE_TOOL_NAMES and not _required(spec)):
                retry.append({"name": result.name, "args": {}, "id": f"offline_{position}_retry{len(retry)}",
                              "type": "tool_call"})
        return AIMessage(content="", tool_calls=retry) if retry else None


# --- composing the answer ---------------------------------------------------------------------------------------


def _error_text_en(data: dict[str, Any] | None, raw: str) -> str:
    if data is None:
        return raw[:300]
    return str(data.get("error") or data.get("message") or raw)[:300]


def _error_text(data: dict[str, Any] | None, raw: str, lang: Language) -> str:
    """A tool's error in `lang`: the API's messages are in its catalogue (what it does not know stays English)."""
    english = _error_text_en(data, raw)
    return english if lang == "en" else localize(english, lang)[0]


def _write_answer(name: str, data: dict[str, Any] | None, raw: str, failed: bool, lang: Language = "en") -> list[str]:
    if data is not None and data.get("declined"):
        return [words.say("coach.write.declined", lang)]
    if failed:
        return [words.say("coach.write.failed", lang, error=_error_text(data, raw, lang))]
    summary = (data or {}).get("summary")
    said = words.localized(str(summary), lang) if summary else None
    if said is None:
        said = words.say("coach.write.your_change", lang)
    return [words.say("coach.write.saved", lang, summary=said), words.say("coach.write.undo", lang)]


def _knowledge_answer(data: dict[str, Any], lang: Language = "en") -> list[str]:
    lines, titles = answers.knowledge_lines(data, lang=lang)
    if not lines:
        return [words.say("coach.knowledge.nothing", lang)]
    return [words.say("coach.knowledge.intro", lang), *lines,
            words.say("coach.knowledge.sources", lang, titles="; ".join(titles))]


def _navigation_answer(data: dict[str, Any], lang: Language = "en") -> list[str]:
    label = answers.format_value("label", data.get("label")) or words.say("coach.navigation.the_screen", lang)
    path = data.get("path", "")
    why = answers.format_value("why", data.get("why")) or ""
    if lang != "en":  # the screens' names and reasons are the app's English: said in French when known
        label = words.localized(label, lang) or label
        why = words.localized(why, lang) or "" if why else ""
    return [words.say("coach.navigation.open", lang, label=label, path=path, why=why).strip()]


def _result_answer(name: str, data: dict[str, Any], strict: bool, question: str = "",
                   lang: Language = "en") -> list[str]:
    lines: list[str] = []
    summary = data.get("summary")
    if isinstance(summary, str) and summary.strip() and not looks_like_injection(summary):
        said = words.localized(summary.strip(), lang)
        lines.append(said if said is not None else words.say("coach.answer.figures_intro", lang))
    figures = answers.figure_lines(name, data, lang=lang)
    lines += figures + answers.asked_lines(data, question, figures, lang)  # and the figures the question names
    lines += answers.list_lines(data, question=question, lang=lang)
    if not strict:
        lines += answers.provenance_lines(data, lang)
    if len(lines) == 0:
        lines.append(words.say("coach.answer.nothing_saved", lang))
    return lines


ANSWERERS: dict[str, Callable[[dict[str, Any], Language], list[str]]] = {
    "search_knowledge_base": _knowledge_answer, "open_article": _knowledge_answer,
    "suggest_screen": _navigation_answer,
}


def compose_answer(results: Sequence[ToolMessage], *, strict: bool = False, question: str = "",
                   lang: Language = "en") -> str:
    """The offline coach's answer from this turn's tool results (numbers only from them), with the figures the
    question names, in `lang`."""
    lines: list[str] = []
    suspicious = False
    computed = False
    for result in results:
        name = result.name or ""
        data, raw = answers.parse_content(result.content)
        failed = result.status == "error" or (data is not None and "error" in data and len(data) == 1)
        if name in WRITE_TOOL_NAMES:
            lines += _write_answer(name, data, raw, failed, lang)
            continue
        if failed or data is None:
            lines.append(words.say("coach.answer.tool_failed", lang, tool=name.replace('_', ' '),
                                   error=_error_text(data, raw, lang)))
            continue
        suspicious = suspicious or answers.contains_injection(data)
        if name in ANSWERERS:
            lines += ANSWERERS[name](data, lang)
        else:
            computed = computed or (name not in KNOWLEDGE_TOOL_NAMES and not name.startswith("get_"))
            lines += _result_answer(name, data, strict, question, lang)
    if suspicious:
        lines.append(words.say("coach.answer.suspicious", lang))
    steps = [NEXT_STEPS[r.name] for r in results if r.name in NEXT_STEPS and r.status != "error"]
    if steps:
        lines.append(words.say("coach.answer.next_step", lang, step=words.say(steps[0], lang)))
    if computed:
        lines.append(words.say("coach.answer.estimates", lang))
    return "\n".join(lines)


# One next step after an answer, by the tool that gave it (keys of the catalogue).
NEXT_STEPS = {  # no figures here: every number in an answer comes from a tool result
    "fire_number": "coach.next.fire_number", "years_to_fi": "coach.next.years_to_fi", "what_if": "coach.next.what_if",
    "projection": "coach.next.projection", "monte_carlo_summary": "coach.next.monte_carlo_summary",
    "savings_needed": "coach.next.savings_needed", "savings_rate": "coach.next.savings_rate",
    "rrsp_vs_tfsa": "coach.next.rrsp_vs_tfsa", "contribution_room": "coach.next.contribution_room",
    "tax_estimate": "coach.next.tax_estimate", "mortgage_payment": "coach.next.mortgage_payment",
    "debt_payoff": "coach.next.debt_payoff",
}


