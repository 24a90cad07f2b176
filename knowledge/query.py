"""Query understanding before search: the query's language, light spelling correction, and its words in the
other language.

Canadians search in both languages and with the French acronyms (CELI for the TFSA, REER for the RRSP,
CELIAPP for the FHSA). The glossary adds the English names next to the French ones, and other French words
gain the English words the translations pair them with (`knowledge.lexicon`), so the embedding and the
English full-text query see them; English acronyms gain their French names for the French full text. The
query's language is read from its words (how often each language's content uses them). Words the knowledge
base does not contain are corrected to the closest word it does (edit similarity), preferring the words of
the query's language, else the reader's ("emergancy", "contribtion", "mot de pase"); French words get back
the accents the French content writes them with ("epargne" -> "épargne"), since the 'french' text-search
configuration keeps accents.
"""

from __future__ import annotations

import difflib
import re
import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from knowledge.content import KnowledgeBase, plain_text, shipped_knowledge_base
from knowledge.lexicon import learn

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
    # French function words (never corrected: "je suis" must not become "je suits")
    "suis", "es", "sommes", "etes", "sont", "ai", "as", "avons", "avez", "ont", "ne", "pas", "que", "qui", "quoi",
    "dans", "par", "avec", "sans", "sous", "mais", "donc", "ni", "se", "sa", "ses", "leur", "leurs",
    "nous", "vous", "ils", "elle", "elles", "on", "y", "cette", "cet", "notre", "votre", "nos", "vos", "tu", "te",
    "toi", "moi", "me", "lui", "eux", "ca", "cela", "ceci", "quel", "quelle", "quels", "quelles", "comment",
    "pourquoi", "ou", "si", "tres", "aussi", "alors", "puis", "vers", "chez", "entre", "depuis", "pendant", "avant",
    "apres", "encore", "deja", "peut", "faut", "dois", "doit", "veux", "fait", "faire", "etre", "avoir", "c",
    "m",
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


_COMBINING = re.compile(r"[\u0300-\u036f]")  # the combining accents NFKD splits off Latin letters


def fold(text: str) -> str:
    """Lower case without accents ("Épargne" -> "epargne")."""
    return _COMBINING.sub("", unicodedata.normalize("NFKD", text.lower())).replace("\u2019", "'")


@lru_cache(maxsize=1 << 16)
def _fold_word(word: str) -> str:
    """`fold` of one word, remembered: building the vocabularies folds the same words thousands of times."""
    return fold(word)


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
    lang: str | None = None  # the language the query reads as ("en", "fr"), None when it could be either
    english: str = ""  # the query in English words, as far as the glossary and the lexicon go (embedded for the
    # English chunks when the query is French)


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


def _vocabulary(kb: KnowledgeBase) -> tuple[frozenset[str], tuple[str, ...], dict[str, str], dict[str, Counter[str]]]:
    """The words of every language's content (folded), the correction candidates among them, for French words the
    spelling the French content uses most (folded -> written: "epargne" -> "épargne"), and each language's word
    counts (how a query's words tell its language)."""
    words: set[str] = set()
    counts: dict[str, Counter[str]] = {lang: Counter() for lang in ("en", "fr")}
    for lang, counted in counts.items():
        for doc_text in _texts(kb, lang):
            found = _WORD.findall(fold(plain_text(doc_text)))
            counted.update(found)
            words.update(found)
    words.update(GLOSSARY)
    spellings: dict[str, Counter[str]] = {}
    for doc_text in _texts(kb, "fr"):
        for written in _WRITTEN_WORD.findall(plain_text(doc_text).lower()):
            folded = _fold_word(written)
            if _WORD.fullmatch(folded):
                spellings.setdefault(folded, Counter())[written] += 1
    written_as = {folded: counts.most_common(1)[0][0] for folded, counts in spellings.items()
                  if counts.most_common(1)[0][0] != folded}
    vocabulary = frozenset(words)
    return vocabulary, tuple(sorted(w for w in vocabulary if len(w) >= 4)), written_as, counts


def _correct(word: str, vocabulary: frozenset[str], candidates: tuple[str, ...], frequency: Counter[str],
             preferred: frozenset[str] = frozenset()) -> str:
    """The word, or the closest word of the knowledge base when it has none like it: first among `preferred` (the
    words of the query's or the reader's language, so "calculater" is "calculator" to an English reader and
    "calculateur" to a French one), then among all; of equally close words, the more frequent ("fond" -> "fonds",
    not "fondu")."""
    if word in vocabulary or len(word) < 4 or word.isdigit() or word in STOPWORDS:
        return word
    # A ratio of 0.8 is out of reach for words whose lengths differ by more than a fifth: skip those.
    near = [c for c in candidates if abs(len(c) - len(word)) <= max(1, len(word) // 5)]
    for pool in ([c for c in near if c in preferred], near) if preferred else (near,):
        close = difflib.get_close_matches(word, pool, n=5, cutoff=0.8)
        if close:
            return max(close, key=lambda c: (round(difflib.SequenceMatcher(None, word, c).ratio(), 9), frequency[c]))
    return word


@dataclass
class _Analyser:
    """A knowledge base's vocabulary and the queries already prepared against it."""

    kb: KnowledgeBase
    vocabulary: frozenset[str]
    candidates: tuple[str, ...]
    written_as: dict[str, str]
    counts: dict[str, Counter[str]]
    lexicon: dict[str, tuple[str, ...]] = field(default_factory=dict)  # French word -> English counterparts

    def __post_init__(self) -> None:
        self.prepared: dict[tuple[str, str | None], PreparedQuery] = {}
        self._words: dict[str, frozenset[str]] = {}

    def words_of(self, lang: str) -> frozenset[str]:
        """The words `lang`'s content uses more than the other language's does."""
        if lang not in self._words:
            mine, theirs = self.counts[lang], self.counts["fr" if lang == "en" else "en"]
            self._words[lang] = frozenset(w for w, n in mine.items() if n > theirs[w])
        return self._words[lang]


_analysers: dict[int, _Analyser] = {}
_lock = threading.Lock()


def _analyser(kb: KnowledgeBase) -> _Analyser:
    with _lock:
        found = _analysers.get(id(kb))
        if found is None or found.kb is not kb:
            if len(_analysers) >= 8:
                _analysers.clear()
            found = _analysers[id(kb)] = _Analyser(kb, *_vocabulary(kb), lexicon=learn(kb, "fr", _pairable))
        return found


LANGUAGE_MARGIN = 3  # a word is one language's when that language's content uses it this many times more often


def _pairable(word: str) -> bool:
    return len(word) >= 3 and not word.isdigit() and _fold_word(word) not in STOPWORDS


def _is_french(word: str, counts: dict[str, Counter[str]]) -> bool:
    return counts["fr"][word] > LANGUAGE_MARGIN * (counts["en"][word] + 1)


def _language_of(words: list[str], counts: dict[str, Counter[str]]) -> str | None:
    """The language most of the query's telling words belong to ("de combien" -> fr, "how much" -> en), by how often
    each language's content uses them; words both use alike ("budget", "fire", "2025") say nothing. A French account
    name the content never spells out (a glossary key) counts as French. None when the votes tie ("CELI limit")."""
    votes = 0
    for word in words:
        english, french = counts["en"][word], counts["fr"][word]
        if _is_french(word, counts) or (not french and not english and word in GLOSSARY):
            votes += 1
        elif english > LANGUAGE_MARGIN * (french + 1):
            votes -= 1
    return "fr" if votes > 0 else "en" if votes < 0 else None


def _tokens(text: str) -> list[tuple[str, str]]:
    """(as written, folded) for each word of `text`: ("côté", "cote"), and "d'urgence" gives "d" and "urgence"."""
    pairs = []
    for written in _WRITTEN_WORD.findall(text.lower().replace("\u2019", "'")):
        parts = _WORD.findall(_fold_word(written))
        pairs += [(written, parts[0])] if len(parts) == 1 else [(part, part) for part in parts]
    return pairs


def _prepare(text: str, analyser: _Analyser, reader: str | None) -> PreparedQuery:
    folded = fold(text).strip()
    tokens = _tokens(text)
    words = [f for _, f in tokens]
    # Typos are corrected toward the language of the words as typed, else toward the reader's.
    toward = _language_of(words, analyser.counts) or reader
    preferred = analyser.words_of(toward) if toward else frozenset()
    frequency = analyser.counts[toward] if toward else analyser.counts["en"] + analyser.counts["fr"]
    corrected_words = [_correct(w, analyser.vocabulary, analyser.candidates, frequency, preferred) for w in words]
    corrected = " ".join(corrected_words) if words else folded
    # Each word as the French content writes it: as typed when typed with its accents ("côté" is not "cote"), else
    # with the accents the content uses most ("epargne" -> "épargne").
    written = [typed if typed != word and word == fixed else analyser.written_as.get(fixed, fixed)
               for (typed, word), fixed in zip(tokens, corrected_words, strict=True)]
    # French words gain their English names (GLOSSARY) or the English words the translations pair them with
    # (knowledge.lexicon: "coussin" -> "rainy").
    english_of: dict[str, str] = {}
    for word, french_word in zip(corrected_words, written, strict=True):
        if word in GLOSSARY and GLOSSARY[word] != word:
            english_of[word] = GLOSSARY[word]
        elif word not in STOPWORDS and _is_french(word, analyser.counts):
            counterparts = [e for e in analyser.lexicon.get(french_word, ()) if e != french_word]
            if counterparts:
                english_of[word] = " ".join(counterparts)
    expansions = list(dict.fromkeys(english_of.values()))
    expanded = f"{corrected} ({'; '.join(expansions)})" if expansions else corrected
    # The query in English words, where they are known: embedded for the English chunks when the query is French.
    english = " ".join(english_of.get(w, w) for w in corrected_words if w in english_of or w not in STOPWORDS)
    terms: list[str] = []
    for word in corrected_words + " ".join(expansions).split():
        for part in word.split("-"):
            if part and part not in STOPWORDS and part not in terms:
                terms.append(part)
    french: list[str] = []
    for word, french_word in [*zip(corrected_words, written, strict=True),
                              *((FRENCH_NAMES[w], FRENCH_NAMES[w]) for w in corrected_words if w in FRENCH_NAMES)]:
        if word not in STOPWORDS and french_word not in french:
            french.append(french_word)
    return PreparedQuery(original=text, corrected=corrected, expanded=expanded, terms=tuple(terms),
                         french_terms=tuple(french), lang=_language_of(corrected_words, analyser.counts),
                         english=english or corrected)


def prepare(text: str, kb: KnowledgeBase | None = None, reader: str | None = None) -> PreparedQuery:
    """The query ready for search, in any language; `reader` is the language the person reads in ("en", "fr"), which
    typos are corrected toward when the words do not tell (cached per knowledge base: people repeat searches)."""
    analyser = _analyser((kb or shipped_knowledge_base()).base)
    found = analyser.prepared.get((text, reader))
    if found is None:
        if len(analyser.prepared) >= 4096:
            analyser.prepared.clear()
        found = analyser.prepared[(text, reader)] = _prepare(text, analyser, reader)
    return found
