"""The offline coach's planner: from the user's latest message (and the one before, for follow-ups) to an
intent and the tool calls that answer it, with arguments fitted to the bound tools' schemas.

Refusals come first: instructions hidden in a message ("ignore previous instructions"), requests for
specific securities, and topics outside personal finance get no tool call at all.
"""

from __future__ import annotations

import calendar
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Any

from agent.coach.offline_nlu import (
    _ELISION,
    FINANCE_WORDS,
    Amount,
    Rate,
    Slots,
    asks_for_account_access,
    asks_for_admin,
    asks_for_evasion,
    asks_for_others_data,
    asks_for_security_pick,
    asks_for_transactions,
    asks_to_move_money,
    asks_to_trade,
    extract,
    find_account,
    fold,
    has_phrase,
    is_off_topic,
    looks_like_injection,
    other_language,
    phrase_at,
    roles_of,
    tokens,
    wordset,
)
from agent.slots import digitise


@lru_cache(maxsize=1)
def concept_words() -> frozenset[str]:
    """Words that name a finance concept: those of the knowledge tools' example requests that no off-topic example
    uses ("what is", "explain" and "hockey" are not concepts)."""
    from agent.coach.router import NONE, load_examples

    examples = load_examples()
    def words(tool: str) -> set[str]:
        return {w for text in examples.get(tool, []) for w in tokens(text) if w.isalpha() and len(w) > 2}
    return frozenset((words("search_knowledge_base") | words("open_article")) - words(NONE) - _NOT_CONCEPTS)


_NOT_CONCEPTS = frozenset({"what", "are", "explain", "how", "does", "tell", "about", "difference", "between",
                           "meaning", "mean", "define", "can", "why", "est", "quoi", "comment", "learn", "work",
                           "works", "help", "true", "article", "rules", "index", "the", "and", "you", "for", "with",
                           "when", "should", "que", "les", "des", "une", "pour", "show", "open", "read", "guide"})
WRITE_INTENTS = ("save_budget", "update_income", "expense_item", "goal", "preferences", "scenario")
_IMPERATIVES = ("add", "set", "save", "update", "change", "record", "create", "make", "put", "log", "track",
                "new", "is now", "now earn", "now make", "got a raise", "raise to", "enregistre", "ajoute",
                "modifie", "please", "can you", "could you", "bump", "lower", "increase", "switch", "edit", "use",
                "raise", "cut", "reduce", "drop", "remove", "delete", "mets", "met", "mettre", "mets a jour",
                "mettre a jour", "passe a", "monte", "augmente", "baisse", "change", "fixe", "inscris", "svp",
                "split my", "split our", "split the", "split it", "go with", "lets go", "let's go", "send all",
                "send our", "send my", "send everything", "allocate", "divide my", "repartis", "move my",
                "move the", "move our", "push", "push back", "move", "delay", "postpone", "extend", "bring forward",
                "repousse", "reporte", "recule", "devance", "sauvegarde", "sauvegarder", "cree", "creer", "note",
                "flag", "unflag", "un-flag", "mark", "unmark", "rename", "call it", "name it", "keep this as",
                "keep that as", "keep it as")
_CONDITIONALS = ("what if", "if i", "if we", "if my", "suppose", "supposing", "instead", "imagine",
                 "et si", "what happens", "how about", "what about", "hypothetically", "would it", "if the")
_STOP_SAVING = ("stop saving", "stopped saving", "stop investing", "pause saving", "paused saving",
                "off from investing", "off from saving", "off investing", "off saving", "break from saving",
                "break from investing", "pause contributions", "pause investing", "stop contributing",
                "arrete d'epargner", "arreter d'epargner", "arretait d'epargner", "arrete de cotiser",
                "cesse d'epargner", "mat leave", "maternity leave", "parental leave", "paternity leave", "sabbatical",
                "conge parental", "conge de maternite", "conge de paternite", "sans epargner", "sans rien epargner",
                "sans cotiser", "year off", "years off", "arretait de cotiser", "arretions d'epargner")
_GREETINGS = wordset("hi hello hey thanks thank you bonjour merci ok okay great cool good morning salut yo "
                     "cheers perfect awesome nice")
READ_TOOLS = {"read_income": "get_income", "read_expenses": "get_expenses", "read_accounts": "get_accounts",
              "read_goals": "get_goals", "read_snapshot": "get_snapshot", "read_savings": "get_savings",
              "read_credit": "get_credit", "read_properties": "get_properties", "read_profile": "get_profile",
              "read_plans": "get_future_plans", "completion": "get_completion", "read_preferences": "get_preferences",
              "budget_view": "get_budget", "account_totals": "account_totals"}
COMPUTE_TOOLS = {"fire_number": "fire_number", "years_to_fi": "years_to_fi", "what_if": "what_if",
                 "savings_rate": "savings_rate", "rrsp_vs_tfsa": "rrsp_vs_tfsa",
                 "contribution_room": "contribution_room", "tax_estimate": "tax_estimate",
                 "mortgage_payment": "mortgage_payment", "debt_payoff": "debt_payoff", "projection": "projection",
                 "monte_carlo": "monte_carlo_summary", "savings_needed": "savings_needed",
                 "compare_scenarios": "compare_scenarios", "cpp_timing": "cpp_oas_timing"}
WRITE_TOOLS = {"save_budget": "save_budget", "update_income": "update_income", "expense_item": "upsert_expense_item",
               "goal": "upsert_goal", "preferences": "update_preferences", "scenario": "save_scenario"}


@dataclass
class Plan:
    """What to do with a message: call tools, or answer directly (a refusal or a question back)."""

    intent: str
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    reply: str | None = None


@dataclass
class Understood:
    text: str
    words: list[str]
    slots: Slots


def understand(text: str) -> Understood:
    words = tokens(text)
    return Understood(text=text, words=words, slots=extract(text))


def _any_phrase(words: list[str], phrases: tuple[str, ...]) -> bool:
    return any(has_phrase(words, fold(p)) for p in phrases)


def _has_change(slots: Slots, words: list[str] | None = None) -> bool:
    stops = words is not None and _any_phrase(words, _STOP_SAVING)
    return bool(slots.amounts or slots.rates or slots.ages or slots.durations or stops)


# The tool a route lands on -> the intent the plan is built for.
TOOL_INTENTS = {tool: intent for intent, tool in {**READ_TOOLS, **COMPUTE_TOOLS, **WRITE_TOOLS}.items()} | {
    "search_knowledge_base": "knowledge", "open_article": "knowledge", "suggest_screen": "navigation",
    "emergency_fund": "emergency_fund"}  # an answer of two tools: the saved fund beside the guidance on its size
# A write the message does not ask for in so many words is read instead; a what-if without a change is the plan.
_WRITE_FALLBACK = {"save_budget": "budget_view", "update_income": "read_income", "expense_item": "read_expenses",
                   "goal": "read_goals", "preferences": "read_preferences", "scenario": "compare_scenarios"}


_WRITE_OF = {"get_goals": "upsert_goal", "get_expenses": "upsert_expense_item", "get_income": "update_income",
             "get_budget": "save_budget", "get_preferences": "update_preferences",
             "compare_scenarios": "save_scenario"}
_WRITE_TOOL_NAMES = frozenset(WRITE_TOOLS.values())
_COMPUTE_TOOL_NAMES = frozenset(COMPUTE_TOOLS.values())
_SIDE_BY_SIDE = ("next to", "beside", "side by side", "line up", "line it up", "lined up", "up against", "against",
                 "compare", "compared", "versus", "vs", "a cote", "comparer", "compare-le", "par rapport")
# A question about when FI comes, sooner or later: a change said with it is tried, not saved.
_FI_TIMING = re.compile(r"\bhow much (?:later|sooner|earlier|longer)\b|"
                        r"\bpush(?:es)? (?:back )?(?:our |my |the )?(?:fi|fire|retirement|date)\b|"
                        r"\bdelay (?:our |my |the )?(?:fi|fire|retirement)\b|\b(?:fi|fire) date\b|"
                        r"\bcombien (?:plus tard|plus tot)\b|\brecule\b")
_TIME_TO_FI = frozenset({"years_to_fi", "compare_scenarios", "save_scenario"})
_WHERE = ("where do i", "where can i", "where would i", "where is the", "which page", "which screen", "how do i get to",
          "take me to", "où est", "où puis", "ou est", "ou puis", "c'est ou", "ou est-ce que", "quelle page",
          "quel ecran", "ou se trouve", "amene-moi", "emmene-moi")
_SOFT_ASKS = ("please", "can you", "could you", "use", "svp")  # polite words, not by themselves an instruction to save


def _read_only_tools() -> frozenset[str]:
    from agent.coach.router import get_router

    return frozenset(label for label in get_router().labels if label not in _WRITE_TOOL_NAMES)


@lru_cache(maxsize=4096)
def _phrase_parts(phrase: str) -> list[str]:
    return _ELISION.sub(r"\1 ", fold(phrase)).split()


def _positions_of(words: list[str], phrase: str) -> list[int]:
    """Where `phrase` starts among `words` (its first word also as a plural)."""
    parts = _phrase_parts(phrase)
    if not parts:
        return []
    first = parts[0]
    forms = (first, first + "s", first + "es") if len(first) > 2 else (first,)
    return [i for i, word in enumerate(words) if word in forms and phrase_at(words, parts, i)]


# An instruction inside a hypothetical ("if I bumped my retirement age to 55...", "Daniel might switch jobs") is not
# one; "would you" and "could you" ask.
_HYPOTHETICAL = ("if", "what if", "suppose", "supposing", "imagine", "hypothetically", "si", "et si", "might",
                 "were to", "was to", "would", "could be", "pourrait", "pourrais")
_READ_VERBS = ("give", "show", "tell", "run", "calculate", "compute", "work out", "check", "explain", "find",
               "pull up", "list", "compare", "estimate", "project", "walk me", "montre", "donne", "calcule", "dis",
               "explique", "compare", "see", "look")
# A new value stated, not asked about: "gym memberships went up to 110", "le fonds est rendu a 25 500 $".
_STATED_CHANGES = ("went up to", "went down to", "gone up to", "gone down to", "is up to", "is down to",
                   "now costs", "now cost", "increased to", "decreased to", "dropped to", "jumped to", "is more like",
                   "are more like", "est rendu", "est rendue", "sont rendus", "sont rendues", "est maintenant",
                   "est passe a", "a augmente a", "coute maintenant", "now at", "is now at", "we now have",
                   "now sits at", "on a maintenant", "j'ai maintenant", "nous avons maintenant")
_SUBJECTS = frozenset({"i", "we", "he", "she", "they", "it", "i'm", "we're", "i've", "we've", "i'd", "we'd", "i'll",
                       "we'll", "ive", "je", "j", "on", "nous", "il", "elle",
                       "ils", "daniel", "partner", "wife", "husband", "spouse"})
_BEFORE_USE = frozenset({"please", "pls", "and", "then", "now", "on", "just", "so", "ok", "okay", "also", "instead",
                         "let's", "lets"})
_CLAUSE_END = re.compile(r"[^.;!?\n]+(?:[.;!?\n]+|$)")


_EXPLAIN = re.compile(r"^\W*(?:how (?:is|are) (?:the |my |your |a )?[\w' -]{2,40}? (?:calculated|computed|worked out"
                      r"|scored|"
                      r"figured|determined|measured|decided)|how does (?:the |a |an )?[\w' -]{2,30}? work\b|what doe"
                      r"s (?:the |a )?"
                      r"[\w' -]{2,40}? (?:mean|stand for)|comment (?:est|sont) (?:calcule|calcules|calculee|determine)|"
                      r"comment fonctionne|que (?:veut dire|signifie))")
# A question about how a rule or a programme works, in general: the help articles answer it, not a calculation.
_CONCEPT = re.compile(r"\bwhat(?:'s| is| are) the differences? between\b|\bdifferences? (?:between|entre)\b|"
                      r"\bis (?:the |a |that )?[\w%. -]{1,20}? rule (?:still |even |really )?(?:valid|good|safe|true|"
                      r"realistic|ok|okay|reliable|right)\b|\bregle (?:du|des) [\w%,. -]{1,10}\b.{0,30}\b(?:encore|"
                      r"toujours|valide|bon)\b|\bexplique[sz]?(?:-| )moi (?:la|le|les|l'|comment|ce)\b|"
                      r"\bwhat happens (?:if|when) (?:i|you|we) "
                      r"(?:over[- ]?contribute|contribute too much|put too much)|"
                      r"\bqu'arrive-t-il\b|\bque se passe-t-il (?:si|quand)\b|"
                      r"\bordre de decaissement\b|\bwithdrawal order\b|\b(?:which|what) account (?:should|do) (?:i|we) "
                      r"(?:draw|withdraw|drain|empty|take) from first\b|\bje vide quel compte\b|"
                      r"\b(?:how do i|how can i|comment) (?:reset|change|recuperer|reinitialiser|changer) (?:my |mon )?"
                      r"(?:password|mot de passe)\b|\bforgot (?:my )?password\b|\boublie mon mot de passe\b")
_NOT_MORTGAGE_DEBTS = ("card", "credit card", "visa", "mastercard", "amex", "line of credit", "loc", "heloc",
                       "student loan", "car loan", "personal loan", "consolidation", "carte", "marge", "pret etudiant",
                       "pret auto", "pret personnel")
_HOMES = ("mortgage", "house", "home", "condo", "place", "townhouse", "property", "amortization", "hypotheque",
          "maison",
          "propriete", "amortissement", "down payment", "mise de fonds", "renew", "renewal")


def instructs_change(text: str) -> bool:
    """Whether the message tells the coach to change something: an imperative ("set", "add", "raise") or a new
    value stated as a fact ("went up to 110"), outside any hypothetical; polite words alone ("can you", "please")
    only when no reading verb follows them ("can you give me the projection" asks to see)."""
    for match in _CLAUSE_END.finditer(fold(text)):
        clause = match.group(0)
        words = tokens(clause)
        asked = clause.rstrip().endswith("?") or bool(_ASKING.match(clause.strip()))
        cues = [i for phrase in _HYPOTHETICAL for i in _positions_of(words, phrase)
                if not (words[i] in ("would", "could") and i + 1 < len(words) and words[i + 1] in ("you", "u"))]
        first_cue = min(cues, default=len(words))
        strong = False
        for phrase in _IMPERATIVES:
            if phrase in _SOFT_ASKS:
                continue
            for i in _positions_of(words, phrase):
                if i >= first_cue:
                    continue  # "if I set ...": a hypothetical, not an instruction
                if i > 0 and (words[i - 1] in _SUBJECTS or (words[i - 1] == "you" and not (
                        i > 1 and words[i - 2] in ("can", "could", "would", "will", "pls", "please")))):
                    continue  # "I make 60k", "we save 2k": a statement, not an instruction
                if i > 0 and words[i - 1] in ("to", "a", "de", "d") and asked:
                    continue  # "what's left to save for the trip?": a question about saving, not an order to save
                if " " not in phrase and words[i] != phrase:
                    continue  # "mes scénarios enregistrés", "what changes": not the imperative itself
                if (phrase == "monte" and words[i + 1:i + 2] == ["carlo"]) or (
                        phrase.startswith("enregistre") and i > 0 and words[i - 1] == "non"):
                    continue  # "Monte Carlo", "non enregistré": names, not "raise" or "save"
                if phrase == "set" and i > 0 and words[i - 1] in ("is", "are", "was", "it's", "that's", "i've",
                                                                  "we've"):
                    continue  # "what retirement age is set in my settings?" asks, it does not set
                if phrase == "set" and asked and words[i + 1:i + 2] == ["to"] and i + 2 >= len(words):
                    continue  # "what's my retirement age set to?" asks
                strong = True
        if strong:
            return True
        if not asked and any(i < first_cue for phrase in _STATED_CHANGES for i in _positions_of(words, phrase)):
            return True
        if any(i < first_cue and (i == 0 or words[i - 1] in _BEFORE_USE or (
                i > 1 and words[i - 1] in ("you", "u") and words[i - 2] in ("can", "could", "would", "will")))
               for i in _positions_of(words, "use")):
            return True  # "use 30x instead of 25x", "from now on use 3.5%" (not "what rate does my plan use")
        soft = [i for phrase in _SOFT_ASKS if phrase != "use" for i in _positions_of(words, phrase)]
        if soft and min(soft) < first_cue and not any(i > min(soft) for phrase in _READ_VERBS
                                                      for i in _positions_of(words, phrase)):
            return True
    return False


# A setting of the plan named ("the return assumption", "âge de retraite", "30x") and a new value for it, told to the
# coach as a change ("make the return assumption 8%", "retire at 48 in the settings", "a 3.5% withdrawal rate baked
# into my settings from now on"): the preferences' write, shown for approval, whatever the router's neighbours say.
_PREFERENCE_FIELDS = ("retirement age", "age de retraite", "age de la retraite", "return assumption",
                      "expected return", "assumed return", "rate of return", "withdrawal rate", "taux de retrait",
                      "rendement attendu", "rendement prevu", "hypothese de rendement", "fire multiplier",
                      "multiplicateur")
_IN_SETTINGS = ("in the settings", "in my settings", "into my settings", "in my preferences", "in the preferences",
                "dans mes preferences", "dans les preferences", "dans mes parametres", "from now on", "baked into",
                "i want to use", "going forward", "dorenavant", "desormais")
_MULTIPLIER = re.compile(r"\b\d{2}(?:\.\d)? ?x\b")


def _sets_a_preference(message: Understood, instructs: bool) -> bool:
    words, text = message.words, message.text
    if "?" in text or _any_phrase(words, _HYPOTHETICAL):
        return False
    named = _any_phrase(words, _PREFERENCE_FIELDS) or (_MULTIPLIER.search(text.lower()) is not None and _any_phrase(
        words, ("fire number", "chiffre fire", "spending")))
    if not named and not (_any_phrase(words, ("retire at", "retraite a")) and _any_phrase(words, _IN_SETTINGS)):
        return False
    if not (instructs or _any_phrase(words, _IN_SETTINGS)):
        return False
    return bool(plan_for("preferences", message).calls)


# An order that opens the message, on a kind of expense line, with a new monthly amount ("cut takeout and delivery
# to 50 a month", "baisse les restos à 200 $ par mois"): the expense line's write, whatever the neighbours say.
_EXPENSE_ORDER = re.compile(r"^(?:(?:ok|okay|so|now|please|pls|can you|could you)[,!. ]+)*(?:cut|raise|lower|set|bump|"
                            r"increase|reduce|drop|put|change|update|trim|up|baisse|monte|mets|augmente|diminue|"
                            r"reduis|coupe|fixe)\b")
_NOT_AN_EXPENSE = frozenset({"goal", "goals", "target", "objectif", "objectifs", "cible", "scenario", "scenarios",
                             "tfsa", "rrsp", "fhsa", "resp", "celi", "reer", "celiapp"})
_MORE_EXPENSE_WORDS = frozenset({"restos", "resto", "takeout", "subscriptions", "abonnements", "epicerie", "loyer"})


@lru_cache(maxsize=1)
def _expense_words() -> frozenset[str]:
    return frozenset(k for keywords, *_ in _EXPENSE_KINDS for k in keywords) | _MORE_EXPENSE_WORDS


def _sets_an_expense(message: Understood) -> bool:
    text = fold(message.text)
    if "?" in text or _any_phrase(message.words, _HYPOTHETICAL) or not _EXPENSE_ORDER.search(text.strip()):
        return False
    found = re.findall(r"[a-z]+", text)
    if not any(w in _expense_words() for w in found) or not message.slots.amounts:
        return False
    if any(w in _NOT_AN_EXPENSE for w in found):
        return False  # "bump the Japan trip goal to 11k": the goal, not a line of spending
    return bool(plan_for(TOOL_INTENTS["upsert_expense_item"], message).calls)


_ADD_ORDER = re.compile(r"^(?:(?:ok|okay|so|now|please|pls|can you|could you)[,!. ]+)*(?:add|ajoute|ajouter|new)\b")
_PER_MONTH = re.compile(r"\b(?:a|per|each|every|par|/)\s?(?:month|mo|mois)\b|/\s?(?:month|mo|mois)\b|\bmonthly\b|"
                        r"\bmensuel(?:le)?s?\b")
_INCOME_WORDS = frozenset({"salary", "pay", "paycheque", "paycheck", "income", "earn", "earns", "earning", "hustle",
                           "wage", "wages", "revenu", "revenus", "salaire", "paie", "gagne", "take"})


def _adds_a_monthly_line(message: Understood) -> bool:
    """"add piano lessons for Leo, 160 a month": a new line of spending, said with its monthly amount (a goal has a
    target, not a monthly amount; pay said so is income)."""
    text = fold(message.text)
    if "?" in text or not message.slots.amounts or not _ADD_ORDER.search(text.strip()) or \
            not _PER_MONTH.search(text):
        return False
    found = set(re.findall(r"[a-z]+", text))
    return not found & (_NOT_AN_EXPENSE | _INCOME_WORDS) and not _any_phrase(message.words, _HYPOTHETICAL)


def route_intent(message: Understood, meaning: str | None = None) -> tuple[str | None, float]:
    """The intent by meaning (the nearest example requests of every tool, agent/coach/router.py), within what the
    message's form allows: a write needs an instruction to change something, and a question about the plan asked
    with a change ("what if I retire at 50?") is a what-if. `meaning` is the part of the message to route by (a
    question without the facts that set its scene); its form is read from the whole. Returns the intent and the
    router's confidence."""
    from agent.coach.router import NONE, get_router

    words, slots = message.words, message.slots
    if not any(w.isalpha() and len(w) > 1 for w in words):
        return None, 0.0  # "50/30/20" alone says no more than its numbers
    instructs = instructs_change(message.text)
    if _sets_a_preference(message, instructs):
        return "preferences", 1.0
    if instructs and (_sets_an_expense(message) or _adds_a_monthly_line(message)):
        return TOOL_INTENTS["upsert_expense_item"], 1.0
    router = get_router()
    route = router.route(meaning or message.text, None if instructs else _read_only_tools())
    tool = route.tool
    zero = bool(re.search(r"\b(?:zero|nothing|rien)\b", message.text.lower()))
    if tool is None and instructs and (message.slots.amounts or zero or _NEEDS_MOVE.search(fold(message.text))) and \
            route.votes and \
            route.votes[0][1] >= 0.45 and route.votes[0][0] in _WRITE_TOOL_NAMES | {"get_expenses", "get_goals"}:
        # below the similarity floor, but an instruction with an amount whose neighbours agree on one write
        # ("add a new line for Leo's swimming lessons, 120 bucks monthly"): that write, shown for approval
        tool = route.votes[0][0]
        tool = _WRITE_OF.get(tool, tool)
    if tool is None and not instructs and len(slots.amounts) + len(slots.rates) >= 2 and route.votes and \
            route.votes[0][1] >= 0.6 and route.votes[0][0] in _COMPUTE_TOOL_NAMES:
        # below the similarity floor, but a question with its own figures whose neighbours agree on one calculation
        # ("is snowball really that much worse? 10k at 12% and 2k at 24%, paying 500 a month")
        tool = route.votes[0][0]
    if tool is None or tool == NONE:
        return None, 0.0
    tried = False
    if instructs and tool in _WRITE_TOOL_NAMES and "?" in message.text and _FI_TIMING.search(fold(message.text)) \
            and _has_change(slots, words):
        tool, tried = "years_to_fi", True  # "pay drops by 20%. how much later does that push FI?": a what-if
        instructs = False
    if instructs and tool in _WRITE_OF:
        # "add a goal: ..." reads like the goals it adds to; the instruction makes it the write, when the write is
        # among the neighbours
        write = _WRITE_OF[tool]
        if any(name == write for name, _ in route.votes):
            tool = write
    if tool in ("save_scenario", "what_if", "years_to_fi", "monte_carlo_summary") and _any_phrase(
            words, ("scenario", "scenarios", "scenario's")) and _any_phrase(words, _SIDE_BY_SIDE) and not _any_phrase(
            words, ("save", "create", "new", "enregistre", "cree", "sauvegarde")):
        tool = "compare_scenarios"  # "put my 'Retire at 50' scenario next to the current plan": the comparison
    if instructs and _GOAL_TITLE.search(fold(message.text)):
        tool = "upsert_goal"  # "new goal - pay off both credit cards, 1,900": a goal, whatever it is about
    if _any_phrase(words, _WHERE) and any(name == "suggest_screen" and share >= 0.25 for name, share in route.votes):
        tool = "suggest_screen"  # "where do I change my preferences?" asks for a screen, not the change
    if budget_shift(message.text) is not None and "?" not in message.text:
        return "save_budget", 1.0  # "move 5% from wants over to investments": the budget, from its saved shares
    shares = _share_text(message.text)
    said = _budget_args(slots, message.text) if "?" not in message.text else None
    if said and (instructs or not _any_phrase(words, ("how", "what", "compare", "should", "would", "vs", "versus"))) \
            and any(abs(sum(v for k, v in said.items() if k.endswith(kind)) - 100) < 0.01
                    for kind in ("_percentage", "_allocation")):
        return "save_budget", 1.0  # "rrsp 60 tfsa 40 no non-reg", "classic 50 30 20 on the budget": a whole split
    if len(_SHARE_THEN_NUMBER.findall(shares)) + len(_NOTHING_TO.findall(shares)) >= 3 and "?" not in message.text \
            and not _any_phrase(words, ("how", "what", "compare", "should", "would", "is it", "comment", "est-ce")):
        return "save_budget", 1.0  # "needs 55 wants 10 savings 10 investments 25": a budget, said as one
    if _any_phrase(words, ("scenario", "what-if", "what if", "scenarios")) and _any_phrase(
            words, ("save", "create", "add", "make", "keep", "enregistre", "cree", "sauvegarde", "garde")) and \
            (_any_phrase(words, ("named", "called", "call it", "name it", "save a", "save the", "save this", "save it",
                                 "enregistre un",
                                 "sauvegarde un", "sauvegarde le", "cree un", "nomme", "appele"))
             or _QUOTED_NAME.search(message.text) is not None):
        tool = "save_scenario"  # "save a what-if named 'CPP at 70'": the scenario, whatever it is about
    elif tool != "save_scenario" and _any_phrase(words, _NAMING) and _any_phrase(words, _SCENARIO_CHANGES) and \
            not _any_phrase(words, _NOT_SCENARIOS) and "?" not in message.text and \
            (_QUOTED_NAME.search(message.text) is not None or _SCENARIO_NAME.search(message.text) is not None):
        tool = "save_scenario"  # "daniel retires at 58 and me at 52, call it 'Staggered'": a named what-if
    if tool not in (None, NONE, "search_knowledge_base", "open_article") and _EXPLAIN.match(fold(message.text)) and \
            not slots.amounts and any(name == "search_knowledge_base" and share >= 0.2 for name, share in route.votes):
        tool = "search_knowledge_base"  # "how is the completion score calculated?": how it works, not my figure
    if tool not in (None, NONE, "search_knowledge_base", "open_article", "suggest_screen") and not instructs and \
            _CONCEPT.search(fold(message.text)) and not slots.amounts:
        tool = "search_knowledge_base"  # "is the 4% rule still valid for 40 years?": how a rule works, not my figure
    if tool == "mortgage_payment" and _any_phrase(words, _NOT_MORTGAGE_DEBTS) and not _any_phrase(words, _HOMES):
        tool = "debt_payoff"  # "$5,000 on a 22.99% card, paying 250 a month": a card's payoff, not a mortgage
    if wants_whole_article(words) and not instructs:
        tool = "open_article"  # "open the article about the OAS recovery tax": the article, whatever its topic
    intent = TOOL_INTENTS.get(tool)
    if intent is None:
        return None, 0.0
    if intent in WRITE_INTENTS and not instructs:
        intent = _WRITE_FALLBACK[intent]
    conditional = _any_phrase(words, _CONDITIONALS) and _has_change(slots, words)
    if tool == "savings_needed" and conditional and slots.amounts and _any_phrase(
            words, ("when", "how soon", "how much sooner", "how much later", "how long", "quand", "combien de temps")):
        tool = "years_to_fi"  # "when do we hit FI if we save 500 more a month?": the date with a change, a what-if
    if tool in _TIME_TO_FI and conditional and not (intent in WRITE_INTENTS and _any_phrase(
            words, ("create", "make", "keep", *_NAMING))):
        intent = "what_if"
    if tried:
        intent = "what_if"
    if intent == "what_if" and not _has_change(slots, words):
        intent = "years_to_fi"
    return intent, route.confidence


# --- refusals and direct replies --------------------------------------------------------------------------------

REFUSE_INJECTION = (
    "I can't do that. I don't change my rules, reveal my instructions or skip your approval because a message "
    "asks me to. I can help with your budget, savings, taxes, accounts and path to financial independence, and "
    "any change to your data is shown to you for approval first.")
OTHER_LANGUAGE = ("I can only answer in English or French for now. Pour l'instant, je ne réponds qu'en anglais ou en "
                  "français.")
REFUSE_ADMIN = (
    "I can't give admin powers or act as an administrator: I work only for you, with your own data and your "
    "approval. Administrators manage FIRE Path from its admin screen, with their own accounts.")
REFUSE_OTHERS = (
    "I can't look at anyone else's data: I only see what you have saved in FIRE Path (your household's income, "
    "accounts, goals and plan), and no one else can see yours.")
REFUSE_MONEY_MOVEMENT = (
    "I can't move money: FIRE Path has no access to your bank or brokerage, so transfers, payments and trades "
    "happen there. I can show what a transfer would change in your plan (for example RRSP vs TFSA) or record a new "
    "balance for you to approve.")
REFUSE_ACCOUNT_ACCESS = (
    "I can't sign in as anyone or see or change a password: I work only inside your own account, with your approval. "
    "Whoever forgot a password can reset it from the sign-in screen (\"Forgot password\"), and a partner can have "
    "their own account.")
REFUSE_EVASION = (
    "I can't help with that: leaving income off a return or claiming a contribution or expense that wasn't made is "
    "tax evasion. I can show legitimate ways to pay less tax (RRSP deductions, TFSA growth, pension splitting, the "
    "self-employed expenses the CRA allows) or estimate what you owe.")
REFUSE_TRANSACTIONS = (
    "I don't have your transaction history, so I can't tell what was spent where: FIRE Path keeps your budget, "
    "your monthly expenses by item and your account balances, not card or bank transactions. I can show your "
    "expenses by item or your budget.")
REFUSE_PICKS = (
    "I can't recommend specific stocks, ETFs, funds or cryptocurrencies to buy or sell: I give general "
    "education, not individual investment advice. I can explain ideas like diversification, asset allocation "
    "and fees, or run your own numbers (FIRE number, time to FI, RRSP vs TFSA). For a personal recommendation, "
    "a fee-only planner can help.")
REFUSE_SCOPE = (
    "That's outside what I can help with: I'm FIRE Path's coach for personal finance in Canada. Ask me about "
    "your budget, savings rate, FIRE number, time to financial independence, taxes, TFSA/RRSP/FHSA or "
    "your mortgage and debts.")
GREETING = ("Hello! I can work out your FIRE number and time to financial independence, try what-if scenarios, "
            "estimate your taxes, compare RRSP and TFSA, check contribution room, and explain Canadian accounts. "
            "What would you like to look at?")
ASK_BUDGET = ("What split would you like to save? Tell me the shares of take-home pay for needs, wants and "
              "savings (for example as needs/wants/savings percentages), and I'll show you the change to approve.")
ASK_INCOME = ("What should I record? Give me the new amount and whether it is your yearly salary before tax or "
              "your monthly take-home pay, and I'll show you the change to approve.")
ASK_EXPENSE = ("Which expense, and how much per month? For example: the item's name and a monthly amount. "
               "I'll show you the change to approve.")
ASK_GOAL = "What is the goal called, and how much do you want to reach (and by when)? I'll show it to you to approve."
ASK_PREFERENCES = ("Which setting should I change: your retirement age, the expected return, or the FIRE "
                   "multiplier? Give me the new value and I'll show you the change to approve.")
ASK_SCENARIO = ("What should the scenario change? For example: \"save a scenario where I retire at 50 and take CPP "
                "at 70\". I'll show it to you to approve, then we can compare it with your plan.")
ASK_UNDO = ("I can't undo a saved change myself: press Undo on that change's card above in this chat. Or tell me "
            "the value you want back (for example your previous budget split or salary) and I'll show you that "
            "change to approve, or edit it on the matching settings screen.")
_UNDO = ("undo", "revert", "roll back", "rollback", "put it back", "change it back", "annule")
ASK_DEBT = ("Tell me the balance and interest rate of the debt (or save your cards and lines of credit in "
            "Credit management) and I'll compare payoff plans.")


def refusal(text: str, words: list[str]) -> Plan | None:
    """The guards that must never be missed, before any meaning is read: each refusal says why."""
    if looks_like_injection(text):
        return Plan("refuse_injection", reply=REFUSE_INJECTION)
    if other_language(text):
        return Plan("other_language", reply=OTHER_LANGUAGE)
    if asks_for_admin(text):
        return Plan("refuse_admin", reply=REFUSE_ADMIN)
    if asks_for_others_data(text):
        return Plan("refuse_others", reply=REFUSE_OTHERS)
    if asks_for_account_access(text):
        return Plan("refuse_account_access", reply=REFUSE_ACCOUNT_ACCESS)
    if asks_to_move_money(text) or asks_to_trade(text):
        return Plan("refuse_money_movement", reply=REFUSE_MONEY_MOVEMENT)
    if asks_for_evasion(text):
        return Plan("refuse_evasion", reply=REFUSE_EVASION)
    if asks_for_transactions(text):
        return Plan("refuse_transactions", reply=REFUSE_TRANSACTIONS)
    if asks_for_security_pick(text, words):
        return Plan("refuse_picks", reply=REFUSE_PICKS)
    if is_off_topic(words):
        return Plan("refuse_scope", reply=REFUSE_SCOPE)
    return None


# --- arguments --------------------------------------------------------------------------------------------------


def _money(value: Decimal) -> float:
    return float(value.quantize(Decimal("0.01")))


def _annual(amount: Amount, *, default: str = "year") -> float:
    period = amount.period or default
    return _money(amount.value * 12 if period == "month" else amount.value)


def _monthly(amount: Amount, *, default: str = "month") -> float:
    period = amount.period or default
    return _money(amount.value / 12 if period == "year" else amount.value)


def _largest(slots: Slots) -> Amount | None:
    return max(slots.amounts, key=lambda a: a.value) if slots.amounts else None


def _income_amount(slots: Slots) -> Amount | None:
    return slots.amount("income") or slots.amount(None, "payment", "take_home") or _largest(slots)


def _year(slots: Slots) -> int | None:
    return slots.calendar_years[0] if slots.calendar_years else None


_FIRE_CUES: dict[str, tuple[str, ...]] = {
    "lean": ("lean", "frugal", "minimal", "bare bones", "leanfire"),
    "fat": ("fat", "comfortable", "generous", "luxurious", "fatfire"),
    "barista": ("part time", "part-time", "barista", "side income", "make", "making", "earn", "earning",
                "temps partiel"),
    "portfolio": ("invested", "portfolio", "have", "saved", "nest egg", "places"),
}
_MULTIPLE = re.compile(r"\b(\d{2}(?:\.\d)?)\s?(?:x|times)\b")  # "30x spending", "28.5 times"


_RATE_INSTEAD = re.compile(r"^\s?(?:instead|rather|a la place|plutot)\b")
_USING = re.compile(r"\b(?:use|using|with|go with|try|utilise|utilisant|avec)\s$")


def _instead(rates: list[Rate], text: str) -> Rate | None:
    """Of two or more rates, the one the person puts in place of another: "4% is too aggressive... if we use 3%
    instead", "try 3.5% rather than 4%"."""
    if len(rates) < 2 or not text:
        return None
    folded = digitise(fold(text))
    for found in rates:
        end = found.start + len(found.text)
        if _RATE_INSTEAD.match(folded[end:end + 14]) or _USING.search(folded[max(0, found.start - 12):found.start]):
            return found
    return None


def _fire_args(slots: Slots, text: str = "") -> dict[str, Any]:
    args: dict[str, Any] = {}
    cued = dict(zip((id(a) for a in slots.amounts), roles_of(text, slots.amounts, _FIRE_CUES), strict=True)) \
        if text else {}
    for amount in slots.amounts:
        cue = cued.get(id(amount))
        if cue == "lean":
            args.setdefault("lean_annual_spending", _annual(amount))
        elif cue == "fat":
            args.setdefault("fat_annual_spending", _annual(amount))
        elif cue == "barista" and amount.role not in ("spending", "portfolio"):
            args.setdefault("barista_annual_income", _annual(amount))
    taken = {args.get("lean_annual_spending"), args.get("fat_annual_spending"), args.get("barista_annual_income")}
    multiple = _MULTIPLE.search(fold(text))
    if multiple is not None:  # "30x spending": 30 is a multiple, not dollars
        cued.update({id(a): "portfolio" for a in slots.amounts if "$" not in a.text
                     and a.value == Decimal(multiple.group(1))})
    # a yearly or monthly figure is a flow: "is $1.2M enough for 45k a year of spending?" spends 45k a year
    flows = [a for a in slots.amounts if a.role == "portfolio" and a.period is not None
             and any(b.role == "portfolio" and b.period is None for b in slots.amounts)]
    spending = next((a for role in ("spending", None, "target") for a in slots.amounts
                     if a.role == role and _annual(a) not in taken and cued.get(id(a)) != "portfolio"),
                    flows[0] if flows else None)
    if spending is not None:
        args["annual_spending"] = _annual(spending)
    rate = _instead(slots.rates, text) or slots.rate("withdrawal", None, "interest")
    if rate is not None and 0.005 < rate.value <= 0.2:
        args["withdrawal_rate"] = rate.value
    if "withdrawal_rate" not in args and multiple is not None and 10 <= float(multiple.group(1)) <= 50:
        args["withdrawal_rate"] = round(1 / float(multiple.group(1)), 4)  # "30x spending" is a 3.33% withdrawal
    growth = slots.rate("return")
    if growth is not None:
        args["expected_return"] = growth.value
    portfolio = next((a for a in slots.amounts if a.role == "portfolio" and a not in flows), None)
    if portfolio is not None:
        args["current_portfolio"] = _money(portfolio.value)
    if slots.current_age is not None:
        args["current_age"] = slots.current_age
    if slots.ages:
        args["retirement_age"] = slots.ages[-1]
    return args


_OWN_AGE = re.compile(r"\b(?:i'?m|i am|we'?re|we are)\s(\d{2})\b|\b(\d{2})\s?(?:years? old|yo\b)")


def _fire_question_args(text: str, slots: Slots) -> dict[str, Any]:
    """_fire_args, with an age the user gives as their own ("I'm 34") read as the current age."""
    args = _fire_args(slots, text)
    own = _OWN_AGE.search(fold(text))
    if own is not None:
        age = int(own.group(1) or own.group(2))
        args["current_age"] = age
        if args.get("retirement_age") == age:
            del args["retirement_age"]
    return args


_SAVING_WORDS = ("save", "saving", "savings", "invest", "investing", "invested", "contribute", "put away", "set aside",
                 "put aside", "epargne", "epargner", "epargnais", "investir", "placer", "mettre de cote", "de cote",
                 "into my tfsa", "into my rrsp", "into my fhsa", "into the market", "into investments", "dans mon celi",
                 "dans mon reer", "in my tfsa", "in my rrsp")


def _plan_overrides(slots: Slots, words: list[str]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    savings = slots.amount("savings")
    if savings is None and _any_phrase(words, _SAVING_WORDS):
        # "put an extra 1.2k a month towards investing", "an extra 250 every paycheque into my TFSA": a saving,
        # whatever word sat nearest
        savings = slots.amount("payment", None, "take_home")
    if savings is None and _any_phrase(words, _STOP_SAVING):
        # "stop saving for 2 years" (or 6 months) is a break; saving resumes after it. Without a length, for good.
        a_year = _any_phrase(words, ("for a year", "for one year", "for 1 year", "a year off", "for a whole year",
                                     "a year", "one year", "pendant un an", "pendant une annee", "un an",
                                     "une annee", "d'un an"))
        a_month = _any_phrase(words, ("for a month", "for one month", "a month off"))
        if slots.durations or slots.months or a_year or a_month:
            years = (slots.durations[0] if slots.durations else slots.months[0] / 12 if slots.months
                     else 1 if a_year else 1 / 12)
            args["pause_saving_years"] = round(min(max(years, 1 / 12), 50), 4)
        else:
            args["monthly_savings"] = 0.0
    if savings is not None:
        extra = _any_phrase(words, ("more", "extra", "additional", "another", "increase", "bump", "on top", "plus"))
        less = _any_phrase(words, ("less", "fewer", "reduce", "cut", "lower", "stop", "decrease", "moins"))
        if extra or less:
            monthly = _monthly(savings)
            args["extra_monthly_savings"] = -monthly if less and not extra else monthly
        else:
            args["monthly_savings"] = _monthly(savings)
    spending = slots.amount("spending")
    if savings is None:
        spend_less = _any_phrase(words, ("cut", "reduce", "less", "lower", "decrease", "trim", "fewer", "moins", "quit",
                                         "cutting", "reducing", "lowering", "trimming", "decreasing", "slashing",
                                         "slash", "shaving", "shave",
                                         "reduit", "reduire", "reduisait", "reduisions", "couper", "coupe", "baisser",
                                         "coupait", "coupions", "couperait", "diminue", "diminuer", "diminuait",
                                         "baissait", "ditch", "ditched", "dropped", "cancel", "cancelled", "canceled",
                                         "give up", "gave up", "got rid of", "eliminate", "eliminated", "stopped"))
        spend_more = _any_phrase(words, ("more", "extra", "additional", "increase", "on top", "plus"))
    else:  # "save 500 more and spend 300 less": only the words about spending count
        spend_less = _any_phrase(words, ("spend * less", "spend less", "spending less", "cut", "reduce", "trim",
                                         "cutting", "reducing", "trimming"))
        spend_more = _any_phrase(words, ("spend * more", "spend more", "spending more"))
    if spending is not None and (spend_less or spend_more):
        # "cut $500 a month from our spending" changes the saved spending; it is not a $6,000 budget
        monthly = _monthly(spending, default="month" if spending.value < 15000 else "year")
        args["monthly_spending_change"] = -monthly if spend_less and not spend_more else monthly
    elif spending is not None:
        args["annual_spending"] = _annual(spending, default="month" if spending.value < 15000 else "year")
    income = slots.amount("income", "take_home")
    if income is not None and income is not savings:
        args["monthly_income"] = _monthly(income, default="year" if income.value >= 20000 else "month")
    raise_rate = slots.rate("raise")
    if income is None and raise_rate is not None and 0 < raise_rate.value <= 2:
        # "what if I get a 10% raise?"; "a 20% pay cut" lowers it
        cut = _any_phrase(words, ("cut", "drop", "less", "decrease", "lower", "reduce", "reduction", "fewer", "down",
                                  "baisse", "coupe", "moins", "reduit", "reduire", "perte"))
        args["income_change"] = -raise_rate.value if cut else raise_rate.value
    growth = slots.rate("return", None)
    if growth is None and not _any_phrase(words, ("mortgage", "loan", "card", "debt", "hypotheque", "pret")):
        growth = slots.rate("interest")  # "what if returns come in at 7%": no loan in sight, so a return
    if growth is not None and growth.role in ("return", None, "interest"):
        args["expected_return"] = growth.value
    if slots.ages:
        # "at 55 rather than 52": the first age is the new one; otherwise the last one said
        instead = _any_phrase(words, ("instead of", "rather than", "plutot qu", "plutot que", "au lieu de"))
        args["retirement_age"] = slots.ages[0] if instead else slots.ages[-1]
    return args


def _what_if_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    args = _plan_overrides(slots, words)
    cut = None if args else slots.amount(None, "payment")
    if cut is not None and _any_phrase(words, ("cut", "reduce", "spend less", "quit", "give up", "drop", "stop buying",
                                               "cancel", "skip", "reduit", "reduire", "couper", "arreter", "ditch",
                                               "ditched", "dropped", "gave up", "got rid of", "cancelled", "canceled",
                                               "stopped", "coupait", "coupions", "laissait tomber")):
        args["monthly_spending_change"] = -_monthly(cut)
    return args


def _savings_rate_args(slots: Slots) -> dict[str, Any]:
    """Income and spending the question states ("I take home 5,200 and spend 3,900"), as monthly figures; two bare
    amounts are income (the larger) and spending."""
    args: dict[str, Any] = {}
    income = slots.amount("take_home", "income", "principal")
    spending = slots.amount("spending")
    bare = [a for a in slots.amounts if a is not income and a is not spending]
    if income is None and spending is None and len(bare) == 2:
        income, spending = sorted(bare, key=lambda a: a.value, reverse=True)
    elif income is None and spending is not None and bare:
        income = bare[0]
    elif spending is None and income is not None and bare:
        spending = bare[0]
    if income is not None:
        args["monthly_income"] = _monthly(income, default="year" if income.value >= 20000 else "month")
    if spending is not None:
        args["monthly_expenses"] = _monthly(spending, default="year" if spending.value >= 20000 else "month")
    return args


_RRSP_TFSA_CUES: dict[str, tuple[str, ...]] = {
    "retirement": ("retirement", "retired", "retire", "retraite", "later", "in retirement"),
    "now": ("make", "earn", "salary", "gagne", "salaire", "now", "today", "currently", "aujourd'hui"),
    "amount": ("put", "contribute", "invest", "deposit", "for", "pour", "mettre", "cotiser"),
}


# "about the same income in retirement", "le même revenu à la retraite": the income now, later too
_SAME_INCOME_LATER = re.compile(r"\b(?:same|similar) (?:income|salary|amount|pay)\b[^.?!]{0,30}\b(?:retire|retirement|"
                                r"retired|later)|\b(?:meme|pareil) revenu\b[^.?!]{0,30}\bretraite")


def _rrsp_tfsa_args(text: str, slots: Slots) -> dict[str, Any]:
    """The amount to put in, this year's income and the retirement income (by their cue words, else the larger
    figure is the income), or the two marginal rates ("43% now, 30% in retirement")."""
    args: dict[str, Any] = {}
    cues = dict(zip((id(a) for a in slots.amounts), roles_of(text, slots.amounts, _RRSP_TFSA_CUES), strict=True))
    retirement = next((a for a in slots.amounts if cues[id(a)] == "retirement" and a.value >= 10000), None)
    income = slots.amount("income") if slots.amount("income") is not retirement else None
    income = income or next((a for a in slots.amounts if a is not retirement and a.value >= 20000
                             and cues[id(a)] != "amount"), None)
    if income is not None:
        args["income_now"] = _annual(income)
    if retirement is not None:
        args["income_retirement"] = _annual(retirement)
    amount = next((a for a in slots.amounts if a is not income and a is not retirement), None)
    if amount is not None:
        args["amount"] = _money(amount.value)
    rate_cues = roles_of(text, [Amount(Decimal(0), None, None, r.text, r.start) for r in slots.rates],
                         {"retirement": _RRSP_TFSA_CUES["retirement"], "now": ("now", "today", "currently",
                                                                              "aujourd'hui", "marginal")})
    rates = [r for r in slots.rates if r.role not in ("return",)]
    if len(rates) >= 2 and rates[0].value < 0.7 and rates[1].value < 0.7:
        first_later = rate_cues[slots.rates.index(rates[0])] == "retirement"
        now, later = (rates[1], rates[0]) if first_later else (rates[0], rates[1])
        args["marginal_rate_now"], args["marginal_rate_retirement"] = now.value, later.value
    if slots.province:
        args["province"] = slots.province
    if income is not None and retirement is None and _SAME_INCOME_LATER.search(fold(text)):
        args["income_retirement"] = args["income_now"]  # "about the same income in retirement"
    if slots.durations:
        args["years"] = slots.durations[0]
    growth = slots.rate("return")
    if growth is None and len(slots.rates) == 1 and "marginal_rate_now" not in args \
            and slots.rates[0].role in (None, "interest") and 0.005 < slots.rates[0].value <= 0.15:
        growth = slots.rates[0]  # "30 yrs at 6%": one small rate is the growth; marginal rates come in pairs
    if growth is not None:
        args["expected_return"] = growth.value
    return args


def _cpp_timing_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    """Start ages to compare ("at 60 or 70", "defer OAS to 70": bare numbers from 60 to 70 are ages here) and a
    statement amount (CPP at 65 is a few hundred to about $1,400 a month)."""
    ages = [*slots.ages, *(int(a.value) for a in slots.amounts if 60 <= a.value <= 70 and "$" not in a.text)]
    has_oas = any(w in ("oas", "sv") for w in words)
    has_cpp = any(w in ("cpp", "rpc", "rrq", "qpp") for w in words)
    oas_only = has_oas and not has_cpp
    args: dict[str, Any] = {}
    if has_oas and has_cpp and len(ages) >= 2:  # "CPP at 62 and OAS at 68": each age goes with the nearer name
        text = " ".join(words)
        for age in ages:
            at = text.find(str(age))
            before = text[:at]
            oas_near = max(before.rfind(" oas"), before.rfind(" sv")) > max(before.rfind("cpp"), before.rfind("rpc"),
                                                                              before.rfind("rrq"), before.rfind("qpp"))
            if oas_near and 65 < age <= 70:
                args.setdefault("oas_start_age", age)
            elif not oas_near and 60 <= age <= 70 and age != 65:
                args.setdefault("cpp_start_age", age)
    later = sorted({a for a in ages if a != 65})
    if has_oas and has_cpp and len(later) == 1 and 65 < later[0] <= 70 and re.search(
            r"\b(?:cpp|qpp|rpc|rrq)\b.{0,40}\b(?:and|et|pis|&)\b.{0,10}\b(?:oas|sv)\b|\bboth\b|\btous les deux\b",
            " ".join(words)):
        args["oas_start_age"] = later[0]  # "CPP at 68 and OAS at 68", "both at 70"
    for age in ages:
        if oas_only and 65 <= age <= 70 and age != 65:
            args.setdefault("oas_start_age", age)
        elif not oas_only and 60 <= age <= 70 and age != 65 and "cpp_start_age" not in args \
                and age != args.get("oas_start_age"):
            args.setdefault("cpp_start_age", age)
    monthly = next((a for a in slots.amounts if 100 <= a.value <= 2500), None)
    if monthly is not None:
        args["cpp_at_65_monthly"] = _money(monthly.value)
    return args


_ROOM_CUES: dict[str, tuple[str, ...]] = {
    "withdrawn": ("withdrew", "withdrawn", "withdraw", "took", "took out", "take out", "taken out", "pulled out",
                  "retiré", "retrait", "sorti"),
    "unused": ("unused", "carry forward", "carried forward", "carryforward", "carry-forward", "left over",
               "inutilises", "inutilisés", "report", "noa says", "deduction limit"),
    "pension_adjustment": ("pension adjustment", "facteur d'equivalence", "fe"),
    "earned": ("earned", "made", "make", "income", "salary", "earn", "gagne", "gagné", "revenu", "salaire"),
    "contributed": ("contributed", "contribute", "put", "deposited", "deposit", "added", "invested", "put in",
                    "cotise", "cotisé", "mis", "verse", "already"),
}


def _room_args(text: str, slots: Slots, words: list[str]) -> dict[str, Any]:
    """The account (all when several are named), the year, the birth year, and what the question says was earned,
    contributed, withdrawn, carried forward or adjusted (each amount by its nearest cue word)."""
    named = {a for w, a in (("tfsa", "tfsa"), ("celi", "tfsa"), ("rrsp", "rrsp"), ("reer", "rrsp"), ("fhsa", "fhsa"),
                            ("celiapp", "fhsa")) if w in words}
    if _any_phrase(words, ("first home savings", "premiere propriete")):
        named.add("fhsa")
    account = slots.account if slots.account in ("tfsa", "rrsp", "fhsa") else next(iter(named)) if len(named) == 1 \
        else "all"  # "my first home savings account": the FHSA
    if len(named) > 1 or _any_phrase(words, ("all my registered", "all my room", "every account", "all accounts")):
        account = "all"
    args: dict[str, Any] = {"account": account}
    if slots.birth_year is not None:
        args["birth_year"] = slots.birth_year
    elif slots.current_age is not None and account in ("tfsa", "all"):
        args["birth_year"] = date.today().year - slots.current_age
    folded = digitise(fold(text))
    # "took 5k out in 2024 ... room for 2026": the latest year, but not the one of a birthday ("turned 18 in 2020")
    years = [y for y in slots.calendar_years
             if not re.search(rf"\b(?:turned|turn|turning|eu|avais) \d{{2}}\D{{0,12}}{y}", folded)]
    year = max(years) if years else None
    opened = _any_phrase(words, ("opened", "open", "ouvert", "started"))
    if opened and account == "fhsa":
        args["fhsa_year_opened"] = year if year is not None and year > 2022 else date.today().year
    elif year is not None and not (year == 2009 and _any_phrase(words, ("since", "depuis", "started in"))):
        args["year"] = year
    elif _any_phrase(words, ("next year", "l'an prochain", "l'annee prochaine", "an prochain", "annee prochaine")):
        args["year"] = date.today().year + 1
    roles = roles_of(text, slots.amounts, _ROOM_CUES)
    accounts = roles_of(text, slots.amounts, _ROOM_ACCOUNTS)  # "TFSA contributions 55k ... earned 102k"
    for amount, role, near in zip(slots.amounts, roles, accounts, strict=True):
        value = _money(amount.value)
        if role is None and account in ("rrsp", "all") and near != "tfsa" and amount.value >= 15000 and (
                account == "rrsp" or near == "rrsp"):
            role = "earned"  # "how much RRSP room would that income (85k) give me": pay, not a contribution
        if role == "withdrawn" and account in ("tfsa", "all"):
            args.setdefault("tfsa_withdrawn", value)
        elif role == "unused":
            args.setdefault("rrsp_unused_room", value)
        elif role == "pension_adjustment":
            args.setdefault("pension_adjustment", value)
        elif role == "earned" or (amount.role == "income" and role != "contributed"):
            if account in ("rrsp", "all"):
                args.setdefault("previous_year_earned_income", _annual(amount))
        elif role == "contributed" or role is None:
            key = {"tfsa": "tfsa_contributed", "fhsa": "fhsa_contributed_this_year",
                   "rrsp": "rrsp_contributed_this_year"}.get(account if account != "all" else near or "")
            if key is not None:
                args.setdefault(key, value)
    if account in ("tfsa", "all") and "tfsa_contributed" not in args and re.search(
            r"\bnever (?:\w+ ){0,3}(?:put|contributed|opened|used|had|deposited|saved)|\bjamais (?:\w+ ){0,3}"
            r"(?:cotise|contribue|ouvert|mis|depose)|\b(?:nothing|rien|zero|0) (?:in|into|dans) (?:it|my|a|mon|un)",
            folded):
        args["tfsa_contributed"] = 0.0  # "never put a dime in": no room used
    return args


_ROOM_ACCOUNTS: dict[str, tuple[str, ...]] = {"tfsa": ("tfsa", "celi"), "rrsp": ("rrsp", "reer"),
                                              "fhsa": ("fhsa", "celiapp", "first home")}


_TAX_CUES: dict[str, tuple[str, ...]] = {
    "cpp_income": ("cpp", "qpp", "rpc", "rrq"),
    "oas_income": ("oas", "sv", "old age security"),
    "pension_income": ("rrif", "ferr", "pension", "annuity", "rente"),
    "eligible_dividends": ("eligible dividends", "dividends", "dividendes", "dividend"),
    "capital_gains": ("gain", "gains", "capital gain", "capital gains", "sold", "gain en capital"),
    "self_employment_income": ("self-employed", "self employed", "freelance", "business", "travailleur autonome",
                               "contractor", "sole proprietor"),
    "rrsp_deduction": ("rrsp", "reer"),
    "other_income": ("interest income", "rental", "rent income", "side income", "other income"),
    "employment_income": ("salary", "salaire", "earn", "make", "job", "wage", "employment", "gross", "brut", "paid"),
}
_HOURLY = re.compile(r"\$?\s?(\d{1,3}(?:[.,]\d{1,2})?)\s?\$?\s?(?:/|an |per |a |de l')\s?(?:hr|hour|heure|h)\b")
_HOURS = re.compile(r"(\d{1,2}(?:\.\d)?)\s?(?:hours?|hrs?|heures?|h)\s?(?:a|per|each|par)\s?(?:week|semaine)")


def _tax_args(text: str, slots: Slots, words: list[str]) -> dict[str, Any]:
    """Each amount by its nearest cue (salary, CPP, OAS, RRIF, dividends, gains, self-employment, RRSP); an hourly
    wage times the hours a week (40 by default) and 52 weeks; a weekly or monthly figure made yearly."""
    args: dict[str, Any] = {}
    folded = digitise(fold(text))
    hourly = _HOURLY.search(folded)
    if hourly is not None:
        hours = _HOURS.search(folded)
        wage = float(hourly.group(1).replace(",", "."))
        args["employment_income"] = round(wage * (float(hours.group(1)) if hours else 40.0) * 52, 2)
    cues = roles_of(text, slots.amounts, _TAX_CUES)
    retired = _any_phrase(words, ("retired", "retiree", "retraite", "retraitee"))
    for amount, cue in zip(slots.amounts, cues, strict=True):
        if hourly is not None and amount.value <= 100:
            continue  # the wage and the hours, already counted
        if retired and "$" not in amount.text and 55 <= amount.value <= 100 and amount.period is None:
            args.setdefault("age", int(amount.value))  # "I'm retired, 68, in New Brunswick"
            continue
        # (pay by the week or two weeks is already its monthly equivalent: the slot reader's)
        yearly = _annual(amount, default="year" if amount.value >= 15000 else "month")
        if cue == "employment_income" or cue is None:
            if "self_employment_income" not in args or cue == "employment_income":
                args.setdefault("employment_income", round(yearly, 2))
        elif cue == "rrsp_deduction" and "rrsp_deduction" in args:  # "a 10k RRSP contribution on 110k": the pay
            if "self_employment_income" not in args:
                args.setdefault("employment_income", round(yearly, 2))
        elif cue == "rrsp_deduction":
            args.setdefault("rrsp_deduction", _money(amount.value))
        elif cue in ("cpp_income", "oas_income", "pension_income", "capital_gains", "eligible_dividends",
                     "other_income"):
            args.setdefault(cue, _annual(amount))  # benefits, pensions, gains: yearly unless said monthly
        elif cue == "self_employment_income":
            args.setdefault("self_employment_income", round(yearly, 2))
    if _any_phrase(words, ("self-employed", "self employed", "freelancer", "travailleur autonome")) and \
            "employment_income" in args and "self_employment_income" not in args:
        args["self_employment_income"] = args.pop("employment_income")
    if _any_phrase(words, ("non-eligible", "non eligible", "small business dividends")) and \
            "eligible_dividends" in args:
        args["non_eligible_dividends"] = args.pop("eligible_dividends")
    if "employment_income" not in args and any(k in args for k in _STATED_INCOMES) and not _any_phrase(
            words, _OWN_PAY):
        args["employment_income"] = 0.0  # "my only income was 40k of dividends", "CPP and OAS and nothing else"
    if slots.province:
        args["province"] = slots.province
    year = _year(slots)
    if slots.current_age is not None and slots.current_age >= 55:
        args["age"] = slots.current_age
    elif _any_phrase(words, ("retired", "retraite")) and slots.ages:
        args["age"] = slots.ages[0]
    elif slots.birth_year is not None:  # "born in 1959 ... for 2025": 66 at the end of that year
        args["age"] = (year or date.today().year) - slots.birth_year
    if year is not None:
        args["year"] = year
    return args


_STATED_INCOMES = ("cpp_income", "oas_income", "pension_income", "capital_gains", "eligible_dividends",
                   "non_eligible_dividends", "other_income", "self_employment_income")
# The person's own pay named beside other income: "my salary plus 5k of dividends", "on top of my job"
_OWN_PAY = ("my salary", "my pay", "my job", "on top of", "plus my", "as well as my", "besides my", "in addition to my",
            "mon salaire", "en plus de mon", "my wages", "my employment")


_EXTRA_PAYMENT = re.compile(r"\b(?:extra|additional|more|another|add(?:ing)?|throw|put|prepay|top up)\b[^.,;]{0,12}$")


_AMORTIZED_OVER = re.compile(r"\b(?:amorti[sz](?:ed|ation)?|amortissement)\s(?:over |of |on |sur |de )?(\d{1,2})\b")
_AMORTIZED = re.compile(r"(?<![\d.])(\d{1,2})[- ]?(?:years?|yrs?|y|ans)?\.?\s?(?:am\b|amort|amortization|"
                        r"amortisation|amortissement)")


def _amortization(durations: list[int], folded: str) -> int:
    """The amortization among the durations a mortgage question names: the one said with it ("25 yr am.",
    "amortized over 30"), else the longest when the others could be a term ("3.99 fixed 5yr, 25 years")."""
    named = _AMORTIZED_OVER.search(folded) or _AMORTIZED.search(folded)
    if named is not None:
        return int(named.group(1))
    if len(durations) > 1 and min(durations) <= 10:
        return max(durations)
    return durations[0]


def _mortgage_args(slots: Slots, words: list[str], text: str = "") -> dict[str, Any]:
    args: dict[str, Any] = {}
    folded = digitise(fold(text)) if text else ""
    down = slots.amount("down_payment") or next((a for a in slots.amounts if folded and re.match(
        r"[^.,;]{0,25}\b(?:for|as|toward|towards|pour|comme)\s(?:the |a |our |my |la |notre )?(?:down ?payment|mise "
        r"de fonds)",
        folded[a.start + len(a.text):])), None)  # "we've got 28k saved for the down payment"
    # "an extra 300 per payment": added to each payment, never the loan
    extras = [a for a in slots.amounts if folded and a.value < 20000 and _EXTRA_PAYMENT.search(
        folded[max(0, a.start - 30):a.start])]
    price = max((a for a in slots.amounts if a.role in ("principal", None, "payment") and a is not down
                 and a not in extras), key=lambda a: a.value, default=None)  # the loan or price: the largest figure
    down_share = slots.rate("down_payment")
    if down is None and down_share is not None and price is not None and 0 < down_share.value < 1:
        args["price"] = _money(price.value)
        args["down_payment"] = _money(price.value * Decimal(str(down_share.value)))  # "20% down"
    elif down is not None and price is not None:
        args["price"] = _money(price.value)
        args["down_payment"] = _money(down.value)
    elif price is not None and _any_phrase(words, ("minimum down", "down payment", "mise de fonds", "cmhc", "schl")):
        args["price"] = _money(price.value)  # "the minimum down payment on a $780,000 home": a price, not a loan
    elif price is not None:
        args["principal"] = _money(price.value)
    rate = slots.rate("interest", None, "return")
    if rate is not None and rate.value <= 0.3:
        args["annual_rate"] = rate.value
    if slots.durations:
        args["amortization_years"] = _amortization(slots.durations, folded)
    frequency = _frequency(words)
    if frequency is not None:
        args["frequency"] = frequency
    extra = extras[0] if extras else slots.amount("payment")
    if extra is not None and extra is not price and _any_phrase(words, ("add", "extra", "more", "additional",
                                                                        "on top", "throw", "prepay")):
        args["extra_payment"] = _money(extra.value)
    return args


_FREQUENCIES = (("accelerated_bi_weekly", ("accelerated bi weekly", "accelerated biweekly", "accelerated bi-weekly",
                                          "accelerated", "acceleres", "accelere")),
                ("accelerated_weekly", ("accelerated weekly",)),
                ("semi_monthly", ("semi monthly", "semi-monthly", "semimonthly", "twice a month", "bimensuel")),
                ("bi_weekly", ("bi weekly", "biweekly", "bi-weekly", "every two weeks", "every 2 weeks", "fortnightly",
                               "aux deux semaines", "toutes les deux semaines")),
                ("weekly", ("weekly", "every week", "each week", "hebdomadaire", "chaque semaine")),
                ("monthly", ("monthly", "a month", "per month", "each month", "every month", "mensuel", "mensuels",
                             "mensuelle", "par mois")))


def _frequency(words: list[str]) -> str | None:
    """The payment frequency a mortgage question names (the first of the more specific ones first)."""
    for name, phrases in _FREQUENCIES:
        if _any_phrase(words, phrases):
            if name == "accelerated_bi_weekly" and _any_phrase(words, ("accelerated weekly",)):
                return "accelerated_weekly"
            return name
    return None


_DEBT_NAMES = (("line of credit", "Line of credit"), ("marge de credit", "Line of credit"), ("heloc", "HELOC"),
               ("student loan", "Student loan"), ("pret etudiant", "Student loan"), ("car loan", "Car loan"),
               ("pret auto", "Car loan"), ("store card", "Store card"), ("mastercard", "Mastercard"),
               ("visa", "Visa"), ("amex", "Amex"), ("carte de credit", "Credit card"), ("credit card", "Credit card"),
               ("loc", "Line of credit"), ("card", "Credit card"), ("carte", "Credit card"), ("loan", "Loan"))
_BARE_DEBT_RATE = re.compile(r"(?:\bat|@|\ba)\s?(\d{1,2}(?:[.,]\d{1,2})?)(?!\s?(?:%|k\b|\$|\d|years?|ans|months?))")
_MINIMUM = re.compile(r"^[^.;]{0,12}?\(?\s*(?:min(?:imum)?(?: payment)?|paiement minimum)\s*(?:of\s)?\$?\s?(\d[\d,]*)")


def _several_debts(text: str, slots: Slots) -> list[dict[str, Any]]:
    """"Visa 4,200 at 19.99%, car loan 12,500 at 7.9%": each balance with the rate that follows it (with or
    without "%"), a minimum payment in brackets after it, and the debt's name said before it."""
    folded = digitise(fold(text))
    rates = [(r.start, r.value) for r in slots.rates if r.role not in ("return", "down_payment")]
    taken = {start for start, _ in rates}
    for match in _BARE_DEBT_RATE.finditer(folded):
        value = float(match.group(1).replace(",", "."))
        if match.start(1) not in taken and 1 <= value <= 40 and ("." in match.group(1) or "," in match.group(1)):
            rates.append((match.start(1), round(value / 100, 6)))
    debts: list[dict[str, Any]] = []
    used: set[int] = set()
    for start, rate in sorted(rates):
        before = [a for a in slots.amounts if a.start < start and start - (a.start + len(a.text)) <= 30
                  and a.start not in used and a.value >= 100]
        if not before:
            continue
        balance = before[-1]
        used.add(balance.start)
        lead = folded[max(0, balance.start - 40):balance.start]
        lead = re.split(r"[.;]|,\s|\band\b|\bet\b", lead)[-1]
        trail = folded[balance.start + len(balance.text):start]
        name = next((label for key, label in _DEBT_NAMES if re.search(rf"\b{key}\b", lead + " " + trail)), "Debt")
        debt: dict[str, Any] = {"name": name, "balance": _money(balance.value), "annual_rate": rate}
        minimum = _MINIMUM.search(folded[start:start + 40].split("%", 1)[-1] if "%" in folded[start:start + 8]
                                  else folded[start + 2:start + 40])
        if minimum is not None:
            least = Decimal(minimum.group(1).replace(",", ""))
            debt["minimum_payment"] = _money(least)
            used.update(a.start for a in slots.amounts if a.value == least and a.start > start)
        debts.append(debt)
    return debts


def _debt_args(slots: Slots, words: list[str], text: str = "") -> dict[str, Any] | None:
    args: dict[str, Any] = {}
    several = _several_debts(text, slots) if text else []
    if len(several) >= 2:
        balances = {d["balance"] for d in several} | {d.get("minimum_payment") for d in several}
        rest = [a for a in slots.amounts if _money(a.value) not in balances]
        args["debts"] = several
        if rest:
            pay = rest[-1]
            if _any_phrase(words, ("extra", "on top", "additional", "add", "de plus", "en plus")):
                args["extra_monthly"] = _monthly(pay)
            else:
                args["monthly_payment"] = _monthly(pay)
        return args
    balance = slots.amount("debt", None, "principal")
    folded = digitise(fold(text)) if text else ""
    minimums = [a for a in slots.amounts if folded and re.search(
        r"\b(?:min(?:imum)?(?: payment)?|minimum de|paiement minimum)\s*(?:is |of |de |=|:)?\s*\$?\s*$",
        folded[max(0, a.start - 24):a.start])]
    payment = next((a for a in slots.amounts if a.role == "payment" and a not in minimums and a is not balance),
                   None) or next((a for a in slots.amounts if a is not balance and a not in minimums
                                  and a.period == "month"), None)
    if payment is balance:
        payment = None
    rate = slots.rate("interest", None)
    more = _any_phrase(words, ("extra", "more", "additional", "on top", "de plus", "en plus", "supplementaire"))
    if balance is not None and rate is None and payment is None and (balance.period == "month" or (
            more and balance.value < 5000)):
        balance, payment = None, balance  # "600 a month at my cards", "300 $ de plus que le minimum": a payment
    if balance is not None:
        debt: dict[str, Any] = {"balance": _money(balance.value),
                                "annual_rate": round(rate.value, 6) if rate is not None else None}
        if rate is None:
            return None
        joined = " ".join(words)
        name = next((label for key, label in _DEBT_NAMES if re.search(rf"\b{key}\b", joined)), "Debt")
        debt["name"] = name
        if minimums and minimums[0] is not balance:  # "min payment 300, i'm paying 600/mo"
            debt["minimum_payment"] = _money(minimums[0].value)
        args["debts"] = [debt]
    if balance is None and payment is None and slots.amounts and _any_phrase(
            words, ("cards", "card", "debts", "debt", "lines", "line of credit", "cartes", "dettes")):
        payment = slots.amounts[-1]  # "throw 600 a month at my cards": the saved cards and lines, at that pace
    if payment is not None:
        if more:
            args["extra_monthly"] = _monthly(payment)
        else:
            args["monthly_payment"] = _monthly(payment)
    return args


_STEP_BEFORE = re.compile(r"\b(?:every|each|chaque|aux|tous les|toutes les)\s$")
_STEP_AFTER = re.compile(r"^[- ]?(?:years?|yrs?|y|ans)?[- ]?(?:steps?|intervals?|increments?|tranches?|periodes?)\b")


def _projection_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    args = _plan_overrides(slots, words)
    text = " ".join(words)
    steps: list[int] = []
    spans: list[int] = []
    for match in re.finditer(r"(?<![\d.])(\d{1,2})(?=[- ]?(?:years?|yrs?|y|ans|annees)\b)", text):
        if _STEP_BEFORE.search(text[max(0, match.start() - 10):match.start()]) \
                or _STEP_AFTER.match(text[match.end():match.end() + 22].lstrip()):
            steps.append(int(match.group(1)))  # "every 2 yrs", "in 5-year steps"
        else:
            spans.append(int(match.group(1)))
    if steps:
        args["every_years"] = steps[0]
        if spans:
            args["years"] = spans[0]  # "next 10 yrs, every 2 yrs"
    elif slots.durations and _any_phrase(words, ("steps", "step", "every", "intervals", "increments", "tranches",
                                                  "chaque", "par periodes")):
        args["every_years"] = slots.durations[0]
    elif slots.durations:
        args["years"] = slots.durations[0]
    return args


_FRENCH_AGE = re.compile(r"\ba (\d{2}) ans\b")  # "à 55 ans" is an age, not a duration


def _savings_needed_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    """By when: an age ("to retire at 50"), a number of years ("in 15 years") or a calendar year ("by 2040")."""
    args: dict[str, Any] = {}
    french_age = _FRENCH_AGE.search(" ".join(words))
    if french_age is not None:
        args["fi_age"] = int(french_age.group(1))
    elif slots.ages:
        args["fi_age"] = slots.ages[-1]
    elif slots.durations:
        args["years"] = slots.durations[0]
    elif slots.calendar_years:
        args["by_year"] = slots.calendar_years[0]
    spending = slots.amount("spending")
    if spending is not None:
        args["annual_spending"] = _annual(spending)
    growth = slots.rate("return")
    if growth is not None:
        args["expected_return"] = growth.value
    return args


def _monte_carlo_args(slots: Slots) -> dict[str, Any]:
    args: dict[str, Any] = {}
    spending = slots.amount("spending")
    if spending is not None:
        args["annual_spending"] = _annual(spending)
    if slots.ages:
        args["retirement_age"] = slots.ages[-1]
    growth = slots.rate("return", None)
    if growth is not None:
        args["expected_return"] = growth.value
    return args


# --- writes -----------------------------------------------------------------------------------------------------


_BUDGET_FIELDS = {"needs": "needs_percentage", "besoins": "needs_percentage", "wants": "wants_percentage",
                  "envies": "wants_percentage", "savings": "savings_percentage", "epargne": "savings_percentage",
                  "investments": "investments_percentage", "investing": "investments_percentage",
                  "placements": "investments_percentage", "tfsa": "tfsa_allocation", "celi": "tfsa_allocation",
                  "rrsp": "rrsp_allocation", "reer": "rrsp_allocation", "fhsa": "fhsa_allocation",
                  "celiapp": "fhsa_allocation", "non-registered": "non_registered_allocation",
                  "non registered": "non_registered_allocation", "non-reg": "non_registered_allocation",
                  "non reg": "non_registered_allocation", "nonreg": "non_registered_allocation",
                  "non enregistre": "non_registered_allocation", "non-enregistre": "non_registered_allocation",
                  "non enregistres": "non_registered_allocation", "taxable": "non_registered_allocation"}
_SHARE_NAMES = "|".join(sorted((re.escape(k) for k in _BUDGET_FIELDS), key=len, reverse=True))
_SHARE_WORD = r"(?:\s(?:allocation|share|portion|percentage|part|split|bucket|categor(?:y|ie)))?"
_SHARE_THEN_NUMBER = re.compile(rf"\b({_SHARE_NAMES})\b{_SHARE_WORD}(?: (?:is|are|at|goes|go|should be|becomes))?"
                                rf"(?: (?:up |down )?(?:to|at|a|=|:|of))?\s*"
                                rf"(\d{{1,3}}(?:\.\d+)?)\s?(?:%|percent\b|pour cent\b)?(?![\d$k/]|,\d|\s/)")
# "60% to the TFSA", "60 % de l'epargne dans le CELI", "the whole 20 into investments"
_NUMBER_THEN_SHARE = re.compile(rf"(?<![\d.,$])(\d{{1,3}}(?:\.\d+)?)\s?"
                                rf"(?:(?:%|percent\b|pour cent\b)\s|\s(?=into |dans ))"
                                rf"(?:(?:of (?:my |our |the )?savings|of (?:my |our |the )?savings split|de l'epargne|"
                                rf"de mon epargne|of it) )?"
                                rf"(?:(?:goes |go |going )?"
                                rf"(?:to|for|in|on|into|aux?|en|dans|pour(?: les?)?|towards?) )?"
                                rf"(?:my |the |our |mes |les |le |la |l'|mon |ma )?({_SHARE_NAMES})\b")
_TWO_WAY = re.compile(r"(?<![\d/])(\d{1,3})\s?/\s?(\d{1,3})(?![\d/])")
_NOTHING_TO = re.compile(rf"\b(?:(?:nothing|none|zero|0%?|rien|no more|stop (?:sending|putting|contributing|"
                         rf"allocating)(?: anything| money)?|plus rien)\s"
                         rf"(?:to|for|in|into|dans|pour|au|aux|en|toward)\s"
                         rf"(?:the |my |our |le |la |les |l')?(?:\w+ )?|(?<=\d )no |(?<=\d, )no |pas de )"
                         rf"({_SHARE_NAMES})"
                         rf"(?:\s(?:or|and|ni|ou)\s({_SHARE_NAMES}))?")
# "send all our savings to the TFSA", "100% of savings into the RRSP": the whole split to one account
_ALL_TO = re.compile(r"\b(?:all|every (?:dollar|penny)|everything|100 ?%|100 percent|tout|toute)\b[^.;!?]{0,30}?"
                     r"\b(?:savings?|we save|i save|epargne)\b[^.;!?]{0,15}?\b(?:to|into|in|dans|au)\s"
                     r"(?:the |my |our |le |la |l')?(tfsa|celi|rrsp|reer|fhsa|celiapp|non-registered|non-reg)\b")
# "classic 50 30 20 on the budget": a split said with spaces, when the budget is named
_SPACED_SPLIT = re.compile(r"(?<![\d.,$])(\d{2}) (\d{2}) (\d{1,2})(?: (\d{1,2}))?(?![\d.,%$k])")
# "move 5% from wants over to investments", "shift 5 points of my savings split from the RRSP to the TFSA"
_SHIFT = re.compile(rf"\b(?:move|shift|take|transfer|reallocate|deplace|transfere|bouge|passe)\s"
                    rf"(\d{{1,2}}(?:\.\d+)?)\s?"
                    rf"(?:%|percent|points?|pts|pour cent|de pourcentage)?[^.;!?]{{0,40}}?\b(?:from|de|du|des)\s"
                    rf"(?:the |my |our |le |la |les |l')?({_SHARE_NAMES})\b[^.;!?]{{0,25}}?"
                    rf"\b(?:to|into|vers|a|au|aux|dans)"
                    rf"\s(?:the |my |our |le |la |les |l')?({_SHARE_NAMES})\b")


def _share_text(text: str) -> str:
    """The message folded, digits for number words, and misspelt share names read right ("investmnts")."""
    from agent.coach.offline_nlu import correct

    folded = digitise(fold(text))
    return re.sub(r"[a-z]{5,}", lambda m: correct(m.group(0)) if correct(m.group(0)) in _BUDGET_FIELDS
                  else m.group(0), folded)


# "send 15% of savings there instead of the non-registered account": 15 points from one line to the other
_INSTEAD = re.compile(rf"(\d{{1,2}}(?:\.\d+)?)\s?(?:%|percent|points?|pour cent)\s(?:of (?:my |our |the )?savings\s|"
                      rf"de l'epargne\s)?(?:(?:to|into|in|for|dans|au|a|vers) (?:the |my |an? |le |la |l')?"
                      rf"({_SHARE_NAMES})\b|"
                      rf"(?:there|la|y))[^.;!?]{{0,20}}?\b(?:instead of|rather than|au lieu d[eu]|plutot que)\s"
                      rf"(?:the |my |our |le |la |les |l')?({_SHARE_NAMES})\b")


def budget_shift(text: str) -> tuple[float, str, str] | None:
    """A share moved from one budget line to another: (points, from field, to field)."""
    folded = _share_text(text)
    match = _SHIFT.search(folded)
    if match is not None:
        return float(match.group(1)), _BUDGET_FIELDS[match.group(2)], _BUDGET_FIELDS[match.group(3)]
    instead = _INSTEAD.search(folded)
    if instead is None:
        return None
    target = instead.group(2) or next(iter(reversed(re.findall(rf"\b({_SHARE_NAMES})\b", folded[:instead.start()]))),
                                      None)  # "there": the account named before
    if target is None:
        return None
    return float(instead.group(1)), _BUDGET_FIELDS[instead.group(3)], _BUDGET_FIELDS[target]


def shifted_budget(text: str, budget: dict[str, Any]) -> dict[str, Any] | None:
    """The save_budget arguments for a share moved between lines of the saved budget (`budget`: get_budget's
    `budget`), or None when the message moves nothing or the line would go below zero."""
    shift = budget_shift(text)
    if shift is None:
        return None
    points, source, target = shift
    try:
        before, after = float(budget[source]), float(budget[target])
    except (KeyError, TypeError, ValueError):
        return None
    if points > before or source == target:
        return None
    return {source: round(before - points, 2), target: round(after + points, 2)}


_ALLOCATIONS = ("tfsa_allocation", "rrsp_allocation", "fhsa_allocation", "non_registered_allocation")


def _budget_args(slots: Slots, text: str = "") -> dict[str, Any] | None:
    """The budget's shares a message sets: "50/30/20" (needs, wants, savings, investments in that order), "needs 55
    wants 10 ...", "investments up to 30% and wants to 10", "split my savings 50/50 between TFSA and RRSP", "nothing
    to FHSA or non-reg" (0). Shares named with their line win over a split's order ("50/30/20 - needs 50, wants 30,
    and put the whole 20 into investments")."""
    folded = _share_text(text) if text else ""
    accounts = re.findall(r"\b(tfsa|celi|rrsp|reer|fhsa|celiapp|non-registered|non-reg)\b", folded)
    two_way = _TWO_WAY.search(folded)
    spaced = _SPACED_SPLIT.search(folded) if re.search(r"\b(?:budget|needs|wants|besoins|envies)\b", folded) \
        else None
    stated = slots.split
    if stated is None and spaced is not None and sum(int(g) for g in spaced.groups() if g) == 100:
        stated = tuple(Decimal(g) for g in spaced.groups() if g)
    split = stated or (tuple(Decimal(g) for g in two_way.groups()) if two_way else None)
    named: dict[str, float] = {}
    spans: list[tuple[int, int]] = []
    # a number followed by an account is that account's share ("the savings split to 50% tfsa"), not the budget
    # line's named before it
    to_account = {m.start() for m in _NUMBER_THEN_SHARE.finditer(folded)
                  if _BUDGET_FIELDS[m.group(2)].endswith("_allocation")}
    for match in (*_SHARE_THEN_NUMBER.finditer(folded), *_NUMBER_THEN_SHARE.finditer(folded)):
        name, value = (match.group(1), match.group(2)) if not match.group(1)[0].isdigit() else \
            (match.group(2), match.group(1))
        if not match.group(1)[0].isdigit() and match.start(2) in to_account and \
                not _BUDGET_FIELDS[name].endswith("_allocation"):
            continue
        if float(value) <= 100:
            named.setdefault(_BUDGET_FIELDS[name], float(value))
            spans.append(match.span())
    for match in _NOTHING_TO.finditer(folded):
        for name in match.groups():
            if name:
                named[_BUDGET_FIELDS[name]] = 0.0
    args: dict[str, Any]
    if split and len(accounts) >= len(split) and re.search(r"\b(?:between|entre)\b", folded):
        args = {_BUDGET_FIELDS[name]: float(value) for name, value in zip(accounts, split, strict=False)}
    elif stated:
        names = ("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage")
        args = {name: float(value) for name, value in zip(names, stated, strict=False)}
    else:
        shares = {"needs": "needs_percentage", "wants": "wants_percentage", "savings_share": "savings_percentage",
                  "investments_share": "investments_percentage"}
        args = {shares[r.role]: round(r.value * 100, 2) for r in slots.rates if r.role in shares
                and not any(a <= r.start < b for a, b in spans)}
    args.update(named)
    whole = _ALL_TO.search(folded)
    if whole and not any(k.endswith("_allocation") for k in args):
        args[_BUDGET_FIELDS[whole.group(1)]] = 100.0
    given = [k for k in args if k.endswith("_allocation")]
    if given and sum(args[k] for k in given) == 100:  # "all our savings to the TFSA": the other accounts get none
        args.update({k: 0.0 for k in _ALLOCATIONS if k not in args})
    return args or None


# Someone named by their first name as the one whose pay it is ("Daniel's take home", "le revenu net de Daniel"):
# in a household of two, the partner's (people speak of their own pay as "my").
_NAMED_PAY = re.compile(r"\b(?!(?:month|year|week|today|tomorrow|company|employer|job|this|that|it|last|next|the|"
                        r"one|everyone|nobody|family|household)'s)(?i:[a-z\u00e0-\u00ff]+)'s (?:new )?(?:net )?"
                        r"(?:take[- ]home|pay|salary|income|paycheque|paycheck|wages?|net|gross|job)|"
                        r"\b(?:revenu|salaire|paie|paye)(?: net| brut)? (?:de|d') ?[A-Z][a-z\u00e0-\u00ff]+")
_ZERO = re.compile(r"\b(?:zero|zéro|nothing|rien|0)\b", re.IGNORECASE)
_TAKE_HOME_WORDS = ("take home", "take-home", "takehome", "net pay", "net", "paycheque", "paycheck", "salaire net",
                    "paie nette", "revenu net")
_TO_ZERO = re.compile(r"\b(?:to|at|a|à) (?:zero|zéro|nothing|rien|0)\b(?![.,]\d)", re.IGNORECASE)


def _income_args(slots: Slots, words: list[str], text: str = "") -> dict[str, Any] | None:
    args: dict[str, Any] = {}
    plain = [w[:-2] if w.endswith("'s") else w for w in words]  # "my side hustle's bringing in 700"
    amounts = list(slots.amounts)
    if not amounts and _ZERO.search(text) and _any_phrase(words, ("quit", "stopped", "ended", "no more", "set",
                                                                  "zero", "arrete", "fini", "plus de")):
        amounts = [Amount(Decimal(0), "month", None, "0", 0)]  # "I quit the side hustle. set it to zero"
    if amounts and _TO_ZERO.search(text):
        amounts = [Amount(Decimal(0), "month", None, "0", 0)]  # "the 85 - it's gone. set it to zero": 0, not 85
    # One amount: the whole message says whose pay it is. Several ("my salary to $121,500 and my take-home to
    # $7,300"): each is read with the words since the amount before it.
    said_from = 0
    for amount in amounts:
        if len(amounts) == 1:
            context, said = plain, text
        else:
            said = text[said_from:amount.start + len(amount.text)]
            context = [w[:-2] if w.endswith("'s") else w for w in tokens(fold(said))]
            said_from = amount.start + len(amount.text)
        if _any_phrase(context, ("side hustle", "side gig", "freelance", "side business", "a cote")):
            field, value = "side_hustle_income", _monthly(amount)
        elif _any_phrase(context, ("partner", "spouse", "wife", "husband", "he", "she", "his", "her", "conjoint",
                                   "conjointe", "il", "elle", "sa paie", "son salaire")) or _NAMED_PAY.search(said):
            field, value = "partner_income", _monthly(amount)
        elif _any_phrase(context, ("other income", "autres revenus", "autre revenu")):
            field, value = "other_income", _monthly(amount)
        elif _any_phrase(context, ("second job", "secondary", "deuxieme emploi")):
            field, value = "secondary_income", _monthly(amount)
        elif amount.role == "take_home" or (amount.period == "month" and amount.value < 20000) or (
                amount.period is None and amount.value < 20000 and _any_phrase(context, _TAKE_HOME_WORDS)):
            field, value = "monthly_take_home", _money(amount.value)
        else:
            field, value = "annual_salary", _annual(amount)
        args.setdefault(field, value)
    return args or None


_EXPENSE_KINDS: list[tuple[tuple[str, ...], str, str, str]] = [
    # (keywords, name, category, needs|wants)
    (("grocery", "groceries", "epicerie"), "Groceries", "Food", "needs"),
    (("gym", "fitness"), "Gym memberships", "Health", "wants"),
    (("netflix", "spotify", "streaming", "disney"), "Streaming services", "Entertainment", "wants"),
    (("coffee", "cafe"), "Coffee", "Food", "wants"),
    (("restaurant", "restaurants", "dining", "takeout", "delivery"), "Restaurants", "Food", "wants"),
    (("daycare", "childcare", "garderie"), "Daycare", "Childcare", "needs"),
    (("phone", "cell", "internet", "wifi"), "Phone and internet", "Utilities", "needs"),
    (("hydro", "electricity", "heating", "water"), "Utilities", "Housing", "needs"),
    (("insurance",), "Insurance", "Insurance", "needs"),
    (("gas", "fuel", "parking", "transit", "bus", "ttc", "car"), "Transportation", "Transportation", "needs"),
    (("pet", "dog", "cat", "vet"), "Pet care", "Pets", "needs"),
    (("clothes", "clothing", "shopping"), "Clothing", "Shopping", "wants"),
    (("vacation", "travel", "trip"), "Vacation fund", "Travel", "wants"),
    (("rent",), "rent", "Housing", "needs"),
]


# "move clothing to needs", "put takeout under wants": a line moved between needs and wants, its amount unchanged
_NEEDS_MOVE_PATTERN = (r"\b(?:move|put|switch|change|classify|count|passe|mets)\s+(?:the |my |our |le |la |les |l')?"
                       r"(?P<n>[a-z][a-z' &-]{1,30}?)\s+(?:to|into|under|over to|as|en|dans les?)\s+(?:the |a |an )?"
                       r"(?P<kind>needs?|wants?|besoins?|envies?)\b")
_NEEDS_MOVE = re.compile(_NEEDS_MOVE_PATTERN)
_EXPENSE_NAMED = (
    re.compile(r"\badd (?:a |an )?(?P<n>[a-z][a-z' &-]{2,40}?) as (?:a |an )?(?:new )?(?:expense|line|item)\b"),
    re.compile(r"\bnew (?:expense|line|item|depense)(?: for| pour)?\s*[:\-]?\s*(?:an? |my |the |une? )?"
               r"(?P<n>[a-z][a-z' &-]{2,40}?)(?=\s*(?:,|\.|:|-|\$|\d|of\b|at\b|for\b|costing\b|$))"),
    re.compile(r"\b(?:set|raise|cut|lower|put|change|update|bump|increase|reduce|drop|monte|mets|baisse|change)\s+"
               r"(?:the |my |our |l'|le |la |les |mon |ma |mes )?(?P<n>[a-z][a-z' &-]{1,40}?)\s+"
               r"(?:expense\s+|budget\s+|line\s+|item\s+)?(?:down |up )?(?:to|at|a)\s+(?:\$|\d|zero|nothing|rien)"),
    re.compile(r"\b(?:our|my) (?P<n>mortgage payment|mortgage|rent|loyer|hypotheque)\b"),
    re.compile(r"\bnouvelle depense\s*:?\s*(?P<n>[a-z][a-z' &-]{2,40}?)(?=\s*(?:,|\.|:|-|\$|\d|$))"),
    re.compile(r"\bajoute(?:r)? (?:une (?:nouvelle )?depense\s*:?\s*|un |une |des |le |la |les |l')?"
               r"(?P<n>[a-z][a-z'+ &-]{2,50}?)(?=\s*(?:,|\.|:|-|\$|\d|pour\b|a \d|de \d|$))"),
    re.compile(r"\b(?:add|ajoute)\s+\$?\s?\d[\d.,]*\s?\$?\s?(?:a |per |par |/)?(?:month|mois|mo)?\s*(?:for|pour)\s+"
               r"(?:an? |my |the |un |une |le |la |l')?(?P<n>[a-z][a-z'+ &-]{1,40}?)(?=\s*(?:,|\.|\bto\b|\bin\b|"
               r"\bdans\b|\bas\b|$))"),
    # "add a $2,000 a month cottage rental for the summer": the amount first, then the line it is for
    re.compile(r"\badd (?:an? )?\$?\s?\d[\d.,]*\s?\$?\s?(?:a|per|/)\s?(?:month|mo)\s+(?P<n>[a-z][a-z'+ &-]{2,40}?)"
               r"(?=\s*(?:,|\.|\bfor\b|\bas\b|\bto\b|$))"),
    re.compile(r"\badd (?:an? |a new |the |my |our )?(?P<n>[a-z][a-z'+ &-]{2,40}?)(?=\s*(?:,|\bfor\b|\bat\b|\bof\b|"
               r"\bcosting\b|:|-|\$|\d))"),
    # "mortgage payment is 3,650 now after renewal": the line a new amount is stated for
    re.compile(r"^(?:ok |so |fyi |update: )?(?:the |my |our )?(?P<n>[a-z][a-z' &-]{2,30}?)\s+"
               r"(?:is|are|costs?|went up to|is up to|is down to)\s+(?:now\s+)?(?:about\s+|around\s+)?\$?\d"),
    re.compile(_NEEDS_MOVE_PATTERN),
)
_GENERIC_EXPENSE_WORDS = frozenset({"membership", "memberships", "subscription", "subscriptions", "fee", "fees",
                                    "bill", "bills", "plan", "abonnement", "frais"})
_BAD_HABIT_OFF = re.compile(r"\b(?:un-?flag|unmark|un-?tag|remove)\b.{0,50}\bbad habits?\b|\b(?:not|no longer|isn'?t|"
                            r"n'est plus|pas) (?:an? |une )?(?:bad habit|mauvaise habitude)")
_BAD_HABIT_ON = re.compile(r"\b(?:flag|mark|tag|count|call|treat|put)\b.{0,50}\bas (?:an? )?bad habits?\b|"
                           r"\b(?:it'?s|is) an? bad habit\b|\bc'?est une mauvaise habitude\b")


def _expense_args(text: str, slots: Slots, words: list[str]) -> dict[str, Any] | None:
    """An expense line to add or change: its amount (a month; "zero" is 0), its name as the person said it ("raise
    restaurants to $400", "add pet insurance as a new expense", "new expense: parking") or the kind it names, and
    needs or wants ("it's a need, not a want")."""
    folded = fold(text)
    amount = slots.amounts[0] if slots.amounts else None
    if amount is None and re.search(r"\b(?:zero|nothing|rien|0)\b", folded):
        amount = Amount(Decimal(0), "month", None, "0", 0)
    habit = False if _BAD_HABIT_OFF.search(folded) else True if _BAD_HABIT_ON.search(folded) else None
    if amount is None and habit is None and not _NEEDS_MOVE.search(folded):
        return None
    name = category = kind = None
    said = next((m.group("n").strip() for pattern in _EXPENSE_NAMED if (m := pattern.search(folded))), None)
    if said is not None:
        said = re.sub(r"^(?:the|my|our|a|an|le|la|les|l'|mon|ma|mes)\s+", "", said)
        said = re.sub(r"\s+(?:expense|expenses|item|line|bill|cost|costs|depense)$", "", said)
        said_words = [w for w in said.replace("'", " ").split() if w not in _GENERIC_EXPENSE_WORDS]
        for keywords, known, known_category, known_kind in _EXPENSE_KINDS:
            if any(k in said_words for k in keywords):
                category, kind = known_category, known_kind
                # one French or generic word ("epicerie", "rent", "gym membership") stands for the kind's own name
                name = known if len(said_words) == 1 and said_words[0] not in ("coffee", "restaurants",
                                                                               "restaurant") else None
                break
        name = name or said[:1].upper() + said[1:]
    else:
        for keywords, known, known_category, known_kind in _EXPENSE_KINDS:
            if any(k in words for k in keywords):
                name, category, kind = known, known_category, known_kind
                break
    if name is None:
        match = re.search(r"\b(?:expense|item|for|on)\b\s*[:\-]?\s*(?:an?\s|my\s|the\s)?([a-z][a-z '&-]{2,40}?)"
                          r"(?=\s*(?:of|at|for|costing|:|-|\$|\d|,|$))", folded)
        if match is None:
            return None
        found = match.group(1).strip()
        name = found[:1].upper() + found[1:]
    args: dict[str, Any] = {"name": name}
    if amount is not None:
        args["amount"] = _monthly(amount)
    if habit is not None:
        args["is_bad_habit"] = habit  # "un-flag takeout as a bad habit"
    if category:
        args["category"] = category
    if re.search(r"\bnot an? (?:want|wants)\b|\bit'?s an? need\b|\bc'?est un besoin\b|\bneeds?\b(?!.*\bwants?\b)",
                 folded) and not re.search(r"\bnot an? need\b", folded):
        kind = "needs"
    elif re.search(r"\bnot an? need\b|\bit'?s an? want\b|\bc'?est une envie\b|\bwants?\b", folded):
        kind = "wants"
    if kind:
        args["needs_wants_category"] = kind
    return args


_GOAL_KINDS: list[tuple[tuple[str, ...], str, str]] = [
    (("emergency", "rainy", "urgence"), "Emergency fund", "emergency-fund"),
    (("house", "home", "condo", "down payment", "downpayment", "maison", "mise de fonds"), "Home down payment",
     "home"),
    (("retire", "retirement", "fire", "fi", "financial independence", "retraite", "independance"), "Retirement",
     "retirement"),
    (("debt", "loan", "credit card", "mortgage", "dette", "dettes"), "Debt payoff", "debt-payoff"),
    (("school", "education", "tuition", "resp", "university", "college", "etudes", "reee", "universite"), "Education",
     "education"),
    (("trip", "travel", "vacation", "holiday", "voyage", "vacances"), "Travel", "travel"),
    (("wedding", "mariage"), "Wedding", "other"),
    (("car", "vehicle", "auto", "voiture"), "New car", "other"),
    (("renovation", "reno", "kitchen", "renos"), "Renovation", "other"),
]
_MONTHS = {fold(name).lower(): number for number, name in enumerate(calendar.month_name) if name} | {
    name: number for number, name in enumerate(("", "janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet",
                                                "aout", "septembre", "octobre", "novembre", "decembre")) if name}


def _goal_date(text: str, slots: Slots) -> str | None:
    if not slots.calendar_years:
        return None
    year = slots.calendar_years[0]
    folded = fold(text)
    for name, number in _MONTHS.items():
        if re.search(rf"\b{name}\b", folded):
            return f"{year}-{number:02d}-{calendar.monthrange(year, number)[1]:02d}"
    return f"{year}-12-31"


def _goal_args(text: str, slots: Slots, words: list[str]) -> dict[str, Any] | None:
    name = category = None
    joined = " ".join(words)
    for keywords, known, known_category in _GOAL_KINDS:
        if any(re.search(rf"\b{k}\b", joined) for k in keywords):
            name, category = known, known_category
            break
    quoted = _QUOTED_NAME.search(text)
    titled = _GOAL_TITLE.search(fold(text))
    if quoted:
        name = (quoted.group(1) or quoted.group(2) or quoted.group(3)).strip()
    elif titled:  # "new goal - pay off both credit cards, about 1,900": the goal by the person's own words
        name = titled.group(1).strip()
        name = name[0].upper() + name[1:]
    else:
        own = _OWN_GOAL.search(fold(text))  # "the Japan trip goal": the saved goal by the person's own words
        if own is not None:
            name, category = next(g for g in own.groups() if g).strip(), None
    saved_so_far = (_any_phrase(words, ("saved", "have", "got", "put aside", "de cote", "amasse", "accumule", "is at",
                                        "are at", "now at", "est rendu", "est rendue", "est a", "reached", "hit",
                                        "balance"))
                   and not _any_phrase(words, ("target", "cible", "goal to", "objectif de")))
    target = slots.amount("target", None, "savings", "down_payment", "portfolio") or _largest(slots)
    french = re.search(r"\bpriorite\s?:?\s(haute|elevee|forte|basse|faible|moyenne)\b", fold(text))
    priority = next((p for p in ("high", "low", "medium") if has_phrase(words, f"{p} priority")), None) or next(
        (p for p, said in _FRENCH_PRIORITIES if french and french.group(1) in said), None)
    if target is not None and re.search(rf"\b{target.value}\b", text) and re.search(
            r"\b(?:19|20)\d{2}-\d{2}-\d{2}\b", text) and target.value < 100:
        target = None  # the day or month of a date, not an amount
    if name is None or (target is None and not slots.calendar_years and priority is None):
        return None
    args: dict[str, Any] = {"name": name}
    if category:
        args["category"] = category
    if target is not None and saved_so_far and own_goal_update(words):
        args["current_amount"] = _money(target.value)
    elif target is not None:
        args["target_amount"] = _money(target.value)
    iso = re.search(r"\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b", text)
    target_date = iso.group(0) if iso else _goal_date(text, slots)  # "push it back to 2046-06-30"
    if target_date:
        args["target_date"] = target_date
    if priority is not None:
        args["priority"] = priority
    return args


# Saving under a name, what a what-if changes, and what is named but is no scenario (a goal, an expense line)
_NAMING = ("save", "call it", "name it", "called", "named", "enregistre", "sauvegarde", "nomme", "appele")
_SCENARIO_CHANGES = ("retire", "retires", "retiring", "retirement", "return", "returns", "one off", "one-off",
                     "part time", "part-time", "spend", "spending", "saved", "saving", "extra", "cpp", "oas",
                     "pessimistic", "optimistic", "down payment", "retraite", "rendement", "temps partiel", "depenses")
_NOT_SCENARIOS = ("goal", "goals", "expense", "expenses", "budget", "account", "objectif", "depense", "compte")
# a name in quotes (straight, curly or French; a single quote only as a quote, not an apostrophe) or after "called"
_QUOTED_NAME = re.compile(r"[\"\u201c\u00ab]\s?([^\"\u201d\u00bb]{2,60}?)\s?[\"\u201d\u00bb]|"
                          r"(?<![A-Za-z])'([^']{2,60})'(?![A-Za-z])|"
                          r"(?:called|named)\s+([A-Za-z][\w '&-]{1,40}?)(?=\s*(?:of|for|with|to|at|by|,|\.|\$|\d|$))")
# a saved scenario named bare, capitalised, before "one" or "scenario": "just the Cottage 2030 one"
_NAMED_ONE = re.compile(r"\b(?:the|my|our|mon|notre|le)\s+((?:[A-Z0-9][\w'&-]*)(?:\s[A-Z0-9][\w'&-]*){0,3})\s+"
                        r"(?:one|scenario|scénario|scenario-la)\b")


def _compare_args(text: str) -> dict[str, Any]:
    """The saved scenarios a comparison names: in quotes ("my 'Retire at 50' scenario", « Chalet »), or capitalised
    before "one" or "scenario" ("just the Cottage 2030 one"); none named, the tool takes the three saved last."""
    names = [next(g for g in m.groups() if g) for m in _QUOTED_NAME.finditer(text)]
    names += [m.group(1) for m in _NAMED_ONE.finditer(text) if m.group(1) not in names]
    names = [n.strip() for n in names if n.strip() and fold(n.strip()) not in ("plan", "current plan", "my plan")]
    return {"names": list(dict.fromkeys(names))[:3]} if names else {}


# A scenario's name said bare after "called", "named", "call it", "name it": up to where the sentence goes on
# ("where", "with", "in which", "that", a comma) or ends; it may hold "at" and numbers ("Retire at 50", "Cottage 2030")
_SCENARIO_NAME = re.compile(r"\b(?:called|named|call it|name it|nomme|appele)\s+(?!a\b|an\b|the\b)"
                            r"([A-Za-z][\w'&-]*(?:\s+(?!(?:where|with|in|which|that|so|if|and|when|because|ou|avec|"
                            r"dans|qui|quand)\b)[\w'&%$.-]+){0,4}?)\s*(?=[,.;!?:]\s|[,;!?:]|\.?$|\s+(?:where|with|in|"
                            r"which|that|so|if|and|when|because|ou|avec|dans|qui|quand)\b)", re.IGNORECASE)
_OWN_GOAL = re.compile(r"\b(?:the|my|our)\s+([a-z][a-z' -]{1,40}?)(?:\s+an?\s+(?:high|low|medium)\s+priority)?"
                       r"\s+goal\b|\bpour (?:le |la |les |l')((?:voyage|fonds|projet|achat|mariage|auto|maison|"
                       r"etudes|retraite)[a-z' -]{0,40}?)(?=\s*(?:,|\.|$))|"
                       r"\bl'?objectif (?!a jour)(?:d'|de |du |des |pour (?:le |la |les )?)?([a-z][a-z' -]{1,40}?)"
                       r"(?=\s*(?:,|\.|pour|a |$|\d))")
_GOAL_UPDATES = ("update", "change", "bump", "raise", "set", "make", "now", "mets", "mettre a jour", "change",
                 "modifie", "got", "have")


# "add a goal: new car, 35k", "new goal - pay off both cards", "ajoute un objectif : chalet, 80 000 $": the name said
# after the words that announce a goal, up to the first comma, figure or date
_GOAL_TITLE = re.compile(r"\b(?:new goal|add (?:a |another |one more )?(?:new )?goal|nouvel objectif|nouveau but|"
                         r"ajoute(?:r|z)? (?:un |une )?(?:nouvel |nouveau )?(?:objectif|but))\s*(?:[:\-\u2013\u2014]|"
                         r"called|named|for|pour|appele)\s*(?!an?\b|the\b|un\b|une\b)([a-z][^,.;:$\d()]{1,40}?)\s*"
                         r"(?=,|\.|;|\(|\$|\d|$|\s(?:for|of|by|worth|at|de \d|pour|d'ici|avant|priorit)\b)")
_FRENCH_PRIORITIES = (("high", ("haute", "elevee", "forte")), ("low", ("basse", "faible")), ("medium", ("moyenne",)))


def own_goal_update(words: list[str]) -> bool:
    """The message changes a goal already saved (not "add a new goal")."""
    return not _any_phrase(words, ("new goal", "add a goal", "add goal", "nouvel objectif", "ajoute un objectif")) \
        and _any_phrase(words, _GOAL_UPDATES)


def _preferences_args(slots: Slots, words: list[str]) -> dict[str, Any] | None:
    args: dict[str, Any] = {}
    bare_age = next((int(a.value) for a in slots.amounts if "$" not in a.text and a.period is None
                     and 30 <= a.value <= 80 and a.value == int(a.value)), None)
    french_age = next((d for d in slots.durations if 30 <= d <= 80), None) if _any_phrase(
        words, ("age de retraite", "retraite", "age")) else None  # "mon âge de retraite pour 57 ans": an age
    if (slots.ages or bare_age or french_age) and _any_phrase(words, ("retire", "retirement", "age", "retraite")):
        args["retirement_age"] = slots.ages[-1] if slots.ages else bare_age or french_age
    growth = slots.rate("return")
    withdrawal = slots.rate("withdrawal")
    if growth is None and withdrawal is None and slots.rates and _any_phrase(words, ("return", "growth")):
        growth = slots.rates[0]
    if growth is not None:
        args["investment_return_rate"] = growth.value
    if withdrawal is not None and withdrawal.value > 0:
        args["fire_rule_multiplier"] = round(1 / withdrawal.value, 2)
    joined = " ".join(words)
    multiplier = re.search(r"multiplier (?:of |to )?(\d{1,3}(?:\.\d+)?)", joined) or next(
        (m for m in re.finditer(r"(?<![\d.])(\d{2}(?:\.\d+)?) ?(?:x|times|fois)\b", joined)  # "use 30x instead of 25x"
         if not re.search(r"(?:instead of|rather than|from|au lieu de|plutot que)\s*$", joined[:m.start()])), None)
    if multiplier:
        args["fire_rule_multiplier"] = float(multiplier.group(1))
    if slots.durations and _any_phrase(words, ("projection", "project", "horizon")):
        args["max_projection_years"] = slots.durations[0]
    return args or None


_SCENARIO_AGES = (("retirement_age", r"retir\w* (?:at|by|from|a) (?:age )?(\d{2})\b", 18, 100),
                  ("cpp_start_age", r"\b(?:cpp|qpp|rpc|rrq)\b[^.]{0,40}?\b(?:at|from|a|des) (?:age )?(\d{2})\b",
                   60, 70),
                  ("oas_start_age", r"\b(?:oas|sv)\b[^.]{0,30}?\b(?:at|from|a|des) (?:age )?(\d{2})\b", 65, 70))
# Whose retirement: the partner's ("my partner retires at 58", "Daniel retires at 58") or both ("us both at 55")
_PARTNER_RETIRES = re.compile(r"\b(?:(?:my |our )?(?:partner|spouse|wife|husband|conjoint|conjointe)|both|us both|"
                              r"we both|the two of us|les deux|tous les deux|[a-z]+ (?=retires|retiring))\b[^.;]{0,25}?"
                              r"\bretir\w*\s(?:at|a|by)\s(?:age\s)?(\d{2})\b"
                              r"|\b(?:both|us both|we both|les deux)\b[^.;]{0,25}?\b(\d{2})\b")
_SCENARIO_CUES: dict[str, tuple[str, ...]] = {
    "spending": ("spending", "spend", "live on", "lifestyle", "depenses", "depense", "budget"),
    "saving": ("save", "saving", "invest", "extra", "epargne"),
}
_SCENARIO_NAMES = {"retirement_age": "Retire at {}", "cpp_start_age": "CPP at {}", "oas_start_age": "OAS at {}"}


def _scenario_args(text: str, slots: Slots, words: list[str]) -> dict[str, Any] | None:
    """"Save a scenario where I retire at 50 and take CPP at 70": the ages it changes, spending (in retirement or
    while working), an extra monthly saving, a return, a one-off amount in a year ("a $150k down payment in 2030"),
    part-time work (dates and yearly pay), and a name: the one given in quotes or after "called", or one made of
    the changes."""
    lower = fold(text)
    args: dict[str, Any] = {}
    for field_name, pattern, low, high in _SCENARIO_AGES:
        found = re.search(pattern, lower)
        if found and low <= int(found.group(1)) <= high:
            args[field_name] = int(found.group(1))
    if "cpp_start_age" not in args and _any_phrase(words, ("cpp", "rpc", "rrq", "qpp")):
        delay = re.search(r"\b(?:cpp|qpp|rpc|rrq)\b[^.]{0,30}?\b(?:until|till|to|a) (?:age )?(\d{2})\b", lower)
        if delay and 60 <= int(delay.group(1)) <= 70:
            args["cpp_start_age"] = int(delay.group(1))
    if "retirement_age" not in args:
        stop = re.search(r"\b(?:stop working|quit working|retire|retraite|arrete de travailler)\w*\D{0,12}?(\d{2})\b",
                         lower)
        if stop and 30 <= int(stop.group(1)) <= 80:
            args["retirement_age"] = int(stop.group(1))
    part_time = _any_phrase(words, ("part time", "part-time", "temps partiel"))
    dated = [(m.start(), f"{m.group(3)}-{_MONTHS.get(m.group(2), 1):02d}-{int(m.group(1) or 1):02d}")
             for m in re.finditer(r"\b(?:(\d{1,2})(?:er)? )?(" + "|".join(_MONTHS) + r") (\d{4})\b", lower)]
    dated += [(m.start(), m.group(0)) for m in re.finditer(r"\b(?:19|20)\d{2}-[01]\d-[0-3]\d\b", lower)]  # 2047-01-01
    dates = [d for _, d in sorted(dated)]
    partner = _PARTNER_RETIRES.search(lower)
    age = int(partner.group(1) or partner.group(2)) if partner is not None else 0
    if 30 <= age <= 80:
        # "my partner retires at 58" (theirs only), "us both retiring at 55" (both)
        args["partner_retirement_age"] = age
        if not re.search(r"\b(?:both|two of us|les deux|tous les deux|toutes les deux)\b", lower):
            if args.get("retirement_age") == age:
                del args["retirement_age"]
        else:
            args["retirement_age"] = age
    cues = dict(zip((id(a) for a in slots.amounts), roles_of(text, slots.amounts, _SCENARIO_CUES), strict=True))
    for amount in slots.amounts:
        value = _money(amount.value)
        if part_time and amount.value >= 5000:
            args.setdefault("part_time_income", _annual(amount))
        elif _any_phrase(words, ("one-off", "one off", "down payment", "lump", "mise de fonds", "cottage", "buy")) \
                and amount.value >= 1000 and "one_off_amount" not in args:
            args["one_off_amount"] = value
        elif amount.role == "spending" or cues[id(amount)] == "spending" or (
                _any_phrase(words, _SCENARIO_CUES["spending"])
                and not _any_phrase(words, ("extra", "more", "additional"))):
            key = "retirement_spending" if _any_phrase(words, ("retired", "retirement", "retraite", "once")) \
                else "annual_spending"
            args.setdefault(key, _annual(amount, default="month" if amount.value < 15000 else "year"))
        elif amount.role in ("savings", "payment") and _any_phrase(words, ("extra", "more", "additional")):
            args.setdefault("extra_monthly_saving", _monthly(amount))
    if part_time and dates:
        args["part_time_from"] = dates[0]
        if len(dates) > 1:
            args["part_time_until"] = dates[1]
    elif part_time and len(slots.calendar_years) >= 2:
        args["part_time_from"] = f"{slots.calendar_years[0]}-01-01"
        args["part_time_until"] = f"{slots.calendar_years[1]}-12-31"
    if "one_off_amount" in args and dates and not part_time:
        args["one_off_date"] = dates[0]  # "a cottage on 2029-06-01"
    elif "one_off_amount" in args and slots.calendar_years:
        args["one_off_date"] = f"{slots.calendar_years[-1]}-07-01"
    growth = slots.rate("return", None) or (None if _any_phrase(words, ("mortgage", "loan", "hypotheque", "pret"))
                                            else slots.rate("interest"))  # "a 'Low returns' scenario at 4.5%"
    if growth is not None and growth.value <= 0.2:
        args["expected_return"] = growth.value
    if not args:
        return None
    quoted = _QUOTED_NAME.search(text)
    bare = None if quoted and (quoted.group(1) or quoted.group(2)) else _SCENARIO_NAME.search(text)
    if bare is not None:
        args["name"] = bare.group(1).strip().rstrip(".").strip()[:60]
        return args
    args["name"] = next(g for g in quoted.groups() if g).strip() if quoted else ", ".join(
        _SCENARIO_NAMES[k].format(v) for k, v in args.items() if k in _SCENARIO_NAMES) or "My scenario"
    return args


_SCREENS: list[tuple[tuple[str, ...], str, str]] = [
    (("history", "historique", "progress", "progres", "over time"), "/progress", "follow your progress and net-worth "
                                                                              "history"),
    (("income", "salary", "revenus", "revenu", "salaire"), "/settings/income", "update your income"),
    (("objectifs", "objectif"), "/settings/goals", "manage your goals"),
    (("depenses", "depense"), "/settings/expenses", "edit your monthly expenses"),
    (("comptes", "compte"), "/settings/accounts", "manage your accounts"),
    (("proprietes", "propriete", "maison"), "/settings/properties", "manage your properties"),
    (("preferences", "hypotheses"), "/settings/preferences", "change your assumptions"),
    (("profil",), "/settings/profile", "edit your profile"),
    (("expense", "expenses", "spending"), "/settings/expenses", "edit your monthly expenses"),
    (("budget", "budgeting"), "/settings/budgeting", "plan your budget"),
    (("goal", "goals"), "/settings/goals", "manage your goals"),
    (("account", "accounts", "bank"), "/settings/accounts", "manage your accounts"),
    (("property", "properties", "house", "home"), "/settings/properties", "manage your properties"),
    (("credit", "card", "cards", "debt"), "/settings/credit", "manage your credit"),
    (("preferences", "preference", "assumption", "assumptions"), "/settings/preferences", "change your assumptions"),
    (("profile",), "/settings/profile", "edit your profile"),
    (("savings", "investments"), "/settings/savings", "edit your savings and investments"),
    (("plans", "plan", "events"), "/settings/future-plans", "add future plans"),
    (("report",), "/fire-report", "read your FIRE report"),
    (("calculator", "calculators"), "/calculators", "use the calculators"),
    (("tax", "taxes"), "/tax-advice", "read the tax advice"),
    (("article", "articles", "learn", "education", "resources"), "/educational-resources", "read the articles"),
    (("community", "forum"), "/community", "join the community"),
    (("progress",), "/progress", "follow your progress"),
    (("analysis",), "/analysis", "see the analysis"),
    (("strategy", "strategies"), "/financial-strategies", "explore the strategies"),
    (("settings",), "/settings", "open your settings"),
    (("dashboard", "home"), "/fire-dashboard", "see your FIRE dashboard"),
]


def _screen_args(words: list[str]) -> dict[str, Any]:
    for keywords, path, why in _SCREENS:
        if any(k in words for k in keywords):
            return {"screen": path, "why": f"There you can {why}."}
    return {"screen": "/fire-dashboard", "why": "There you can see your FIRE dashboard."}


def knowledge_query(text: str) -> str:
    """The question, trimmed of chatter, as a search query."""
    query = re.sub(r"\s+", " ", text).strip()
    query = re.sub(r"^(?:hey|hi|hello|bonjour|so|ok|okay|please|can you|could you)[,!\s]+", "", query, flags=re.I)
    return query[:200] or text[:200]


# --- the plan ----------------------------------------------------------------------------------------------------


_ARTICLE_ASK = re.compile(r"\b(?:can you |could you |please |i'd like to |i want to )?(?:open|pull up|bring up|show me|"
                          r"read|ouvre(?:-moi)?|montre(?:-moi)?)\b|\b(?:the |l')?(?:whole|full|complete|entire|complet|"
                          r"complete)?\s?(?:article|guide|articles)\b|\bnot just a summary\b|\bfor me\b")


def wants_whole_article(words: list[str]) -> bool:
    """"Open the article on...", "pull up the full article ...", "ouvre-moi l'article complet ...": an article to
    read whole, not a question to answer from passages."""
    article = _any_phrase(words, ("article", "guide"))
    opening = _any_phrase(words, ("open", "pull up", "bring up", "show me the", "read the whole", "read the full",
                                  "whole article", "full article", "ouvre", "montre moi l", "article complet"))
    return article and opening


def plan_for(intent: str, message: Understood) -> Plan:
    slots, words, text = message.slots, message.words, message.text
    if intent == "account_totals":
        named = {find_account([w]) for w in words} - {None}
        if len(named) > 1 or _any_phrase(words, ("by type", "each type", "every type", "breakdown", "break down",
                                                 "par type")):
            return Plan(intent, calls=[("account_totals", {"account_type": "all"})])  # "by type: TFSA, RRSP..."
        kind = {"fhsa": "fhsa", "tfsa": "tfsa", "rrsp": "rrsp", "resp": "resp"}.get(slots.account or "", "all")
        if kind == "all" and _any_phrase(words, ("cash", "chequing", "checking", "comptes cheques", "encaisse")):
            kind = "cash"
        elif kind == "all" and _any_phrase(words, ("non-registered", "non registered", "taxable account",
                                                   "non enregistre")):
            kind = "non_registered"
        return Plan(intent, calls=[("account_totals", {"account_type": kind})])
    if intent in READ_TOOLS:
        return Plan(intent, calls=[(READ_TOOLS[intent], {})])
    if intent == "knowledge" and wants_whole_article(words):
        # "open the article on RRIFs": find it, then open it (the model opens the first article the search returns)
        return Plan("open_article", calls=[("search_knowledge_base", {"query": knowledge_query(_ARTICLE_ASK.sub(
            " ", fold(text)))})])
    if intent == "knowledge":
        return Plan(intent, calls=[("search_knowledge_base", {"query": knowledge_query(text)})])
    if intent == "emergency_fund":  # the user's own fund (saved goals) beside the guidance on its size
        return Plan(intent, calls=[("get_goals", {}),
                                   ("search_knowledge_base", {"query": "emergency fund how many months of expenses"})])
    if intent == "navigation":
        return Plan(intent, calls=[("suggest_screen", _screen_args(words))])
    builders: dict[str, Callable[[], dict[str, Any]]] = {
        "fire_number": lambda: _fire_question_args(text, slots),
        "years_to_fi": lambda: _plan_overrides(slots, words),
        "what_if": lambda: _what_if_args(slots, words),
        "savings_rate": lambda: _savings_rate_args(slots),
        "rrsp_vs_tfsa": lambda: _rrsp_tfsa_args(text, slots),
        "contribution_room": lambda: _room_args(text, slots, words),
        "tax_estimate": lambda: _tax_args(text, slots, words),
        "mortgage_payment": lambda: _mortgage_args(slots, words, text),
        "projection": lambda: _projection_args(slots, words),
        "monte_carlo": lambda: _monte_carlo_args(slots),
        "savings_needed": lambda: _savings_needed_args(slots, words),
        "compare_scenarios": lambda: _compare_args(text),
        "cpp_timing": lambda: _cpp_timing_args(slots, words),
    }
    if intent in builders:
        computed = builders[intent]()
        if intent in ("tax_estimate", "rrsp_vs_tfsa") and len(slots.provinces) > 1:  # "Ontario vs Alberta"
            return Plan(intent, calls=[(COMPUTE_TOOLS[intent], {**computed, "province": code})
                                       for code in slots.provinces[:MAX_CALLS]])
        return Plan(intent, calls=[(COMPUTE_TOOLS[intent], computed)])
    if intent == "debt_payoff":
        args = _debt_args(slots, words, text)
        return Plan(intent, reply=ASK_DEBT) if args is None else Plan(intent, calls=[("debt_payoff", args)])
    writes: dict[str, tuple[Callable[[], dict[str, Any] | None], str]] = {
        "save_budget": (lambda: _budget_args(slots, text), ASK_BUDGET),
        "update_income": (lambda: _income_args(slots, words, text), ASK_INCOME),
        "expense_item": (lambda: _expense_args(text, slots, words), ASK_EXPENSE),
        "goal": (lambda: _goal_args(text, slots, words), ASK_GOAL),
        "preferences": (lambda: _preferences_args(slots, words), ASK_PREFERENCES),
        "scenario": (lambda: _scenario_args(text, slots, words), ASK_SCENARIO),
    }
    if intent == "save_budget" and budget_shift(text) is not None:
        # the shares it moves between are the saved ones: read them, then propose the change (agent/coach/offline.py)
        return Plan("budget_shift", calls=[("get_budget", {})])
    build, ask = writes[intent]
    write_args = build()
    if write_args is None:
        return Plan(intent, reply=ask)
    return Plan(intent, calls=[(WRITE_TOOLS[intent], write_args)])


# Where one question of a message ends and the next begins: "?", ";", "and also", ", and what...", "and how...",
# "pis combien...", "et quand..." (a comma or "and" before a question word).
_QUESTION_START = (r"(?:what|what's|whats|how|how's|when|where|which|is|are|am|can|should|do|does|did|will|would|"
                   r"could|tell|give|show|add|set|update|change)\b")
_CLAUSES = re.compile(r"\?\s+|;\s*|(?<=[a-z0-9%)$])[.!]\s+|\band also\b|\s\+\s|,\s*(?:and\s+)?(?:also\s+|then\s+)?(?="
                      + _QUESTION_START + r")|"
                      r"\band\s+(?:then\s+)?(?=" + _QUESTION_START + r")|"
                      r",?\s*\b(?:pis|et|puis)\s+(?=(?:c'est|combien|quand|comment|quel|quelle|quels|est-ce|ou)\b)",
                      re.IGNORECASE)
# Two things named side by side ("net worth and credit score?", "savings rate and monte carlo success rate"): split
# only when each side alone is clearly a different question (`_JOINED_FLOOR`), so "needs and wants" or "TFSA and
# RRSP room" stay one question.
_JOINED = re.compile(r",?\s(?:and|&|et|pis)\s", re.IGNORECASE)
_JOINED_FLOOR = 0.7
MAX_PARTS = 6
MAX_CALLS = 3  # an answer takes three calls at most; a pasted essay is not 500 questions


_ASKING = re.compile(r"^\W*(?:and |also |then |et |puis )?(?:what|whats|how|when|where|which|who|is|are|am|can|"
                     r"could|should|would|will|do|does|give|show|tell|calculate|compute|work out|run|compare|list|quel|"
                     r"quelle|quels|quelles|combien|comment|quand|est-ce|c'est quoi|peux|montre|calcule|donne)\b")
# A part that only sets the scene ("I make 60k in Ontario", "if we spend 50k a year"): its values serve the questions.
_SCENE = re.compile(r"^\W*(?:i|i'm|im|i've|i'd|we|we're|we've|my|our|if|si|je|j'|on|nous|mon|ma|mes|notre|nos|"
                    r"assuming|say|given|suppose|supposing|with|avec|when|quand|once|of|for|from|in|at|on|since|"
                    r"after|before|de|du|des|pour|depuis|apres|avant|dans|sur)\b")
_QUESTION_WORD = re.compile(r"\b(?:what|what's|whats|how|when|where|which|combien|comment|quand|quel|quelle|quels|"
                            r"quelles|est-ce|quoi|qu'est-ce|lequel|laquelle|pourquoi|why)\b")


_STATEMENT_VERB = re.compile(r"\b(?:is|was|are|were|have|has|had|make|makes|made|earn|earns|earned|spend|spends|"
                             r"spent|says|said|got|get|gets|'ve|'m|'re|pay|pays|paid|owe|owes|gagne|suis|ai|est|sont|"
                             r"fais|paie|depense|avons|a)\b")


_REFERS = re.compile(r"\b(?:it|it's|its|that|this|they|them|those|ca|cela)\b")
_POINTS_BACK = re.compile(r"\b(?:that|this|the same|those|these|ce|cet|cette|ces)\s+(?:income|salary|amount|money|"
                         r"spending|figure|number|pay|price|balance|loan|revenu|salaire|montant|somme|prix)\b"
                         r"|\b(?:ca|cela) (?:va |me |nous |te )*(?:donner|donne|donnerait|fait|ferait|change|"
                         r"changerait)\b")


_LISTS = re.compile(r"\b(?:two|three|2|3|a couple of|a few) (?:things|questions)\b|\bboth\b|\bdeux (?:choses|questio"
                    r"ns)\b"
                    r"|\balso\b|\baussi\b")


def _asks_form(clause: str) -> bool:
    """Whether a part is put as a question or a request (a question mark, a question word first, an imperative)."""
    return clause.rstrip().endswith("?") or bool(_ASKING.match(fold(clause).strip())) or not _is_scene_like(clause)


def _is_scene_like(clause: str) -> bool:
    """A part that does not open as a request ("3.5% withdrawal on 80k spending", "800k place, 20% down")."""
    words = tokens(clause)
    while words and words[0] in ("please", "pls", "ok", "okay", "so", "and", "also", "then", "now", "et", "svp"):
        words = words[1:]
    return not (words and any(_positions_of(words[:3], phrase)[:1] == [0] for phrase in (*_IMPERATIVES, *_READ_VERBS)
                              if phrase not in _SOFT_ASKS and phrase != "new"))


def _is_scene(clause: str) -> bool:
    """A part of a message that states facts instead of asking ("I make 60k in Ontario", "if we spend 50k a year",
    "income was 64,500 the prior year and my NOA says 22,000 carry forward"): no question, and not opening with an
    instruction."""
    folded = fold(clause).strip()
    if folded.endswith("?") or _QUESTION_WORD.search(folded):
        return False
    words = tokens(clause)
    while words and words[0] in ("please", "pls", "ok", "okay", "so", "and", "also", "then", "now", "et", "svp"):
        words = words[1:]
    if words and any(_positions_of(words[:3], phrase)[:1] == [0] for phrase in (*_IMPERATIVES, *_READ_VERBS)
                     if phrase not in _SOFT_ASKS and phrase != "new"):
        return False  # "add $60 a month for soccer", "tell me if RRSP or TFSA makes more sense": requests
    return bool(_SCENE.match(folded) or _STATEMENT_VERB.search(folded))


def _by_the_question(message: Understood, intent: str | None, confidence: float) -> str | None:
    """One question with facts around it ("Suppose my investments earn 7% a year instead, when would I hit FI?"):
    routed by the question itself when that is surer than the whole message (the facts' words pull elsewhere)."""
    clauses = [c.strip(" ,") for c in _CLAUSES.split(message.text) if c and c.strip(" ,")][:MAX_PARTS]
    asking = [c for c in clauses if not _is_scene(c) and _asks_form(c)]
    if intent is None or len(clauses) < 2 or len(asking) != 1 or intent in WRITE_INTENTS or confidence >= 0.5:
        return intent
    other, surer = route_intent(message, meaning=asking[0])
    return other if other is not None and other not in WRITE_INTENTS and surer > confidence + 0.1 else intent


def _joined_parts(text: str, primary: str | None) -> Plan | None:
    """A message of two or three short things joined by "and" ("&", "et", "pis"), each alone clearly its own
    question; sentences, commas, figures and "if" are left to `_multi_part` and the whole-message reading."""
    if re.search(r"[.!?;,]\s|\d", text.strip()) or re.match(r"\s*(?:what )?if\b|\s*si\b", fold(text)):
        return None  # sentences and clauses are _multi_part's; figures and "if" belong to one question
    parts = [p.strip(" ,?") for p in _JOINED.split(text) if p.strip(" ,?")]
    if not 2 <= len(parts) <= 3 or any(len(tokens(p)) < 2 for p in parts):
        return None
    routed: list[tuple[str, Understood]] = []
    for part in parts:
        understood = understand(part)
        intent, score = route_intent(understood, meaning=part)
        if intent is None or intent == "knowledge" or intent in WRITE_INTENTS or score < _JOINED_FLOOR:
            return None
        routed.append((intent, understood))
    intents = [intent for intent, _ in routed]
    if len(set(intents)) < len(intents):
        return None
    calls: list[tuple[str, dict[str, Any]]] = []
    for intent, understood in routed:
        calls += [call for call in plan_for(intent, understood).calls if call not in calls]
    first = primary if primary in intents else intents[0]
    return Plan(first, calls=calls[:MAX_CALLS]) if len(calls) >= 2 else None


def _multi_part(text: str, primary: str | None) -> Plan | None:
    """Several questions in one message ("What's my FIRE number? And when can I retire?", "the payment on 500k at
    4.99%, and how much tax I pay in Ontario"): one call for each. The message's own intent (`primary`) is read
    from its parts about it and the parts that set the scene ("If we spend 50k a year, ..."), or from the whole
    message when no part is about it alone; each other question from its own part and the scene, never from the
    other questions. A write asked in one part is proposed beside the answers to the others (the graph asks approval
    for it alone); one write per message."""
    clauses = [c.strip(" ,") for c in _CLAUSES.split(text) if c and c.strip(" ,")][:MAX_PARTS]
    if len(clauses) < 2:
        return None
    # a part put neither as a question nor as a request ("Quebec, 95k salary, 6% return.") sets the scene, unless
    # the message says it lists several things ("Two things: the payment on 500k..., and ...")
    listing = bool(_LISTS.search(fold(text)))
    scene = [c for c in clauses if _is_scene(c) or not (listing or _asks_form(c))]
    routed: list[tuple[str, str | None]] = []
    for clause in clauses:
        if clause in scene:
            continue
        if refusal(clause, tokens(clause)) is not None:
            continue
        intent, score = route_intent(understand(" ".join(c for c in clauses if c in scene or c == clause)),
                                     meaning=clause)
        # "how much sooner is it paid off?": a part about what another part named asks more of that question; a
        # part that is not put as a question counts as one only when it is clear
        floor = 0.25 if intent in WRITE_INTENTS else 0.45  # an instruction is clear from its form
        weak = score < floor or (score < 0.6 and not _asks_form(clause)) or (
            score < 0.7 and _REFERS.search(fold(clause)) is not None)
        routed.append((clause, None if weak else intent))
    if len(routed) < 2:
        return None  # one question (its scene aside): the whole message says best what it asks
    others = list(dict.fromkeys(i for _, i in routed if i is not None and i != primary))
    if primary is None:
        if len(others) < 2:
            return None
        primary, others = others[0], others[1:]
    if not others:
        return None
    whole = understand(text)

    def part_of(own: list[str]) -> Understood:
        """The parts' words and the scene, in the message's order; a part that points back ("would that income
        give me...") takes the part before it too; the account and province named elsewhere when these name none."""
        chosen = set(own) | set(scene)
        for index, clause in enumerate(clauses):
            if clause in own and index > 0 and _POINTS_BACK.search(fold(clause)):
                chosen.add(clauses[index - 1])
        message = understand(" ".join(c for c in clauses if c in chosen))
        slots = replace(message.slots, account=message.slots.account or whole.slots.account,
                        province=message.slots.province or whole.slots.province)
        return Understood(text=message.text, words=message.words, slots=slots)

    if any(i == primary for _, i in routed):  # its own parts, the scene, and the parts no tool answers alone
        first = plan_for(primary, part_of([c for c, i in routed if i in (primary, None)]))
    else:
        first = plan_for(primary, whole)
    if first.reply is not None and primary in WRITE_INTENTS:
        return first  # the write needs more said: ask (the questions can wait)
    calls = list(first.calls)
    wrote = primary in WRITE_INTENTS
    for intent in others:
        if intent in WRITE_INTENTS:
            if wrote:
                continue
            wrote = True
        plan = plan_for(intent, part_of([c for c, i in routed if i == intent]))
        calls += [call for call in plan.calls if call not in calls]
    return Plan(primary, calls=calls[:MAX_CALLS]) if calls else None


_FOLLOW_ON = ("and", "what about", "how about", "same", "now with", "et", "et si", "and if", "or", "what if", "if",
              "also", "with", "at", "a", "and with", "et a", "et avec", "pis", "i meant", "i mean", "meant", "actually",
              "make that", "make it", "no wait", "wait", "sorry", "oops", "correction", "rather", "instead", "then",
              "en fait", "je voulais dire", "plutot", "disons", "non", "no", "say", "try", "over", "for", "by", "in",
              "sur", "pour", "avec", "d'ici", "en")
_FILLERS = frozenset({"ok", "okay", "k", "great", "cool", "alright", "right", "hmm", "so", "ah", "oh", "d'accord",
                      "parfait", "super", "thanks", "merci", "nice", "oops", "sorry", "um", "uh", "hm", "bon",
                      "well", "yeah", "yes", "ouais"})


def _follows_on(message: Understood) -> bool:
    """A message that continues the previous question with new values: it opens with "and", "what about", "I
    meant", ... and names a value but no subject of its own ("and in Alberta?", "what about 3.5%?", "same thing for
    2026?", "oops I meant 45k, not 40", "what about accelerated biweekly?")."""
    words = list(message.words)
    while words and words[0] in _FILLERS:
        words = words[1:]
    opens = any(words[:len(fold(p).split())] == fold(p).split() for p in _FOLLOW_ON)
    slots = message.slots
    values = _has_change(slots, words) or bool(slots.province) or bool(slots.amounts) or \
        bool(slots.calendar_years) or slots.birth_year is not None or \
        _frequency(words) is not None or bool(_SMALL_NUMBER.search(message.text))
    return opens and values and len([w for w in words if w.isalpha()]) <= 10


# "and if we spend 80k?" after these is the same question with the new value, not a what-if on the FI date
_FOLLOWED_BY_WHAT_IF = frozenset({"monte_carlo", "projection", "rrsp_vs_tfsa", "tax_estimate", "debt_payoff",
                                  "mortgage_payment", "contribution_room", "savings_needed", "savings_rate",
                                  "cpp_timing", "fire_number"})
_NOT_THIS = re.compile(r"(?:\bnot|\bpas|\binstead of|\brather than|\bau lieu de|\bplutot que)\s*\$?\s*$")
# Words before a bare number that say which kind of value it is
_KIND_CUES = {"ages": re.compile(r"(?:\bage|\bat|\bturn|\bretire\w*|\ba)\s*$"),
              "durations": re.compile(r"(?:\bover|\bfor|\bin|\bsur|\bpendant|\bdans)\s*$"),
              "rates": re.compile(r"(?:\bat|\brate|\btaux|\ba|@)\s*$")}


def _sized(amounts: list[Amount]) -> list[Amount]:
    """Amounts said as money ("5k a month", "$400"), not bare numbers that may be ages, terms or rates."""
    return [a for a in amounts if "$" in a.text or a.period is not None or re.search(r"[km]\b", a.text.lower())]


def _nearest(amounts: list[Amount], amount: Amount) -> Amount:
    return min(amounts, key=lambda a: abs(math.log(float(a.value) / float(amount.value)))
               if a.value > 0 and amount.value > 0 else math.inf)


def _as_follow_up(new: Slots, older: Slots, text: str = "") -> Slots:
    """A bare number in a follow-up is the same kind of value as the one it replaces, the kind of the earlier
    value nearest in size (and named by the word before it): "what about 55 instead?" after an age is an age,
    "and over 25?" after a 30-year amortization a duration, "and 6.5?" after a rate a rate. The value a correction
    replaces ("45k, not 40") is left out."""
    folded = digitise(fold(text)) if text else ""
    kept = [a for a in new.amounts if not (folded and _NOT_THIS.search(folded[max(0, a.start - 14):a.start]))]
    roles = {r.role for r in older.rates}
    rates = [r if r.role in roles or not older.rates else replace(r, role=min(
        older.rates, key=lambda o: abs(math.log(r.value / o.value)) if r.value > 0 and o.value > 0 else math.inf).role)
        for r in new.rates]  # "and at 3.5%?" after a 4% withdrawal rate: the withdrawal rate
    new = replace(new, amounts=kept, rates=rates)
    if older.amounts:  # "what if it's 5k a month" after "we spend 4k a month": the spending, like the one it replaces
        new = replace(new, amounts=[a if a.role is not None or a not in _sized(new.amounts) else replace(
            a, role=_nearest(older.amounts, a).role) for a in new.amounts])
    bare = [a for a in new.amounts if "$" not in a.text and a.period is None and a.role is None
            and not re.search(r"[km]\b", a.text.lower())]
    if not bare:
        return new
    amount = bare[0]
    value = float(amount.value)
    lead = folded[max(0, amount.start - 12):amount.start] if folded else ""
    whole = value == int(value)
    scores: dict[str, float] = {}
    if older.ages and not new.ages and 18 <= value <= 100 and whole:
        scores["ages"] = abs(math.log(value / older.ages[-1]))
    if older.durations and not new.durations and 1 <= value <= 80 and whole:
        scores["durations"] = abs(math.log(value / older.durations[0]))
    if older.rates and not new.rates and value < 30 and older.rates[0].value > 0:
        scores["rates"] = abs(math.log(value / (older.rates[0].value * 100)))
    if older.amounts and value >= 20:
        scores["amounts"] = min((abs(math.log(float(a.value) / value)) for a in older.amounts if a.value > 0),
                                default=math.inf)
    for kind, cue in _KIND_CUES.items():
        if kind in scores and cue.search(lead):
            scores[kind] -= 0.7
    if not scores:
        return new
    kind = min(scores, key=lambda k: scores[k])
    rest = [a for a in new.amounts if a is not amount]
    if kind == "ages":
        return replace(new, amounts=rest, ages=[int(value)])
    if kind == "durations":
        return replace(new, amounts=rest, durations=[int(value)])
    if kind == "rates":
        return replace(new, amounts=rest, rates=[Rate(round(value / 100, 6), older.rates[0].role, amount.text,
                                                      amount.start)])
    like = min(older.amounts, key=lambda a: abs(math.log(float(a.value) / value)) if a.value > 0 else math.inf)
    return replace(new, amounts=[replace(a, role=like.role, period=like.period) if a is amount else a
                                 for a in new.amounts])


_SMALL_NUMBER = re.compile(r"(?<![\d$.,])(\d{1,2}[.,]\d{1,3})(?!\s?(?:k\b|\$|\d))")  # "and at 4.5?": a rate said bare


def _follow_up(earlier: str, before: Understood, message: Understood, text: str) -> Understood:
    """The earlier question with this message's new values over it (positions shifted to the joined text)."""
    shift = len(digitise(fold(earlier))) + 1
    new = message.slots
    small = _SMALL_NUMBER.search(text)
    if small is not None and not new.rates and before.slots.rates:
        rate = Rate(round(float(small.group(1).replace(",", ".")) / 100, 6), before.slots.rates[0].role,
                    small.group(0), small.start())
        new = replace(new, rates=[rate])
    slots = _as_follow_up(new, before.slots, text).merged_over(before.slots, shift)
    if _any_phrase(message.words, ("also", "too", "as well", "aussi", "en plus", "in addition")):
        # "and if I also withdrew 10k last year?": one more amount beside the earlier ones, not in place of one
        slots = replace(slots, amounts=before.slots.amounts + [a for a in slots.amounts
                                                              if a not in before.slots.amounts])
    return Understood(text=f"{earlier} {text}", words=message.words + before.words, slots=slots)


def _earlier_intent(text: str) -> str | None:
    """What an earlier message asked, as it was answered: the first calculation among its calls (a follow-up
    changes the values of a calculation), else its first read or what it asked for."""
    plan = plan_message(text, [])
    intents = [TOOL_INTENTS.get(name) for name, _ in plan.calls]
    computed = [i for i in intents if i in COMPUTE_TOOLS]
    if computed:
        return computed[0]
    if intents and intents[0] is not None:
        return intents[0]
    return plan.intent if plan.intent in TOOL_INTENTS.values() else None


_SMALL_TALK_OPENERS = wordset("hi hello hey thanks thank merci bonjour salut allo allô coucou yo cheers bonsoir")


def _small_talk(message: Understood) -> bool:
    """A short hello or thanks with nothing to compute ("allô! merci pour ton aide hier"): no number, no finance
    word, no question about a concept."""
    words = re.findall(r"[^\W\d_]+", fold(message.text))  # as typed: the spelling fixes read "aide" as "aside"
    return bool(words) and words[0] in _SMALL_TALK_OPENERS and len(words) <= 8 and not any(
        w in FINANCE_WORDS or w in concept_words() for w in words) and not re.search(r"\d", message.text)


def plan_message(text: str, previous: list[str]) -> Plan:
    """The plan for the latest user message; `previous` are the user's earlier messages, oldest first. (A turn asks
    it again after its tool results come back: the same plan, from the cache.)"""
    return _planned(text, tuple(previous[-3:]))


@lru_cache(maxsize=512)
def _planned(text: str, previous_tuple: tuple[str, ...]) -> Plan:
    previous = list(previous_tuple)
    message = understand(text)
    refused = refusal(text, message.words)
    if refused is not None:
        return refused
    if _any_phrase(message.words, _UNDO) and not message.slots.amounts and not _any_phrase(
            message.words, ("how do i", "how can i", "how to", "comment")):  # "how do I undo..." asks the help
        return Plan("undo", reply=ASK_UNDO)
    if _small_talk(message):
        return Plan("greeting", reply=GREETING)
    named = (_expense_named_before(text, previous) or _setting_named_before(text, previous)
             or _what_if_value_again(text, previous))
    if named is not None:
        return named
    intent, confidence = route_intent(message)
    if previous and _follows_on(message):
        earlier_intent = _earlier_intent(previous[-1])
        if intent != "what_if" or earlier_intent in _FOLLOWED_BY_WHAT_IF or (
                earlier_intent == "what_if" and not any(args for _, args in plan_for("what_if", message).calls)):
            intent = None  # "and in Alberta?", "ok what about 50?": the previous question again, with the new values
    if intent == "knowledge" and not message.slots.rates and not any(
            w in FINANCE_WORDS or w in concept_words() for w in message.words):
        return Plan("refuse_scope", reply=REFUSE_SCOPE)
    if previous and intent not in WRITE_INTENTS and not _any_phrase(message.words, _IMPERATIVES):
        # "50/30/20" after "save my budget" (and our question back): the answer completes that write. Only the
        # answer to our own question does: a write that was complete is not reopened.
        before = understand(previous[-1])
        asked, _ = route_intent(before)
        if asked in WRITE_INTENTS and refusal(previous[-1], before.words) is None and \
                plan_for(asked, before).reply is not None and (_has_change(message.slots) or message.slots.split):
            merged = Understood(text=f"{previous[-1]} {text}", words=message.words + before.words,
                                slots=message.slots.merged_over(before.slots))
            return plan_for(asked, merged)
    multi = _multi_part(text, intent) or (_joined_parts(text, intent) if _JOINED.search(text) else None)
    if multi is not None:
        return multi
    intent = _by_the_question(message, intent, confidence)
    if intent is not None:
        return plan_for(intent, message)
    words = [w for w in message.words if w.isalpha()]
    if words and all(w in _GREETINGS for w in words):
        return Plan("greeting", reply=GREETING)
    # A follow-up ("and in Alberta?", "what about 6%?"): the previous question's intent with the new values.
    for earlier in reversed(previous[-3:]):
        before = understand(earlier)
        if refusal(earlier, before.words) is not None:
            continue
        earlier_intent = _earlier_intent(earlier)
        if earlier_intent in READ_TOOLS or earlier_intent in WRITE_INTENTS:
            break  # a read takes no values ("I'm 34, ..." after "What's my credit score?"); writes are completed above
        if earlier_intent is not None and (
                _has_change(message.slots) or message.slots.province or message.slots.account or message.slots.split
                or message.slots.amounts or message.slots.calendar_years or message.slots.birth_year is not None
                or _frequency(message.words) is not None or _SMALL_NUMBER.search(text)):
            return plan_for(earlier_intent, _follow_up(earlier, before, message, text))
        break
    question = clarifying_question(message)
    if question is not None:
        return Plan("clarify", reply=question)
    return Plan("refuse_scope", reply=REFUSE_SCOPE)


_PRONOUN_ORDER = re.compile(r"^(?:(?:ok|okay|so|then|now|please|pls|alors|ok alors)[,!. ]+)*(?P<verb>bump|raise|"
                            r"lower|cut|set|change|put|make|drop|reduce|increase|baisse|monte|mets|reduis|augmente|"
                            r"diminue|fixe)(?:\s+|-)(?P<it>it|that|this|ca|cela|le|la)\b")


# The plan settings a question names, and how a bare value for each is said again as an order.
_SETTINGS_NAMED = (
    (("return", "returns", "growth", "rendement"), "set my expected return to {}%"),
    (("retirement age", "retire at", "age de retraite", "retraite a"), "set my retirement age to {}"),
    (("multiplier", "multiple"), "set my fire multiplier to {}"),
    (("withdrawal rate", "safe withdrawal", "taux de retrait"), "set my withdrawal rate to {}%"),
)


def _setting_named_before(text: str, previous: list[str]) -> Plan | None:
    """"change it to 5" after "what return am I assuming?": the setting the previous question asked about, set
    to the new value (shown for approval as every write)."""
    if not previous or not _PRONOUN_ORDER.search(fold(text)):
        return None
    value = re.search(r"(?<![\d.])(\d{1,3}(?:[.,]\d{1,2})?)\s?(?:%|percent|pour cent)?", digitise(fold(text)))
    earlier = understand(previous[-1])
    if value is None or route_intent(earlier)[0] not in ("read_preferences", "preferences"):
        return None
    for names, order in _SETTINGS_NAMED:
        if _any_phrase(earlier.words, names):
            return plan_for("preferences", understand(order.format(value.group(1).replace(",", "."))))
    return None


def _what_if_value_again(text: str, previous: list[str]) -> Plan | None:
    """"make it 1,000" after "what if we cut spending by 500 a month?": the same what-if with the one value it
    changed replaced (its sign kept: a cut stays a cut)."""
    if not previous or not _PRONOUN_ORDER.search(fold(text)):
        return None
    value = understand(text).slots.amounts or []
    earlier = plan_message(previous[-1], previous[:-1])
    if len(value) != 1 or earlier.intent != "what_if" or not earlier.calls or earlier.calls[0][0] != "what_if":
        return None
    args = earlier.calls[0][1]
    numeric = [k for k, v in args.items() if isinstance(v, int | float) and not isinstance(v, bool)]
    if len(numeric) != 1 or numeric[0] in ("retirement_age", "expected_return"):
        return None
    key, amount = numeric[0], float(value[0].value)
    changed = {**args, key: -amount if args[key] < 0 else amount}
    return Plan("what_if", calls=[("what_if", changed), *earlier.calls[1:]])


def _expense_named_before(text: str, previous: list[str]) -> Plan | None:
    """"bump it to 1,250" after "what do I have for groceries?": the expense line the previous message named, set
    to the new amount (the pronoun is never the line's name)."""
    folded = fold(text)
    order = _PRONOUN_ORDER.search(folded)
    if order is None or not previous or "?" in folded:
        return None
    before = re.findall(r"[a-z]+", fold(previous[-1]))
    kind = next(((keywords, known) for keywords, known, *_ in _EXPENSE_KINDS if any(k in before for k in keywords)),
                None)
    if kind is None:
        return None
    said = folded[:order.start("it")] + kind[1].lower() + folded[order.end("it"):]
    plan = plan_for(TOOL_INTENTS["upsert_expense_item"], understand(said))
    return plan if plan.calls else None


def clarifying_question(message: Understood) -> str | None:
    """Below the router's floor, a message about money gets a short question naming the two nearest things the
    coach can do, instead of a guess or a refusal."""
    from agent.coach.router import NONE, get_router, load_asks

    if not any(w in FINANCE_WORDS or w in concept_words() for w in message.words):
        return None
    route = get_router().route(message.text)
    if route.tool is not None:
        return None
    asks = load_asks()
    offers = [asks[tool] for tool, _ in route.votes if tool != NONE and tool in asks][:2]
    if not offers:
        return None
    options = offers[0] if len(offers) == 1 else f"{offers[0]}, or {offers[1]}"
    return (f"I'm not sure what you'd like me to do. I can {options}. Which one? You can also ask me in other "
            "words, for example \"when can I retire?\" or \"how much tax on $85,000 in Ontario?\".")
