"""The offline coach's planner: from the user's latest message (and the one before, for follow-ups) to an
intent and the tool calls that answer it, with arguments fitted to the bound tools' schemas.

Refusals come first: instructions hidden in a message ("ignore previous instructions"), requests for
specific securities, and topics outside personal finance get no tool call at all.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Any

from agent.coach.offline_nlu import (
    FINANCE_WORDS,
    Amount,
    Slots,
    asks_for_admin,
    asks_for_others_data,
    asks_for_security_pick,
    asks_for_transactions,
    asks_to_move_money,
    extract,
    fold,
    has_phrase,
    is_off_topic,
    looks_like_injection,
    other_language,
    tokens,
    wordset,
)


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
                "modifie", "please", "can you", "could you", "bump", "lower", "increase", "switch", "edit", "use")
_CONDITIONALS = ("what if", "if i", "if we", "if my", "suppose", "supposing", "instead", "imagine",
                 "et si", "what happens", "how about", "what about", "hypothetically", "would it", "if the")
_STOP_SAVING = ("stop saving", "stopped saving", "stop investing", "pause saving", "paused saving")
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
_TIME_TO_FI = frozenset({"years_to_fi", "compare_scenarios", "save_scenario"})
_WHERE = ("where do i", "where can i", "where would i", "where is the", "which page", "which screen", "how do i get to",
          "take me to", "où est", "où puis")
_SOFT_ASKS = ("please", "can you", "could you", "use")  # polite words, not by themselves an instruction to save


def _read_only_tools() -> frozenset[str]:
    from agent.coach.router import get_router

    return frozenset(label for label in get_router().labels if label not in _WRITE_TOOL_NAMES)


def route_intent(message: Understood) -> tuple[str | None, float]:  # the intent and the router's confidence
    """The intent by meaning (the nearest example requests of every tool, agent/coach/router.py), within what the
    message's form allows: a write needs an instruction to change something, and a question about the plan asked
    with a change ("what if I retire at 50?") is a what-if."""
    from agent.coach.router import NONE, get_router

    words, slots = message.words, message.slots
    if not any(w.isalpha() and len(w) > 1 for w in words):
        return None, 0.0  # "50/30/20" alone says no more than its numbers
    instructs = _any_phrase(words, _IMPERATIVES)
    router = get_router()
    route = router.route(message.text, None if instructs else _read_only_tools())
    tool = route.tool
    if tool is None or tool == NONE:
        return None, 0.0
    if instructs and tool in _WRITE_OF:
        # "add a goal: ..." reads like the goals it adds to; the instruction makes it the write, when the write is
        # among the neighbours and the message says more than "please show"
        write = _WRITE_OF[tool]
        strong = _any_phrase(words, tuple(v for v in _IMPERATIVES if v not in _SOFT_ASKS))
        if strong and any(name == write for name, _ in route.votes):
            tool = write
    if _any_phrase(words, _WHERE) and any(name == "suggest_screen" and share >= 0.25 for name, share in route.votes):
        tool = "suggest_screen"  # "where do I change my preferences?" asks for a screen, not the change
    intent = TOOL_INTENTS.get(tool)
    if intent is None:
        return None, 0.0
    if intent in WRITE_INTENTS and not instructs:
        intent = _WRITE_FALLBACK[intent]
    conditional = _any_phrase(words, _CONDITIONALS) and _has_change(slots, words)
    if tool in _TIME_TO_FI and conditional and not (intent in WRITE_INTENTS and _any_phrase(words, ("save", "create"))):
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
    if asks_to_move_money(text):
        return Plan("refuse_money_movement", reply=REFUSE_MONEY_MOVEMENT)
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


def _fire_args(slots: Slots) -> dict[str, Any]:
    args: dict[str, Any] = {}
    spending = slots.amount("spending", None, "target")
    if spending is not None:
        args["annual_spending"] = _annual(spending)
    rate = slots.rate("withdrawal", None, "interest")
    if rate is not None and 0.005 < rate.value <= 0.2:
        args["withdrawal_rate"] = rate.value
    growth = slots.rate("return")
    if growth is not None:
        args["expected_return"] = growth.value
    portfolio = slots.amount("portfolio")
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
    args = _fire_args(slots)
    own = _OWN_AGE.search(fold(text))
    if own is not None:
        age = int(own.group(1) or own.group(2))
        args["current_age"] = age
        if args.get("retirement_age") == age:
            del args["retirement_age"]
    return args


def _plan_overrides(slots: Slots, words: list[str]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    savings = slots.amount("savings")
    if savings is None and _any_phrase(words, _STOP_SAVING):
        # "stop saving for 2 years" (or 6 months) is a break; saving resumes after it. Without a length, for good.
        a_year = _any_phrase(words, ("for a year", "for one year", "for 1 year", "a year off", "for a whole year"))
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
        spend_less = _any_phrase(words, ("cut", "reduce", "less", "lower", "decrease", "trim", "fewer", "moins"))
        spend_more = _any_phrase(words, ("more", "extra", "additional", "increase", "on top", "plus"))
    else:  # "save 500 more and spend 300 less": only the words about spending count
        spend_less = _any_phrase(words, ("spend * less", "spend less", "spending less", "cut", "reduce", "trim"))
        spend_more = _any_phrase(words, ("spend * more", "spend more", "spending more"))
    if spending is not None and (spend_less or spend_more):
        # "cut $500 a month from our spending" changes the saved spending; it is not a $6,000 budget
        monthly = _monthly(spending, default="month" if spending.value < 15000 else "year")
        args["monthly_spending_change"] = -monthly if spend_less and not spend_more else monthly
    elif spending is not None:
        args["annual_spending"] = _annual(spending, default="month" if spending.value < 15000 else "year")
    income = slots.amount("income", "take_home")
    if income is not None:
        args["monthly_income"] = _monthly(income, default="year" if income.value >= 20000 else "month")
    raise_rate = slots.rate("raise")
    if income is None and raise_rate is not None and 0 < raise_rate.value <= 2:
        args["income_change"] = raise_rate.value  # "what if I get a 10% raise?"
    growth = slots.rate("return", None)
    if growth is not None and growth.role in ("return", None):
        args["expected_return"] = growth.value
    if slots.ages:
        args["retirement_age"] = slots.ages[-1]
    return args


def _what_if_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    args = _plan_overrides(slots, words)
    cut = None if args else slots.amount(None)
    if cut is not None and _any_phrase(words, ("cut", "reduce", "spend less")):
        args["monthly_spending_change"] = -_monthly(cut)
    return args


def _rrsp_tfsa_args(slots: Slots) -> dict[str, Any]:
    args: dict[str, Any] = {}
    income = slots.amount("income") or next((a for a in slots.amounts if a.value >= 20000), None)
    if income is not None:
        args["income_now"] = _annual(income)
    amount = next((a for a in slots.amounts if a is not income), None)
    if amount is not None:
        args["amount"] = _money(amount.value)
    if slots.province:
        args["province"] = slots.province
    if slots.durations:
        args["years"] = slots.durations[0]
    growth = slots.rate("return")
    if growth is not None:
        args["expected_return"] = growth.value
    return args


def _cpp_timing_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    """Start ages to compare ("at 60 or 70", "defer OAS to 70": bare numbers from 60 to 70 are ages here) and a
    statement amount (CPP at 65 is a few hundred to about $1,400 a month)."""
    ages = [*slots.ages, *(int(a.value) for a in slots.amounts if 60 <= a.value <= 70 and "$" not in a.text)]
    oas_only = any(w in ("oas", "sv") for w in words) and not any(w in ("cpp", "rpc", "rrq", "qpp") for w in words)
    args: dict[str, Any] = {}
    for age in ages:
        if oas_only and 65 <= age <= 70 and age != 65:
            args.setdefault("oas_start_age", age)
        elif not oas_only and 60 <= age <= 70 and age != 65:
            args.setdefault("cpp_start_age", age)
    monthly = next((a for a in slots.amounts if 100 <= a.value <= 2500), None)
    if monthly is not None:
        args["cpp_at_65_monthly"] = _money(monthly.value)
    return args


def _room_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    args: dict[str, Any] = {"account": slots.account if slots.account in ("tfsa", "rrsp", "fhsa") else "all"}
    if slots.birth_year is not None:
        args["birth_year"] = slots.birth_year
    year = _year(slots)
    if year is not None:
        args["year"] = year
    elif has_phrase(words, "next year"):
        args["year"] = date.today().year + 1
    income = slots.amount("income")
    if income is not None and args["account"] in ("rrsp", "all"):
        args["previous_year_earned_income"] = _annual(income)
    return args


def _tax_args(slots: Slots) -> dict[str, Any]:
    args: dict[str, Any] = {}
    income = _income_amount(slots)
    if income is not None:
        args["employment_income"] = _annual(income, default="year" if income.value >= 15000 else "month")
    if slots.province:
        args["province"] = slots.province
    rrsp = slots.amount("rrsp_amount")
    if rrsp is not None and rrsp is not income:
        args["rrsp_deduction"] = _money(rrsp.value)
    year = _year(slots)
    if year is not None:
        args["year"] = year
    return args


def _mortgage_args(slots: Slots) -> dict[str, Any]:
    args: dict[str, Any] = {}
    down = slots.amount("down_payment")
    price = next((a for a in slots.amounts if a.role in ("principal", None, "payment") and a is not down), None)
    down_share = slots.rate("down_payment")
    if down is None and down_share is not None and price is not None and 0 < down_share.value < 1:
        args["price"] = _money(price.value)
        args["down_payment"] = _money(price.value * Decimal(str(down_share.value)))  # "20% down"
    elif down is not None and price is not None:
        args["price"] = _money(price.value)
        args["down_payment"] = _money(down.value)
    elif price is not None:
        args["principal"] = _money(price.value)
    rate = slots.rate("interest", None, "return")
    if rate is not None and rate.value <= 0.3:
        args["annual_rate"] = rate.value
    if slots.durations:
        args["amortization_years"] = slots.durations[0]
    return args


def _debt_args(slots: Slots, words: list[str]) -> dict[str, Any] | None:
    args: dict[str, Any] = {}
    balance = slots.amount("debt", None, "principal")
    payment = slots.amount("payment")
    if payment is balance:
        payment = None
    rate = slots.rate("interest", None)
    if balance is not None:
        debt: dict[str, Any] = {"balance": _money(balance.value),
                                "annual_rate": round(rate.value, 6) if rate is not None else None}
        if rate is None:
            return None
        name = "Credit card" if has_phrase(words, "credit card") else (
            "Line of credit" if has_phrase(words, "line of credit") else (
                "Student loan" if has_phrase(words, "student loan") else (
                    "Car loan" if has_phrase(words, "car loan") else "Debt")))
        debt["name"] = name
        args["debts"] = [debt]
    if payment is not None:
        if _any_phrase(words, ("extra", "more", "additional", "on top")):
            args["extra_monthly"] = _monthly(payment)
        else:
            args["monthly_payment"] = _monthly(payment)
    return args


def _projection_args(slots: Slots, words: list[str]) -> dict[str, Any]:
    args = _plan_overrides(slots, words)
    if slots.durations:
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
    growth = slots.rate("return")
    if growth is not None:
        args["expected_return"] = growth.value
    return args


# --- writes -----------------------------------------------------------------------------------------------------


def _budget_args(slots: Slots) -> dict[str, Any] | None:
    if slots.split:
        names = ("needs_percentage", "wants_percentage", "savings_percentage", "investments_percentage")
        return {name: float(value) for name, value in zip(names, slots.split, strict=False)}
    shares = {"needs": "needs_percentage", "wants": "wants_percentage", "savings_share": "savings_percentage",
              "investments_share": "investments_percentage"}
    args = {shares[r.role]: round(r.value * 100, 2) for r in slots.rates if r.role in shares}
    return args or None


def _income_args(slots: Slots, words: list[str]) -> dict[str, Any] | None:
    args: dict[str, Any] = {}
    for amount in slots.amounts:
        if has_phrase(words, "side hustle") or has_phrase(words, "side gig") or has_phrase(words, "freelance"):
            args["side_hustle_income"] = _monthly(amount)
        elif has_phrase(words, "partner") or has_phrase(words, "spouse") or has_phrase(words, "wife") or \
                has_phrase(words, "husband"):
            args["partner_income"] = _monthly(amount)
        elif amount.role == "take_home" or (amount.period == "month" and amount.value < 20000):
            args["monthly_take_home"] = _money(amount.value)
        else:
            args["annual_salary"] = _annual(amount)
        break
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


def _expense_args(text: str, slots: Slots, words: list[str]) -> dict[str, Any] | None:
    amount = slots.amounts[0] if slots.amounts else None
    if amount is None:
        return None
    name = category = kind = None
    for keywords, known, known_category, known_kind in _EXPENSE_KINDS:
        if any(k in words for k in keywords):
            name, category, kind = known, known_category, known_kind
            break
    if name is None:
        match = re.search(r"(?:expense|item|for|on)\s*[:\-]?\s*(?:an?\s|my\s|the\s)?([a-z][a-z '&-]{2,40}?)"
                          r"(?=\s*(?:of|at|for|costing|:|-|\$|\d|,|$))", fold(text))
        if match is None:
            return None
        name = match.group(1).strip().title()
    args: dict[str, Any] = {"name": name, "amount": _monthly(amount)}
    if category:
        args["category"] = category
    if any(w in ("want", "wants") for w in words):
        kind = "wants"
    elif any(w in ("need", "needs") for w in words) and kind is None:
        kind = "needs"
    if kind:
        args["needs_wants_category"] = kind
    return args


_GOAL_KINDS: list[tuple[tuple[str, ...], str, str]] = [
    (("emergency", "rainy"), "Emergency fund", "emergency-fund"),
    (("house", "home", "condo", "down payment", "downpayment"), "Home down payment", "home"),
    (("retire", "retirement", "fire"), "Retirement", "retirement"),
    (("debt", "loan", "credit card", "mortgage"), "Debt payoff", "debt-payoff"),
    (("school", "education", "tuition", "resp", "university", "college"), "Education", "education"),
    (("trip", "travel", "vacation", "holiday"), "Travel", "travel"),
    (("wedding",), "Wedding", "other"),
    (("car", "vehicle"), "New car", "other"),
    (("renovation", "reno", "kitchen"), "Renovation", "other"),
]
_MONTHS = {fold(name).lower(): number for number, name in enumerate(calendar.month_name) if name}


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
    quoted = re.search(r"[\"']([^\"']{2,60})[\"']|(?:called|named)\s+([A-Za-z][\w '&-]{1,40}?)(?=\s*(?:of|for|with|"
                       r"to|at|by|,|\.|\$|\d|$))", text)
    if quoted:
        name = (quoted.group(1) or quoted.group(2)).strip()
    target = slots.amount("target", None, "savings", "down_payment") or _largest(slots)
    if name is None or (target is None and not slots.calendar_years):
        return None
    args: dict[str, Any] = {"name": name}
    if category:
        args["category"] = category
    if target is not None:
        args["target_amount"] = _money(target.value)
    target_date = _goal_date(text, slots)
    if target_date:
        args["target_date"] = target_date
    for priority in ("high", "low", "medium"):
        if has_phrase(words, f"{priority} priority"):
            args["priority"] = priority
    return args


def _preferences_args(slots: Slots, words: list[str]) -> dict[str, Any] | None:
    args: dict[str, Any] = {}
    if slots.ages and _any_phrase(words, ("retire", "retirement", "age")):
        args["retirement_age"] = slots.ages[-1]
    growth = slots.rate("return")
    withdrawal = slots.rate("withdrawal")
    if growth is None and withdrawal is None and slots.rates and _any_phrase(words, ("return", "growth")):
        growth = slots.rates[0]
    if growth is not None:
        args["investment_return_rate"] = growth.value
    if withdrawal is not None and withdrawal.value > 0:
        args["fire_rule_multiplier"] = round(1 / withdrawal.value, 2)
    multiplier = re.search(r"multiplier (?:of |to )?(\d{1,3}(?:\.\d+)?)", " ".join(words))
    if multiplier:
        args["fire_rule_multiplier"] = float(multiplier.group(1))
    if slots.durations and _any_phrase(words, ("projection", "project", "horizon")):
        args["max_projection_years"] = slots.durations[0]
    return args or None


_SCENARIO_AGES = (("retirement_age", r"retir\w* (?:at|by|from) (?:age )?(\d{2})\b", 18, 100),
                  ("cpp_start_age", r"\b(?:cpp|qpp|rpc|rrq)\b[^.]{0,20}?\b(?:at|from) (?:age )?(\d{2})\b", 60, 70),
                  ("oas_start_age", r"\b(?:oas|sv)\b[^.]{0,20}?\b(?:at|from) (?:age )?(\d{2})\b", 65, 70))
_SCENARIO_NAMES = {"retirement_age": "Retire at {}", "cpp_start_age": "CPP at {}", "oas_start_age": "OAS at {}"}


def _scenario_args(text: str) -> dict[str, Any] | None:
    """"Save a scenario where I retire at 50 and take CPP at 70": the ages it changes, and a name from them (or
    the name given in quotes)."""
    lower = text.lower()
    args: dict[str, Any] = {}
    for field_name, pattern, low, high in _SCENARIO_AGES:
        found = re.search(pattern, lower)
        if found and low <= int(found.group(1)) <= high:
            args[field_name] = int(found.group(1))
    if not args:
        return None
    quoted = re.search(r"[\"“]([^\"”]{2,80})[\"”]", text)
    args["name"] = quoted.group(1).strip() if quoted else ", ".join(
        _SCENARIO_NAMES[k].format(v) for k, v in args.items())
    return args


_SCREENS: list[tuple[tuple[str, ...], str, str]] = [
    (("income", "salary"), "/settings/income", "update your income"),
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


def plan_for(intent: str, message: Understood) -> Plan:
    slots, words, text = message.slots, message.words, message.text
    if intent == "account_totals":
        kind = {"fhsa": "fhsa", "tfsa": "tfsa", "rrsp": "rrsp", "resp": "resp"}.get(slots.account or "", "all")
        return Plan(intent, calls=[("account_totals", {"account_type": kind})])
    if intent in READ_TOOLS:
        return Plan(intent, calls=[(READ_TOOLS[intent], {})])
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
        "savings_rate": lambda: {},
        "rrsp_vs_tfsa": lambda: _rrsp_tfsa_args(slots),
        "contribution_room": lambda: _room_args(slots, words),
        "tax_estimate": lambda: _tax_args(slots),
        "mortgage_payment": lambda: _mortgage_args(slots),
        "projection": lambda: _projection_args(slots, words),
        "monte_carlo": lambda: _monte_carlo_args(slots),
        "savings_needed": lambda: _savings_needed_args(slots, words),
        "compare_scenarios": lambda: {},
        "cpp_timing": lambda: _cpp_timing_args(slots, words),
    }
    if intent in builders:
        return Plan(intent, calls=[(COMPUTE_TOOLS[intent], builders[intent]())])
    if intent == "debt_payoff":
        args = _debt_args(slots, words)
        return Plan(intent, reply=ASK_DEBT) if args is None else Plan(intent, calls=[("debt_payoff", args)])
    writes: dict[str, tuple[Callable[[], dict[str, Any] | None], str]] = {
        "save_budget": (lambda: _budget_args(slots), ASK_BUDGET),
        "update_income": (lambda: _income_args(slots, words), ASK_INCOME),
        "expense_item": (lambda: _expense_args(text, slots, words), ASK_EXPENSE),
        "goal": (lambda: _goal_args(text, slots, words), ASK_GOAL),
        "preferences": (lambda: _preferences_args(slots, words), ASK_PREFERENCES),
        "scenario": (lambda: _scenario_args(text), ASK_SCENARIO),
    }
    build, ask = writes[intent]
    write_args = build()
    if write_args is None:
        return Plan(intent, reply=ask)
    return Plan(intent, calls=[(WRITE_TOOLS[intent], write_args)])


_CLAUSES = re.compile(r"\?\s+|;\s*|\band also\b|\band\s+(?=(?:what|how|when|where|show|is|am|can|should)\b)",
                      re.IGNORECASE)
_SINGLE_ONLY = set(WRITE_INTENTS) | {"what_if", "knowledge", "navigation"}
MAX_PARTS = 6


def _with_other_questions(plan: Plan, text: str) -> Plan:
    """Two questions in one message ("What's my FIRE number? And when can I retire?"): one call for each."""
    if plan.intent in _SINGLE_ONLY or not plan.calls:
        return plan
    clauses = [c for c in _CLAUSES.split(text) if c and c.strip()]
    if len(clauses) < 2:
        return plan
    calls = list(plan.calls)
    for clause in clauses[:MAX_PARTS]:  # an answer takes three calls at most; a pasted essay is not 500 questions
        part = understand(clause)
        intent, score = route_intent(part)
        if intent is None or score < 0.25 or intent in _SINGLE_ONLY or refusal(clause, part.words) is not None:
            continue
        extra = plan_for(intent, part)
        for call in extra.calls:
            if call[0] not in {name for name, _ in calls}:
                calls.append(call)
    return Plan(plan.intent, calls=calls[:3])


_FOLLOW_ON = ("and", "what about", "how about", "same", "now with", "et", "et si", "and if", "or")


def _follows_on(message: Understood) -> bool:
    """A message that continues the previous question with new values: it opens with "and", "what about", ... and
    names a value but no subject of its own ("and in Alberta?", "what about 3.5%?")."""
    words = message.words
    opens = any(words[:len(fold(p).split())] == fold(p).split() for p in _FOLLOW_ON)
    slots = message.slots
    values = _has_change(slots, words) or bool(slots.province)
    return opens and values and len([w for w in words if w.isalpha()]) <= 8


def plan_message(text: str, previous: list[str]) -> Plan:
    """The plan for the latest user message; `previous` are the user's earlier messages, oldest first."""
    message = understand(text)
    refused = refusal(text, message.words)
    if refused is not None:
        return refused
    if _any_phrase(message.words, _UNDO) and not message.slots.amounts:
        return Plan("undo", reply=ASK_UNDO)
    intent, _ = route_intent(message)
    if previous and _follows_on(message) and intent != "what_if":
        intent = None  # "and in Alberta?": the previous question again, with the new values
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
    clauses = [c for c in _CLAUSES.split(text) if c and c.strip()]
    if len(clauses) > 1 and intent not in WRITE_INTENTS:
        # "save my budget as 50/30/20 and what is my fire number": a write asked in one part is the whole answer
        # (a write is shown alone, for approval)
        for clause in clauses[:MAX_PARTS]:
            part = understand(clause)
            part_intent, _ = route_intent(part)
            if part_intent in WRITE_INTENTS and refusal(clause, part.words) is None:
                return plan_for(part_intent, part)
    if intent is not None:
        return _with_other_questions(plan_for(intent, message), text)
    words = [w for w in message.words if w.isalpha()]
    if words and all(w in _GREETINGS for w in words):
        return Plan("greeting", reply=GREETING)
    # A follow-up ("and in Alberta?", "what about 6%?"): the previous question's intent with the new values.
    for earlier in reversed(previous[-3:]):
        before = understand(earlier)
        if refusal(earlier, before.words) is not None:
            continue
        earlier_intent, _ = route_intent(before)
        if earlier_intent in READ_TOOLS or earlier_intent in WRITE_INTENTS:
            break  # a read takes no values ("I'm 34, ..." after "What's my credit score?"); writes are completed above
        if earlier_intent is not None and (
                _has_change(message.slots) or message.slots.province or message.slots.account or message.slots.split):
            merged = Understood(text=f"{earlier} {text}", words=message.words + before.words,
                                slots=message.slots.merged_over(before.slots))
            return plan_for(earlier_intent, merged)
        break
    question = clarifying_question(message)
    if question is not None:
        return Plan("clarify", reply=question)
    return Plan("refuse_scope", reply=REFUSE_SCOPE)


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
