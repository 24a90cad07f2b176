"""Test plumbing: one embedded PostgreSQL (with pgvector) for the whole run, migrated to head, and a
session per test inside a transaction that is rolled back.

The environment is fixed here, before any setting is read, so a developer's `.env` or DATABASE_URL never
leaks into the tests.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

_RUN_DIR = Path(tempfile.mkdtemp(prefix="firepath-tests-"))
os.environ.update({
    "FIREPATH_ENV": "test",
    "FIREPATH_DATA_DIR": str(_RUN_DIR / "data"),
    "DATABASE_URL": "",
    "DATABASE_APP_URL": "",
    "CELERY_BROKER_URL": "",
    "CELERY_RESULT_BACKEND": "",
    "FIREPATH_LOG_JSON": "false",
    # Tests sign in far more often than people do; the rate-limit tests lower these for themselves.
    "FIREPATH_RATE_LIMIT_SIGNIN_IP": "100000",
    "FIREPATH_RATE_LIMIT_SIGNIN_EMAIL": "100000",
    "FIREPATH_RATE_LIMIT_SIGNUP_IP": "100000",
    "FIREPATH_RATE_LIMIT_RECOVER_IP": "100000",
    "FIREPATH_RATE_LIMIT_RECOVER_EMAIL": "100000",
    "FIREPATH_RATE_LIMIT_EVENTS": "100000",
    "FIREPATH_RATE_LIMIT_REPORTS": "100000",
    "SMTP_HOST": "",
    "GOOGLE_CLIENT_ID": "",
    "GOOGLE_CLIENT_SECRET": "",
    "FIREPATH_AUTH_CONFIRM_EMAIL": "false",
    # No embedding cache in this process (the ingestion tests count what is embedded); the servers the browser
    # tests start share one for the run (tests/web/conftest.py), so the shipped content is embedded once
    "FIREPATH_EMBEDDING_CACHE": "",
    "FIREPATH_TEST_EMBEDDING_CACHE": str(_RUN_DIR / "embedding-cache"),
})

from api.core import embedded, migrate  # noqa: E402
from api.core.config import get_settings  # noqa: E402
from api.core.db import Database, build_database, set_database  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def run_dir() -> Path:
    return _RUN_DIR


@pytest.fixture(scope="session")
def database() -> Iterator[Database]:
    settings = get_settings()
    db = build_database(settings)
    migrate.upgrade(db.privileged_engine)
    set_database(db)
    yield db
    set_database(None)
    db.dispose()
    embedded.stop(settings.data_dir / "postgres")
    shutil.rmtree(_RUN_DIR, ignore_errors=True)


@pytest.fixture
def session(database: Database) -> Iterator[Session]:
    """A privileged session whose work is rolled back after the test (savepoints inside are allowed)."""
    connection = database.privileged_engine.connect()
    transaction = connection.begin()
    db_session = Session(bind=connection, join_transaction_mode="create_savepoint", expire_on_commit=False)
    try:
        yield db_session
    finally:
        db_session.close()
        transaction.rollback()
        connection.close()


@pytest.fixture
def cli_env() -> dict[str, str]:
    """The environment for a `firepath` subprocess sharing this run's embedded server."""
    return {**os.environ}


@pytest.fixture(scope="session")
def api(database: Database) -> Iterator[TestClient]:
    """The whole application in-process (start-up included), for HTTP tests of the API."""
    from api.main import create_app

    with TestClient(create_app(), raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def sign_up(api: TestClient) -> Callable[..., dict[str, str]]:
    """Sign up a fresh user through /auth/v1 and return the Authorization header for them."""

    def make(email: str | None = None, password: str = "correct-horse-9") -> dict[str, str]:
        email = email or f"user-{uuid.uuid4().hex[:12]}@example.com"
        response = api.post("/auth/v1/signup", json={"email": email, "password": password})
        assert response.status_code == 200, response.text
        return {"Authorization": f"Bearer {response.json()['access_token']}"}

    return make
