"""Ingestion: content files -> kb_documents and kb_chunks, embedding only what changed.

Each document has a hash of everything that shapes its chunks; an unchanged document whose chunks carry
the current model's vectors is skipped. A changed document is re-chunked, and a chunk whose text hash and
model match a chunk it had keeps that vector, so editing one section re-embeds that section only. A new
model name (another local model, or an OpenAI-compatible endpoint) re-embeds everything. A text some earlier
database embedded with the same model comes from the embedding cache on disk (knowledge/vector_cache.py) unless
`force` asks for new vectors. Concurrent
ingestions (a server starting while `firepath kb ingest` runs) are serialised by an advisory lock.

Every language is indexed: the English documents and each translation found (`content/fr/`), one row per
document and language, the chunks tagged with it (their tsvector is stemmed by its configuration). Search reads
both languages' chunks, so a question in either finds a document.
"""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import delete, select, text
from sqlalchemy.orm import Session

from api.knowledge.models import KbChunk, KbDocument
from knowledge.chunking import Chunk, chunk_document
from knowledge.content import DEFAULT_LANG, KnowledgeBase, shipped_knowledge_base
from knowledge.embeddings import DIMENSIONS, Embedder, configured_model_name, get_embedder
from knowledge.vector_cache import embed_with_cache

log = logging.getLogger("knowledge.ingest")

INGEST_LOCK_KEY = 0x4B42494E  # "KBIN"
# Bump when chunking changes, so every document is re-chunked. 2-4: summary and tags in a keywords chunk of their own.
CHUNKER_VERSION = "4"


@dataclass(frozen=True)
class SourceDocument:
    """One help topic or article, as the index stores it."""

    kind: str
    slug: str
    title: str
    category: str
    level: str | None
    tags: list[str]
    summary: str | None
    content: str
    lang: str = DEFAULT_LANG

    @property
    def key(self) -> tuple[str, str, str]:
        return self.kind, self.slug, self.lang

    @property
    def content_hash(self) -> str:
        fields: list[object] = [CHUNKER_VERSION, self.kind, self.slug, self.title, self.category, self.level,
                                self.tags, self.summary, self.content]
        if self.lang != DEFAULT_LANG:  # English hashes as before languages came, so an upgrade re-embeds nothing
            fields.append(self.lang)
        payload = json.dumps(fields, ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()

    def chunks(self) -> list[Chunk]:
        extra = "\n".join(part for part in (self.summary, "; ".join(self.tags)) if part) or None
        return chunk_document(title=self.title, markdown=self.content, extra=extra)


@dataclass
class IngestReport:
    model: str
    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    chunks_embedded: int = 0
    chunks_reused: int = 0
    chunks_cached: int = 0  # vectors of texts no chunk here had, read from the embedding cache
    changed_documents: list[str] = field(default_factory=list)

    @property
    def documents(self) -> int:
        return self.added + self.updated + self.unchanged

    def summary(self) -> str:
        return (f"{self.documents} documents ({self.added} added, {self.updated} updated, {self.removed} removed, "
                f"{self.unchanged} unchanged); {self.chunks_embedded} chunks embedded, {self.chunks_reused} reused, "
                f"{self.chunks_cached} from the cache; "
                f"model {self.model}")


def source_documents(kb: KnowledgeBase) -> list[SourceDocument]:
    """Every document to index: the English ones, then each language's translations (those written so far)."""
    base = kb.base
    docs: list[SourceDocument] = []
    for topics, articles in [(base.topics, base.articles)] + [
            (translation.topics, translation.articles) for translation in base.translations.values()]:
        docs += [SourceDocument(kind="help", slug=t.id, title=t.title, category=t.category, level=None, tags=t.tags,
                                summary=None, content=t.content, lang=t.lang) for t in topics]
        docs += [SourceDocument(kind="article", slug=a.id, title=a.title, category=a.category, level=a.level,
                                tags=a.tags, summary=a.summary, content=a.content, lang=a.lang) for a in articles]
    return docs


def _cache_dir() -> Path | None:
    from api.core.config import get_settings

    return get_settings().embedding_cache_dir


def _current(session: Session) -> tuple[dict[tuple[str, str, str], KbDocument], dict[uuid.UUID, set[str]]]:
    documents = {(d.kind, d.slug, d.lang): d for d in session.scalars(select(KbDocument))}
    models: dict[uuid.UUID, set[str]] = {}
    for document_id, model in session.execute(select(KbChunk.document_id, KbChunk.embedding_model).distinct()):
        models.setdefault(document_id, set()).add(model)
    return documents, models


def pending_changes(*, session: Session, kb: KnowledgeBase | None = None, model: str | None = None) -> bool:
    """True when the index is empty, out of date with the content, or embedded with another model."""
    kb = kb or shipped_knowledge_base()
    model = model or configured_model_name()
    documents, models = _current(session)
    wanted = {d.key: d.content_hash for d in source_documents(kb)}
    if set(wanted) != set(documents):
        return True
    return any(documents[key].content_hash != digest or models.get(documents[key].id) != {model}
               for key, digest in wanted.items())


def ingest(*, session: Session, kb: KnowledgeBase | None = None, embedder: Embedder | None = None,
           force: bool = False) -> IngestReport:
    """Bring the index in line with `kb` (the shipped content by default). `force` re-embeds everything."""
    session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": INGEST_LOCK_KEY})
    kb = kb or shipped_knowledge_base()
    model = embedder.name if embedder is not None else configured_model_name()
    report = IngestReport(model=model)
    documents, models = _current(session)
    wanted = source_documents(kb)

    work: list[tuple[SourceDocument, KbDocument | None, list[Chunk]]] = []
    for source in wanted:
        existing = documents.get(source.key)
        if (existing is not None and not force and existing.content_hash == source.content_hash
                and models.get(existing.id) == {model}):
            report.unchanged += 1
            continue
        work.append((source, existing, source.chunks()))

    # Vectors that can be kept: same chunk text, same model.
    reusable: dict[str, list[float]] = {}
    changed_ids = [existing.id for _, existing, _ in work if existing is not None]
    if changed_ids and not force:
        rows = session.execute(select(KbChunk.content_hash, KbChunk.embedding).where(
            KbChunk.document_id.in_(changed_ids), KbChunk.embedding_model == model))
        reusable = {digest: list(vector) for digest, vector in rows}

    to_embed = sorted({c.text for _, _, chunks in work for c in chunks if c.content_hash not in reusable})
    if to_embed:
        embedder = embedder or get_embedder()
        vectors, cached = embed_with_cache(embedder, to_embed, None if force else _cache_dir())
        by_text = dict(zip(to_embed, vectors, strict=True))
        report.chunks_embedded = len(to_embed) - cached
        report.chunks_cached = cached
    else:
        by_text = {}

    for source, existing, chunks in work:
        if existing is None:
            document = KbDocument(kind=source.kind, slug=source.slug, lang=source.lang)
            session.add(document)
            report.added += 1
        else:
            document = existing
            session.execute(delete(KbChunk).where(KbChunk.document_id == existing.id))
            report.updated += 1
        document.title, document.category, document.level = source.title, source.category, source.level
        document.tags, document.summary, document.content = source.tags, source.summary, source.content
        document.content_hash = source.content_hash
        session.flush()
        for chunk in chunks:
            vector = reusable.get(chunk.content_hash)
            if vector is None:
                vector = by_text[chunk.text]
            else:
                report.chunks_reused += 1
            session.add(KbChunk(document_id=document.id, kind=source.kind, category=source.category,
                                lang=source.lang, ordinal=chunk.ordinal, heading=chunk.heading, text=chunk.text,
                                content_hash=chunk.content_hash, embedding=vector, embedding_model=model,
                                embedding_dimensions=DIMENSIONS))
        report.changed_documents.append(f"{source.kind}:{source.slug}" + (
            "" if source.lang == DEFAULT_LANG else f":{source.lang}"))

    keep = {d.key for d in wanted}
    for key, document in documents.items():
        if key not in keep:
            session.delete(document)
            report.removed += 1
    session.flush()
    if work or report.removed:
        session.execute(text("ANALYZE kb_chunks"))  # word statistics steer which words search ranks by
    log.info("knowledge base ingested", extra={"summary": report.summary()})
    return report
