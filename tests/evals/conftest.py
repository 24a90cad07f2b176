from tests.knowledge.fixtures import embedder, ingested_kb, shipped_kb

__all__ = ["embedder", "ingested_kb", "shipped_kb"]
