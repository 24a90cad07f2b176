"""knowledge base in English and French: kb_documents and kb_chunks carry a language; French chunks' tsvector
uses the 'french' text-search configuration

A document is unique by kind, slug and language (a translation is a second row with the same slug). The
generated search_vector is rebuilt (PostgreSQL 16 cannot change a generated column's expression in place), so
the rows already indexed, all English, keep their vectors and only their tsvector is recomputed. Downgrading
drops the French rows first.

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


def upgrade() -> None:
    op.add_column('kb_documents', sa.Column('lang', sa.String(length=2), server_default='en', nullable=False))
    op.create_check_constraint(op.f('ck_kb_documents_lang'), 'kb_documents', LANG_CHECK)
    op.drop_index('uq_kb_documents_kind_slug', table_name='kb_documents')
    op.create_index('uq_kb_documents_kind_slug_lang', 'kb_documents', ['kind', 'slug', 'lang'], unique=True)
    op.add_column('kb_chunks', sa.Column('lang', sa.String(length=2), server_default='en', nullable=False))
    op.create_check_constraint(op.f('ck_kb_chunks_lang'), 'kb_chunks', LANG_CHECK)
    _search_vector(SEARCH_VECTOR)


def downgrade() -> None:
    op.execute("DELETE FROM kb_documents WHERE lang <> 'en'")  # their chunks go with them (ON DELETE CASCADE)
    _search_vector(ENGLISH_VECTOR)
    op.drop_constraint(op.f('ck_kb_chunks_lang'), 'kb_chunks', type_='check')
    op.drop_column('kb_chunks', 'lang')
    op.drop_index('uq_kb_documents_kind_slug_lang', table_name='kb_documents')
    op.create_index('uq_kb_documents_kind_slug', 'kb_documents', ['kind', 'slug'], unique=True)
    op.drop_constraint(op.f('ck_kb_documents_lang'), 'kb_documents', type_='check')
    op.drop_column('kb_documents', 'lang')
