"""The offline recogniser's language model for onboarding speech, built from our own sentences.

PocketSphinx's bundled general English model hears "and live in Ontario" as "and really on their real"
in synthetic and accented speech; amounts suffer the same way. What people say when onboarding is
narrow (ages, provinces, pay, rent, spending, household, goals, and numbers in words), so we generate
a corpus of such sentences from templates and fit a trigram model with absolute discounting and
back-off, written in the ARPA text format PocketSphinx reads. It is deterministic (fixed seed), takes
about a second, and is built once per process into a temporary file. Words missing from the bundled
pronunciation dictionary are dropped so every word in the model can be recognised.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from agent.onboarding.numbers import say, say_year

PROVINCES = ["ontario", "quebec", "british columbia", "alberta", "manitoba", "saskatchewan", "nova scotia",
             "new brunswick", "newfoundland", "newfoundland and labrador", "prince edward island", "yukon",
             "nunavut", "the northwest territories", "b c", "p e i"]
CITIES = ["toronto", "ottawa", "montreal", "vancouver", "calgary", "edmonton", "winnipeg", "halifax", "regina",
          "victoria", "hamilton", "mississauga", "quebec city", "saskatoon"]
_AGE = ["i am {age} years old", "i am {age}", "i'm {age} years old", "i'm {age}", "my age is {age}",
        "i just turned {age}", "my wife is {age}", "my husband is {age}", "we are both {age}"]
_PLACE = ["i live in {province}", "we live in {province}", "and live in {province}", "i'm in {province}",
          "i live in {city} {province}", "we live in {city}", "i am from {province}", "i moved to {province}",
          "my province is {province}", "living in {province}"]
_INCOME = ["my take home pay is {amount} dollars a month", "my take home pay is {amount} a month",
           "i take home {amount} dollars a month", "i take home about {amount} dollars per month",
           "my net pay is {amount} dollars a month", "i bring home {amount} a month",
           "my salary is {amount} dollars a year", "i make {amount} dollars a year", "i make {amount} a year",
           "i earn {amount} dollars per year", "my annual salary is {amount}", "i earn {amount} dollars a month",
           "my gross income is {amount} dollars a year", "my partner makes {amount} a year",
           "i make about {amount} dollars before tax", "my income is {amount} dollars a month"]
_HOUSING = ["my rent is {amount} dollars", "my rent is {amount} dollars a month", "i pay {amount} dollars in rent",
            "rent is {amount} a month", "my mortgage is {amount} dollars a month",
            "my mortgage payment is {amount} dollars", "we pay {amount} dollars a month for the mortgage",
            "and my rent is {amount} dollars"]
_SPENDING = ["i spend about {amount} dollars a month on everything else",
             "other spending is about {amount} dollars a month", "groceries and bills are {amount} a month",
             "i spend {amount} dollars a month on food and transport", "my other expenses are {amount} dollars",
             "everything else costs about {amount} dollars per month"]
_HOUSEHOLD = ["i am single", "i am married", "i'm married with {count} kids", "we have {count} children",
              "i have {count} kids", "we have no kids", "i have no children", "i live with my partner",
              "i am divorced", "i am widowed", "we are common law", "i have {count} dependants",
              "my wife and i have {count} kids", "i am a single parent with {count} children",
              "i live alone", "my husband and i", "we have one child", "i have a son and a daughter"]
_GOALS = ["i want to save {amount} dollars for a house by {year}", "my goal is to save {amount} for a down payment",
          "i want an emergency fund of {amount} dollars", "i want to retire by {year}",
          "i want to pay off my debt of {amount} dollars by {year}", "i want to save {amount} for a trip",
          "we want to buy a house in {count} years", "i want to save {amount} dollars for my kids education",
          "my goal is to retire early with {amount} dollars", "i'd like to have {amount} saved by {year}",
          "i want to be financially independent by {year}", "i want to travel next year",
          "i would like to save {amount} dollars for a car by {year}"]
_FILLERS = ["hello", "hi", "okay", "so", "um", "well", "yes", "no", "thank you", "that's it", "and", "also"]
TEMPLATES = _AGE + _PLACE + _INCOME + _HOUSING + _SPENDING + _HOUSEHOLD + _GOALS


def _amount(rng: random.Random) -> str:
    scale = rng.choice([100, 1_000, 1_000, 10_000, 100_000])
    value = rng.randint(1, 99) * scale // 10 if scale > 100 else rng.randint(1, 99) * 10
    value = max(value, 50)
    return say(value) if rng.random() < 0.85 else f"{say(value // 1000 or 1)} thousand"


def sentences(count: int = 12_000, seed: int = 7) -> Iterator[str]:
    """The generated corpus: `count` onboarding sentences, some joined in pairs as people speak."""
    rng = random.Random(seed)  # noqa: S311 (a reproducible corpus, not a secret)
    for _ in range(count):
        parts = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            template = rng.choice(TEMPLATES)
            parts.append(template.format(
                age=say(rng.randint(18, 90)), province=rng.choice(PROVINCES), city=rng.choice(CITIES),
                amount=_amount(rng), count=say(rng.randint(1, 5)), year=say_year(rng.randint(2025, 2065))))
        if rng.random() < 0.2:
            parts.insert(0, rng.choice(_FILLERS))
        yield " and ".join(parts) if rng.random() < 0.3 else " ".join(parts)


def dictionary_words(path: Path) -> set[str]:
    """The words of a CMU-format pronunciation dictionary (alternates such as "read(2)" folded)."""
    words = set()
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.strip():
                words.add(line.split(maxsplit=1)[0].split("(")[0])
    return words


def _ngrams(tokens: list[str], n: int) -> Iterable[tuple[str, ...]]:
    return (tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def arpa(corpus: Iterable[str], vocabulary: set[str] | None = None, discount: float = 0.5) -> str:
    """A trigram ARPA model of `corpus` (absolute discounting, back-off weights from the left-over mass)."""
    counts: list[Counter[tuple[str, ...]]] = [Counter(), Counter(), Counter()]
    for sentence in corpus:
        words = [w for w in sentence.split() if vocabulary is None or w in vocabulary]
        if not words:
            continue
        tokens = ["<s>", *words, "</s>"]
        for n in (1, 2, 3):
            counts[n - 1].update(_ngrams(tokens, n))
    unigrams = counts[0]
    total = sum(c for (w,), c in unigrams.items() if w != "<s>")
    prob: dict[tuple[str, ...], float] = {}
    for (word,), c in unigrams.items():
        prob[(word,)] = c / total if word != "<s>" else 0.0
    backoff: dict[tuple[str, ...], float] = {}
    for n in (2, 3):
        by_history: dict[tuple[str, ...], list[tuple[tuple[str, ...], int]]] = defaultdict(list)
        for gram, c in counts[n - 1].items():
            by_history[gram[:-1]].append((gram, c))
        for history, grams in by_history.items():
            history_count = sum(c for _, c in grams)
            left_over = discount * len(grams) / history_count
            for gram, c in grams:
                prob[gram] = (c - discount) / history_count + left_over * _lower(prob, backoff, gram[1:])
            seen = sum(prob[g] for g, _ in grams)
            seen_lower = sum(_lower(prob, backoff, g[1:]) for g, _ in grams)
            backoff[history] = (1 - seen) / (1 - seen_lower) if seen_lower < 1 else 1.0
    lines = ["\\data\\"] + [f"ngram {n}={len(counts[n - 1])}" for n in (1, 2, 3)] + [""]
    for n in (1, 2, 3):
        lines.append(f"\\{n}-grams:")
        for gram in sorted(counts[n - 1]):
            p = -99.0 if prob[gram] <= 0 else math.log10(prob[gram])
            row = f"{p:.5f}\t{' '.join(gram)}"
            if n < 3:
                row += f"\t{math.log10(max(backoff.get(gram, 1.0), 1e-12)):.5f}"
            lines.append(row)
        lines.append("")
    lines.append("\\end\\")
    return "\n".join(lines) + "\n"


def _lower(prob: dict[tuple[str, ...], float], backoff: dict[tuple[str, ...], float],
           gram: tuple[str, ...]) -> float:
    """P(last word | shorter history) under the back-off model built so far."""
    if gram in prob:
        return prob[gram]
    if len(gram) == 1:
        return 0.0
    return backoff.get(gram[:-1], 1.0) * _lower(prob, backoff, gram[1:])


def write_model(directory: Path, dictionary: Path) -> Path:
    """Write the onboarding model as `onboarding.lm` in `directory` and return its path."""
    path = directory / "onboarding.lm"
    path.write_text(arpa(sentences(), dictionary_words(dictionary)), encoding="utf-8")
    return path
