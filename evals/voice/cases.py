"""The voice eval's cases (cases.yaml in English, cases-fr.yaml in French) and recordings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from agent.onboarding.lexicon import Language

HERE = Path(__file__).resolve().parent
RECORDINGS = HERE / "recordings"
VOICES = ("en-us+f2", "en")
# espeak-ng's voices per language: French is its own French voice, with and without the f2 variant (as in English).
VOICES_BY_LANGUAGE: dict[Language, tuple[str, ...]] = {"en": VOICES, "fr": ("fr+f2", "fr")}
CASE_FILES: dict[Language, Path] = {"en": HERE / "cases.yaml", "fr": HERE / "cases-fr.yaml"}
LANGUAGES: tuple[Language, ...] = ("en", "fr")


@dataclass(frozen=True)
class VoiceCase:
    id: str
    said: str
    text: str
    amounts: tuple[int, ...]
    language: Language = "en"

    @property
    def voices(self) -> tuple[str, ...]:
        return VOICES_BY_LANGUAGE[self.language]

    def recordings(self) -> list[tuple[str, Path]]:
        return [(voice, RECORDINGS / f"{self.id}-{voice.replace('+', '_')}.ogg") for voice in self.voices]


def load_cases(path: Path | None = None, language: Language = "en") -> list[VoiceCase]:
    """The cases of `language` (English by default), or of the file at `path` said in `language`."""
    raw = yaml.safe_load((path or CASE_FILES[language]).read_text(encoding="utf-8"))
    return [VoiceCase(id=c["id"], said=c["said"], text=c["text"], amounts=tuple(c["amounts"]), language=language)
            for c in raw]
