"""Migrations go from an empty database to head and back, and match the models exactly."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, inspect, text

from api.core import migrate
from api.core.db import Base, Database


@pytest.fixture
def empty_database(database: Database) -> Iterator[Engine]:
    name = f"migrations_{uuid.uuid4().hex[:8]}"
    admin = database.privileged_engine.execution_options(isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = create_engine(database.privileged_url.set(database=name))
    yield engine
    engine.dispose()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def test_upgrade_downgrade_upgrade_runs_clean(empty_database: Engine) -> None:
    migrate.upgrade(empty_database)
    assert migrate.at_head(empty_database)
    tables = set(inspect(empty_database).get_table_names())
    assert set(Base.metadata.tables) <= tables

    migrate.downgrade(empty_database, "base")
    assert migrate.current_revision(empty_database) is None
    assert set(inspect(empty_database).get_table_names()) == {"alembic_version"}

    migrate.upgrade(empty_database)
    assert migrate.at_head(empty_database)
    with empty_database.connect() as conn:
        assert conn.scalar(text("SELECT extversion FROM pg_extension WHERE extname = 'vector'"))


def test_migrations_match_the_models(database: Database) -> None:
    with database.privileged_engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    assert diff == []


def test_upgrading_twice_is_a_no_op(database: Database) -> None:
    migrate.upgrade(database.privileged_engine)
    assert migrate.at_head(database.privileged_engine)


def test_saved_addresses_are_normalised_without_merging_accounts(empty_database: Engine) -> None:
    """0010: addresses saved before normalisation get the one spelling; two accounts of one mailbox stay two."""
    migrate.upgrade(empty_database, "0009")
    with empty_database.begin() as conn:
        for email, minutes_ago in (("Rene\u0301e@Example.com", 30), ("maya@b\u00fccher.example", 20),
                                   ("maya@xn--bcher-kva.example", 10), ("plain@example.com", 5)):
            conn.execute(text("INSERT INTO users (email, created_at) VALUES (:e, now() - make_interval(mins => :m))"),
                         {"e": email, "m": minutes_ago})
    migrate.upgrade(empty_database)
    with empty_database.connect() as conn:
        emails = conn.scalars(text("SELECT email FROM users ORDER BY created_at")).all()
    # The second Maya already had the one spelling; the first keeps hers rather than clash (nothing is merged).
    assert emails == ["ren\u00e9e@example.com", "maya@b\u00fccher.example", "maya@xn--bcher-kva.example",
                      "plain@example.com"]


def test_knowledge_languages_keep_the_english_index_and_go_back_cleanly(empty_database: Engine) -> None:
    """0013: rows indexed before languages become English with their vector, stemmed as before; French rows get the
    'french' configuration and their own HNSW index; going back removes the French rows and restores the old index."""
    migrate.upgrade(empty_database, "0012")
    vector = "[" + ",".join(["0.05"] * 384) + "]"
    insert_chunk = ("INSERT INTO kb_chunks (document_id, kind, category, ordinal, text, content_hash, embedding, "
                    "embedding_model, embedding_dimensions{lang}) VALUES (:d, 'help', 'Savings', 0, :t, 'h', "
                    "CAST(:v AS vector), 'm', 384{value})")
    with empty_database.begin() as conn:
        english = conn.scalar(text("INSERT INTO kb_documents (kind, slug, title, category, content, content_hash) "
                                   "VALUES ('help', 'emergency-fund', 'Emergency fund', 'Savings', 'Body', 'h') "
                                   "RETURNING id"))
        conn.execute(text(insert_chunk.format(lang="", value="")),
                     {"d": english, "t": "Emergency fund\nKeep three months of expenses.", "v": vector})
    migrate.upgrade(empty_database, "0013")
    with empty_database.begin() as conn:
        assert conn.scalar(text("SELECT lang FROM kb_documents")) == "en"
        assert conn.scalar(text("SELECT lang FROM kb_chunks")) == "en"
        assert conn.scalar(text("SELECT search_vector @@ to_tsquery('english', 'expense') FROM kb_chunks"))
        french = conn.scalar(text("INSERT INTO kb_documents (kind, slug, lang, title, category, content, content_hash) "
                                  "VALUES ('help', 'emergency-fund', 'fr', 'Fonds d''urgence', 'Savings', 'Corps', "
                                  "'h') RETURNING id"))
        conn.execute(text(insert_chunk.format(lang=", lang", value=", 'fr'")),
                     {"d": french, "t": "Fonds d'urgence\nCotisations versées chaque mois.", "v": vector})
        assert conn.scalar(text("SELECT search_vector @@ to_tsquery('french', 'cotiser') FROM kb_chunks "
                                "WHERE lang = 'fr'"))
        indexes = set(conn.scalars(text("SELECT indexname FROM pg_indexes WHERE tablename = 'kb_chunks'")))
        assert {"ix_kb_chunks_embedding_hnsw_en", "ix_kb_chunks_embedding_hnsw_fr"} <= indexes
        assert "ix_kb_chunks_embedding_hnsw" not in indexes
    migrate.downgrade(empty_database, "0012")
    with empty_database.begin() as conn:
        assert [tuple(row) for row in conn.execute(text("SELECT slug, title FROM kb_documents"))] == [
            ("emergency-fund", "Emergency fund")]
        assert conn.scalar(text("SELECT count(*) FROM kb_chunks")) == 1
        indexes = set(conn.scalars(text("SELECT indexname FROM pg_indexes WHERE tablename = 'kb_chunks'")))
        assert "ix_kb_chunks_embedding_hnsw" in indexes and "ix_kb_chunks_embedding_hnsw_fr" not in indexes
    migrate.upgrade(empty_database)
    assert migrate.at_head(empty_database)
