"""The retrieval eval against the real ingested content: the suite fails below recall@5 0.85."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from evals.retrieval.run import MIN_RECALL, evaluate, load_queries, report
from knowledge.content import KnowledgeBase

pytestmark = pytest.mark.usefixtures("ingested_kb")


def test_the_labelled_queries_are_many_varied_and_point_at_real_documents(shipped_kb: KnowledgeBase) -> None:
    queries = load_queries()
    assert len(queries) >= 80
    assert {"paraphrase", "typo", "french"} <= {q.tag for q in queries}
    for word in ("CELI", "REER", "CELIAPP"):
        assert any(word in q.query for q in queries), word
    known = {f"help/{t.id}" for t in shipped_kb.topics} | {f"article/{a.id}" for a in shipped_kb.articles}
    assert {doc for q in queries for doc in q.relevant} <= known


def test_recall_at_5_meets_the_bar(session: Session) -> None:
    outcome = evaluate(session=session, queries=load_queries(), k=5)
    print(report(outcome))
    assert outcome.recall >= MIN_RECALL, report(outcome, verbose=True)
    assert 0 < outcome.mrr <= 1
