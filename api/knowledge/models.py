"""kb_documents and kb_chunks: the knowledge base's search index (public content, not per-user: no RLS).

A document is one help topic or article in one language (`en` or `fr`: a translated document is two rows,
same kind and slug); its chunks carry the embedding (with the model's name and dimension), a content hash so
re-ingestion embeds only what changed, and a tsvector generated with their language's text-search configuration.
"""

from __future__ import annotations

import uuid

from pgvector.sqlalchemy import Vector
from sqlalchemy import CheckConstraint, Computed, ForeignKey, Index, Integer, String, Text, text
from sqlalchemy.dialects.postgresql import ARRAY, TSVECTOR
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import IdMixin, TimestampsMixin
from knowledge.content import LANGUAGES
from knowledge.embeddings import DIMENSIONS

LANG_CHECK = "lang IN ('en', 'fr')"
# Each language's words stemmed its own way ('french': "cotisations" and "cotiser" -> "cotis"). The configurations
# are constants, so the expression stays immutable, as a generated column needs.
SEARCH_VECTOR = ("CASE lang WHEN 'fr' THEN to_tsvector('french'::regconfig, text) "
                 "ELSE to_tsvector('english'::regconfig, text) END")


class KbDocument(IdMixin, TimestampsMixin, Base):
    __tablename__ = "kb_documents"
    __table_args__ = (
        CheckConstraint("kind IN ('help', 'article')", name="kind"),
        CheckConstraint(LANG_CHECK, name="lang"),
        Index("uq_kb_documents_kind_slug_lang", "kind", "slug", "lang", unique=True),
    )

    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    slug: Mapped[str] = mapped_column(String(120), nullable=False)
    lang: Mapped[str] = mapped_column(String(2), nullable=False, server_default="en")
    title: Mapped[str] = mapped_column(Text, nullable=False)
    category: Mapped[str] = mapped_column(String(64), nullable=False)
    level: Mapped[str | None] = mapped_column(String(16))
    tags: Mapped[list[str]] = mapped_column(ARRAY(Text), nullable=False, server_default="{}")
    summary: Mapped[str | None] = mapped_column(Text)
    content: Mapped[str] = mapped_column(Text, nullable=False)
    content_hash: Mapped[str] = mapped_column(String(64), nullable=False)


class KbChunk(IdMixin, Base):
    __tablename__ = "kb_chunks"
    __table_args__ = (
        Index("uq_kb_chunks_document_ordinal", "document_id", "ordinal", unique=True),
        Index("ix_kb_chunks_search_vector", "search_vector", postgresql_using="gin"),
        # One nearest-neighbour index per language, so each language's nearest chunks come back in full (pgvector
        # 0.6 filters after the index scan: one index over both would return about half as many of either).
        *(Index(f"ix_kb_chunks_embedding_hnsw_{lang}", "embedding", postgresql_using="hnsw",
                postgresql_with={"m": 16, "ef_construction": 64},
                postgresql_ops={"embedding": "vector_cosine_ops"}, postgresql_where=text(f"lang = '{lang}'"))
          for lang in LANGUAGES),
        Index("ix_kb_chunks_kind_category", "kind", "category"),
        CheckConstraint(LANG_CHECK, name="lang"),
    )

    document_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("kb_documents.id", ondelete="CASCADE"),
                                                   nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)  # copied from the document for filters
    category: Mapped[str] = mapped_column(String(64), nullable=False)
    lang: Mapped[str] = mapped_column(String(2), nullable=False, server_default="en")  # the document's
    ordinal: Mapped[int] = mapped_column(Integer, nullable=False)
    heading: Mapped[str | None] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    content_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    embedding: Mapped[list[float]] = mapped_column(Vector(DIMENSIONS), nullable=False)
    embedding_model: Mapped[str] = mapped_column(String(120), nullable=False)
    embedding_dimensions: Mapped[int] = mapped_column(Integer, nullable=False)
    search_vector: Mapped[str] = mapped_column(
        TSVECTOR, Computed(SEARCH_VECTOR, persisted=True), nullable=False
    )
