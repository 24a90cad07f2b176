"""The voice eval's cases (cases.yaml) and recordings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
RECORDINGS = HERE / "recordings"
VOICES = ("en-us+f2", "en")


@dataclass(frozen=True)
class VoiceCase:
    id: str
    said: str
    text: str
    amounts: tuple[int, ...]

    def recordings(self) -> list[tuple[str, Path]]:
        return [(voice, RECORDINGS / f"{self.id}-{voice.replace('+', '_')}.ogg") for voice in VOICES]


def load_cases(path: Path = HERE / "cases.yaml") -> list[VoiceCase]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [VoiceCase(id=c["id"], said=c["said"], text=c["text"], amounts=tuple(c["amounts"])) for c in raw]
