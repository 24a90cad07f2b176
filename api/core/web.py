"""Serve the built web client (web/dist) with a single-page-app fallback to index.html."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response

REPO_ROOT = Path(__file__).resolve().parents[2]
API_PREFIXES = ("/api/", "/auth/", "/health", "/openapi.json", "/docs", "/redoc")


def default_web_dist() -> Path:
    return REPO_ROOT / "web" / "dist"


def mount_web_client(app: FastAPI, dist: Path) -> bool:
    index = dist / "index.html"
    if not index.is_file():
        return False
    root = dist.resolve()

    @app.get("/{path:path}", include_in_schema=False)
    async def web_client(path: str, request: Request) -> Response:
        if request.url.path.startswith(API_PREFIXES):
            return JSONResponse({"code": "not_found", "message": "Not Found", "details": None}, status_code=404)
        candidate = (root / path).resolve()
        if path and candidate.is_file() and candidate.is_relative_to(root):
            cache = "public, max-age=31536000, immutable" if "/assets/" in f"/{path}" else "no-cache"
            return FileResponse(candidate, headers={"Cache-Control": cache})
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    return True
