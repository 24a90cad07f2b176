"""Alembic migrations of the whole schema (run with `firepath migrate`)."""
