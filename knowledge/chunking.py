"""Split a document into chunks by heading, a few hundred tokens each, the title carried into every chunk.

A chunk's `text` is what gets embedded and indexed for full-text search: "Title — Heading" on the first
line, then the section's plain text. Sections longer than MAX_WORDS are cut at paragraph (then sentence)
boundaries; very short sections are merged into the next one under the same heading line.

A document's keywords (an article's summary, the tags) go into a chunk of their own, ordinal KEYWORDS_ORDINAL
(-1), which repeats the opening chunk followed by the keywords: searched by meaning and by words like any other,
but never the source of a snippet, so a result is always shown with prose from the body and never with a list
like "condo; purchase price; immobilier".
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from knowledge.content import plain_text

MAX_WORDS = 180  # about 240 word pieces: under the embedding model's 256-token window with the title
MIN_WORDS = 25
KEYWORDS_ORDINAL = -1  # the keywords chunk: found by search, never shown


@dataclass(frozen=True)
class Chunk:
    ordinal: int
    heading: str | None
    text: str  # embedded, indexed for full-text search and (unless the keywords chunk) the source of snippets

    @property
    def shown(self) -> bool:
        """Body text a snippet can be cut from (the keywords chunk is not)."""
        return self.ordinal != KEYWORDS_ORDINAL

    @property
    def content_hash(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()


def sections(markdown: str) -> list[tuple[str | None, str]]:
    """(heading, body) pairs split at `#`/`##`/`###` headings; text before the first heading has none."""
    sections: list[tuple[str | None, str]] = []
    heading: str | None = None
    lines: list[str] = []
    in_code = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
        match = None if in_code else re.match(r"^\s{0,3}#{1,3}\s+(.+?)\s*#*\s*$", line)
        if match:
            if "\n".join(lines).strip():
                sections.append((heading, "\n".join(lines).strip()))
            heading, lines = match.group(1).strip(), []
        else:
            lines.append(line)
    if "\n".join(lines).strip() or not sections:
        sections.append((heading, "\n".join(lines).strip()))
    return sections


def _words(text: str) -> int:
    return len(text.split())


def _pieces(text: str) -> list[str]:
    """Paragraphs, with any paragraph longer than MAX_WORDS cut into sentences."""
    pieces: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        if _words(paragraph) <= MAX_WORDS:
            pieces.append(paragraph)
            continue
        pieces.extend(s.strip() for s in re.split(r"(?<=[.!?])\s+", paragraph) if s.strip())
    return pieces


def _pack(pieces: list[str]) -> list[str]:
    """Greedily join pieces into groups of at most MAX_WORDS words (a single longer sentence stands alone)."""
    groups: list[list[str]] = []
    size = 0
    for piece in pieces:
        words = _words(piece)
        if groups and size + words <= MAX_WORDS:
            groups[-1].append(piece)
            size += words
        else:
            groups.append([piece])
            size = words
    return ["\n\n".join(g) for g in groups]


def chunk_document(*, title: str, markdown: str, extra: str | None = None) -> list[Chunk]:
    """Chunks of one document: the body's sections in order (ordinals from 0), then, when `extra` (e.g. a
    summary and tags) is given, a keywords chunk (ordinal KEYWORDS_ORDINAL) with the title and `extra`, so
    that words people search with but the body may not use still find the document."""
    blocks: list[tuple[str | None, str]] = []
    for heading, body in sections(markdown):
        for part in _pack(_pieces(plain_text(body))) or [""]:
            blocks.append((heading, part))
    merged: list[tuple[str | None, str]] = []
    for heading, body in blocks:
        if merged and _words(merged[-1][1]) < MIN_WORDS and _words(merged[-1][1]) + _words(body) <= MAX_WORDS:
            prev_heading, prev_body = merged[-1]
            joined = f"{prev_body}\n\n{heading}\n{body}" if heading and heading != prev_heading else (
                f"{prev_body}\n\n{body}")
            merged[-1] = (prev_heading or heading, joined.strip())
        else:
            merged.append((heading, body))
    chunks = []
    for ordinal, (heading, body) in enumerate(merged):
        head = f"{title} — {heading}" if heading else title
        chunks.append(Chunk(ordinal=ordinal, heading=heading, text=f"{head}\n{body}".strip()))
    if extra and extra.strip():
        # The opening read together with the keywords, as one passage: found by meaning and words as before the
        # keywords had a chunk of their own, never quoted.
        opening = chunks[0].text if chunks else title
        chunks.append(Chunk(ordinal=KEYWORDS_ORDINAL, heading=None, text=f"{opening}\n{extra.strip()}"))
    return chunks
