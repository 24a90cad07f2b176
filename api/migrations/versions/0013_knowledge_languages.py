"""knowledge base in English and French: kb_documents and kb_chunks carry a language; French chunks' tsvector
uses the 'french' text-search configuration

A document is unique by kind, slug and language (a translation is a second row with the same slug). The
generated search_vector is rebuilt (PostgreSQL 16 cannot change a generated column's expression in place), so
the rows already indexed, all English, keep their vectors and only their tsvector is recomputed. The HNSW index
becomes one partial index per language (search asks each language for its nearest chunks). Downgrading drops
the French rows first.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01 23:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0013'
down_revision: str | None = '0012'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LANG_CHECK = "lang IN ('en', 'fr')"
SEARCH_VECTOR = ("CASE lang WHEN 'fr' THEN to_tsvector('french'::regconfig, text) "
                 "ELSE to_tsvector('english'::regconfig, text) END")
ENGLISH_VECTOR = "to_tsvector('english'::regconfig, text)"


def _search_vector(expression: str) -> None:
    op.drop_index('ix_kb_chunks_search_vector', table_name='kb_chunks', postgresql_using='gin')
    op.drop_column('kb_chunks', 'search_vector')
    op.add_column('kb_chunks', sa.Column('search_vector', postgresql.TSVECTOR(),
                                         sa.Computed(expression, persisted=True), nullable=False))
    op.create_index('ix_kb_chunks_search_vector', 'kb_chunks', ['search_vector'], unique=False,
                    postgresql_using='gin')


def _hnsw(name: str, where: str | None) -> None:
    op.create_index(name, 'kb_chunks', ['embedding'], unique=False, postgresql_using='hnsw',
                    postgresql_with={'m': 16, 'ef_construction': 64},
                    postgresql_ops={'embedding': 'vector_cosine_ops'},
                    postgresql_where=sa.text(where) if where else None)


def upgrade() -> None:
    op.add_column('kb_documents', sa.Column('lang', sa.String(length=2), server_default='en', nullable=False))
    op.create_check_constraint(op.f('ck_kb_documents_lang'), 'kb_documents', LANG_CHECK)
    op.drop_index('uq_kb_documents_kind_slug', table_name='kb_documents')
    op.create_index('uq_kb_documents_kind_slug_lang', 'kb_documents', ['kind', 'slug', 'lang'], unique=True)
    op.add_column('kb_chunks', sa.Column('lang', sa.String(length=2), server_default='en', nullable=False))
    op.create_check_constraint(op.f('ck_kb_chunks_lang'), 'kb_chunks', LANG_CHECK)
    _search_vector(SEARCH_VECTOR)
    op.drop_index('ix_kb_chunks_embedding_hnsw', table_name='kb_chunks')
    for lang in ('en', 'fr'):
        _hnsw(f'ix_kb_chunks_embedding_hnsw_{lang}', f"lang = '{lang}'")


def downgrade() -> None:
    op.execute("DELETE FROM kb_documents WHERE lang <> 'en'")  # their chunks go with them (ON DELETE CASCADE)
    for lang in ('en', 'fr'):
        op.drop_index(f'ix_kb_chunks_embedding_hnsw_{lang}', table_name='kb_chunks')
    _hnsw('ix_kb_chunks_embedding_hnsw', None)
    _search_vector(ENGLISH_VECTOR)
    op.drop_constraint(op.f('ck_kb_chunks_lang'), 'kb_chunks', type_='check')
    op.drop_column('kb_chunks', 'lang')
    op.drop_index('uq_kb_documents_kind_slug_lang', table_name='kb_documents')
    op.create_index('uq_kb_documents_kind_slug', 'kb_documents', ['kind', 'slug'], unique=True)
    op.drop_constraint(op.f('ck_kb_documents_lang'), 'kb_documents', type_='check')
    op.drop_column('kb_documents', 'lang')
