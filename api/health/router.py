"""GET /health: 200 when the database answers, migrations are at head and the broker (if any) answers."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse

from api.core.config import get_settings
from api.deps import DatabaseDep
from api.health import service
from api.health.schemas import Health

router = APIRouter(tags=["health"])


@router.get("/health", operation_id="health-check", response_model=Health,
            responses={503: {"model": Health, "description": "A dependency is down"}})
async def health(database: DatabaseDep) -> JSONResponse:
    report = await run_in_threadpool(service.check, database=database, settings=get_settings())
    return JSONResponse(report.model_dump(), status_code=200 if report.status == "ok" else 503)
