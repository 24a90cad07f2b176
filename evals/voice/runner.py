"""The voice eval: every fixed recording (evals/voice/recordings) through the offline recognisers, scored by word
error rate (against what a careful listener would write) and amount accuracy (every figure of the answer heard
right). `firepath eval voice` prints both per engine.

Words are compared after the same normalisation on both sides: lower case, number words as digits (the onboarding
reader's `digitise`), "$" and thousands separators dropped, "I'm" as "I am", hyphens as spaces, no punctuation.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from agent.onboarding.numbers import digitise
from api.core.config import Settings, get_settings
from api.voice import audio, transcribe
from evals.voice.cases import VoiceCase, load_cases

ENGINES = ("whisper", "pocketsphinx")
_CONTRACTIONS = {"i'm": "i am", "we're": "we are", "i'd": "i would", "it's": "it is", "don't": "do not"}


def normalise(text: str) -> list[str]:
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
    numbers = {float(n) for n in re.findall(r"\d+(?:\.\d+)?", " ".join(normalise(text)))}
    return all(float(a) in numbers for a in case.amounts)


@dataclass
class EngineResult:
    engine: str
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
    result = EngineResult(engine)
    for case in cases:
        for voice, path in case.recordings():
            pcm = audio.decode(path.read_bytes(), max_seconds=chosen.voice_max_seconds)
            started = time.perf_counter()
            heard = transcribe.transcribe(pcm, chosen)
            result.seconds.append(time.perf_counter() - started)
            if engine == "whisper" and heard.engine != "whisper-base":
                raise RuntimeError(f"Whisper did not load; {heard.engine} answered")
            reference = normalise(case.text)
            result.words += len(reference)
            result.errors += word_errors(reference, normalise(heard.text))
            result.answers += 1
            if amounts_heard(case, heard.text):
                result.amounts_right += 1
            else:
                result.misses.append(f"{case.id} ({voice}): {heard.text!r}")
    return result


def run(engines: tuple[str, ...] = ENGINES, echo: Callable[[str], None] = print) -> list[EngineResult]:
    cases = load_cases()
    echo(f"voice eval: {len(cases)} answers x 2 voices, fixed recordings (evals/voice/recordings)")
    results = []
    for engine in engines:
        result = run_engine(engine, cases)
        echo("  " + result.summary())
        for miss in result.misses:
            echo(f"      amount missed: {miss}")
        results.append(result)
    return results


if __name__ == "__main__":
    run()
