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


def fold(text: str) -> str:
    """Lower case without accents ("Épargne" -> "epargne")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace("\u2019", "'")


@dataclass(frozen=True)
class PreparedQuery:
    original: str
    corrected: str  # spelling fixed, otherwise as typed (folded)
    expanded: str  # corrected + glossary expansions: what is embedded
    terms: tuple[str, ...]  # the words for full-text search (no stopwords)


def _vocabulary(kb: KnowledgeBase) -> tuple[frozenset[str], tuple[str, ...]]:
    words: set[str] = set()
    for doc_text in [t.title + " " + " ".join(t.tags) + " " + t.content for t in kb.topics] + [
        a.title + " " + a.summary + " " + " ".join(a.tags) + " " + a.content for a in kb.articles
    ]:
        words.update(_WORD.findall(fold(plain_text(doc_text))))
    words.update(GLOSSARY)
    vocabulary = frozenset(words)
    return vocabulary, tuple(sorted(w for w in vocabulary if len(w) >= 4))


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


def _prepare(text: str, vocabulary: frozenset[str], candidates: tuple[str, ...]) -> PreparedQuery:
    folded = fold(text).strip()
    words = _WORD.findall(folded)
    corrected_words = [_correct(w, vocabulary, candidates) for w in words]
    corrected = " ".join(corrected_words) if words else folded
    expansions = [GLOSSARY[w] for w in dict.fromkeys(corrected_words) if w in GLOSSARY and GLOSSARY[w] != w]
    expanded = f"{corrected} ({'; '.join(expansions)})" if expansions else corrected
    terms: list[str] = []
    for word in corrected_words + " ".join(expansions).split():
        for part in word.split("-"):
            if part and part not in STOPWORDS and part not in terms:
                terms.append(part)
    return PreparedQuery(original=text, corrected=corrected, expanded=expanded, terms=tuple(terms))


def prepare(text: str, kb: KnowledgeBase | None = None) -> PreparedQuery:
    """The query ready for search (cached per knowledge base: people repeat searches)."""
    analyser = _analyser(kb or shipped_knowledge_base())
    found = analyser.prepared.get(text)
    if found is None:
        if len(analyser.prepared) >= 4096:
            analyser.prepared.clear()
        found = analyser.prepared[text] = _prepare(text, analyser.vocabulary, analyser.candidates)
    return found
