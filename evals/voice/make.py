"""Makes the voice eval's recordings (evals/voice/recordings/<id>-<voice>.ogg) from cases.yaml (English) and
cases-fr.yaml (French, espeak-ng's French voice) with espeak-ng: run once, when a case is added; the files are
committed so that every run hears the same audio."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import cast

import av
from av.audio.stream import AudioStream

from evals.voice.cases import LANGUAGES, RECORDINGS, load_cases


def reencode(wav: bytes, container: str, codec: str, bit_rate: int | None = None) -> bytes:
    """The WAV re-encoded in another container and codec (48 kHz for Opus, as browsers record; 44.1 kHz else)."""
    source = av.open(io.BytesIO(wav), mode="r")
    buffer = io.BytesIO()
    rate = 48_000 if codec == "libopus" else 44_100
    with av.open(buffer, mode="w", format=container) as target:
        stream = cast(AudioStream, target.add_stream(codec, rate=rate, layout="mono"))
        if bit_rate is not None:
            stream.codec_context.bit_rate = bit_rate
        resampler = av.AudioResampler(format=stream.codec_context.format, layout="mono", rate=rate)
        for frame in source.decode(audio=0):
            for resampled in resampler.resample(frame):
                for packet in stream.encode(resampled):
                    target.mux(packet)
        for resampled in resampler.resample(None):
            for packet in stream.encode(resampled):
                target.mux(packet)
        for packet in stream.encode(None):
            target.mux(packet)
    source.close()
    return buffer.getvalue()


def main() -> None:
    espeak = shutil.which("espeak-ng")
    if espeak is None:
        raise SystemExit("espeak-ng is not installed (scripts/install-system.sh)")
    RECORDINGS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for case in (case for language in LANGUAGES for case in load_cases(language=language)):
            for voice, out in case.recordings():
                if out.exists():
                    continue
                wav = Path(folder) / "speech.wav"
                subprocess.run([espeak, "-v", voice, "-s", "140", "-w", str(wav), case.said], check=True,
                               capture_output=True)
                out.write_bytes(reencode(wav.read_bytes(), "ogg", "libopus", bit_rate=24_000))  # speech: small files
                print(out)


if __name__ == "__main__":
    main()
