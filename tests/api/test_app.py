"""The application shell: /health, the JSON error shape, request ids, and no leaks on a crash."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field

from api.core.db import Database
from api.core.errors import Conflict, NotFound, TooManyRequests
from api.main import create_app


class Payload(BaseModel):
    age: int = Field(ge=0, le=120)


@pytest.fixture
def app(database: Database) -> FastAPI:
    app = create_app()

    @app.post("/_test/validate")
    def validate(payload: Payload) -> Payload:
        return payload

    @app.get("/_test/missing")
    def missing() -> None:
        raise NotFound("Goal not found")

    @app.get("/_test/conflict")
    def conflict() -> None:
        raise Conflict("Already exists", code="email_exists")

    @app.get("/_test/limited")
    def limited() -> None:
        raise TooManyRequests("Too many requests", retry_after=30)

    @app.get("/_test/crash")
    def crash() -> None:
        raise RuntimeError("secret internal detail: password=hunter2")

    return app


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_health_reports_database_migrations_and_broker(client: TestClient) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == {"ok": True, "embedded": True, "detail": None}
    assert body["migrations"]["ok"] and body["migrations"]["current"] == body["migrations"]["head"]
    assert body["broker"] == {"ok": True, "configured": False,
                              "detail": "no broker: tasks run in the server process"}
    assert body["worker"]["configured"] is False and body["worker"]["ok"] is True
    assert body["queue"] == {"pending": None}
    assert body["outbox"]["pending"] >= 0
    assert body["knowledge"]["state"] in ("ready", "out_of_date", "building")


def test_health_counts_live_workers_and_the_queue(database: object, tmp_path: object) -> None:
    """With a broker: workers' heartbeats (keys that expire) and the default queue's length, read from Redis."""
    import subprocess

    from api.core import heartbeats
    from api.core.config import get_settings
    from api.core.db import get_database
    from api.health.service import check
    from tests.support.servers import free_port

    port = free_port()
    redis = subprocess.Popen(["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
                             stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        import time

        deadline = time.monotonic() + 10
        while subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).returncode != 0:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        settings = get_settings().model_copy(update={"celery_broker_url": url})
        none = check(database=get_database(), settings=settings)
        assert none.status == "degraded" and none.worker.count == 0 and not none.worker.ok
        assert "no worker running" in none.worker.detail and none.queue.pending == 0
        beat = heartbeats.Heartbeat(url, schedule=True)
        beat.start()
        subprocess.run(["redis-cli", "-p", str(port), "rpush", "celery", "a", "b"], check=True, capture_output=True)
        deadline = time.monotonic() + 5
        while (one := check(database=get_database(), settings=settings)).worker.count != 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert one.status == "ok" and one.worker.schedule and one.queue.pending == 2
        beat.stop()  # a worker that stops says so at once
        assert check(database=get_database(), settings=settings).worker.count == 0
    finally:
        redis.terminate()
        redis.wait(timeout=10)


def test_validation_errors_name_the_field(client: TestClient) -> None:
    response = client.post("/_test/validate", json={"age": 130})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "validation_error"
    assert body["message"].startswith("age:")
    assert body["details"][0]["field"] == "age"
    assert body["request_id"] == response.headers["x-request-id"]


@pytest.mark.parametrize(("path", "status", "code"), [
    ("/_test/missing", 404, "not_found"),
    ("/_test/conflict", 409, "email_exists"),
    ("/api/v1/nowhere", 404, "not_found"),
])
def test_app_errors_have_one_shape(client: TestClient, path: str, status: int, code: str) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert set(response.json()) == {"code", "message", "details", "request_id"}
    assert response.json()["code"] == code


def test_rate_limits_say_when_to_retry(client: TestClient) -> None:
    response = client.get("/_test/limited")
    assert response.status_code == 429 and response.headers["retry-after"] == "30"


def test_a_crash_is_a_500_without_internals_but_with_the_request_id(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    response = client.get("/_test/crash", headers={"X-Request-ID": "req-abc-123"})
    assert response.status_code == 500
    assert response.json() == {"code": "internal_error", "message": "An unexpected error occurred. Please try again.",
                               "details": None, "request_id": "req-abc-123"}
    assert "hunter2" not in response.text
    logged = [r for r in caplog.records if r.getMessage() == "unhandled error"]
    assert logged and getattr(logged[0], "request_id", None) == "req-abc-123"


def test_an_unsafe_request_id_is_replaced(client: TestClient) -> None:
    response = client.get("/health", headers={"X-Request-ID": "bad id\nwith newline"})
    assert response.headers["x-request-id"] != "bad id\nwith newline"
    assert len(response.headers["x-request-id"]) == 32


def test_openapi_has_stable_operation_ids(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["paths"]["/health"]["get"]["operationId"] == "health-check"


def test_cors_allows_only_the_configured_origins(database: Database) -> None:
    """The Expo app's web export runs from its own origin: FIREPATH_CORS_ORIGINS lets it call the API with a token."""
    from api.core.config import get_settings

    app = create_app(get_settings().model_copy(update={"cors_origins": "http://127.0.0.1:8091/, https://app.example.ca"}))
    with TestClient(app, raise_server_exceptions=False) as c:
        preflight = c.options("/api/v1/plan/summary", headers={
            "Origin": "http://127.0.0.1:8091", "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization"})
        assert preflight.status_code == 200
        assert preflight.headers["access-control-allow-origin"] == "http://127.0.0.1:8091"
        assert "authorization" in preflight.headers["access-control-allow-headers"].lower()
        refused = c.get("/api/v1/plan/summary", headers={"Origin": "http://127.0.0.1:8091"})
        assert refused.status_code == 401  # errors carry the header too, so the client can read the message
        assert refused.headers["access-control-allow-origin"] == "http://127.0.0.1:8091"
        other = c.get("/health", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


def test_no_cors_by_default(client: TestClient) -> None:
    response = client.options("/api/v1/plan/summary", headers={
        "Origin": "http://127.0.0.1:8091", "Access-Control-Request-Method": "GET"})
    assert "access-control-allow-origin" not in response.headers
