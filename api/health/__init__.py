"""Liveness and readiness: database, migrations, broker."""
