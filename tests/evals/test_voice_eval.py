"""The voice eval (evals/voice): the 24 fixed recordings through both offline recognisers. Whisper base is the
default because it hears more than PocketSphinx; this holds it there, and records both figures."""

from __future__ import annotations

from evals.voice.cases import load_cases
from evals.voice.runner import amounts_heard, normalise, run, word_errors
from tests.evals.summaries import record


def test_normalising_and_counting_word_errors() -> None:
    assert normalise("I'm 35, my take-home pay is $5,200 a month.") == \
        normalise("I am thirty five my take home pay is five thousand two hundred dollars a month")
    assert word_errors(["a", "b", "c"], ["a", "x", "c", "d"]) == 2
    case = load_cases()[0]
    assert amounts_heard(case, case.text) and not amounts_heard(case, "I am 35 in Ontario")


def test_whisper_hears_more_than_pocketsphinx_on_the_fixed_recordings() -> None:
    whisper, sphinx = run(("whisper", "pocketsphinx"), echo=lambda _: None)
    for result in (whisper, sphinx):
        record(f"voice eval ({result.engine})", result.summary().strip())
    assert whisper.answers == sphinx.answers == 24
    assert whisper.wer < sphinx.wer and whisper.amount_accuracy > sphinx.amount_accuracy
    assert whisper.wer <= 0.12 and whisper.amount_accuracy >= 0.7
