"""Query understanding before search: the query's language, light spelling correction, and its words in the
other language.

Canadians search in both languages and with the French acronyms (CELI for the TFSA, REER for the RRSP,
CELIAPP for the FHSA). One table names each account and programme in both languages (ACCOUNT_NAMES: acronyms
and spelled-out names); the glossary adds the English names next to the French ones, and other French words
gain the English words the translations pair them with (`knowledge.lexicon`), so the embedding and the
English full-text query see them; English acronyms gain their French names for the French full text, and a name
spelled out in either language ("compte d'épargne libre d'impôt") stands for its acronyms. What the query says,
in words both languages share, is also compared with what each document's title and tags say (`labelled`:
"CELI plafond" is the tag "plafond du CELI" and the tag "TFSA limit"). The
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

from knowledge.content import Article, HelpTopic, KnowledgeBase, plain_text, shipped_knowledge_base
from knowledge.lexicon import learn

# Canada's registered accounts, programmes and agencies, by the names each language gives them: (French acronym,
# English acronym, English name, French name), names folded (lower case, no accents). Both languages' texts use the
# acronyms, so a query's name, acronym or spelled out in either language, is looked up by both acronyms in full text;
# the English name goes with them into what is embedded, which the English-centric model reads best.
ACCOUNT_NAMES: tuple[tuple[str, str, str, str], ...] = (
    ("celi", "tfsa", "tax-free savings account", "compte d'epargne libre d'impot"),
    ("reer", "rrsp", "registered retirement savings plan", "regime enregistre d'epargne-retraite"),
    ("celiapp", "fhsa", "first home savings account",
     "compte d'epargne libre d'impot pour l'achat d'une premiere propriete"),
    ("ferr", "rrif", "registered retirement income fund", "fonds enregistre de revenu de retraite"),
    ("frv", "lif", "life income fund", "fonds de revenu viager"),
    ("cri", "lira", "locked-in retirement account", "compte de retraite immobilise"),
    ("reee", "resp", "registered education savings plan", "regime enregistre d'epargne-etudes"),
    ("reei", "rdsp", "registered disability savings plan", "regime enregistre d'epargne-invalidite"),
    ("rpc", "cpp", "canada pension plan", "regime de pensions du canada"),
    ("rrq", "qpp", "quebec pension plan", "regime de rentes du quebec"),
    ("sv", "oas", "old age security", "securite de la vieillesse"),
    ("psv", "oas", "old age security", "pension de la securite de la vieillesse"),
    ("srg", "gis", "guaranteed income supplement", "supplement de revenu garanti"),
    ("rap", "hbp", "home buyers plan", "regime d'accession a la propriete"),
    ("arc", "cra", "canada revenue agency", "agence du revenu du canada"),
)

# French (and abbreviated) terms -> the English words the content uses. Keys are accent-free, lower case.
GLOSSARY: dict[str, str] = {
    **{french: f"{english} {name}" for french, english, name, _ in ACCOUNT_NAMES},
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
FRENCH_NAMES: dict[str, str] = {english: french for french, english, _, _ in ACCOUNT_NAMES if french != "psv"}
ACRONYMS: dict[str, str] = {french: english for french, english, _, _ in ACCOUNT_NAMES}  # French -> English
# Each account's spelled-out names as words (longest first, so that the FHSA's French name, which begins with the
# TFSA's, is read as the FHSA's): (words, French acronym, English acronym, the name's language).
_SPELLED_NAMES: tuple[tuple[tuple[str, ...], str, str, str], ...] = tuple(sorted(
    ((tuple(re.findall(r"[a-z0-9]+", name)), french, english, language)
     for french, english, english_name, french_name in ACCOUNT_NAMES
     for name, language in ((english_name, "en"), (french_name, "fr"))),
    key=lambda entry: -len(entry[0])))


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
    # (kind, id) of the documents whose title or one of whose tags, in either language, says what the query says:
    # the same words in any order, an account by any of its names ("CELI plafond" is the tag "plafond du CELI", and
    # the English "TFSA limit").
    labelled: frozenset[tuple[str, str]] = frozenset()


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


def _labels(kb: KnowledgeBase) -> dict[frozenset[str], frozenset[tuple[str, str]]]:
    """What each title and tag of every language's documents says (`_label`) -> the documents (kind, id) saying it."""
    base = kb.base
    found: dict[frozenset[str], set[tuple[str, str]]] = {}
    sources: list[tuple[list[HelpTopic], list[Article]]] = [(base.topics, base.articles)]
    sources += [(translation.topics, translation.articles) for translation in base.translations.values()]
    for topics, articles in sources:
        documents = [("help", t.id, t.title, t.tags) for t in topics]
        documents += [("article", a.id, a.title, a.tags) for a in articles]
        for kind, doc_id, title, tags in documents:
            for label in (title, *tags):
                said = _label(label)
                if said:
                    found.setdefault(said, set()).add((kind, doc_id))
    return {said: frozenset(documents) for said, documents in found.items()}


@dataclass
class _Analyser:
    """A knowledge base's vocabulary and the queries already prepared against it."""

    kb: KnowledgeBase
    vocabulary: frozenset[str]
    candidates: tuple[str, ...]
    written_as: dict[str, str]
    counts: dict[str, Counter[str]]
    lexicon: dict[str, tuple[str, ...]] = field(default_factory=dict)  # French word -> English counterparts
    labels: dict[frozenset[str], frozenset[tuple[str, str]]] = field(default_factory=dict)  # see _labels

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
            found = _analysers[id(kb)] = _Analyser(kb, *_vocabulary(kb), lexicon=learn(kb, "fr", _pairable),
                                                   labels=_labels(kb))
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


def _spelled_names(words: list[str]) -> tuple[list[tuple[str, str, str]], set[int]]:
    """(French acronym, English acronym, language) of each account name spelled out among `words`, and the places
    of the words those names take."""
    found: list[tuple[str, str, str]] = []
    taken: set[int] = set()
    for name, french, english, language in _SPELLED_NAMES:
        size = len(name)
        for start in range(len(words) - size + 1):
            span = set(range(start, start + size))
            if tuple(words[start:start + size]) == name and not span & taken:
                taken |= span
                if (french, english, language) not in found:
                    found.append((french, english, language))
    return found, taken


def _label_word(word: str) -> str | None:
    """A word as a label compares it: an account by its English acronym, a glossary word by its English word, one
    final s dropped (plurals); None for a stopword."""
    if word in STOPWORDS:
        return None
    word = ACRONYMS.get(word) or (GLOSSARY[word].split()[0] if word in GLOSSARY else word)
    if word in STOPWORDS:
        return None
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _label(text: str) -> frozenset[str]:
    """What a title, a tag or a query says, in words both languages share: "plafond du CELI", "TFSA limit" and "celi
    plafond" all say {tfsa, limit}; "compte d'épargne libre d'impôt" says {tfsa}."""
    words = _WORD.findall(fold(text))
    named, taken = _spelled_names(words)
    labelled = {_label_word(w) for at, w in enumerate(words) if at not in taken} | {e for _, e, _ in named}
    return frozenset(w for w in labelled if w)


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
    # Account names spelled out in either language ("compte d'épargne libre d'impôt", "old age security") stand for
    # their acronyms; a French one gains the English name too.
    named, _ = _spelled_names(corrected_words)
    for french_acronym, _, language in named:
        if language == "fr":
            english_of.setdefault(french_acronym, GLOSSARY[french_acronym])
    expansions = list(dict.fromkeys(english_of.values()))
    expanded = f"{corrected} ({'; '.join(expansions)})" if expansions else corrected
    # The query in English words, where they are known: embedded for the English chunks when the query is French.
    english = " ".join(english_of.get(w, w) for w in corrected_words if w in english_of or w not in STOPWORDS)
    english = " ".join([english, *(english_of[f] for f, _, lang in named if lang == "fr")]).strip()
    # Full text looks an account up by its acronym alone: the words of its spelled-out name ("tax", "free",
    # "savings", "account") are in most documents, and ranked by how often they occur (ts_rank_cd knows nothing of
    # how rare a word is), they would bury the document that answers the question under those that say "account".
    terms: list[str] = []
    full_text_of = {w: ACRONYMS.get(w, e) for w, e in english_of.items()}
    for word in corrected_words + " ".join(dict.fromkeys(full_text_of.values())).split() + [e for _, e, _ in named]:
        for part in word.split("-"):
            if part and part not in STOPWORDS and part not in terms:
                terms.append(part)
    french: list[str] = []
    for word, french_word in [*zip(corrected_words, written, strict=True),
                              *((FRENCH_NAMES[w], FRENCH_NAMES[w]) for w in corrected_words if w in FRENCH_NAMES),
                              *((FRENCH_NAMES[e], FRENCH_NAMES[e]) for _, e, _ in named)]:
        if word not in STOPWORDS and french_word not in french:
            french.append(french_word)
    return PreparedQuery(original=text, corrected=corrected, expanded=expanded, terms=tuple(terms),
                         french_terms=tuple(french), lang=_language_of(corrected_words, analyser.counts),
                         english=english or corrected, labelled=analyser.labels.get(_label(corrected), frozenset()))


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
