"""French words and their English counterparts, learned from the knowledge base's own translations.

Every French document translates an English one section for section, so the two texts are a small parallel
corpus: a French word and the English word that translates it turn up in the same aligned passages (the titles,
the summaries, the tags, the n-th section of each version). Their association is the Dice coefficient over those
passages, 2·both / (French + English); the best-associated English words of a French word, when strong enough, are
its counterparts ("retraite" -> "retirement", "coussin" -> "rainy", "oublie" -> "forgot"). A French query gains
them, so the English chunks, which the English-centric embedding model and the English full text search well,
find what it asks for. Hand-written names (CELI -> TFSA...) stay in `knowledge.query.GLOSSARY`; this covers the
rest of the vocabulary without anyone maintaining a dictionary.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

import numpy as np

from knowledge.chunking import sections
from knowledge.content import DEFAULT_LANG, Article, HelpTopic, KnowledgeBase, plain_text

MIN_PASSAGES = 2  # a word seen once says nothing about what it translates
MIN_DICE = 0.45  # below this the best English word is as likely a neighbour as a translation
MAX_COUNTERPARTS = 2
CLOSE_SECOND = 0.9  # a second English word is kept when its association is within this share of the first's

_WORD = re.compile(r"[^\W_]+")  # words as written, accents kept: "côté" (side) is not "cote" (a credit score)


def _passages(english: HelpTopic | Article, translated: HelpTopic | Article) -> Iterable[tuple[str, str]]:
    """The aligned passages of one document's two versions."""
    yield english.title, translated.title
    yield " ".join(english.tags), " ".join(translated.tags)
    if isinstance(english, Article) and isinstance(translated, Article):
        yield english.summary, translated.summary
    ours, theirs = sections(english.content), sections(translated.content)
    if len(ours) == len(theirs):  # a translation keeps the sections (a test holds the shipped ones to it)
        for (heading, body), (translated_heading, translated_body) in zip(ours, theirs, strict=True):
            yield f"{heading or ''} {body}", f"{translated_heading or ''} {translated_body}"


def learn(kb: KnowledgeBase, lang: str, keep: Callable[[str], bool]) -> dict[str, tuple[str, ...]]:
    """`lang`'s words (lower case, as written) -> their English counterparts, from `kb`'s translations into `lang`.
    `keep` says which words are worth pairing (not stopwords, not numbers)."""
    base = kb.base
    translation = base.translations.get(lang)
    if lang == DEFAULT_LANG or translation is None:
        return {}
    documents: list[HelpTopic | Article] = [*base.topics, *base.articles]
    originals = {d.id: d for d in documents}
    translated_documents: list[HelpTopic | Article] = [*translation.topics, *translation.articles]

    def words(text: str) -> set[str]:
        return {w for w in _WORD.findall(plain_text(text).lower()) if keep(w)}

    passages = [(words(ours), words(theirs))
                for document in translated_documents if document.id in originals
                for ours, theirs in _passages(originals[document.id], document)]
    english_counts = Counter(w for ours, _ in passages for w in ours)
    translated_counts = Counter(w for _, theirs in passages for w in theirs)
    english = sorted(w for w, n in english_counts.items() if n >= MIN_PASSAGES)
    translated = sorted(w for w, n in translated_counts.items() if n >= MIN_PASSAGES)
    if not english or not translated:
        return {}
    english_index = {w: i for i, w in enumerate(english)}
    translated_index = {w: i for i, w in enumerate(translated)}
    ours_matrix = np.zeros((len(passages), len(english)), dtype=np.float32)
    theirs_matrix = np.zeros((len(passages), len(translated)), dtype=np.float32)
    for row, (ours, theirs) in enumerate(passages):
        ours_matrix[row, [english_index[w] for w in ours if w in english_index]] = 1
        theirs_matrix[row, [translated_index[w] for w in theirs if w in translated_index]] = 1
    both = theirs_matrix.T @ ours_matrix
    dice = 2 * both / (theirs_matrix.sum(axis=0)[:, None] + ours_matrix.sum(axis=0)[None, :])
    best = np.argsort(-dice, axis=1)[:, :MAX_COUNTERPARTS]
    scores = np.take_along_axis(dice, best, axis=1)
    lexicon: dict[str, tuple[str, ...]] = {}
    for word, indexes, values in zip(translated, best.tolist(), scores.tolist(), strict=True):
        if values[0] >= MIN_DICE:
            lexicon[word] = tuple(english[i] for i, value in zip(indexes, values, strict=True)
                                  if value >= max(MIN_DICE, CLOSE_SECOND * values[0]))
    return lexicon
