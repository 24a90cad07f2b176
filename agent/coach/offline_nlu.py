"""What the offline coach understands in a message: typo-tolerant keywords, intents scored from them, and the
values a message states (amounts with their period and role, rates, ages, years, durations, a province, a
budget split, an account type).

Nothing here is a list of sentences: a message is normalised (lower case, no accents), each word is
corrected to the nearest word of the coach's vocabulary when it is one or two edits away, and each intent
adds up the weights of the keywords and phrases it finds. Values are read with regular expressions and get
their role (income, spending, savings...) from the nearest role word around them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from agent.slots import digitise, digitise_marked
from api.planning.canada import CITIES, NAME_LIKE_CITIES, province_mentions

# --- normalising and spelling --------------------------------------------------------------------------------


def fold(text: str) -> str:
    """Lower case without accents, with typographic quotes and dashes made plain."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    for fancy, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2013", "-"),
                         ("\u2014", "-"),
                         ("\u00a0", " "), ("\u202f", " ")):
        text = text.replace(fancy, plain)
    return text.lower()


def wordset(text: str) -> frozenset[str]:
    """The words of a whitespace-separated list."""
    return frozenset(text.split())


_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)?")


def edit_distance(a: str, b: str, limit: int = 3) -> int:
    """Optimal string alignment distance (a swap of two neighbours counts once), stopping past `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


# Common words a typo corrector must leave alone (they are one edit away from vocabulary words).
_KEEP = wordset("""
a an the and or but if so to of in on at by for from with as is are was were be been am i me my mine we our
you your it its this that these those what which who whom when where why how much many more most less some
any all each every no not can could would should will shall may might must do does did done have has had
make made take took give gave get got go went want wants need needs like live lives late later last lost
get set let put bet net new now how old one two ten day days week weeks month months year years age ages
ago also just only than then them they their there here her his him she he us up down out off over under
about after before again still yet very too well good bad best better big small high low lot lots fast
save saved safe same game name time times date dates rate rates rule rules role sure pure more move most
post cost costs lose loss less left life wife kid kids pay paid pays payed owe owed own owns buy buys sell
next text test best rest nest went sent spent want wait with within without into onto upon per via plus
reduit reduire reduis reduisait reduisons couper coupe baisser baisse epargnais epargnait epargnerait augmenter
monte monter mets mettre ajoute ajouter enregistre change changer cotise cotiser retire retirer ouvert
meant mean oops rendu rendue rendus rendues reste restes fait faites
""")


@dataclass(frozen=True)
class Vocabulary:
    words: frozenset[str]
    by_length: dict[int, tuple[str, ...]]


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    from agent.coach.router import load_examples

    words: set[str] = set()
    for examples in load_examples().values():
        for example in examples:
            words.update(_WORD.findall(_ELISION.sub(r"\1 ", fold(example))))
    for role_phrases in ROLE_WORDS.values():
        for role_phrase in role_phrases:
            words.update(role_phrase.split())
    words.update(EXTRA_VOCABULARY)
    words = {w for w in words if w.isalpha()}
    by_length: dict[int, list[str]] = {}
    for word in words:
        by_length.setdefault(len(word), []).append(word)
    return Vocabulary(frozenset(words), {n: tuple(sorted(ws)) for n, ws in by_length.items()})


@lru_cache(maxsize=4096)
def correct(word: str) -> str:
    """The vocabulary word `word` is a typo of (one edit for short words, two for long), else `word`."""
    vocab = vocabulary()
    if not word.isalpha() or word in vocab.words or word in _KEEP or len(word) < 4:
        return word
    if word.endswith("s") and word[:-1] in vocab.words:
        return word[:-1]
    if word + "s" in vocab.words or word + "es" in vocab.words:
        return word  # a singular is not a typo of its plural
    limit = 1 if len(word) <= 5 else 2
    best, best_distance = word, limit + 1
    for length in range(len(word) - limit, len(word) + limit + 1):
        for candidate in vocab.by_length.get(length, ()):
            if candidate[0] != word[0]:  # people rarely mistype the first letter; this keeps "france" from "chance"
                continue
            distance = edit_distance(word, candidate, limit)
            if distance < best_distance:
                best, best_distance = candidate, distance
    return best if best_distance <= limit else word


# Short typos and texting words that edit distance cannot safely correct.
_SHORT_FORMS = {"sav": "save", "tx": "tax", "wat": "what", "wht": "what", "hw": "how", "u": "you", "ur": "your",
                "pls": "please", "plz": "please", "yr": "year", "yrs": "years", "mo": "month", "mos": "months",
                "evry": "every", "wuold": "would", "woud": "would", "shoud": "should", "wich": "which",
                "whats": "what's", "hows": "how's", "im": "i'm", "dont": "don't", "cant": "can't", "wen": "when"}
_ELISION = re.compile(r"\b(j|l|d|c|m|n|s|t|qu)'(?=[a-z])")


def tokens(text: str) -> list[str]:
    """The corrected words of a message (numbers kept as they are; French elisions split: j'epargne)."""
    words = _WORD.findall(_ELISION.sub(r"\1 ", fold(text)))
    return [correct(_SHORT_FORMS.get(word, word)) for word in words]


# --- vocabulary ------------------------------------------------------------------------------------------------
# Which tool a message is for is read by meaning (agent/coach/router.py, from tools/examples/); the words of those
# examples, the amount roles below and these few are the vocabulary that spelling is corrected to.

EXTRA_VOCABULARY = frozenset(word for name in province_mentions() for word in re.split(r"[ -]", name)
                             if len(word) > 3) | wordset("""
million thousand monthly yearly annually annual month year mortgage amortization percent retirement retire
spending expenses investment portfolio contribution contributions groceries restaurant insurance
emergency vacation education wedding renovation instructions previous ignore disregard system prompt
weather recipe football hockey movie poem joke translate homework stocks stock crypto bitcoin ethereum
dividend recommend recommendation ticker shares reveal plan undo revert rollback
reduce reduced reducing cutting trim trimmed trimming lower lowered lowering slash slashed slashing shave shaving
decrease decreased decreasing increase increased increasing raise raised raising bump bumped bumping drop dropped
dropping pause paused pausing resume resumed stop stopped stopping
""")

# Words that say which amount is which, nearest first wins.
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "take_home": ("take home", "take-home", "net pay", "paycheque", "paycheck", "after tax", "net income", "bring home",
                  "net", "nets",
                  "revenu net", "salaire net", "paie nette"),
    "income": ("salary", "income", "earn", "earning", "earns", "make", "making", "makes", "paid", "raise", "gross",
               "fait", "faisons", "gagnons", "rentre", "rentrent",
               "revenu", "salaire", "wage", "wages", "job", "employment", "gagne", "brut", "earned"),
    "spending": ("spend", "spent", "spends", "spending", "expenses", "expense", "cost of living", "live on",
                 "get by on", "getting by on", "burn", "lifestyle", "costs",
                 "depenses", "budget of", "need per year", "need a year", "retirement spending", "depense",
                 "depensait", "depensons", "depenser"),
    "savings": ("save", "saved", "saves", "saving", "savings", "invest", "investing", "contribute", "contributing",
                "put away",
                "put aside", "set aside", "epargne", "deposit", "epargner", "epargnais", "cotise", "cotiser",
                "de cote"),
    "principal": ("mortgage", "borrow", "loan", "house", "home", "condo", "price", "purchase", "property", "maison",
                  "place", "townhouse", "apartment", "appartement", "logement", "listed", "asking",
                  "hypotheque", "prix", "propriete", "emprunt"),
    "down_payment": ("down payment", "downpayment", "down", "mise de fonds", "mise de fond"),
    "debt": ("debt", "owe", "balance", "credit card", "line of credit", "student loan", "car loan", "dette",
             "carte de credit", "marge de credit", "solde"),
    "payment": ("payment", "pay", "paying", "payments", "can put", "afford", "put toward", "toward", "paiement",
                "paie", "rembourse"),
    "target": ("goal", "target", "fund", "aim", "objectif", "need to save", "save up", "up for"),
    "portfolio": ("portfolio", "invested", "nest egg", "have saved", "net worth", "already have", "in the bank",
                  "enough",
                  "places", "placements", "portefeuille"),
    "rrsp_amount": ("rrsp", "reer"),
    "tfsa_amount": ("tfsa", "celi"),
}

PERCENT_ROLES: dict[str, tuple[str, ...]] = {
    "down_payment": ("down", "down payment", "downpayment", "mise de fonds"),
    "return": ("return", "returns", "growth", "grow", "grows", "yield", "market", "rendement", "earn", "earns"),
    "withdrawal": ("withdrawal", "withdraw", "swr", "rule", "draw", "drawdown", "retrait"),
    "interest": ("interest", "apr", "mortgage", "rate", "loan", "card", "at", "taux", "hypotheque", "carte", "marge"),
    "inflation": ("inflation",),
    "needs": ("needs", "need", "besoins"),
    "wants": ("wants", "want", "fun", "envies"),
    "savings_share": ("savings", "saving", "save", "epargne"),
    "investments_share": ("investments", "investing", "invest", "placements"),
    "raise": ("raise", "increase", "pay", "salary", "income", "wage", "wages", "paycheque", "paycheck", "salaire",
              "revenu", "augmentation", "paie"),
}


def phrase_at(words: list[str], phrase: list[str], start: int) -> bool:
    """Whether the phrase's words (any one may be "*"; a word also as its plural) stand at `start`."""
    if start + len(phrase) > len(words):
        return False
    return all(p == "*" or p == w or (len(p) > 2 and w in (p + "s", p + "es"))
               for p, w in zip(phrase, words[start:], strict=False))


@lru_cache(maxsize=8)
def _positions(words: tuple[str, ...]) -> dict[str, list[int]]:
    """Where each word of a message stands: a phrase is tried only where its first word is (a long message
    would otherwise cost every phrase times every word)."""
    index: dict[str, list[int]] = {}
    for i, word in enumerate(words):
        index.setdefault(word, []).append(i)
    return index


def has_phrase(words: list[str], phrase: str) -> bool:
    parts = _ELISION.sub(r"\1 ", phrase).split()
    if not parts:
        return False
    first = parts[0]
    if first == "*":
        starts: Iterable[int] = range(len(words))
    else:
        index = _positions(tuple(words))
        forms = (first, first + "s", first + "es") if len(first) > 2 else (first,)
        starts = sorted(i for form in forms for i in index.get(form, ()))
    return any(phrase_at(words, parts, i) for i in starts)


# --- values ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Amount:
    value: Decimal
    period: str | None  # "month", "year" or None
    role: str | None
    text: str
    start: int


@dataclass(frozen=True)
class Rate:
    value: float  # a fraction
    role: str | None
    text: str
    start: int


@dataclass
class Slots:
    amounts: list[Amount] = field(default_factory=list)
    rates: list[Rate] = field(default_factory=list)
    ages: list[int] = field(default_factory=list)
    calendar_years: list[int] = field(default_factory=list)
    durations: list[int] = field(default_factory=list)  # "in 10 years", "a 25-year amortization"
    months: list[int] = field(default_factory=list)  # "in 18 months"
    province: str | None = None
    provinces: list[str] = field(default_factory=list)  # every one named, in order ("Ontario vs Alberta")
    split: tuple[Decimal, ...] | None = None  # "50/30/20"
    account: str | None = None  # "tfsa", "rrsp", "fhsa", "resp"
    current_age: int | None = None  # "I'm 31", "31 years old": the person's age now, never a target
    birth_year: int | None = None  # "born in 1990": never a tax year or an amount

    def amount(self, *roles: str | None, period: str | None = None) -> Amount | None:
        for role in roles:
            for found in self.amounts:
                if found.role == role and (period is None or found.period in (period, None)):
                    return found
        return None

    def rate(self, *roles: str | None) -> Rate | None:
        for role in roles:
            for found in self.rates:
                if found.role == role:
                    return found
        return None

    def merged_over(self, older: Slots, shift: int = 0) -> Slots:
        """These slots, with anything they lack taken from an earlier message. Amounts and rates are replaced role by
        role ("and if I pay 400?" keeps the earlier balance, replaces the earlier payment; "25% down instead" keeps
        the interest rate); `shift` moves this message's
        positions after the earlier text's (the merged text is the earlier message, a space, then this one)."""
        mine = [replace(a, start=a.start + shift) for a in self.amounts]
        roles = {a.role for a in mine}
        kept = [a for a in older.amounts if a.role not in roles or (a.role is None and not mine)]
        amounts = kept + mine if mine else older.amounts
        rates = [replace(r, start=r.start + shift) for r in self.rates]
        rates = [r for r in older.rates if r.role not in {m.role for m in rates}] + rates if rates else older.rates
        return Slots(amounts=amounts, rates=rates,
                     ages=self.ages or older.ages, calendar_years=self.calendar_years or older.calendar_years,
                     durations=self.durations or older.durations, months=self.months or older.months,
                     province=self.province or older.province, provinces=self.provinces or older.provinces,
                     split=self.split or older.split,
                     account=self.account or older.account, current_age=self.current_age or older.current_age,
                     birth_year=self.birth_year or older.birth_year)


_PERCENT = re.compile(r"(?<![\w.])(\d{1,3}(?:[.,]\d{1,3})?)\s?(?:%|percent\b|per cent\b|pour cent\b|pct\b)")
_SPLIT = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d+)?)\s?/\s?(\d{1,2}(?:\.\d+)?)(?:\s?/\s?(\d{1,2}(?:\.\d+)?))?"
                    r"(?:\s?/\s?(\d{1,2}(?:\.\d+)?))?(?![\d/])")
_MONEY = re.compile(
    r"(?P<pre>\$\s?)?(?<![\w.,/])(?!401k\b)(?P<num>\d{1,3}(?:(?:,| |\u00a0)\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)"
    r"(?P<suffix>\s?(?:k\b|K\b|m\b|mm\b|mil\b|million\b|millions\b|thousand\b|grand\b|mille\b|bn\b))?"
    r"(?P<post>\s?\$)?"
)
_CALENDAR_YEAR = re.compile(r"(?<![\d$,.])(19[5-9]\d|20\d\d|2100)(?![\d%k]|,\d|\s?\$)")  # not "2,150" (a sum)
_BIRTH_YEAR = re.compile(r"\b(?:born(?: in)?|nee? en|birth ?year(?: is| of)?|year of birth(?: is)?|b\.)\s*"
                         r"(19[0-9]\d|20[0-2]\d)\b")
_CURRENT_AGE = re.compile(r"(?<!time )(?<!when )(?<!until )(?<!till )(?<!by )(?<!at )(?<!to )(?<!before )\b(?:i'm|i "
                          r"am|im|we're|we are|age|aged|j'ai)\s"
                          r"(\d{2})\b(?!\s?(?:%|k\b|\$|,\d))(?! by\b)")
_PAY_PERIOD = re.compile(r"^\s*(?:\$\s?)?(?:gross |net |brut |nets? |before tax |after tax |take[- ]home |pre-tax |"
                         r"avant impot |apres impot )?(?:/|per|a|an|each|every|par)?\s?(?P<p>bi-?weekly|"
                         r"every (?:two|2) weeks|(?:a |per |each )?fortnight|weekly|(?:a |per |each )?week|"
                         r"semi-?monthly|"
                         r"twice a month|aux (?:deux|2) semaines|toutes les (?:deux|2) semaines|(?:par |chaque |a la )?"
                         r"semaine|hebdo(?:madaire)?|deux fois par mois)")
# "a bi-weekly paycheque of 2,150", "my weekly take-home is 900": the period said before the amount
_PAY_PERIOD_BEFORE = re.compile(r"(?P<p>bi-?weekly|every (?:two|2) weeks|fortnightly|weekly|semi-?monthly)\s+"
                                r"(?:net |gross |after-tax |before-tax )?(?:pay ?cheques?|pay ?checks?|pay|"
                                r"take[- ]home(?: pay)?|salary|income|wages?|net pay|deposits?)\s*"
                                r"(?:is |of |=|:|are |comes to |around |about )*"
                                r"\$?\s*$")
_PAY_FACTOR = {"biweekly": 26 / 12, "bi-weekly": 26 / 12, "every two weeks": 26 / 12, "every 2 weeks": 26 / 12,
               "fortnight": 26 / 12, "fortnightly": 26 / 12, "weekly": 52 / 12, "week": 52 / 12, "semimonthly": 2.0,
               "semi-monthly": 2.0, "twice a month": 2.0, "semaine": 52 / 12, "par semaine": 52 / 12,
               "chaque semaine": 52 / 12, "a la semaine": 52 / 12, "hebdo": 52 / 12, "hebdomadaire": 52 / 12,
               "deux fois par mois": 2.0}
# "every paycheque" with the pay frequency said elsewhere in the message ("I'm paid bi-weekly")
_PER_PAY = re.compile(r"^\s*(?:more |extra )?(?:from |off )?(?:every|each|per|a|my) "
                      r"(?:pay ?cheque|pay ?check|pay ?day|pay\b)")
_PAID = re.compile(r"\b(bi-?weekly|every (?:two|2) weeks|fortnight|weekly|every week|semi-?monthly|twice a month|"
                   r"aux deux semaines|toutes les deux semaines)")
_PAID_FACTOR = {"weekly": 52 / 12, "every week": 52 / 12, "semimonthly": 2.0, "semi-monthly": 2.0,
                "twice a month": 2.0}
# a rate said without "%" where a return is meant: "if the market only gives 4.5 a year", "returns of 6.5"
_BARE_RATE = re.compile(r"\b(?:returns?|gives?|earns?|grows?|growth|yields?|rendement|averages?)\s"
                        r"(?:of\s|only\s|about\s|around\s|at\s|de\s)?(\d{1,2}(?:[.,]\d{1,2})?)(?![\d%$k]|\s?(?:%|k\b"
                        r"|\$|years?\b|ans\b))")
_BARE_INTEREST = re.compile(r"\b(?:rate|taux|interest|apr|mortgage rate)\s(?:of\s|is\s|at\s|de\s|d'interet\s|"
                            r"would be\s|will be\s|=\s?|:\s?)?(\d{1,2}[.,]\d{1,3})(?![\d%$k]|\s?(?:%|k\b|\$))"
                            # "3.99 fixed", "5,2 variable", "4.5 apr": a rate named by its kind after it
                            r"|(?<![\d.,$])(\d{1,2}[.,]\d{1,3})\s(?:fixed|variable|apr|fixe|taux fixe)\b")
_DURATION = re.compile(r"(?<![\d.])(\d{1,2})[- ]?(?:years?|yrs?|y|ans|annees|(?:prochaines|dernieres|next|coming|"
                       r"last) (?:annees|ans|years))\b")
_MONTHS = re.compile(r"(?<![\d.])(\d{1,3})[- ]?(?:months?|mois)\b")
_AGE = re.compile(r"(?:\bage(?:d)?\s?(?:to |of |at |is |= ?)?|\bat\s|\buntil\s|\btill?\s|\bjusqu'?a\s|"
                  r"\bby\s|\bbefore\s|\bwhen i(?:'m| am| turn)\s|\bturn(?:ing)?\s|\bi'm\s|"
                  r"\bi am\s|\ba\s)(\d{2})\b(?!\s?(?:%|k\b|\$|,\d|years? (?:from|of)|months?))")
_TARGET_BEFORE_AGE = re.compile(r"\b(?:retirement|retire|retiring|target|fi|fire|cpp|qpp|oas|start(?:ing)?|pension)\s$")
_AGE_AFTER = re.compile(r"\b(\d{2})\s?(?:years? old|yo\b)|\bj'?ai (\d{2}) ans\b")
_FRENCH_TARGET_AGE = re.compile(r"\b(?:a|vers|avant|d'?ici|jusqu'?a) (\d{2}) ans\b")  # "à 55 ans": an age, not 55 years
_PERIOD_MONTH = re.compile(r"^\s*(?:\$\s?)?(?:/|per|a|an|each|every|par)?\s?(?:mo\b|month|monthly|mth|mois)")
_PERIOD_YEAR = re.compile(r"^\s*(?:\$\s?)?(?:/|per|a|an|each|every|par)?\s?(?:yr\b|year|yearly|annual|annually|"
                          r"an\b|annee|p\.?a\.?)")
_PERIOD_BEFORE_MONTH = re.compile(r"(?:monthly|per month|a month|each month|every month|par mois)\s*$")
_PERIOD_BEFORE_YEAR = re.compile(r"(?:annual|yearly|per year|a year|each year|every year|par an(?:nee)?)\s*$")

def _province_names() -> dict[str, tuple[str, ...]]:
    """Per province, the words that name it in a message (the Canadian reference's names and aliases, and its
    cities that are not also people's names), longest first."""
    grouped: dict[str, list[str]] = {}
    words = province_mentions() | {city: code for city, code in CITIES.items() if city not in NAME_LIKE_CITIES}
    for word, code in words.items():
        if len(word) > 2:  # two-letter codes are read below, with their own rules
            grouped.setdefault(code, []).append(word)
    return {code: tuple(sorted(names, key=len, reverse=True)) for code, names in grouped.items()}


PROVINCE_NAMES: dict[str, tuple[str, ...]] = _province_names()
# Abbreviations safe to read in any case, and the ones that are ordinary words in lower case.
_ABBREVIATIONS_ANY_CASE = ("BC", "QC", "NB", "NS", "NL", "PEI", "SK", "MB", "YT", "NU", "NT", "PE")
_ABBREVIATIONS_UPPER_ONLY = ("ON", "AB")


def _to_decimal(raw: str) -> Decimal | None:
    text = raw.replace("\u00a0", " ")
    if re.fullmatch(r"\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?", text):
        text = text.replace(",", "").replace(" ", "")
    elif re.fullmatch(r"\d+,\d{1,2}", text):  # French decimal comma: 4,5
        text = text.replace(",", ".")
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


@lru_cache(maxsize=2048)
def _role_parts(phrase: str) -> list[str]:
    return fold(phrase).replace("-", " ").split()


_WEAK_CUES = frozenset({"at", "a", "rate", "taux", "down"})  # "$160,000 down at 5%": "at" is the rate's
_AFTER_CUES = frozenset({"down"})  # words said after their figure ("20% down")


def _role_near(folded: str, start: int, end: int, roles: dict[str, tuple[str, ...]]) -> str | None:
    """The role whose word is nearest the value: before it in its clause, or just after it."""
    # Windows of the text around the value: the clause's last 60 characters before it and first 30 after it lie in
    # them, and splitting the whole message for every value made long messages quadratic.
    before = re.split(r"[.;!?]|\band\b|\bbut\b|,\s", folded[max(0, start - 200):start])[-1][-60:]
    # (words after a value stop at the next number: those are that number's)
    after = re.split(r"[.;!?,]|\band\b|\bbut\b|\d", folded[end:end + 200])[0][:30]
    before_words, after_words = tokens(before), tokens(after)
    best: tuple[float, str] | None = None
    for role, words in roles.items():
        for phrase in words:
            parts = _role_parts(phrase)
            for i in range(len(before_words) - len(parts) + 1):
                if before_words[i:i + len(parts)] == parts:
                    # from the phrase's last word; a longer phrase ending there wins ("take home" over "home")
                    distance = float(len(before_words) - i - len(parts) + 1) - 0.01 * len(parts)
                    if phrase in _AFTER_CUES and i > 0 and any(c.isdigit() for c in before_words[i - 1]):
                        continue  # "20% down 4.79%", "240k down at 3.99": "down" is the figure's before it
                    if phrase in _WEAK_CUES:
                        distance += 1.0  # "at 6% return": the word after says more than "at" before
                    if best is None or distance < best[0]:
                        best = (distance, role)
            for i in range(len(after_words) - len(parts) + 1):
                if after_words[i:i + len(parts)] == parts:
                    # Words after a value bind less than words before it, except the very next one ("85k salary").
                    lead = 1 if after_words and after_words[0] in ("of", "in", "de", "d", "en", "du", "des") else 0
                    after_distance = 1.5 if i <= lead else i + 3.0
                    if best is None or after_distance < best[0]:
                        best = (after_distance, role)
    return best[1] if best else None


def roles_of(text: str, amounts: list[Amount], roles: dict[str, tuple[str, ...]]) -> list[str | None]:
    """Each amount's role among `roles` (a tool's own cue words), by the same nearest-word rule as `extract`."""
    folded = digitise(fold(text))
    return [_role_near(folded, a.start, a.start + len(a.text), roles) for a in amounts]


def _period(folded: str, start: int, end: int) -> str | None:
    after = folded[end:end + 25]
    before = folded[max(0, start - 25):start]
    if _PERIOD_MONTH.match(after) or _PERIOD_BEFORE_MONTH.search(before):
        return "month"
    if _PERIOD_YEAR.match(after) or _PERIOD_BEFORE_YEAR.search(before):
        return "year"
    return None


def _spans_overlap(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(start < b and a < end for a, b in spans)


# Cities that the Canadian reference (api.planning.canada.CITIES) does not list yet: people name where they live.
MORE_CITIES = {"sherbrooke": "QC", "laval": "QC", "longueuil": "QC", "trois-rivieres": "QC", "trois rivieres": "QC",
               "saguenay": "QC", "levis": "QC", "terrebonne": "QC", "rimouski": "QC", "drummondville": "QC",
               "saint-jerome": "QC", "brossard": "QC", "repentigny": "QC", "kelowna": "BC", "surrey": "BC",
               "burnaby": "BC", "kamloops": "BC", "nanaimo": "BC", "abbotsford": "BC", "coquitlam": "BC",
               "north vancouver": "BC", "prince george": "BC", "brampton": "ON", "markham": "ON", "vaughan": "ON",
               "oakville": "ON", "burlington": "ON", "kitchener": "ON", "waterloo": "ON", "guelph": "ON",
               "oshawa": "ON", "barrie": "ON", "kingston": "ON", "sudbury": "ON", "thunder bay": "ON",
               "windsor ontario": "ON", "st. catharines": "ON", "st catharines": "ON", "niagara falls": "ON",
               "peterborough": "ON", "scarborough": "ON", "etobicoke": "ON", "north york": "ON", "red deer": "AB",
               "lethbridge": "AB", "medicine hat": "AB", "fort mcmurray": "AB", "grande prairie": "AB",
               "moose jaw": "SK", "prince albert": "SK", "brandon": "MB", "steinbach": "MB", "saint john": "NB",
               "dartmouth": "NS", "cape breton": "NS", "corner brook": "NL", "summerside": "PE"}
# A city that is also a person's name counts after "in", "from", "a": "lives in Victoria", "working in Regina".
_PLACE_BEFORE = r"(?:\bin|\bfrom|\bnear|\bto|\ba|\bde|\ben)\s"


def _province_spans(text: str) -> list[tuple[int, str]]:
    """Where each province is named (by name, city or abbreviation), in the message's order."""
    folded = fold(text)
    found: list[tuple[int, str]] = []
    for code, names in PROVINCE_NAMES.items():
        for name in names:
            for match in re.finditer(rf"\b{re.escape(name)}\b", folded):
                found.append((match.start(), code))
    for city, code in MORE_CITIES.items():
        for match in re.finditer(rf"\b{re.escape(city)}\b", folded):
            found.append((match.start(), code))
    for city in NAME_LIKE_CITIES:
        for match in re.finditer(rf"{_PLACE_BEFORE}({re.escape(city)})\b", folded):
            found.append((match.start(1), CITIES[city]))
    return sorted(found)


def find_provinces(text: str) -> list[str]:
    """Every province a message names, in its order ("tax in Ontario vs Alberta": ON, AB)."""
    codes = list(dict.fromkeys(code for _, code in _province_spans(text)))
    if not codes:
        one = find_province(text)
        return [one] if one else []
    return codes


def find_province(text: str) -> str | None:
    folded = fold(text)
    spans = _province_spans(text)
    if spans:
        return spans[0][1]
    undotted = re.sub(r"\b([a-z])\.([a-z])\.(?:([a-z])\.)?", lambda m: "".join(g or "" for g in m.groups()), folded)
    for abbreviation in _ABBREVIATIONS_ANY_CASE:
        if re.search(rf"\b{abbreviation.lower()}\b", undotted):
            return "PE" if abbreviation == "PEI" else abbreviation
    for abbreviation in _ABBREVIATIONS_UPPER_ONLY:
        if re.search(rf"\b{abbreviation}\b", text):
            return abbreviation
    # A lower-case "on"/"ab" only counts right after "in"/"en" at the end of a clause ("taxes in on?").
    match = re.search(r"\b(?:in|en)\s(on|ab)\b\s*(?:[?.!,]|$)", folded)
    return match.group(1).upper() if match else None


def find_account(words: list[str]) -> str | None:
    for word in words:
        word = word[:-1] if word in ("tfsas", "rrsps", "fhsas", "resps", "celis", "reers") else word
        if word in ("tfsa", "celi"):
            return "tfsa"
        if word in ("rrsp", "reer"):
            return "rrsp"
        if word in ("fhsa", "celiapp"):
            return "fhsa"
        if word in ("resp", "reee"):
            return "resp"
    return None


_FLOWS = frozenset({"spending", "income", "take_home", "savings", "payment"})


def _periods_shared(folded: str, amounts: list[Amount]) -> list[Amount]:
    """A flow said without its period takes the one of the flow said just before it in the same sentence, when they
    are of a size: "my take-home is 9k a month and I spend 7,200" spends 7,200 a month."""
    out: list[Amount] = []
    for amount in amounts:
        before = out[-1] if out else None
        if amount.period is None and amount.role in _FLOWS and before is not None and before.period is not None \
                and before.role in _FLOWS and before.value > 0 and Decimal("0.1") <= amount.value / before.value <= 10 \
                and not re.search(r"[.;!?]", folded[before.start:amount.start]):
            amount = replace(amount, period=before.period)
        out.append(amount)
    return out


def extract(text: str) -> Slots:
    """Every value a message states."""
    folded = fold(text)
    folded, scaled = digitise_marked(folded)  # numbers said in words, as voice onboarding reads them
    slots = Slots()
    used: list[tuple[int, int]] = []

    split = _SPLIT.search(folded)
    if split and split.group(3):
        slots.split = tuple(Decimal(g) for g in split.groups() if g)
        used.append(split.span())

    for match in _PERCENT.finditer(folded):
        if _spans_overlap(*match.span(), used):
            continue
        value = _to_decimal(match.group(1))
        if value is None:
            continue
        role = _role_near(folded, match.start(), match.end(), PERCENT_ROLES)
        slots.rates.append(Rate(round(float(value) / 100, 6), role, match.group(0), match.start()))
        used.append(match.span())

    for match in (*_CURRENT_AGE.finditer(folded), *_AGE_AFTER.finditer(folded)):  # ages now, not targets
        group = 1 if match.group(1) is not None else 2
        if match.group(0).startswith("age") and _TARGET_BEFORE_AGE.search(folded[:match.start()]):
            continue  # "set retirement age 55": a target age (read below), not how old they are
        if not _spans_overlap(*match.span(group), used) and 16 <= int(match.group(group)) <= 100:
            slots.current_age = int(match.group(group))
            used.append(match.span(group))
    for match in _FRENCH_TARGET_AGE.finditer(folded):
        if not _spans_overlap(*match.span(1), used) and 40 <= int(match.group(1)) <= 100:
            slots.ages.append(int(match.group(1)))
            used.append(match.span())
    for match in _BARE_RATE.finditer(folded):
        value = _to_decimal(match.group(1))
        if value is None or _spans_overlap(*match.span(1), used) or not Decimal("0.5") <= value <= 20:
            continue
        if "." not in match.group(1) and "," not in match.group(1) and not re.match(
                r"\s*(?:a|per|each) year|\s*annually|\s*par an", folded[match.end(1):match.end(1) + 12]):
            continue  # "returns 6" alone is too thin; "6 a year" or "6.5" is a rate
        slots.rates.append(Rate(round(float(value) / 100, 6), "return", match.group(0), match.start(1)))
        used.append(match.span(1))
    for match in _BARE_INTEREST.finditer(folded):  # "rate 4.25": an interest rate said without "%"
        group = 1 if match.group(1) is not None else 2
        value = _to_decimal(match.group(group))
        if value is not None and not _spans_overlap(*match.span(group), used) and Decimal("0.5") <= value <= 30:
            slots.rates.append(Rate(round(float(value) / 100, 6), "interest", match.group(0), match.start(group)))
            used.append(match.span(group))
    for match in _DURATION.finditer(folded):
        if not _spans_overlap(*match.span(), used):
            slots.durations.append(int(match.group(1)))
            used.append(match.span())
    for match in _MONTHS.finditer(folded):
        if not _spans_overlap(*match.span(), used):
            slots.months.append(int(match.group(1)))
            used.append(match.span())
    for match in _BIRTH_YEAR.finditer(folded):
        slots.birth_year = int(match.group(1))
        used.append(match.span(1))
    for match in _AGE.finditer(folded):
        age = int(match.group(1))
        if not _spans_overlap(*match.span(1), used) and 16 <= age <= 100:
            slots.ages.append(age)
            used.append(match.span(1))
    for match in _CALENDAR_YEAR.finditer(folded):
        if not _spans_overlap(*match.span(), used) and not _spans_overlap(*match.span(), scaled):  # "2k" is no year
            slots.calendar_years.append(int(match.group(1)))
            used.append(match.span())

    for match in _MONEY.finditer(folded):
        if _spans_overlap(match.start("num"), match.end("num"), used):
            continue
        value = _to_decimal(match.group("num"))
        if value is None:
            continue
        suffix = (match.group("suffix") or "").strip()
        if suffix in ("k", "grand", "thousand", "mille"):
            value *= 1000
        elif suffix in ("m", "mm", "mil", "million", "millions"):
            value *= 1_000_000
        elif suffix == "bn":
            value *= 1_000_000_000
        currency = bool(match.group("pre") or match.group("post"))
        end = match.end()
        period = _period(folded, match.start(), end)
        if not currency and not suffix and value < 20 and period is None:
            continue  # small bare numbers are counts, not money ("15 a month" is money)
        role = _role_near(folded, match.start(), end, ROLE_WORDS)
        pay = _PAY_PERIOD.match(folded[end:end + 40]) or _PAY_PERIOD_BEFORE.search(folded[max(0, match.start() - 40):
                                                                                       match.start()])
        paid = _PAID.search(folded) if pay is None and _PER_PAY.match(folded[end:end + 30]) else None
        if pay is not None:  # paid every week or two: its monthly equivalent
            key = re.sub(r"^(?:a|per|each) ", "", pay.group("p"))
            value, period = (value * Decimal(str(_PAY_FACTOR.get(key, 26 / 12)))).quantize(Decimal("0.01")), "month"
        elif paid is not None:  # "250 more every paycheque ... I'm paid bi-weekly"
            factor = _PAID_FACTOR.get(paid.group(1), 26 / 12)
            value, period = (value * Decimal(str(factor))).quantize(Decimal("0.01")), "month"
        slots.amounts.append(Amount(value, period, role, match.group(0).strip(), match.start()))
    slots.amounts = _periods_shared(folded, slots.amounts)
    slots.provinces = find_provinces(text)
    slots.province = slots.provinces[0] if slots.provinces else None
    slots.account = find_account(tokens(text))
    return slots


# --- safety ----------------------------------------------------------------------------------------------------

_INJECTION = re.compile(
    r"ignore (?:all |any |the |your |my )?(?:previous|prior|above|earlier|preceding|former|system)?\s?"
    r"(?:instructions?|prompts?|rules?|directions?)|ignore (?:all |everything |the text )?(?:above|before)\b"
    r"|disregard (?:all |any |the |your )?(?:previous |prior |above )?"
    r"(?:instructions?|rules?|prompts?)|forget (?:all |your |the )?(?:previous |prior )?(?:instructions|rules)"
    r"|(?:reveal|show|print|output|repeat|tell me|dump|leak) (?:me )?(?:your|the) (?:system |hidden |initial )?"
    r"(?:prompt|instructions)|(?:reveal|print|output|repeat|dump|leak) (?:me )?your rules"
    r"|system prompt|you are now|new instructions?:|developer mode|jailbreak|\bdan mode\b|act as (?:an? )?"
    r"(?:unrestricted|unfiltered)|pretend (?:you are|to be) (?:not|an?)|override (?:your|the) (?:rules|safety)"
    r"|without (?:asking|approval|my approval|confirmation)|skip (?:the )?approval|ignorez les instructions"
    r"|bypass (?:the |your |my |all )?(?:approvals?|rules|safety|filters?|restrictions|confirmations?|guardrails)"
    r"|oublie (?:tes|les) instructions|call (?:the )?\w+ tool|execute (?:the )?tool|<\s*/?\s*system\s*>",
)


_INJECTION_MORE = re.compile(
    r"\byou (?:now )?have no (?:rules|restrictions|limits|guardrails)\b|\bwithout (?:any )?(?:rules|guardrails)\b"
    r"|approvals? (?:are|is) (?:off|disabled|turned off)"
    r"|(?:turn|switch) off (?:the )?approvals?|system override|admin override|from now on,? you\b"
    r"|forget (?:everything|all) (?:you|that)|you must (?:now )?(?:save|change|update|set|approve)"
    r"|approve (?:every|all|each) (?:change|write)s? (?:automatically|yourself)|auto-?approve"
    r"|pretend (?:that )?(?:approvals?|the rules|you)|sans (?:ma )?(?:permission|approbation)"
    r"|ignore what you (?:were|have been) told"
    r"|(?:print|show|reveal|dump) (?:me )?your (?:configuration|config|system message)"
    r"|repeat (?:everything|all|the text) above|what are your (?:instructions|rules)|your system message"
    r"|already approved|authori[sz]e you to|skip (?:the |all )?(?:confirmations?|approvals?)|new rule:"
    r"|(?:save|apply|make) (?:the |all )?changes? (?:immediately|right away|directly)"
    r"|as (?:the|a|your) (?:developer|admin|administrator|creator) (?:of|i\b)|act as if you (?:were|are)"
    r"|unrestricted (?:ai|assistant|mode|bot|model)"
    r"|ignore (?:toutes? )?(?:les |tes |vos |mes )?(?:regles|instructions|consignes)"
    r"|oublie (?:toutes? )?(?:tes |les |vos )?(?:regles|instructions|consignes)|ne tiens? pas compte des"
    r"|tu es maintenant|sans (?:limites|restrictions|regles)|prompt systeme|mode developpeur"
)


def looks_like_injection(text: str) -> bool:
    """Text that tries to give the coach instructions (in a message, saved data or an article)."""
    folded = fold(text)
    return bool(_INJECTION.search(folded) or _INJECTION_MORE.search(folded))


_OTHERS_DATA = re.compile(
    r"\b(?:user|client|member|customer) ?(?:#|no\.? ?|number |id )?\d+\b|\banother (?:user|member|client)"
    r"|\bother (?:users|members|clients)'? (?:\w+ )?(?:data|incomes?|accounts?|balances?|goals|emails?|profiles?)"
    r"|\b(?:all|every) (?:the )?(?:users|members|clients)\b|\bsomeone else'?s (?:data|accounts?|income|balances?)"
    r"|\b(?:users'|members'|clients') (?:emails?|data|accounts?|balances?|incomes?)"
    r"|\b(?:show|see|tell me|give me|list|access|look at|get|what is|what's|whats|open) (?:me )?(?:my |the |our )?"
    r"(?:neighbou?r|friend|coworker|co-worker|colleague|boss|brother|sister|cousin|roommate|ex|parents|dad|mom)'?s "
    r"(?:\w+ )?(?:data|income|salary|accounts?|balances?|goals|budget|net worth|savings|profile|tfsa|rrsp|credit)"
    r"|d'un autre (?:utilisateur|membre)|des autres utilisateurs"
    r"|\b(?:neighbou?r|friend|coworker|co-worker|colleague|boss|brother|sister|cousin|roommate)\b[^.?!]{0,80}[.?!]?"
    r"[^.?!]{0,40}\b(?:his|her|their|son|sa|ses) (?:net worth|income|salary|accounts?|balances?|savings|tfsa|rrsp|"
    r"goals|budget|valeur nette|revenu|salaire|comptes?)"
    r"|\b(?:accounts?|data|profile|balances?|goals|income) (?:of|for) (?:user )?[a-z0-9._%+-]+@[a-z0-9.-]+"
    r"|\buser [a-z0-9._%+-]+@[a-z0-9.-]+|\b(?:every|all) (?:other )?users?'?s?\b"
    # An e-mail address beside what is kept of a person ("the accounts of marc@..."), "de l'utilisateur", an ex,
    # someone who "uses this app too": never the household's own data.
    r"|[a-z0-9._%+-]+@[a-z0-9-]+\.[a-z.]+.{0,40}\b(?:data|accounts?|balances?|income|salary|profile|net worth|rrsp|"
    r"tfsa|comptes?|donnees|soldes?|revenu|salaire|profil|reer|celi)\b"
    r"|\b(?:data|accounts?|balances?|income|salary|profile|net worth|rrsp|tfsa|comptes?|donnees|soldes?|revenu|"
    r"salaire|profil|reer|celi)\b.{0,40}[a-z0-9._%+-]+@[a-z0-9-]+\.[a-z]"
    r"|\b(?:de|d') ?l'?(?:utilisateur|utilisatrice|usager|membre)\b|\bd'un(?:e)? (?:autre )?(?:client|cliente)\b"
    r"|\b(?:my|mon|ma) (?:ex|ex-wife|ex-husband|ex-partner|ex-girlfriend|ex-boyfriend|ex-femme|ex-mari|ex-conjointe?)"
    r"\b.{0,120}\b(?:her|his|their|she|he|they|sa|son|ses)\b"
    r"|\b(?:uses|is on|has an account on|has an account in) (?:this app|fire ?path|the app)\b.{0,120}\b(?:her|his|"
    r"their)\b"
    r"|\b(?:utilise|est sur) (?:aussi )?(?:l'app|l'application|fire ?path)\b.{0,120}\b(?:sa|son|ses|leur)\b"
    # French: "le profil financier de mon voisin", "le salaire de ma collegue", "mon voisin ... son revenu"
    r"|\b(?:profil|donnees|revenus?|salaire|comptes?|soldes?|valeur nette|epargne|objectifs|budget|reer|celi|finances)"
    r"(?: financiers?| financieres?)? (?:de|du|d') ?(?:mon|ma|notre|un|une) (?:voisin|voisine|ami|amie|collegue|patron|"
    r"patronne|frere|soeur|cousin|cousine|coloc|colocataire|beau-frere|belle-soeur|ex)\b"
    r"|\b(?:mon|ma) (?:voisin|voisine|ami|amie|collegue|patron|patronne|frere|soeur|cousin|cousine|coloc)\b[^.?!]{0,80}"
    r"\b(?:son|sa|ses|leur) (?:profil|revenu|salaire|comptes?|valeur nette|epargne|budget|reer|celi)")
_ADMIN = re.compile(
    r"\bmake me (?:an? |the )?(?:admin|administrator|moderator|superuser)|\b(?:admin|administrator|moderator) "
    r"(?:rights|access|powers?|role|privileges?|panel|mode|account)|\bas (?:an? |the )?(?:admin|administrator)\b"
    r"|\b(?:superuser|super user|root access|sudo)\b|\b(?:become|i am|i'm) (?:an? |the )?(?:admin|administrator)\b"
    r"|\bdroits? d'admin"
    r"|\b(?:connection string|api keys?|secret keys?|jwt secret|env(?:ironment)? variables|database (?:url|password|"
    r"credentials)|credentials you (?:have|use)|server logs|maintenance task)\b")
# Hiding income from the CRA or claiming what was not paid: refused, whatever the wording.
_INSTITUTIONS = ("questrade|wealthsimple|td|td bank|td direct investing|rbc|bmo|scotia|scotiabank|cibc|desjardins|"
                 "tangerine|eq bank|simplii|national bank|banque nationale|interactive brokers|ibkr|qtrade|"
                 "disnat|bank account|online banking|brokerage|broker|bank|banque|courtier")
_ACCOUNT_ACCESS = re.compile(
    r"\blog ?(?:me )?in (?:as|to|into) (?!my\b|fire ?path\b|the app\b)|\bsign ?in as\b|\b(?:change|reset|give me|tel"
    r"l me|"
    r"what'?s) (?:his|her|their|someone'?s|[a-z]+'s) (?:password|login|pin|security question)"
    r"|\b(?:access|get into|open) (?:his|her|their|[a-z]+'s) (?:account|profile|login)"
    r"|\bconnecte-moi (?:comme|en tant que)|\b(?:change|reinitialise) (?:son|leur) mot de passe"
    # Into a bank or brokerage ("log into my questrade"), or a password handed over: the app has neither.
    rf"|\b(?:log ?(?:me )?in(?:to)?|sign ?in(?:to)?|connecte-toi a) (?:to )?(?:my |mon |ma )?"
    rf"(?:{_INSTITUTIONS})\b"
    r"|\b(?:my |the )?password (?:is\b|(?:for|to)\b(?! (?:the |this |my )?(?:app|fire ?path|site|website)\b))"
    r"|\bmon mot de passe (?:est|c'est)\b")  # not "forgot my password for the app": FIRE Path's own sign-in
_EVASION = re.compile(
    r"\b(?:keep|hide|leave)\b.{0,40}\b(?:off|out of|from)\b.{0,20}\b(?:tax return|the cra|cra|my taxes|revenu quebec)"
    r"|\bso (?:the )?cra (?:doesn'?t|won'?t|does not|will not) (?:notice|find|know|see)"
    r"|\b(?:fake|forged?|false|phony)\b.{0,30}\b(?:receipts?|slips?|t4s?|invoices?|donation)"
    r"|\breceipts?\b.{0,60}\b(?:didn'?t|did not|never) (?:actually )?(?:contribute|make|pay|donate)"
    r"|\b(?:not|without|avoid) (?:declaring|reporting|declare|report)\b.{0,40}\b(?:income|cash|tips|revenue)"
    r"|\bcacher\b.{0,40}\b(?:impot|revenu|arc)|\bau noir\b"
    r"|\b(?:not|never|don'?t|without) (?:mention|mentioning|declare|declaring|report|reporting|include|including|tel"
    r"l(?:ing)?"
    r" the cra about)\b.{0,50}\b(?:income|cash|tips|revenue|rental|rent|earnings|side (?:gig|hustle|job))"
    r"|\bhide (?:it|this|that|the income|my income|the cash|the money)\b.{0,30}\b(?:properly|from|cra|tax|so)"
    r"|\bhow (?:do|can|should) i hide\b|\bskip (?:the )?(?:hst|gst|pst|tps|tvq|sales tax)\b"
    r"|\b(?:off the books|under the table)\b|\bsans (?:le )?declarer\b"
    r"|\bso (?:they|it|that|the bank|nothing) (?:don'?t|doesn'?t|won'?t|does not|will not|never) (?:get )?"
    r"(?:reported|flagged|noticed|show up)|\bstructur(?:e|ing) (?:my |the |our )?(?:bank )?(?:deposits?|withdrawals?|"
    r"cash)|\bunder (?:the )?\$?10,?000\b.{0,40}\b(?:reported|report|flag|fintrac)"
    r"|\b(?:pas|jamais|ne pas) (?:le |la |les |l')?declarer\b|\bsans que (?:l'arc|revenu quebec|le fisc)")
_FRENCH_PICK = re.compile(
    r"\b(?:quelle|quelles|quel|quels)\s+(?:action|actions|fnb|fonds|crypto|cryptomonnaie|titre|titres)\b.{0,60}"
    r"\b(?:acheter|vendre|choisir|prendre)\b|\b(?:acheter|vendre)\s+(?:quelle|quelles|des|une|cette)\s+"
    r"(?:action|actions|crypto|cryptomonnaie)"
    r"|\b(?:quelle|quelles|quel|quels)\s+(?:action|actions|fnb|fonds|crypto|cryptomonnaie|titre|titres)\b.{0,40}"
    r"\b(?:va|vont|devrait|devraient)\s+(?:exploser|monter|grimper|doubler|performer|rapporter|decoller)"
    r"|\bdonne-moi (?:juste |seulement )?(?:un|le|des) (?:nom|noms|symbole|ticker)\b"
    r"|\b(?:which|what) (?:stock|stocks|etf|etfs|crypto|coin|share|shares)\b.{0,40}\b(?:will|is going to|gonna)\s+"
    r"(?:explode|moon|double|skyrocket|take off|pop|blow up)")
_QUESTION = re.compile(r"\?|\b(?:how long|how much|is it|should|worth|what if|how do|how does|can you transfer a)\b")
_MONEY_MOVE = re.compile(
    r"^(?:(?:ok|okay|alright|so|now|then|and|just|great|cool|perfect)[,!. ]+)*"
    r"(?:please |can you |could you |would you |pls )?(?:transfer|move|send|wire|e-?transfer|deposit|withdraw|pay)"
    r"\b(?! (?:down|off|me)\b)(?=.*(?:\$ ?\d|\d+ ?k?\b(?: of (?:it|that|this|those))? (?:to|into|from|in)\b"
    r"|\bmy (?:\w+ )?(?:card|bill|loan|rent|"
    r"mortgage payment|account|tfsa|rrsp|savings|chequing|checking)\b|\bfor me\b))"
    r"|\b(?:make|do|initiate|process) (?:a|the|an) (?:transfer|payment|withdrawal|deposit|e-?transfer)\b"
    r"|^(?:vire|transfere|envoie|paie)\b"
    r"|\b(?:open|close|fund) (?:a |an |my |the |me a )?(?:new )?(?:tfsa|rrsp|fhsa|resp|rrif|lira|account|chequing|"
    r"checking|savings account|brokerage account|celi|reer|celiapp)\b(?!-)(?![^.?!]{0,40}\b(?:article|guide|page|"
    r"topic|help|screen|settings)\b).{0,40}\b(?:for me|at|with)\b"
    r"|\bfund it (?:with|from)\b|\b(?:ouvre|ouvrir|ferme)(?:-moi)? (?:un|une|mon|ma) (?:nouveau |nouvelle )?(?:celi|"
    r"reer|celiapp|reee|compte)\b.{0,40}\b(?:chez|pour moi|a la)\b")
_MONTH_NAMES = "january|february|march|april|may|june|july|august|september|october|november|december"
_TRANSACTIONS = re.compile(
    r"\btransactions?\b|\bpurchases?\b|\b(?:i|we) spent at\b|\bdid (?:i|we) (?:spend|buy|pay)\b"
    rf".*\b(?:at|yesterday|last (?:week|month|year)|this (?:week|month)|in (?:{_MONTH_NAMES}))\b"
    r"|\bcharges? on my (?:card|visa|mastercard|amex)|\bbank statement|\bcard statement"
    r"|\bmes transactions\b|\bmes achats\b|\bchaque achat\b|\bj'?ai depense chez\b|\bdepense chez \w+ en\b")


def asks_for_others_data(text: str) -> bool:
    """Someone else's data: another user's, a neighbour's, "user 42". (A partner in the household is not someone
    else: the plan is the household's.)"""
    return bool(_OTHERS_DATA.search(fold(text)))


def asks_for_admin(text: str) -> bool:
    return bool(_ADMIN.search(fold(text)))


def asks_for_account_access(text: str) -> bool:
    """Signing in as someone, or changing or reading someone's password ("log in as Daniel and change his
    password")."""
    return bool(_ACCOUNT_ACCESS.search(fold(text)))


# An order to trade ("sell everything in my RRSP right now", "buy 50 units of XEQT"): the app has no brokerage access.
_TRADE = re.compile(
    r"^(?:please |pls |can you |could you |just |ok |okay |now )?(?:sell|buy|liquidate|cash out|dump|short|vends|ach"
    r"ete|"
    r"liquide)\b|\b(?:sell|buy|liquidate|cash out|dump|vends|achete|liquide)\b(?: off)? (?:everything|it all|all of it|"
    r"all my|all our|tout|toutes? mes)\b|\b(?:sell|liquidate|cash out|vends|liquide)\b[^.?!]{0,30}\b(?:right now|now"
    r"|today|"
    r"immediately|asap|tout de suite|maintenant)\b")


def asks_to_trade(text: str) -> bool:
    return bool(_TRADE.search(fold(text).strip()))


def asks_for_evasion(text: str) -> bool:
    """Help hiding income from the CRA or inventing receipts and deductions."""
    return bool(_EVASION.search(fold(text)))


def asks_to_move_money(text: str) -> bool:
    """An instruction to move money ("transfer $5,000 from my TFSA to my RRSP", "pay my card"): the app records and
    plans; it has no access to anyone's bank."""
    folded = fold(text).strip()
    if re.search(r"^(?:please |can you |could you )?pay (?:off|down) \b.{0,60}\b(?:using|with|from)\b.{0,30}"
                 r"\b(?:line of credit|loc|heloc|savings|chequing|checking|tfsa|account)\b", folded):
        return True  # "pay off my amex using the line of credit, do it now"
    return bool(_MONEY_MOVE.search(folded)) and not _QUESTION.search(folded)


def asks_for_transactions(text: str) -> bool:
    """Card or bank transactions ("what did I spend at Costco?"): the app keeps budgets and monthly figures, not a
    transaction history."""
    return bool(_TRANSACTIONS.search(fold(text)))


_STOPWORDS = {
    "en": wordset("the and is are my i you what how much can should do we our to of in for with a an it when"),
    "fr": wordset("le la les et est mon ma mes je tu vous quoi comment combien peux dois nous notre de du des un une "
                  "pour avec quand que qu est ce"),
    "es": wordset("el los las y es mi mis yo tu usted qué cómo cuánto puedo debo nosotros nuestro del para con cuándo "
                  "dinero jubilarme ahorrar quiero tengo"),
    "de": wordset("der die das und ist mein meine ich du sie was wie viel kann soll wir unser zu von im für mit wann "
                  "geld rente sparen"),
    "pt": wordset("o os as e é meu minha eu você quanto posso devo nós nosso do da para com quando dinheiro "
                  "aposentar poupar"),
    "it": wordset("il lo gli e è mio mia io tu cosa come quanto posso devo noi nostro del della per con quando soldi "
                  "pensione risparmiare"),
}
_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
_LATIN = re.compile(r"[a-zA-Z\u00C0-\u024F]")


def other_language(text: str) -> bool:
    """A message in a language other than English or French: mostly letters of another script, or more words of
    Spanish, German, Portuguese or Italian than of English and French."""
    letters = _LETTER.findall(text)
    if len(letters) >= 4 and sum(1 for c in letters if not _LATIN.match(c)) / len(letters) > 0.5:
        return True
    words = re.findall(r"[^\W\d_]+", text.lower())
    if len(words) < 3:
        return False
    counts = {lang: sum(w in stop for w in words) for lang, stop in _STOPWORDS.items()}
    ours = max(counts["en"], counts["fr"])
    theirs = max(counts["es"], counts["de"], counts["pt"], counts["it"])
    return theirs >= 2 and theirs > ours


OFF_TOPIC_WORDS = wordset("""
weather recipe recipes cook cooking bake football hockey soccer basketball baseball movie movies film films
poem poetry song lyrics joke jokes translate translation homework essay code coding python javascript program
programming capital president election politics vote religion horoscope dating girlfriend boyfriend game games
celebrity diet workout medical doctor symptoms disease lawyer sue travel itinerary hotel flight flights
recette recettes cuisine meteo blague blagues chanson chansons poeme film films devoirs traduire traduction
pouding tarte gateau pizza sushi burger burgers tacos poutine shawarma pho ramen
""")

_SAVINGS_POTS = wordset("emergency day sinking vacation travel wedding education payment house home car")

SECURITY_WORDS = wordset("""
stock stocks share shares etf etfs fund funds crypto cryptocurrency bitcoin btc ethereum eth dogecoin coin
coins ticker tickers nft nfts gold option options penny
""")

PICK_WORDS = wordset("""
buy sell pick picks recommend recommendation recommendations best top which should invest short hot tip tips
""")

# Names people ask about as picks; any ALL-CAPS ticker-like word next to buy/sell counts too.
KNOWN_TICKERS = wordset("""
tesla apple nvidia amazon google microsoft meta shopify netflix xeqt veqt vfv vgro xgro zsp xiu xic vcn vdy
zag tsla aapl nvda amzn msft shop gme amc td rbc bmo enbridge suncor
""")

FINANCE_WORDS = wordset("""
money budget save saving savings invest investing investment retire retirement fire fi income salary tax taxes
tfsa rrsp fhsa resp celi reer celiapp mortgage debt loan credit spending expenses expense pension cpp oas
portfolio account accounts goal goals afford pay payment interest rate return returns inflation net worth
dividend gains emergency fund house home rent bank financial finance finances independence rule withdrawal
target cible objectif epargne impot impots retraite hypotheque dette budget revenu salaire rendement placements
placement cotisation cotiser
""")


def is_off_topic(words: list[str]) -> bool:
    return any(w in OFF_TOPIC_WORDS for w in words) and not any(w in FINANCE_WORDS for w in words)


def asks_for_security_pick(text: str, words: list[str]) -> bool:
    """A request to name specific securities to buy or sell (stocks, ETFs, funds, crypto)."""
    if _FRENCH_PICK.search(fold(text)):
        return True
    named = any(w in KNOWN_TICKERS for w in words) or bool(
        re.search(r"\b(?:buy|sell|short)\s+(?:some\s+)?\$?[A-Z]{2,5}\b", text))
    # "fund" in a savings pot ("emergency fund", "rainy day fund") is not an investment fund.
    about_securities = any(w in SECURITY_WORDS and not (w in ("fund", "funds") and i > 0 and words[i - 1] in
                                                        _SAVINGS_POTS) for i, w in enumerate(words)) or named
    picking = any(w in PICK_WORDS and not (w == "top" and i > 0 and words[i - 1] == "on")
                  for i, w in enumerate(words)) \
        or has_phrase(words, "should i") or has_phrase(words, "good time") or has_phrase(words, "give me a") \
        or has_phrase(words, "name a") or has_phrase(words, "that will") or has_phrase(words, "that'll")
    if not named and any(w in ("tax", "taxes", "taxed", "gain", "gains", "impot", "impots", "acb") for w in words):
        return False  # the tax on shares sold is a tax question, not a request for a pick
    concept = has_phrase(words, "what is") or has_phrase(words, "what are") or has_phrase(words, "explain") or \
        has_phrase(words, "how do") or has_phrase(words, "how does")
    if named and picking:
        return True
    return about_securities and picking and not concept
