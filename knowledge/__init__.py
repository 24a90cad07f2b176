"""Help topics and education articles as files, their ingestion, embeddings and search."""
