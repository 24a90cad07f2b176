"""The offline coach's direct replies (refusals, questions back, the greeting) in the language of the answer.

The planner (agent/coach/offline_plan.py) words them in English; each has a `coach.reply.*` key whose English is
that text, and the clarifying question names the two nearest things the coach can do by their `ask:` lines
(tools/examples/<tool>.yaml), each a `coach.ask.<tool>` key.
"""

from __future__ import annotations

import re
from functools import cache

from agent.coach import offline_plan as plan
from agent.coach.offline_language import say
from api.core.i18n import Language

# Each direct reply of the planner and its key.
REPLY_KEYS = {
    plan.REFUSE_INJECTION: "coach.reply.refuse_injection", plan.REFUSE_ADMIN: "coach.reply.refuse_admin",
    plan.REFUSE_OTHERS: "coach.reply.refuse_others", plan.REFUSE_MONEY_MOVEMENT: "coach.reply.refuse_money_movement",
    plan.REFUSE_ACCOUNT_ACCESS: "coach.reply.refuse_account_access", plan.REFUSE_EVASION: "coach.reply.refuse_evasion",
    plan.REFUSE_TRANSACTIONS: "coach.reply.refuse_transactions", plan.REFUSE_PICKS: "coach.reply.refuse_picks",
    plan.REFUSE_SCOPE: "coach.reply.refuse_scope", plan.GREETING: "coach.reply.greeting",
    plan.ASK_BUDGET: "coach.reply.ask_budget", plan.ASK_INCOME: "coach.reply.ask_income",
    plan.ASK_EXPENSE: "coach.reply.ask_expense", plan.ASK_GOAL: "coach.reply.ask_goal",
    plan.ASK_PREFERENCES: "coach.reply.ask_preferences", plan.ASK_SCENARIO: "coach.reply.ask_scenario",
    plan.ASK_UNDO: "coach.reply.ask_undo", plan.ASK_DEBT: "coach.reply.ask_debt",
    plan.OTHER_LANGUAGE: "coach.reply.other_language",
}
_CLARIFY = re.compile(r"I'm not sure what you'd like me to do\. I can (?P<options>.+)\. Which one\? You can also ask "
                      r"me in other words, for example \"when can I retire\?\" or \"how much tax on \$85,000 in "
                      r"Ontario\?\"\.", re.DOTALL)


@cache
def _asks() -> dict[str, str]:
    """What the coach offers when unsure, in English, -> the tool."""
    from agent.coach.router import load_asks

    return {text: tool for tool, text in load_asks().items()}


def _offer(english: str, lang: Language) -> str | None:
    tool = _asks().get(english)
    return None if tool is None else say(f"coach.ask.{tool.lstrip('_')}", lang)


def reply_in(english: str, lang: Language) -> str:
    """A reply of the planner in `lang` (English as written; one the catalogue lacks stays English)."""
    if lang == "en":
        return english
    key = REPLY_KEYS.get(english)
    if key is not None:
        return say(key, lang)
    found = _CLARIFY.fullmatch(english)
    if found is not None:
        options = found.group("options")
        pair = next(((a, b) for a in _asks() for b in _asks() if options == f"{a}, or {b}"), None)
        said = [_offer(o, lang) for o in (pair or (options,))]
        if all(s is not None for s in said):
            return say("coach.reply.clarify_two" if pair else "coach.reply.clarify_one", lang,
                       first=said[0], second=said[-1])
    return english
