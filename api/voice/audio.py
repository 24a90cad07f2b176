"""Uploaded audio to 16 kHz mono PCM, with PyAV (FFmpeg's libraries, bundled in its wheel; no shell-out).

Only the containers and codecs the clients record are opened: WAV (PCM), Ogg (Opus or Vorbis) and WebM or
Matroska (Opus or Vorbis). Decoding stops as soon as the audio runs past the length limit, so a long
recording costs no more than the limit to refuse.
"""

from __future__ import annotations

import io
import wave
from dataclasses import dataclass

import av
import numpy as np

from api.core.errors import AppError, Invalid
from api.core.i18n import msg

SAMPLE_RATE = 16_000
CONTAINERS = {"wav", "ogg", "matroska,webm", "webm", "matroska"}
CODECS = {"opus", "vorbis"}  # plus every PCM flavour in WAV


SILENCE_PEAK = 330  # about -40 dBFS: a recording whose loudest sample stays below this holds no speech
NOTHING_HEARD = "We couldn't hear anything in the recording. Check the microphone and try again, or type your answer."


class UnsupportedAudio(AppError):
    status_code = 415
    code = "unsupported_audio"


class AudioTooLong(Invalid):
    code = "audio_too_long"


@dataclass(frozen=True)
class Pcm:
    """Signed 16-bit mono samples at 16 kHz."""

    samples: np.ndarray

    @property
    def seconds(self) -> float:
        return len(self.samples) / SAMPLE_RATE

    def wav_bytes(self) -> bytes:
        buffer = io.BytesIO()
        with wave.open(buffer, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(SAMPLE_RATE)
            out.writeframes(self.samples.astype("<i2").tobytes())
        return buffer.getvalue()


def decode(data: bytes, *, max_seconds: float) -> Pcm:
    """Decode and resample an upload; raises UnsupportedAudio, AudioTooLong or Invalid (no speech)."""
    try:
        container = av.open(io.BytesIO(data), mode="r")
    except (av.FFmpegError, ValueError, OSError) as exc:
        raise UnsupportedAudio("The file is not audio we can read. Send WAV, Ogg (Opus or Vorbis) or WebM (Opus)."
                               ) from exc
    with container:
        stream = next(iter(container.streams.audio), None)
        codec = stream.codec_context.name if stream is not None else None
        if (container.format.name not in CONTAINERS or stream is None
                or not (codec in CODECS or (codec or "").startswith("pcm_"))):
            raise UnsupportedAudio(msg("unsupported_audio.codec", container=container.format.name, codec=codec)
                                   if codec else msg("unsupported_audio.no_stream", container=container.format.name))
        limit = int(max_seconds * SAMPLE_RATE)
        resampler = av.AudioResampler(format="s16", layout="mono", rate=SAMPLE_RATE)
        chunks: list[np.ndarray] = []
        count = 0
        try:
            for frame in container.decode(stream):
                for out in resampler.resample(frame):
                    chunk = out.to_ndarray().reshape(-1)
                    chunks.append(chunk)
                    count += len(chunk)
                if count > limit:
                    raise AudioTooLong(msg("audio_too_long.seconds", seconds=max_seconds),
                                       details={"max_seconds": max_seconds})
            for out in resampler.resample(None):
                chunks.append(out.to_ndarray().reshape(-1))
        except av.FFmpegError as exc:
            raise UnsupportedAudio("The audio is damaged or truncated and could not be decoded.") from exc
    samples = np.concatenate(chunks).astype(np.int16) if chunks else np.zeros(0, np.int16)
    if len(samples) > limit:
        raise AudioTooLong(msg("audio_too_long.seconds", seconds=max_seconds), details={"max_seconds": max_seconds})
    if len(samples) < SAMPLE_RATE // 10:
        raise Invalid("The recording is empty.", code="audio_empty")
    if int(np.abs(samples.astype(np.int32)).max()) < SILENCE_PEAK:
        raise Invalid(NOTHING_HEARD, code="audio_empty")
    return Pcm(samples)
