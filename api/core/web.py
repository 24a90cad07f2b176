"""Serve the built web client (web/dist) with a single-page-app fallback to index.html."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response

from api.core.errors import error_response

REPO_ROOT = Path(__file__).resolve().parents[2]
API_PREFIXES = ("/api/", "/auth/", "/health", "/openapi.json", "/docs", "/redoc")


def default_web_dist() -> Path:
    return REPO_ROOT / "web" / "dist"


def mount_web_client(app: FastAPI, dist: Path) -> bool:
    """Serve the built client for any GET that no route answers (so routes added later still win):
    a file of the build when the path names one, else index.html for the client's own router. API paths
    keep their JSON 404."""
    index = dist / "index.html"
    if not index.is_file():
        return False
    root = dist.resolve()

    async def web_client(request: Request, exc: Exception) -> Response:
        path = request.url.path
        if request.method not in ("GET", "HEAD") or path.startswith(API_PREFIXES):
            detail = getattr(exc, "detail", None)
            return await error_response(request, 404, "not_found", detail if isinstance(detail, str) else "Not Found")
        relative = path.lstrip("/")
        candidate = (root / relative).resolve()
        if relative and candidate.is_file() and candidate.is_relative_to(root):
            cache = "public, max-age=31536000, immutable" if "/assets/" in path else "no-cache"
            return FileResponse(candidate, headers={"Cache-Control": cache})
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    app.add_exception_handler(404, web_client)
    return True
