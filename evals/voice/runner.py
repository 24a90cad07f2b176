"""The voice eval: every fixed recording (evals/voice/recordings) through the offline recognisers, scored by word
error rate (against what a careful listener would write) and amount accuracy (every figure of the answer heard
right). `firepath eval voice` prints both per engine.

Words are compared after the same normalisation on both sides: lower case, number words as digits (the onboarding
reader's `digitise`), "$" and thousands separators dropped, "I'm" as "I am", hyphens as spaces, no punctuation.

Each language is scored on its own (English: cases.yaml; French: cases-fr.yaml, transcribed as French, its number
words read by the French reader, accents kept); PocketSphinx knows English only, so it has no French figures.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from agent.onboarding.lexicon import Language
from agent.onboarding.numbers import digitise
from api.core.config import Settings, get_settings
from api.voice import audio, transcribe
from evals.voice.cases import LANGUAGES, VoiceCase, load_cases

ENGINES = ("whisper", "pocketsphinx")
ENGLISH_ONLY = ("pocketsphinx",)
LANGUAGE_NAMES: dict[Language, str] = {"en": "English", "fr": "French"}
_CONTRACTIONS = {"i'm": "i am", "we're": "we are", "i'd": "i would", "it's": "it is", "don't": "do not"}


def _normalise_french(text: str) -> list[str]:
    text = digitise(text.lower().replace("-", " ").replace("\u2019", "'"), "fr")
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text).replace("$", " ")
    words = re.findall(r"[a-zà-öø-ÿœ']+|\d+(?:[.,]\d+)?", text)
    return [w.replace(",", ".") for w in words if w != "dollars"]


def normalise(text: str, language: Language = "en") -> list[str]:
    if language == "fr":
        return _normalise_french(text)
    text = digitise(text.lower().replace("-", " "))
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text).replace("$", " ")
    words = re.findall(r"[a-z']+|\d+(?:\.\d+)?", text)
    out: list[str] = []
    for word in words:
        out.extend(_CONTRACTIONS.get(word, word).split())
    return [w for w in out if w != "dollars"]


def word_errors(reference: list[str], heard: list[str]) -> int:
    """Levenshtein distance over words (substitutions, insertions, deletions)."""
    row = list(range(len(heard) + 1))
    for i, ref in enumerate(reference, 1):
        previous, row[0] = row[0], i
        for j, word in enumerate(heard, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ref != word))
    return row[-1]


def amounts_heard(case: VoiceCase, text: str) -> bool:
    numbers = {float(n) for n in re.findall(r"\d+(?:\.\d+)?", " ".join(normalise(text, case.language)))}
    return all(float(a) in numbers for a in case.amounts)


@dataclass
class EngineResult:
    engine: str
    language: Language = "en"
    words: int = 0
    errors: int = 0
    answers: int = 0
    amounts_right: int = 0
    seconds: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    @property
    def wer(self) -> float:
        return self.errors / self.words if self.words else 0.0

    @property
    def amount_accuracy(self) -> float:
        return self.amounts_right / self.answers if self.answers else 0.0

    def summary(self) -> str:
        mean = sum(self.seconds) / len(self.seconds) if self.seconds else 0.0
        return (f"{self.engine:13} word error rate {self.wer:6.1%} ({self.errors}/{self.words} words)   amounts "
                f"{self.amount_accuracy:6.1%} ({self.amounts_right}/{self.answers} answers)   {mean:.2f} s per answer")


def run_engine(engine: str, cases: list[VoiceCase], settings: Settings | None = None) -> EngineResult:
    base = settings or get_settings()
    chosen = base.model_copy(update={"transcribe_model": None, "transcribe_offline_engine": engine})
    result = EngineResult(engine, cases[0].language if cases else "en")
    for case in cases:
        for voice, path in case.recordings():
            pcm = audio.decode(path.read_bytes(), max_seconds=chosen.voice_max_seconds)
            started = time.perf_counter()
            heard = transcribe.transcribe(pcm, chosen, case.language)
            result.seconds.append(time.perf_counter() - started)
            if engine == "whisper" and heard.engine != "whisper-base":
                raise RuntimeError(f"Whisper did not load; {heard.engine} answered")
            reference = normalise(case.text, case.language)
            result.words += len(reference)
            result.errors += word_errors(reference, normalise(heard.text, case.language))
            result.answers += 1
            if amounts_heard(case, heard.text):
                result.amounts_right += 1
            else:
                result.misses.append(f"{case.id} ({voice}): {heard.text!r}")
    return result


def run_languages(engines: tuple[str, ...] = ENGINES, echo: Callable[[str], None] = print,
                  languages: tuple[Language, ...] = LANGUAGES) -> dict[Language, list[EngineResult]]:
    """Every engine over every language's recordings, printed per language (English first, as it always was)."""
    results: dict[Language, list[EngineResult]] = {}
    for language in languages:
        cases = load_cases(language=language)
        voices = ", ".join(cases[0].voices) if cases else ""
        if language == "en":
            echo(f"voice eval: {len(cases)} answers x 2 voices, fixed recordings (evals/voice/recordings)")
        else:
            echo(f"voice eval, {LANGUAGE_NAMES[language]}: {len(cases)} answers x 2 voices ({voices}), transcribed "
                 f"as {LANGUAGE_NAMES[language]}")
        results[language] = []
        for engine in engines:
            if language != "en" and engine in ENGLISH_ONLY:
                echo(f"  {engine:13} English only: a {LANGUAGE_NAMES[language]} session is refused "
                     f"(422 speech_language_unsupported)")
                continue
            result = run_engine(engine, cases)
            echo("  " + result.summary())
            for miss in result.misses:
                echo(f"      amount missed: {miss}")
            results[language].append(result)
    return results


def run(engines: tuple[str, ...] = ENGINES, echo: Callable[[str], None] = print,
        languages: tuple[Language, ...] = LANGUAGES) -> list[EngineResult]:
    """`run_languages`, printing every language; returns the English results (one per engine, as it always did)."""
    return run_languages(engines, echo, languages).get("en", [])


if __name__ == "__main__":
    run()
