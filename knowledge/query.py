"""Query understanding before search: light spelling correction and French/English account names.

Canadians search in both languages and with the French acronyms (CELI for the TFSA, REER for the RRSP,
CELIAPP for the FHSA). The glossary adds the English names next to the French ones, so both the
embedding and the full-text query see them. Words the knowledge base does not contain are corrected to
the closest word it does (edit similarity), which catches most typos ("emergancy", "contribtion").
"""

from __future__ import annotations

import difflib
import re
import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass

from knowledge.content import KnowledgeBase, plain_text, shipped_knowledge_base

# French (and abbreviated) terms -> the English words the content uses. Keys are accent-free, lower case.
GLOSSARY: dict[str, str] = {
    "celi": "tfsa tax-free savings account",
    "reer": "rrsp registered retirement savings plan",
    "celiapp": "fhsa first home savings account",
    "ferr": "rrif registered retirement income fund",
    "frv": "lif life income fund",
    "cri": "lira locked-in retirement account",
    "reee": "resp registered education savings plan",
    "reei": "rdsp registered disability savings plan",
    "rpc": "cpp canada pension plan",
    "rrq": "qpp quebec pension plan",
    "psv": "oas old age security",
    "sv": "oas old age security",
    "srg": "gis guaranteed income supplement",
    "rap": "hbp home buyers plan",
    "arc": "cra canada revenue agency",
    "impot": "tax",
    "impots": "taxes",
    "retraite": "retirement",
    "epargne": "savings",
    "epargner": "save",
    "hypotheque": "mortgage",
    "cotisation": "contribution",
    "cotisations": "contributions",
    "cotiser": "contribute",
    "plafond": "limit",
    "droits": "room",
    "urgence": "emergency",
    "fonds": "fund",
    "subvention": "grant",
    "excedent": "excess",
    "penalite": "penalty",
    "premiere": "first",
    "ans": "years age",
    "gains": "gains",
    "rente": "pension annuity",
    "pension": "pension",
    "vieillesse": "old age",
    "succession": "estate",
    "placement": "investment",
    "placements": "investments",
    "revenu": "income",
    "revenus": "income",
    "depenses": "expenses",
    "dette": "debt",
    "dettes": "debts",
    "maison": "home house",
    "achat": "purchase buying",
    "retrait": "withdrawal",
    "retraits": "withdrawals",
    "rendement": "return",
    "interets": "interest",
    "composes": "compound",
    "taux": "rate",
    "marginal": "marginal",
    "conjoint": "spousal spouse",
    "fractionnement": "splitting",
    "pret": "loan",
    "credit": "credit",
    "carte": "card",
    "budget": "budget",
    "compte": "account",
    "limite": "limit",
    "combien": "how much",
    "quand": "when",
    "prendre": "take",
}

STOPWORDS = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "de", "des", "do", "does", "du", "for",
    "from", "how", "i", "if", "in", "is", "it", "its", "la", "le", "les", "my", "of", "on", "or", "ou",
    "pour", "should", "so", "than", "that", "the", "their", "then", "there", "this", "to", "un", "une",
    "was", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your", "et",
    "est", "en", "au", "aux", "ce", "ces", "il", "je", "mon", "ma", "mes", "sur", "d", "l", "qu", "s", "t",
    "j", "n",
))

_WORD = re.compile(r"[a-z0-9]+")  # apostrophes split words: "d'urgence" -> "d", "urgence"
_WRITTEN_WORD = re.compile(r"[^\W_]+")  # a word as written, accents kept

# English account and programme names -> the French ones the French content uses, so an English query finds its
# words in French chunks too (and a French snippet marks them).
FRENCH_NAMES: dict[str, str] = {
    "tfsa": "celi", "rrsp": "reer", "fhsa": "celiapp", "rrif": "ferr", "lif": "frv", "lira": "cri",
    "resp": "reee", "rdsp": "reei", "cpp": "rpc", "qpp": "rrq", "oas": "sv", "gis": "srg", "hbp": "rap",
    "cra": "arc",
}


def fold(text: str) -> str:
    """Lower case without accents ("Épargne" -> "epargne")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace("\u2019", "'")


@dataclass(frozen=True)
class PreparedQuery:
    original: str
    corrected: str  # spelling fixed, otherwise as typed (folded)
    expanded: str  # corrected + glossary expansions: what is embedded
    terms: tuple[str, ...]  # the words for English full-text search (no stopwords)
    # The words for French full-text search: as the French content spells them (accents put back, since people
    # often type "epargne" for "épargne" and the 'french' configuration keeps accents), with the French names of
    # English acronyms.
    french_terms: tuple[str, ...] = ()


def _texts(kb: KnowledgeBase, lang: str) -> list[str]:
    """The words of `lang`'s own documents (English, or the translations written so far)."""
    base = kb.base
    translation = base.translations.get(lang)
    if lang == base.lang:
        topics, articles = base.topics, base.articles
    elif translation is not None:
        topics, articles = translation.topics, translation.articles
    else:
        return []
    return [t.title + " " + " ".join(t.tags) + " " + t.content for t in topics] + [
        a.title + " " + a.summary + " " + " ".join(a.tags) + " " + a.content for a in articles]


def _vocabulary(kb: KnowledgeBase) -> tuple[frozenset[str], tuple[str, ...], dict[str, str]]:
    """The words of every language's content (folded), the correction candidates among them, and for French
    words the spelling the French content uses most (folded -> written: "epargne" -> "épargne")."""
    words: set[str] = set()
    for doc_text in _texts(kb, "en") + _texts(kb, "fr"):
        words.update(_WORD.findall(fold(plain_text(doc_text))))
    words.update(GLOSSARY)
    spellings: dict[str, Counter[str]] = {}
    for doc_text in _texts(kb, "fr"):
        for written in _WRITTEN_WORD.findall(plain_text(doc_text).lower()):
            folded = fold(written)
            if _WORD.fullmatch(folded):
                spellings.setdefault(folded, Counter())[written] += 1
    written_as = {folded: counts.most_common(1)[0][0] for folded, counts in spellings.items()
                  if counts.most_common(1)[0][0] != folded}
    vocabulary = frozenset(words)
    return vocabulary, tuple(sorted(w for w in vocabulary if len(w) >= 4)), written_as


def _correct(word: str, vocabulary: frozenset[str], candidates: tuple[str, ...]) -> str:
    if word in vocabulary or len(word) < 4 or word.isdigit() or word in STOPWORDS:
        return word
    # A ratio of 0.8 is out of reach for words whose lengths differ by more than a fifth: skip those.
    near = [c for c in candidates if abs(len(c) - len(word)) <= max(1, len(word) // 5)]
    close = difflib.get_close_matches(word, near, n=1, cutoff=0.8)
    return close[0] if close else word


@dataclass
class _Analyser:
    """A knowledge base's vocabulary and the queries already prepared against it."""

    kb: KnowledgeBase
    vocabulary: frozenset[str]
    candidates: tuple[str, ...]
    written_as: dict[str, str]

    def __post_init__(self) -> None:
        self.prepared: dict[str, PreparedQuery] = {}


_analysers: dict[int, _Analyser] = {}
_lock = threading.Lock()


def _analyser(kb: KnowledgeBase) -> _Analyser:
    with _lock:
        found = _analysers.get(id(kb))
        if found is None or found.kb is not kb:
            if len(_analysers) >= 8:
                _analysers.clear()
            found = _analysers[id(kb)] = _Analyser(kb, *_vocabulary(kb))
        return found


def _prepare(text: str, analyser: _Analyser) -> PreparedQuery:
    folded = fold(text).strip()
    words = _WORD.findall(folded)
    corrected_words = [_correct(w, analyser.vocabulary, analyser.candidates) for w in words]
    corrected = " ".join(corrected_words) if words else folded
    expansions = [GLOSSARY[w] for w in dict.fromkeys(corrected_words) if w in GLOSSARY and GLOSSARY[w] != w]
    expanded = f"{corrected} ({'; '.join(expansions)})" if expansions else corrected
    terms: list[str] = []
    for word in corrected_words + " ".join(expansions).split():
        for part in word.split("-"):
            if part and part not in STOPWORDS and part not in terms:
                terms.append(part)
    french: list[str] = []
    for word in corrected_words + [FRENCH_NAMES[w] for w in corrected_words if w in FRENCH_NAMES]:
        written = analyser.written_as.get(word, word)
        if word not in STOPWORDS and written not in french:
            french.append(written)
    return PreparedQuery(original=text, corrected=corrected, expanded=expanded, terms=tuple(terms),
                         french_terms=tuple(french))


def prepare(text: str, kb: KnowledgeBase | None = None) -> PreparedQuery:
    """The query ready for search, in any language (cached per knowledge base: people repeat searches)."""
    analyser = _analyser((kb or shipped_knowledge_base()).base)
    found = analyser.prepared.get(text)
    if found is None:
        if len(analyser.prepared) >= 4096:
            analyser.prepared.clear()
        found = analyser.prepared[text] = _prepare(text, analyser)
    return found
