"""Knowledge-base search latency: p50/p95 with the real content, then with 100,000 synthetic chunks.

    .venv/bin/python bench/bench_search.py [--chunks 100000] [--repeat 3] [--keep DIR]

Runs on its own embedded PostgreSQL in a temporary data folder (never your data). The queries are the
retrieval eval's, each set in its reader's language: English (evals/retrieval/queries.yaml) and French
(queries_fr.yaml, whose French questions embed twice: as typed and in English words). Three figures per corpus
and language:
- embed: the query's embedding alone (the offline MiniLM model, uncached);
- search: the search itself with the query's vector already computed (SQL: HNSW + full text + substring,
  fusion, snippets);
- search+embed: end to end as a first-time query (query preparation and embedding caches cleared).
Targets on this machine: search p95 < 30 ms, search+embed p95 < 60 ms.

Synthetic chunks are made from the real ones: sentences drawn at random from the real content, and the
source chunk's vector plus noise (renormalised), so the text statistics and the vector clusters resemble a
much larger knowledge base. The HNSW index is rebuilt after loading them, as a bulk load would.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def _line(label: str, samples: list[float]) -> str:
    return (f"  {label:<13} n={len(samples):<4} p50={_percentile(samples, 50):6.1f} ms  "
            f"p95={_percentile(samples, 95):6.1f} ms  max={max(samples):6.1f} ms  "
            f"mean={statistics.mean(samples):6.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description="Knowledge-base search latency")
    parser.add_argument("--chunks", type=int, default=100_000, help="synthetic chunks to add (0: real content only)")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the queries per measurement")
    parser.add_argument("--keep", type=Path, default=None, help="use (and keep) this data folder")
    args = parser.parse_args()

    data_dir = args.keep or Path(tempfile.mkdtemp(prefix="firepath-bench-search-"))
    runtime = Path(tempfile.mkdtemp(prefix="firepath-bench-xdg-"))
    os.chmod(runtime, 0o700)
    os.environ.update({"FIREPATH_DATA_DIR": str(data_dir), "DATABASE_URL": "", "DATABASE_APP_URL": "",
                       "CELERY_BROKER_URL": "", "FIREPATH_LOG_LEVEL": "WARNING", "FIREPATH_LOG_JSON": "false",
                       "XDG_RUNTIME_DIR": str(runtime)})
    try:
        return run(args)
    finally:
        from api.core import embedded
        from api.core.db import get_database

        get_database().dispose()
        embedded.stop(data_dir / "postgres")
        if args.keep is None:
            shutil.rmtree(data_dir, ignore_errors=True)
        shutil.rmtree(runtime, ignore_errors=True)


def run(args: argparse.Namespace) -> int:
    from sqlalchemy import text

    from api.core.config import get_settings
    from api.core.db import get_database, privileged_session
    from api.main import prepare_database
    from evals.retrieval.run import QUERY_SETS, load_queries
    from knowledge import embeddings, query
    from knowledge.ingest import ingest
    from knowledge.search import search

    prepare_database(get_settings())
    started = time.perf_counter()
    with privileged_session() as session:
        report = ingest(session=session)
    print(f"ingested the real content in {time.perf_counter() - started:.1f} s: {report.summary()}")
    sets = {lang: load_queries(path, lang) for lang, path in QUERY_SETS.items()}
    embedder = embeddings.get_embedder()

    def clear_caches() -> None:  # per-query caches only; the vocabulary is built once per process
        embeddings._cached_query_vector.cache_clear()
        for analyser in query._analysers.values():
            analyser.prepared.clear()

    def measure(label: str) -> None:
        with privileged_session() as session:
            chunks = session.scalar(text("SELECT count(*) FROM kb_chunks"))
        print(f"\n{label}: {chunks:,} chunks")
        for lang, cases in sets.items():
            embed, searched, end_to_end = [], [], []
            for case in cases[:10]:  # warm-up: model, connections, plans
                with privileged_session() as session:
                    search(session=session, query=case.query, kind=case.kind, lang=case.lang)
            for _ in range(args.repeat):
                for case in cases:
                    clear_caches()
                    prepared = query.prepare(case.query, reader=case.lang)
                    t0 = time.perf_counter()
                    embedder.embed([prepared.expanded])
                    embed.append((time.perf_counter() - t0) * 1000)
                    clear_caches()
                    with privileged_session() as session:
                        t0 = time.perf_counter()
                        search(session=session, query=case.query, kind=case.kind,
                               prefer=None if case.kind else "help", lang=case.lang)
                        end_to_end.append((time.perf_counter() - t0) * 1000)
                        t0 = time.perf_counter()  # again: the vectors and prepared query are now cached
                        search(session=session, query=case.query, kind=case.kind,
                               prefer=None if case.kind else "help", lang=case.lang)
                        searched.append((time.perf_counter() - t0) * 1000)
            print(f" {lang} ({len(cases)} queries)")
            print(_line("embed", embed))
            print(_line("search", searched))
            print(_line("search+embed", end_to_end))
            verdict = "met" if _percentile(searched, 95) < 30 and _percentile(end_to_end, 95) < 60 else "NOT met"
            print(f"  targets (search p95 < 30 ms, search+embed p95 < 60 ms): {verdict}")

    measure("real content")
    if args.chunks > 0:
        started = time.perf_counter()
        load_synthetic(get_database().privileged_engine, args.chunks)
        print(f"\nloaded {args.chunks:,} synthetic chunks and rebuilt the indexes in "
              f"{time.perf_counter() - started:.1f} s")
        measure(f"real content + {args.chunks:,} synthetic chunks")
    return 0


def load_synthetic(engine: object, count: int, per_document: int = 10) -> None:
    """Bulk-load `count` synthetic English chunks (and their documents) with COPY, then rebuild the English HNSW
    index."""
    import re
    import uuid

    import numpy as np
    from sqlalchemy import Engine, text

    from knowledge.content import ARTICLE_CATEGORIES

    assert isinstance(engine, Engine)
    rng = random.Random(42)
    noise = np.random.default_rng(42)
    with engine.begin() as conn:
        rows = conn.execute(text("SELECT text, embedding::text FROM kb_chunks WHERE lang = 'en'")).all()
    sentences = [s for body, _ in rows for s in re.split(r"(?<=[.!?])\s+", body.replace("\n", " ")) if len(s) > 20]
    vectors = np.array([np.array(v.strip("[]").split(","), dtype=np.float32) for _, v in rows])

    documents, chunks = io.StringIO(), io.StringIO()
    for d in range((count + per_document - 1) // per_document):
        doc_id = uuid.uuid4()
        category = rng.choice(ARTICLE_CATEGORIES)
        title = " ".join(rng.choice(sentences).split()[:6]).strip(".,;:")
        bodies = []
        for ordinal in range(min(per_document, count - d * per_document)):
            body = " ".join(rng.choice(sentences) for _ in range(rng.randint(4, 8)))
            bodies.append(body)
            base = vectors[rng.randrange(len(vectors))]
            vector = base + noise.normal(0, 0.03, base.shape).astype(np.float32)
            vector /= np.linalg.norm(vector)
            chunk_text = f"{title} — Part {ordinal + 1}\n{body}"
            chunks.write("\t".join([str(uuid.uuid4()), str(doc_id), "article", category, str(ordinal),
                                    f"Part {ordinal + 1}", _copy_escape(chunk_text), uuid.uuid4().hex * 2,
                                    "[" + ",".join(f"{x:.6f}" for x in vector) + "]", "synthetic", "384"]) + "\n")
        content = "\n\n".join(f"## Part {i + 1}\n{b}" for i, b in enumerate(bodies))
        documents.write("\t".join([str(doc_id), "article", f"synthetic-{d}", _copy_escape(title), category,
                                   "beginner", "{synthetic}", "", _copy_escape(content), uuid.uuid4().hex * 2]) + "\n")

    raw = engine.raw_connection()
    try:
        with raw.cursor() as cur:  # type: ignore[attr-defined]
            cur.execute("DROP INDEX IF EXISTS ix_kb_chunks_embedding_hnsw_en")  # the synthetic chunks are English
            with cur.copy("COPY kb_documents (id, kind, slug, title, category, level, tags, summary, content, "
                          "content_hash) FROM STDIN") as copy:
                copy.write(documents.getvalue())
            with cur.copy("COPY kb_chunks (id, document_id, kind, category, ordinal, heading, text, content_hash, "
                          "embedding, embedding_model, embedding_dimensions) FROM STDIN") as copy:
                copy.write(chunks.getvalue())
            cur.execute("SET maintenance_work_mem = '512MB'")
            cur.execute("CREATE INDEX ix_kb_chunks_embedding_hnsw_en ON kb_chunks USING hnsw "
                        "(embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64) WHERE lang = 'en'")
            cur.execute("ANALYZE kb_chunks")
            cur.execute("ANALYZE kb_documents")
        raw.commit()
    finally:
        raw.close()


def _copy_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


if __name__ == "__main__":
    sys.exit(main())
