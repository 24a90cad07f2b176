"""Security headers, which the probe found missing: on the web client's HTML, API JSON, errors and token
responses; `Cache-Control: no-store` wherever a token or a person's figures travel; HSTS in production only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from api.core.config import Settings, get_settings
from api.core.headers import CSP
from api.main import create_app


def _common(headers: object) -> None:
    h = headers  # httpx.Headers
    assert h["x-content-type-options"] == "nosniff"  # type: ignore[index]
    assert h["referrer-policy"] == "strict-origin-when-cross-origin"  # type: ignore[index]
    assert h["x-frame-options"] == "DENY"  # type: ignore[index]
    csp = h["content-security-policy"]  # type: ignore[index]
    assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp
    assert "unsafe-eval" not in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]


def test_api_answers_and_errors_carry_the_headers(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    for response in (api.get("/health"), api.get("/api/v1/site"), api.get("/api/v1/profile"),
                     api.post("/api/v1/calc/fire", json={"bad": True})):
        _common(response.headers)
        assert "strict-transport-security" not in response.headers  # not in development
    me = sign_up()
    profile = api.get("/api/v1/profile", headers=me)
    assert profile.status_code == 200
    _common(profile.headers)
    assert profile.headers["cache-control"] == "no-store"
    assert api.get("/api/v1/site").headers.get("cache-control") != "no-store"  # public, anonymous: cacheable


def test_token_responses_are_never_stored(api: TestClient) -> None:
    signup = api.post("/auth/v1/signup", json={"email": "headers-check@example.com", "password": "correct-horse-9"})
    assert signup.status_code == 200 and "access_token" in signup.json()
    _common(signup.headers)
    assert signup.headers["cache-control"] == "no-store"
    token = api.post("/auth/v1/token?grant_type=password",
                     json={"email": "headers-check@example.com", "password": "correct-horse-9"})
    assert token.headers["cache-control"] == "no-store"
    verify = api.get("/auth/v1/verify?token=bogus&type=recovery", follow_redirects=False)
    assert verify.status_code in (302, 303) and verify.headers["cache-control"] == "no-store"
    _common(verify.headers)


def test_the_web_client_is_served_under_the_policy(database: object, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text('<!doctype html><script src="/theme.js"></script>')
    (dist / "assets" / "app.js").write_text("console.log(1)")
    settings = get_settings().model_copy(update={"web_dist": dist})
    with TestClient(create_app(settings)) as client:
        page = client.get("/fire-dashboard")
        assert page.status_code == 200 and page.headers["content-security-policy"] == CSP
        _common(page.headers)
        asset = client.get("/assets/app.js")
        assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
        _common(asset.headers)
        assert "content-security-policy" not in client.get("/docs").headers  # Swagger UI's CDN and inline script


def test_the_built_client_has_no_inline_script() -> None:
    index = Path(__file__).resolve().parents[3] / "web" / "index.html"
    html = index.read_text()
    assert "<script>" not in html.replace(" ", "") and '<script src="/theme.js">' in html


def test_production_adds_hsts(database: object) -> None:
    # (no knowledge-base ingestion at start: its thread would outlive the test)
    settings: Settings = get_settings().model_copy(update={"env": "production", "jwt_secret": "s" * 64,
                                                           "kb_auto_ingest": False,
                                                           "public_url": "https://plan.example.com"})
    with TestClient(create_app(settings)) as client:
        response = client.get("/health")
        assert response.headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"
        _common(response.headers)
