"""The Canadian reference every part of FIRE Path reads: provinces and territories (codes, English and French
names, what people type for them) and the kinds of accounts (registered or not, whose, what the plan does with
them)."""

from __future__ import annotations

from typing import Final, Literal

Province = Literal["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]
PROVINCES: Final[dict[str, tuple[str, str]]] = {  # code: (English, French)
    "AB": ("Alberta", "Alberta"), "BC": ("British Columbia", "Colombie-Britannique"),
    "MB": ("Manitoba", "Manitoba"), "NB": ("New Brunswick", "Nouveau-Brunswick"),
    "NL": ("Newfoundland and Labrador", "Terre-Neuve-et-Labrador"), "NS": ("Nova Scotia", "Nouvelle-Écosse"),
    "NT": ("Northwest Territories", "Territoires du Nord-Ouest"), "NU": ("Nunavut", "Nunavut"),
    "ON": ("Ontario", "Ontario"), "PE": ("Prince Edward Island", "Île-du-Prince-Édouard"),
    "QC": ("Quebec", "Québec"), "SK": ("Saskatchewan", "Saskatchewan"), "YT": ("Yukon", "Yukon"),
}
PROVINCE_CODES: Final = tuple(PROVINCES)
# What people say or type for a province besides its names, lower case without accents or dots: safe to look
# for in running text (coach messages, voice onboarding).
PROVINCE_ALIASES: Final[dict[str, Province]] = {
    "alta": "AB", "b c": "BC", "sask": "SK", "nwt": "NT", "newfoundland": "NL", "nfld": "NL", "labrador": "NL",
    "terre neuve": "NL", "pei": "PE", "p e i": "PE", "yukon territory": "YT",
}
# Aliases that are ordinary words in running text ("que" in French): read only as a whole saved value.
_SAVED_ALIASES: Final[dict[str, Province]] = {"que": "QC", "pq": "QC"}
# Cities people name for where they live. Some are also people's names: read those only where a place is asked
# for (voice onboarding), never in free conversation.
CITIES: Final[dict[str, Province]] = {
    "toronto": "ON", "ottawa": "ON", "hamilton": "ON", "mississauga": "ON", "london ontario": "ON",
    "montreal": "QC", "quebec city": "QC", "gatineau": "QC", "vancouver": "BC", "victoria": "BC",
    "calgary": "AB", "edmonton": "AB", "winnipeg": "MB", "regina": "SK", "saskatoon": "SK", "halifax": "NS",
    "fredericton": "NB", "moncton": "NB", "st john's": "NL", "charlottetown": "PE", "whitehorse": "YT",
    "yellowknife": "NT", "iqaluit": "NU",
}
NAME_LIKE_CITIES: Final = frozenset({"hamilton", "victoria", "regina"})


def _plain(text: str) -> str:
    text = text.strip().lower().replace(".", "")
    for accented, plain in (("é", "e"), ("è", "e"), ("ê", "e"), ("î", "i"), ("ô", "o"), ("ç", "c")):
        text = text.replace(accented, plain)
    return text


def province_mentions(*, accented: bool = False) -> dict[str, Province]:
    """Every way to name a province in running text (English and French names and the aliases), lower case, each
    with hyphens and with spaces; without accents, and with them too when `accented`."""
    words: dict[str, Province] = {}
    for code, names in PROVINCES.items():
        for name in names:
            forms = {_plain(name)} | ({name.lower()} if accented else set())
            for form in forms:
                words[form] = code  # type: ignore[assignment]
    words.update(PROVINCE_ALIASES)
    for word, code in list(words.items()):
        words.setdefault(word.replace("-", " "), code)
        words.setdefault(word.replace(" ", "-"), code)
    return words


_BY_NAME = province_mentions() | _SAVED_ALIASES


def province_code(saved: str | None) -> Province | None:
    """The code of a saved province ('ON', 'Ontario', 'Québec', 'pei'...), or None if not recognised."""
    if not saved:
        return None
    text = _plain(saved)
    code = text.upper() if text.upper() in PROVINCES else _BY_NAME.get(text)
    return code  # type: ignore[return-value]


# Account types as saved (lower-case) and what the plan makes of them.
AccountKind = Literal["tfsa", "rrsp", "fhsa", "non_registered", "cash", "other"]
ACCOUNT_KINDS: Final[dict[str, AccountKind]] = {
    "tfsa": "tfsa", "celi": "tfsa",
    "rrsp": "rrsp", "reer": "rrsp", "rrif": "rrsp", "ferr": "rrsp", "lira": "rrsp", "lif": "rrsp",
    "spousal rrsp": "rrsp", "group rrsp": "rrsp", "dc pension": "rrsp",
    "fhsa": "fhsa", "celiapp": "fhsa",
    "non-registered": "non_registered", "non_registered": "non_registered", "margin": "non_registered",
    "brokerage": "non_registered", "investment": "non_registered", "taxable": "non_registered",
    "chequing": "cash", "checking": "cash", "savings": "cash", "hisa": "cash", "cash": "cash", "gic": "cash",
    # Money for someone else's goals: in net worth, not in the household's retirement savings.
    "resp": "other", "rdsp": "other",
}


def account_kind(account_type: str) -> AccountKind:
    """What the plan does with an account type; unknown types count as cash (money at hand, not invested)."""
    return ACCOUNT_KINDS.get(account_type.strip().lower(), "cash")


CASH_TYPES: Final = tuple(t for t, kind in ACCOUNT_KINDS.items() if kind == "cash")
