"""knowledge base: kb_documents and kb_chunks (pgvector HNSW cosine index, generated tsvector with GIN)

Public content, not per-user, so no row-level security. The app role reads these tables (default
privileges grant it access) but does not write them: ingestion runs on the privileged path.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 09:30:30.690009
"""

from collections.abc import Sequence

import pgvector.sqlalchemy
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from api.core.rls import APP_ROLE

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('kb_documents',
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('slug', sa.String(length=120), nullable=False),
    sa.Column('title', sa.Text(), nullable=False),
    sa.Column('category', sa.String(length=64), nullable=False),
    sa.Column('level', sa.String(length=16), nullable=True),
    sa.Column('tags', postgresql.ARRAY(sa.Text()), server_default='{}', nullable=False),
    sa.Column('summary', sa.Text(), nullable=True),
    sa.Column('content', sa.Text(), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("kind IN ('help', 'article')", name=op.f('ck_kb_documents_kind')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_kb_documents'))
    )
    op.create_index('uq_kb_documents_kind_slug', 'kb_documents', ['kind', 'slug'], unique=True)
    op.create_table('kb_chunks',
    sa.Column('document_id', sa.Uuid(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('category', sa.String(length=64), nullable=False),
    sa.Column('ordinal', sa.Integer(), nullable=False),
    sa.Column('heading', sa.Text(), nullable=True),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('embedding', pgvector.sqlalchemy.vector.VECTOR(dim=384), nullable=False),
    sa.Column('embedding_model', sa.String(length=120), nullable=False),
    sa.Column('embedding_dimensions', sa.Integer(), nullable=False),
    sa.Column('search_vector', postgresql.TSVECTOR(), sa.Computed("to_tsvector('english'::regconfig, text)", persisted=True), nullable=False),
    sa.Column('id', sa.Uuid(), server_default=sa.text('gen_random_uuid()'), nullable=False),
    sa.ForeignKeyConstraint(['document_id'], ['kb_documents.id'], name=op.f('fk_kb_chunks_document_id_kb_documents'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_kb_chunks'))
    )
    op.create_index('ix_kb_chunks_embedding_hnsw', 'kb_chunks', ['embedding'], unique=False, postgresql_using='hnsw', postgresql_with={'m': 16, 'ef_construction': 64}, postgresql_ops={'embedding': 'vector_cosine_ops'})
    op.create_index('ix_kb_chunks_kind_category', 'kb_chunks', ['kind', 'category'], unique=False)
    op.create_index('ix_kb_chunks_search_vector', 'kb_chunks', ['search_vector'], unique=False, postgresql_using='gin')
    op.create_index('uq_kb_chunks_document_ordinal', 'kb_chunks', ['document_id', 'ordinal'], unique=True)
    op.execute(f"REVOKE INSERT, UPDATE, DELETE ON kb_documents, kb_chunks FROM {APP_ROLE}")
    op.execute(f"GRANT SELECT ON kb_documents, kb_chunks TO {APP_ROLE}")


def downgrade() -> None:
    op.drop_index('uq_kb_chunks_document_ordinal', table_name='kb_chunks')
    op.drop_index('ix_kb_chunks_search_vector', table_name='kb_chunks', postgresql_using='gin')
    op.drop_index('ix_kb_chunks_kind_category', table_name='kb_chunks')
    op.drop_index('ix_kb_chunks_embedding_hnsw', table_name='kb_chunks', postgresql_using='hnsw', postgresql_with={'m': 16, 'ef_construction': 64}, postgresql_ops={'embedding': 'vector_cosine_ops'})
    op.drop_table('kb_chunks')
    op.drop_index('uq_kb_documents_kind_slug', table_name='kb_documents')
    op.drop_table('kb_documents')
