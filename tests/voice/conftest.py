"""Speech for the voice tests: espeak-ng (Debian package, see scripts/install-system.sh) writes WAV files,
PyAV re-encodes them as Ogg/Opus and WebM/Opus like a browser's MediaRecorder would."""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from evals.voice.make import reencode

# A clear synthetic voice: espeak-ng's default male voices are hard for any recogniser at this size.
VOICE = "en-us+f2"


@pytest.fixture(scope="session")
def speak(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], bytes]:
    """WAV bytes of `text` spoken by espeak-ng."""
    espeak = shutil.which("espeak-ng")
    if espeak is None:
        pytest.fail("espeak-ng is not installed: run scripts/install-system.sh (apt-get install espeak-ng)")
    folder = tmp_path_factory.mktemp("speech")
    cache: dict[str, bytes] = {}

    def make(text: str) -> bytes:
        if text not in cache:
            out = folder / f"{len(cache)}.wav"
            subprocess.run([espeak, "-v", VOICE, "-s", "140", "-w", str(out), text], check=True,
                           capture_output=True)
            cache[text] = out.read_bytes()
        return cache[text]

    return make


def tone_wav(seconds: float, rate: int = 16_000, amplitude: int = 3000) -> bytes:
    """A quiet 440 Hz tone, for length-limit tests (at `amplitude` 50, silence to the ear)."""
    import wave

    import numpy as np

    t = np.arange(int(seconds * rate)) / rate
    samples = (np.sin(2 * np.pi * 440 * t) * amplitude).astype("<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())
    return buffer.getvalue()


__all__ = ["Path", "reencode", "tone_wav"]
