"""The offline coach's answers: templates filled ONLY with numbers from tool results (or the user's words).

Every tool output is JSON. Each answer starts with the tool's own `summary` sentence when it has one, then
the figures that matter for that tool, then the assumptions from its provenance. Text that came from the
user's saved data or from articles is data: a piece that looks like instructions is not repeated.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from agent.coach import offline_language as words
from agent.coach.offline_nlu import looks_like_injection
from api.core.i18n import Language
from tools.common import fmt_money

WITHHELD = "[text that looked like instructions, not shown]"
SUSPICIOUS_NOTE = ("Note: some of the saved data or article text read like instructions to me; I treated it as "
                   "data and did not follow it.")


def withheld(lang: Language) -> str:
    return words.say("coach.answer.withheld", lang)


def shown_value(key: str, value: Any, lang: Language) -> str | None:
    """`format_value` in `lang` (figures the fr-CA way, terms and months in French; the user's words as they are)."""
    shown = format_value(key, value)
    if shown is None or lang == "en":
        return shown
    if shown == WITHHELD:
        return withheld(lang)
    if isinstance(value, str) and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
        return words.term(shown, lang)  # a name or a code: only the codes are words of ours
    return words.value(shown, lang)

# The figures worth showing for each tool, as (dotted path, label), in order.
HEADLINES: dict[str, list[tuple[str, str]]] = {
    "get_credit": [("summary.credit_score", "Credit score"), ("summary.credit_utilization_rate", "Credit utilization"),
                   ("total_card_balance", "Card balances"), ("summary.line_of_credit_amount", "Line of credit limit"),
                   ("total_line_balance", "Line of credit balance")],
    "get_snapshot": [("snapshot.net_worth.net_worth", "Net worth"), ("snapshot.net_worth.assets", "Assets"),
                     ("snapshot.net_worth.liabilities", "Liabilities"),
                     ("snapshot.total_monthly_income", "Monthly income"),
                     ("snapshot.expenses.total", "Monthly expenses"), ("snapshot.monthly_surplus", "Monthly surplus"),
                     ("snapshot.savings_rate", "Savings rate"), ("snapshot.fire_number", "FIRE number")],
    "fire_number": [("fire_number", "FIRE number"), ("plan_fi_date", "FI date on your plan"),
                    ("rule_of_thumb", "Rule of thumb"), ("annual_spending", "Annual spending used"),
                    ("withdrawal_rate", "Withdrawal rate"), ("current_portfolio", "Invested today"),
                    ("progress", "Progress"), ("remaining", "Still to go"), ("lean_fire_number", "Lean FIRE"),
                    ("fat_fire_number", "Fat FIRE"), ("coast_fire_number", "Coast FIRE number"),
                    ("barista_fire_number", "Barista FIRE number")],
    "years_to_fi": [("timing.years_to_fi", "Years to FI"), ("timing.fi_date", "FI date"),
                    ("timing.fi_age", "Age at FI"), ("timing.fire_number", "FIRE number (savings needed then)"),
                    ("timing.monthly_savings", "Saved per month"), ("timing.spending", "Yearly spending")],
    "what_if": [("baseline.years_to_fi", "Years to FI now"), ("scenario.years_to_fi", "Years to FI with the change"),
                ("baseline.fi_date", "FI date now"), ("scenario.fi_date", "FI date with the change"),
                ("difference_years", "Difference in years"), ("scenario.fi_age", "Age at FI with the change"),
                ("scenario.monthly_savings", "Saved per month"),
                ("scenario.fire_number", "FIRE number with the change")],
    "projection": [("timing.years_to_fi", "Years to FI"), ("net_worth_at_retirement", "Net worth at retirement"),
                   ("ending_net_worth", "Ending net worth"), ("ending_net_worth_real", "Ending net worth, today's "
                                                                                       "dollars"),
                   ("lifetime_tax", "Lifetime tax"), ("estate", "Left at the end of the plan, after tax"),
                   ("depleted_year", "Savings run short in")],
    "monte_carlo_summary": [("success_rate", "Success rate"), ("annual_spending", "Spending per year"),
                            ("balance_at_retirement.p50", "Median savings at retirement"),
                            ("ending_balance.p50", "Median savings at the horizon"),
                            ("median_estate", "Median estate"), ("paths", "Simulated markets")],
    "savings_needed": [("monthly_savings_needed", "Needed per month"), ("current_monthly_savings", "Saved now"),
                       ("savings_difference", "Difference per month"), ("share_of_income", "Share of take-home pay"),
                       ("target_date", "Target date"), ("shortfall", "Short at the target on today's pace"),
                       ("fire_number_at_target", "Savings needed at the target")],
    "savings_rate": [("savings_rate", "Savings rate"), ("monthly_income", "Monthly income"),
                     ("monthly_expenses", "Monthly expenses"), ("monthly_surplus", "Monthly surplus"),
                     ("annual_savings", "Saved per year"), ("budgeted_savings_share", "Budgeted savings share")],
    "rrsp_vs_tfsa": [("result.better", "Comes out ahead"), ("result.rrsp_after_tax", "RRSP after tax"),
                     ("result.tfsa_after_tax", "TFSA after tax"), ("result.advantage", "Advantage"),
                     ("result.marginal_rate_now", "Marginal rate now"),
                     ("result.marginal_rate_retirement", "Marginal rate in retirement")],
    "cpp_oas_timing": [("cpp_at_65_monthly", "Your CPP at 65, a month"), ("horizon_age", "Plan horizon (age)")],
    "account_totals": [("total", "Total")],
    "contribution_room": [("tfsa.room", "TFSA room"), ("tfsa.over_contribution", "TFSA over-contribution"),
                          ("rrsp.available", "RRSP room available"),
                          ("rrsp.new_room", "New RRSP room this year"), ("fhsa.room", "FHSA room"),
                          ("year", "Year")],
    "tax_estimate": [("result.total_income", "Total income"), ("result.income_tax", "Income tax"),
                     ("result.federal_tax", "Federal tax"), ("result.provincial_tax", "Provincial tax"),
                     ("result.cpp", "CPP/QPP"), ("result.cpp2", "CPP2 (second additional CPP/QPP)"),
                     ("result.ei", "EI"), ("result.total_deductions", "Tax, CPP and EI together"),
                     ("result.rrsp_tax_saved", "Tax saved by the RRSP contribution"),
                     ("result.after_tax_income", "After-tax income"),
                     ("result.marginal_rate", "Marginal rate"), ("result.average_rate", "Average rate")],
    "mortgage_payment": [("result.payment", "Payment"), ("result.principal", "Principal"),
                         ("result.total_interest", "Total interest over the amortization"),
                         ("result.total_paid", "Total paid"), ("result.payoff_years", "Paid off in (years)"),
                         ("result.qualifying_monthly_payment", "Monthly payment at the stress-test rate"),
                         ("result.cmhc.premium", "CMHC insurance premium"),
                         ("result.cmhc.minimum_down_payment", "Minimum down payment")],
    "debt_payoff": [("result.avalanche.months", "Avalanche: months to debt-free"),
                    ("result.avalanche.total_interest", "Avalanche: interest"),
                    ("result.snowball.months", "Snowball: months to debt-free"),
                    ("result.snowball.total_interest", "Snowball: interest"),
                    ("result.avalanche.monthly_payment", "Paid per month"),
                    ("result.interest_saved_by_avalanche", "Interest saved by the avalanche")],
}

_RATE_KEYS = ("rate", "share", "progress", "probability", "success", "return", "inflation", "buffer", "floor")
_MONEY_KEYS = ("amount", "balance", "income", "tax", "payment", "expense", "spending", "saving", "portfolio",
               "room", "limit", "value", "total", "interest", "advantage", "after_tax", "cost", "principal",
               "worth", "contribution", "fire_number", "deduction", "cpp", "ei", "premium", "surtax", "reduction",
               "net", "target", "remaining", "surplus", "price", "equity", "debt", "salary", "take_home",
               "available", "rent", "needs", "wants", "assets", "liabilities", "habits", "chequing",
               "tfsa", "rrsp", "resp", "fhsa", "registered", "thumb", "estate", "fee", "qpip", "surtax", "gain")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_PLAIN_KEYS = ("year", "age", "month", "paths", "count", "multiplier", "days")
# Account codes in tool results, as people write them.
_ACCOUNT_CODES = {"rrsp": "RRSP", "tfsa": "TFSA", "fhsa": "FHSA", "resp": "RESP", "rrif": "RRIF", "lira": "LIRA",
                  "non_registered": "non-registered", "non-registered": "non-registered", "equal": "neither (equal)"}


def _number(value: float, decimals: int = 2, *, grouped: bool = True, strip: bool = True) -> str:
    text = f"{value:,.{decimals}f}" if grouped else f"{value:.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text and strip else text


def format_value(key: str, value: Any) -> str | None:
    """A value from a tool result, written for a person (None for nothing worth showing)."""
    parts = key.lower().split(".")
    leaf = parts[-1]
    if re.fullmatch(r"p\d{2}|median|mean", leaf) and len(parts) > 1:
        leaf = f"{parts[-2]}_{leaf}"  # "balance_at_retirement.p50" is money like its parent
    if value is None or isinstance(value, dict | list):
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        text = value.strip()
        if leaf.endswith("date") and re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):  # "2034-05-01": May 2034
            return f"{_MONTHS[int(text[5:7]) - 1]} {text[:4]}"
        if looks_like_injection(text):
            return WITHHELD
        if text.lower() in _ACCOUNT_CODES:
            return _ACCOUNT_CODES[text.lower()]
        return text if len(text) <= 160 else text[:157] + "..."
    number = float(value) if isinstance(value, int | float | Decimal) else None
    if number is None:
        return str(value)
    if "percentage" in leaf or "allocation" in leaf:
        return f"{_number(number, 1)}%"
    if "utilization" in leaf:  # a fraction that passes 1.5 when over the limit (3 = 300%)
        return f"{_number(number * 100, 1)}%"
    if ("interest" in leaf or leaf in ("annual_rate", "mortgage_rate")) and abs(number) <= 1.5:
        return f"{_number(number * 100, 2)}%"  # a card's or loan's rate as its statement says it (19.99%)
    if any(k in leaf for k in _RATE_KEYS) and abs(number) <= 1.5 and "amount" not in leaf:
        return f"{_number(number * 100, 1)}%"  # percentages to one decimal
    if any(k in leaf for k in _MONEY_KEYS) and not any(leaf.endswith(k) for k in ("years", "months", "_age")):
        return fmt_money(value)  # the tools' own rule: whole dollars from $1,000 up
    if any(k in leaf for k in _PLAIN_KEYS):
        return _number(number, 2 if isinstance(value, float) else 0, grouped=False)
    return _number(number)


def dig(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _scalars(data: dict[str, Any], prefix: str = "", depth: int = 0) -> Iterable[tuple[str, Any]]:
    for key, value in data.items():
        if key in ("provenance", "summary", "notes", "id", "user_id", "change_id") or key.endswith("_id"):
            continue
        path = f"{prefix}{key}"
        if isinstance(value, dict) and depth < 1:
            yield from _scalars(value, f"{path}.", depth + 1)
        elif not isinstance(value, dict | list):
            yield path, value


_LABELS = {"needs_wants_category": "Need or want", "is_bad_habit": "Bad habit", "qpip": "QPIP premium",
           "cpp": "CPP/QPP", "ei": "EI", "rrsp": "RRSP", "tfsa": "TFSA", "fhsa": "FHSA", "resp": "RESP"}


def _label(path: str) -> str:
    """A plain label from a result's field ("totals.bad_habits" -> "Bad habits")."""
    leaf = path.rsplit(".", 1)[-1]
    if leaf.lower() in _LABELS:
        return _LABELS[leaf.lower()]
    if leaf.lower() in _ACCOUNT_CODES:
        return _ACCOUNT_CODES[leaf.lower()]
    return leaf.replace("_", " ").strip().capitalize()


def figure_lines(tool: str, data: dict[str, Any], limit: int = 9, lang: Language = "en") -> list[str]:
    """Bullet lines of the figures that matter in one tool result."""
    lines: list[str] = []
    wanted = HEADLINES.get(tool)
    pairs: Iterable[tuple[str, str]] = wanted if wanted else ((p, _label(p)) for p, _ in _scalars(data))
    for path, label in pairs:
        shown = shown_value(path, dig(data, path), lang)
        if shown is not None:
            lines.append(words.say("coach.answer.figure", lang, label=words.label(label, lang), value=shown))
        if len(lines) >= max(limit, len(wanted or ())):
            break
    if wanted and not lines:  # the output changed shape: fall back to every scalar
        return figure_lines("", data, limit, lang)
    return lines


def list_lines(data: dict[str, Any], limit: int = 8, question: str = "", lang: Language = "en") -> list[str]:
    """One line per item of the first list in a read result (accounts, goals, expense items...); the items the
    question names come first, with their details ("which bank is the emergency fund at?": its institution)."""
    asked = question_words(question)
    for key, value in data.items():
        if key in ("provenance", "notes", "sources") or not isinstance(value, list) or not value:
            continue
        named = [item for item in value if isinstance(item, dict) and _names_item(item, asked)]
        if not named and len(value) == 1 and isinstance(value[0], dict) and any(
                _named(k, asked) for k in value[0]):  # "what did we pay for the townhouse": the only one
            named = list(value)
        ordered = named + [item for item in value if not any(item is n for n in named)]
        lines = [line for item in named[:3] if (line := item_detail(item, lang))]
        for item in ordered[len(lines):limit]:
            if not isinstance(item, dict):
                continue
            name = next((item[k] for k in ("name", "account_name", "title", "label", "subcategory", "category",
                                           "property_name", "description") if item.get(k)), None)
            figure = next(((k, item[k]) for k in ("amount", "balance", "target_amount", "current_value",
                                                   "estimated_value", "market_value", "net_worth", "value",
                                                   "monthly", "total")
                           if k in item), None)
            if name is None and isinstance(item.get("year"), int) and item.get("age") is not None:  # projection row
                age = shown_value("age", item["age"], lang)
                name = words.say("coach.list.row_now", lang, age=age) if item["year"] == 0 else words.say(
                    "coach.list.row_in", lang, years=item["year"], age=age)
                shown_name: str | None = name
            else:
                shown_name = shown_value("name", name, lang) if name is not None else words.say("coach.list.item",
                                                                                                lang)
            shown_figure = shown_value("monthly_amount" if figure[0] == "monthly" else figure[0], figure[1], lang) \
                if figure else None
            if figure and figure[0] == "target_amount" and item.get("current_amount") is not None:
                saved = shown_value("current_amount", item["current_amount"], lang)
                shown_figure = words.say("coach.list.saved_of", lang, saved=saved, target=shown_figure)
                if item.get("progress") is not None:
                    shown_figure += f" ({shown_value('progress', item['progress'], lang)})"
                if item.get("remaining") is not None:
                    shown_figure += words.say("coach.list.to_go", lang,
                                              remaining=shown_value('remaining', item['remaining'], lang))
                if item.get("target_date"):
                    shown_figure += words.say("coach.list.by_date", lang, date=item['target_date'])
            elif figure and item.get("interest_rate") is not None:  # a card or line: its balance and its rate
                shown_figure = words.say("coach.list.at_rate", lang, amount=shown_figure,
                                         rate=shown_value('interest_rate', item['interest_rate'], lang))
            lines.append(words.say("coach.answer.figure", lang, label=shown_name, value=shown_figure)
                         if shown_figure else f"- {shown_name}")
        if len(value) > limit:
            lines.append(words.say("coach.list.more", lang, count=len(value) - limit))
        return lines + _other_lists(data, key, asked, lang)
    return []


def _other_lists(data: dict[str, Any], first: str, words: frozenset[str], lang: Language = "en") -> list[str]:
    """The items of a result's other lists that the question names ("the rate on my line of credit" when the
    cards come first)."""
    lines: list[str] = []
    for key, value in data.items():
        if key == first or key in ("provenance", "notes", "sources") or not isinstance(value, list):
            continue
        lines += [line for item in value if isinstance(item, dict) and _names_item(item, words)
                  and (line := item_detail(item, lang))][:3]
    return lines


# --- the figures a question names -----------------------------------------------------------------------------

# Words of field names that say nothing on their own ("total", "amount") and question words that are not about a
# figure; a field is named when its other words are all in the question.
_GENERIC = frozenset([
    "total", "amount", "amounts", "monthly", "annual", "value", "values", "summary", "result", "results", "the",
    "and", "of", "per", "rate", "rates", "year", "years", "month", "months", "at", "to", "in", "for", "is", "are"
])
_STOPWORDS = frozenset([
    "what", "whats", "how", "much", "many", "is", "are", "was", "were", "the", "a", "an", "my", "our", "your", "we",
    "i", "me", "do", "does", "did", "can", "could", "would", "should", "will", "and", "or", "of", "in", "on", "for",
    "to", "at", "by", "with", "from", "it", "its", "that", "this", "these", "those", "there", "have", "has", "had",
    "be", "been", "any", "some", "le", "la", "les", "de", "des", "du", "un", "une", "mon", "ma", "mes", "notre",
    "nos", "est", "sont", "quel", "quelle", "quels", "quelles", "combien", "comment", "pour", "dans"
])
# People's words for what a field is called: the field's words are read as these too.
_FIELD_SYNONYMS = {
    "purchase": ("paid", "pay", "bought", "buy", "cost", "paye", "achete"),
    "gain": ("gain", "gained", "up", "appreciated", "grown", "risen", "increase", "increased", "more", "monte",
             "augmente", "pris"),
    "since": ("since", "depuis", "from", "when", "bought", "achete"),
    "market": ("worth", "value", "vaut", "valeur"),
    "institution": ("bank", "held", "where", "banque", "institution"),
    "issuer": ("bank", "issuer", "emetteur"),
    "lender": ("bank", "lender", "preteur"),
    "interest": ("rate", "apr", "taux", "interest"),
    "fee": ("fee", "fees", "frais", "cost"),
    "p10": ("10th", "bad", "worst", "pessimistic", "10e", "pire"),
    "p90": ("90th", "best", "good", "optimistic", "90e", "meilleur"),
    "p50": ("median", "typical", "mediane", "médiane"),
    "habit": ("habit", "habits", "habitude", "habitudes", "flagged"),
    "tax": ("tax", "impot", "impots"),
    "marginal": ("marginal",),
    "average": ("average", "moyen", "moyenne"),
    "income": ("income", "revenu", "revenus", "salary", "pay"),
    "balance": ("balance", "solde", "owe", "owing"),
    "limit": ("limit", "limite"),
    "risk": ("risk", "risque"),
    "tolerance": ("tolerance", "appetite", "tolérance"),
}


def _stem(word: str) -> str:
    word = word.lower().strip("'")
    if word.endswith("'s"):
        word = word[:-2]
    return word[:5] if len(word) > 5 else word.rstrip("s") or word


def question_words(question: str) -> frozenset[str]:
    """The stems of a question's words that can name a figure (without the ones every question has)."""
    from agent.coach.offline_nlu import fold

    found = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", fold(question))
    return frozenset(_stem(w) for w in found if w not in _STOPWORDS and (len(w) > 1 or w.isdigit()))


def _field_words(name: str) -> list[set[str]]:
    """For each word of a field's name, the stems that say it (its own and its synonyms)."""
    out = []
    for part in re.split(r"[_\s.]+", name.lower()):
        if not part or part in _GENERIC:
            continue
        out.append({_stem(part), *(_stem(s) for s in _FIELD_SYNONYMS.get(part, ()))})
    return out


def _named(name: str, words: frozenset[str]) -> bool:
    parts = _field_words(name)
    return bool(parts) and all(part & words for part in parts)


def _names_item(item: dict[str, Any], words: frozenset[str]) -> bool:
    """Whether the question names this list item: by its name ("the aeroplan card"), or by a yes/no field it
    has set ("which expenses are bad habits?")."""
    if not words:
        return False
    for key in ("name", "account_name", "title", "label", "subcategory", "description", "property_name"):
        value = item.get(key)
        if isinstance(value, str):
            stems = {_stem(w) for w in re.findall(r"[a-z0-9]+", value.lower()) if w not in _STOPWORDS and len(w) > 2}
            # the item's distinctive words: two of them, or its only one ("Daycare", "Aeroplan ...")
            if stems and (len(stems & words) >= min(2, len(stems)) or any(
                    s in words and len(s) >= 4 and s not in _COMMON_ITEM_WORDS for s in stems)):
                return True
    return any(value is True and _named(key.removeprefix("is_"), words) for key, value in item.items())


_COMMON_ITEM_WORDS = frozenset(_stem(w) for w in [
    "monthly", "savings", "saving", "account", "accounts", "income", "expense", "expenses", "fund", "goal", "goals",
    "payment", "credit", "plan", "family"
])


def item_detail(item: dict[str, Any], lang: Language = "en") -> str | None:
    """One line with every figure and fact of a list item."""
    name = next((item[k] for k in ("name", "account_name", "title", "label", "subcategory", "description")
                 if isinstance(item.get(k), str) and item.get(k)), None)
    parts = []
    for key, value in item.items():
        if key in ("name", "account_name", "title", "label", "id") or key.endswith("_id") or value in (None, ""):
            continue
        if isinstance(value, bool):
            if value:
                parts.append(words.label(_label(key), lang).lower().removeprefix("is "))
            continue
        shown = shown_value(key, value, lang)
        if shown is not None and str(shown) != str(name):
            parts.append(f"{_lower(words.label(_label(key), lang))} {shown}")
    if name is None or not parts:
        return None
    return words.say("coach.answer.figure", lang, label=shown_value('name', name, lang), value=", ".join(parts))


def _lower(label: str) -> str:
    """A label inside a sentence: lower case, but an acronym keeps its capitals ("REER disponible")."""
    return label if label[1:2].isupper() else label.lower()


def asked_lines(data: dict[str, Any], question: str, already: list[str], lang: Language = "en") -> list[str]:
    """The result's figures that the question names ("how much goes to QPIP?", "the 10th percentile", "months
    is fine") and that the usual lines left out."""
    asked = question_words(question)
    if not asked:
        return []
    lines: list[str] = []
    for path, value in _all_scalars(data):
        shown = shown_value(path, value, lang)
        parts = path.split(".")
        if re.fullmatch(r"p\d{2}", parts[-1]):  # a percentile: of the figure the question names too
            named = len(parts) > 1 and _named(parts[-1], asked) and _named(parts[-2], asked)
        else:
            named = _named(parts[-1], asked)
        if shown is None or not named:
            continue
        label = _path_label(path, lang)
        line = words.say("coach.answer.figure", lang, label=label, value=shown)
        if any(line == done or f": {shown}" in done for done in already + lines):  # said already
            continue
        lines.append(line)
    return lines[:4]


def _all_scalars(data: dict[str, Any], prefix: str = "", depth: int = 0) -> Iterable[tuple[str, Any]]:
    for key, value in data.items():
        if key in ("provenance", "notes", "id", "user_id", "change_id") or key.endswith("_id") or (
                key == "summary" and not isinstance(value, dict)):
            continue
        path = f"{prefix}{key}"
        if isinstance(value, dict) and depth < 2:
            yield from _all_scalars(value, f"{path}.", depth + 1)
        elif not isinstance(value, dict | list) and not isinstance(value, bool):
            yield path, value


_PERCENTILES = {"p10": "10th percentile", "p25": "25th percentile", "p50": "median", "p75": "75th percentile",
                "p90": "90th percentile"}


def _path_label(path: str, lang: Language = "en") -> str:
    parts = path.split(".")
    leaf = parts[-1]
    if leaf in _PERCENTILES and len(parts) > 1:
        return f"{words.label(_label(parts[-2]), lang)}, {words.label(_PERCENTILES[leaf], lang)}"
    return words.label(_label(leaf), lang)


# The assumptions a person wants to see under a figure (others stay in the tool output for the receipt).
_KEY_ASSUMPTIONS = ("expected_return", "investment_return_rate", "annual_return", "inflation", "inflation_rate",
                    "withdrawal_rate", "multiplier", "fire_rule_multiplier", "retirement_age", "annual_rate",
                    "amortization_years", "province", "years", "marginal_rate_now", "marginal_rate_retirement",
                    "birth_year")
_TECHNICAL_ASSUMPTIONS = ("cpp", "ei_", "ympe", "yampe", "basic_personal", "credit_rate", "lowest_rate", "periodic",
                          "buffer", "floor", "insured", "share", "real_return", "max_projection")


def _named_value(key: str, value: Any, lang: Language) -> str:
    return f"{_lower(words.label(_label(key), lang))} {shown_value(key, value, lang)}"


def provenance_lines(data: dict[str, Any], lang: Language = "en") -> list[str]:
    provenance = data.get("provenance") or {}
    lines = []
    stated = provenance.get("stated") or {}
    if stated:  # the question's figures won over the saved ones: say which is which
        given = [_named_value(k, v, lang) for k, v in stated.items() if format_value(k, v) is not None]
        read = ", ".join(words.label(str(d).replace("_", " "), lang) for d in provenance.get("data") or [])
        lines.append(words.say("coach.receipt.stated", lang, given="; ".join(given))
                     + (words.say("coach.receipt.saved_rest", lang, read=read) if read else ""))
    assumptions = provenance.get("assumptions") or {}
    keys = [k for k in _KEY_ASSUMPTIONS if k in assumptions] or [
        k for k in assumptions if not any(t in k for t in _TECHNICAL_ASSUMPTIONS)]
    shown = [_named_value(k, assumptions[k], lang) for k in keys if format_value(k, assumptions[k]) is not None][:5]
    if shown:
        lines.append(words.say("coach.receipt.assumptions", lang, assumptions="; ".join(shown)))
    if provenance.get("tax_year"):
        lines.append(words.say("coach.receipt.tax_year", lang, year=provenance['tax_year']))
    notes = [n for n in (provenance.get("notes") or []) + (data.get("notes") or []) if isinstance(n, str)
             and not re.search(r"\bsource\b|\.(?:ca|com|org)\b|^[A-Z]{2}:|^Federal:", n, re.IGNORECASE)
             and not (stated and n.startswith("Your figures changed for this calculation only"))]
    for note in notes[:2]:
        said = withheld(lang) if looks_like_injection(note) else words.localized(note, lang)
        if said is not None:  # a note no French template knows stays in the tool's receipt
            lines.append(words.say("coach.receipt.note", lang, note=said))
    return lines


def knowledge_lines(data: dict[str, Any], limit: int = 3, lang: Language = "en") -> tuple[list[str], list[str]]:
    """Passages and 'Sources:' titles from a search_knowledge_base or open_article result."""
    results = data.get("results")
    if results is None and data.get("title"):
        results = [{"title": data["title"], "passage": data.get("summary") or data.get("content", "")[:400],
                    "link": data.get("link")}]
    lines: list[str] = []
    titles: list[str] = []
    for result in (results or [])[:limit]:
        title = str(result.get("title", "")).strip()
        passage = " ".join(str(result.get("passage", "")).split())
        if looks_like_injection(passage) or looks_like_injection(title):
            passage = withheld(lang)
        if len(passage) > 280:
            passage = passage[:277].rsplit(" ", 1)[0] + "..."
        lines.append(f"- **{title}**: {passage}")
        link = result.get("link")
        titles.append(f"{title} ({link})" if link else title)
    return lines, titles


def parse_content(content: Any) -> tuple[dict[str, Any] | None, str]:
    """A tool message's JSON (None when it is not JSON) and its raw text."""
    text = content if isinstance(content, str) else json.dumps(content)
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return None, text
    return (data if isinstance(data, dict) else {"value": data}), text


def contains_injection(data: Any) -> bool:
    """Whether any string inside a tool result reads like instructions."""
    if isinstance(data, str):
        return looks_like_injection(data)
    if isinstance(data, dict):
        return any(contains_injection(v) for v in data.values())
    if isinstance(data, list):
        return any(contains_injection(v) for v in data)
    return False
