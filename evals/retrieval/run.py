"""Retrieval eval of the knowledge base: recall@5 and MRR over the labelled queries in queries.yaml.

    .venv/bin/python -m evals.retrieval.run [--k 5] [--min-recall 0.85] [--verbose]

It uses the configured database (the embedded one by default), brings the index up to date with the
shipped content first (embedding only what changed), and searches exactly as the Help Center does.
Exits 1 when recall@k is below --min-recall.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from knowledge.content import KnowledgeBase
from knowledge.search import search

QUERIES = Path(__file__).resolve().parent / "queries.yaml"
MIN_RECALL = 0.85


class LabelledQuery(BaseModel):
    query: str = Field(min_length=1)
    relevant: list[str] = Field(min_length=1, description="kind/id of every document that answers it")
    kind: str | None = None
    tag: str = "paraphrase"


@dataclass
class QueryResult:
    case: LabelledQuery
    retrieved: list[str]
    recall: float
    reciprocal_rank: float


@dataclass
class EvalResult:
    k: int
    results: list[QueryResult] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return sum(r.recall for r in self.results) / len(self.results)

    @property
    def mrr(self) -> float:
        return sum(r.reciprocal_rank for r in self.results) / len(self.results)

    def by_tag(self) -> dict[str, tuple[int, float, float]]:
        tags: dict[str, list[QueryResult]] = {}
        for result in self.results:
            tags.setdefault(result.case.tag, []).append(result)
        return {tag: (len(rs), sum(r.recall for r in rs) / len(rs), sum(r.reciprocal_rank for r in rs) / len(rs))
                for tag, rs in sorted(tags.items())}


def load_queries(path: Path = QUERIES) -> list[LabelledQuery]:
    return [LabelledQuery.model_validate(item) for item in yaml.safe_load(path.read_text(encoding="utf-8"))]


def evaluate(*, session: Session, queries: list[LabelledQuery], k: int = 5,
             kb: KnowledgeBase | None = None) -> EvalResult:
    """Recall@k (share of each query's relevant documents in the top k) and reciprocal rank of the first."""
    outcome = EvalResult(k=k)
    for case in queries:
        hits = search(session=session, query=case.query, kind=case.kind, limit=k,
                      prefer=None if case.kind else "help", kb=kb)
        retrieved = [f"{hit.kind}/{hit.id}" for hit in hits]
        relevant = set(case.relevant)
        found = len(relevant & set(retrieved[:k]))
        # With more relevant documents than k, finding k of them is full recall.
        recall = found / min(len(relevant), k)
        first = next((rank for rank, doc in enumerate(retrieved, start=1) if doc in relevant), None)
        outcome.results.append(QueryResult(case=case, retrieved=retrieved, recall=recall,
                                           reciprocal_rank=1.0 / first if first else 0.0))
    return outcome


def report(outcome: EvalResult, *, verbose: bool = False) -> str:
    lines = [f"queries: {len(outcome.results)}",
             f"recall@{outcome.k}: {outcome.recall:.3f}",
             f"MRR: {outcome.mrr:.3f}"]
    for tag, (count, recall, mrr) in outcome.by_tag().items():
        lines.append(f"  {tag:<11} n={count:<3} recall@{outcome.k}={recall:.3f}  MRR={mrr:.3f}")
    misses = [r for r in outcome.results if r.recall < 1.0]
    if misses:
        lines.append(f"not fully recalled ({len(misses)}):")
        for miss in misses if verbose else misses[:15]:
            lines.append(f"  {miss.case.query!r}: wanted {miss.case.relevant}, got {miss.retrieved}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--min-recall", type=float, default=MIN_RECALL)
    parser.add_argument("--queries", type=Path, default=QUERIES)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)

    from api.core.config import get_settings
    from api.core.db import privileged_session
    from api.main import prepare_database
    from knowledge.ingest import ingest

    prepare_database(get_settings())
    with privileged_session() as session:
        ingest(session=session)
    with privileged_session() as session:
        outcome = evaluate(session=session, queries=load_queries(args.queries), k=args.k)
    print(report(outcome, verbose=args.verbose))
    if outcome.recall < args.min_recall:
        print(f"FAIL: recall@{args.k} {outcome.recall:.3f} is below {args.min_recall}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
