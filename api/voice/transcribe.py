"""Speech to text: an OpenAI-compatible `/v1/audio/transcriptions` endpoint when TRANSCRIBE_MODEL is set, else
Whisper base offline (`whisper.py`, weights from two registry packages, checked by sha256), else PocketSphinx with
the model inside its package, as a fallback when Whisper is missing or its files do not verify.

Each transcription is in the session's language: Whisper (offline or behind the OpenAI-compatible endpoint) is told
it ("fr" for a French session); PocketSphinx knows English only, so a French session it would serve is refused with
`SpeechLanguageUnsupported` (422 `speech_language_unsupported`, said in French) rather than heard as English.

The offline recogniser uses our onboarding language model (`language_model.py`) over PocketSphinx's
acoustic model and dictionary, plus the pronunciations Canadians use for some provinces that the CMU
dictionary lacks. One decoder per process (it takes a few seconds to load) serves requests one at a time.
"""

from __future__ import annotations

import logging
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from agent.onboarding.lexicon import Language
from agent.onboarding.texts import SPEECH_LANGUAGE_UNSUPPORTED
from api.core.config import Settings
from api.core.errors import AppError
from api.voice.audio import SAMPLE_RATE, Pcm
from api.voice.language_model import write_model
from api.voice.whisper import WhisperRecogniser, WhisperUnavailable

log = logging.getLogger(__name__)

# Pronunciations heard in Canada (and from speech synthesisers) beside the dictionary's own.
EXTRA_PRONUNCIATIONS = {
    "ontario(2)": "AA N T AA R IY OW",
    "quebec(2)": "K W IH B EH K",
    "quebec(3)": "K EY B EH K",
    "saskatchewan(2)": "S AH S K AE CH UW AH N",
    "nunavut(2)": "N AH N AH V AH T",
}


class TranscriptionUnavailable(AppError):
    status_code = 503
    code = "transcription_unavailable"


class SpeechLanguageUnsupported(AppError):
    """The recogniser that would serve does not know the session's language (PocketSphinx and French). Its message
    is already in that language (`agent.onboarding.texts`), and `language` names it."""

    status_code = 422
    code = "speech_language_unsupported"

    def __init__(self, language: Language, engine: str) -> None:
        super().__init__(SPEECH_LANGUAGE_UNSUPPORTED[language],
                         details={"engine": engine, "language": language, "languages": ["en"]})
        self.language = language


@dataclass(frozen=True)
class Transcript:
    text: str
    engine: str


class OfflineRecogniser:
    """PocketSphinx with the onboarding language model; thread-safe by a lock."""

    def __init__(self) -> None:
        import pocketsphinx

        model = Path(pocketsphinx.get_model_path())
        self._dir = tempfile.TemporaryDirectory(prefix="firepath-voice-")
        # The bundled dictionary plus our extra pronunciations, written once beside the language model.
        dictionary = Path(self._dir.name) / "onboarding.dict"
        bundled = (model / "en-us" / "cmudict-en-us.dict").read_text(encoding="utf-8")
        extra = "".join(f"{word} {phones}\n" for word, phones in EXTRA_PRONUNCIATIONS.items())
        dictionary.write_text(bundled.rstrip("\n") + "\n" + extra, encoding="utf-8")
        lm = write_model(Path(self._dir.name), dictionary)
        self._decoder = pocketsphinx.Decoder(samprate=SAMPLE_RATE, lm=str(lm), dict=str(dictionary),
                                             hmm=str(model / "en-us" / "en-us"), loglevel="ERROR")
        self._lock = threading.Lock()

    def transcribe(self, pcm: Pcm) -> str:
        # A little silence either side: the recogniser drops a last word that ends at the very edge.
        pad = np.zeros(SAMPLE_RATE // 2, np.int16)
        audio = np.concatenate([pad, pcm.samples, pad]).astype("<i2").tobytes()
        with self._lock:
            self._decoder.start_utt()
            self._decoder.process_raw(audio, full_utt=True)
            self._decoder.end_utt()
            hypothesis = self._decoder.hyp()
        return hypothesis.hypstr.strip() if hypothesis is not None else ""


_offline: OfflineRecogniser | None = None
_offline_lock = threading.Lock()


def offline_recogniser() -> OfflineRecogniser:
    global _offline
    with _offline_lock:
        if _offline is None:
            _offline = OfflineRecogniser()
        return _offline


def transcribe_openai(pcm: Pcm, settings: Settings, language: Language = "en") -> str:
    """POST the audio (as 16 kHz WAV) to the configured OpenAI-compatible transcription endpoint (naming the language
    for a French session; an English one sends what it always did)."""
    import openai

    client = openai.OpenAI(api_key=settings.transcribe_api_key or settings.openai_api_key or "not-needed",
                           base_url=settings.transcribe_base_url or settings.openai_base_url,
                           timeout=settings.coach_timeout_seconds, max_retries=1)
    try:
        result = client.audio.transcriptions.create(model=str(settings.transcribe_model),
                                                    file=("speech.wav", pcm.wav_bytes(), "audio/wav"),
                                                    response_format="json",
                                                    language=openai.omit if language == "en" else language)
    except openai.OpenAIError as exc:
        raise TranscriptionUnavailable("The transcription service did not answer. Try again or type your answer.",
                                       details={"engine": "openai"}) from exc
    return str(getattr(result, "text", "") or "").strip()


_whisper: WhisperRecogniser | None = None
_whisper_failed: str | None = None


def whisper_recogniser(settings: Settings) -> WhisperRecogniser | None:
    """The Whisper recogniser, loaded once; None (and a warning, once) when it cannot be loaded."""
    global _whisper, _whisper_failed
    if settings.transcribe_offline_engine != "whisper":
        return None
    with _offline_lock:
        if _whisper is None and _whisper_failed is None:
            try:
                _whisper = WhisperRecogniser(Path(settings.data_dir) / "cache")
            except (WhisperUnavailable, OSError, RuntimeError) as exc:
                _whisper_failed = str(exc)
                log.warning("voice: Whisper unavailable (%s); PocketSphinx serves instead", exc)
        return _whisper


def transcribe(pcm: Pcm, settings: Settings, language: Language = "en") -> Transcript:
    """What was said in `language`, by the configured endpoint, else Whisper, else PocketSphinx (English only)."""
    if settings.transcribe_model:
        return Transcript(transcribe_openai(pcm, settings, language), f"openai:{settings.transcribe_model}")
    whisper = whisper_recogniser(settings)
    if whisper is not None:
        return Transcript(whisper.transcribe(pcm, language), "whisper-base")
    if language != "en":
        raise SpeechLanguageUnsupported(language, "pocketsphinx")
    return Transcript(offline_recogniser().transcribe(pcm), "pocketsphinx")
