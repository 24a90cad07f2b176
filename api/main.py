"""The FastAPI application: middleware, error handlers, routers, the web client, and start-up work
(migrations on the embedded default, the in-process schedule when there is no broker)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool

from api.accounts.router import router as accounts_router
from api.activity.router import router as activity_router
from api.admin.router import router as admin_router
from api.analytics.router import router as analytics_router
from api.auth.errors import install_auth_error_handler
from api.auth.router import router as auth_router
from api.budget.router import router as budget_router
from api.calc.router import router as calc_router
from api.coach.changes import router as coach_changes_router
from api.coach.router import router as coach_router
from api.community.router import router as community_router
from api.completion.router import router as completion_router
from api.core import migrate, outbox
from api.core.config import Settings, get_settings
from api.core.db import get_database
from api.core.errors import install_error_handlers
from api.core.middleware import RequestIdMiddleware
from api.core.serving import runs_background_duties
from api.core.tasks import enqueue
from api.core.web import default_web_dist, mount_web_client
from api.credit.router import router as credit_router
from api.expenses.router import router as expenses_router
from api.future_plans.router import router as plans_router
from api.goals.router import router as goals_router
from api.health.router import router as health_router
from api.household.router import router as household_router
from api.income.router import router as income_router
from api.knowledge.router import articles_router, help_router, tour_router
from api.me.router import router as account_router
from api.plan.router import router as plan_router
from api.preferences.router import router as preferences_router
from api.profile.router import router as profile_router
from api.properties.router import router as properties_router
from api.reports.router import router as reports_router
from api.savings.router import router as savings_router
from api.site.router import router as site_router
from api.snapshot.router import router as snapshot_router
from api.voice.router import router as voice_router

log = logging.getLogger("api")


def prepare_database(settings: Settings) -> None:
    """Start (or join) the database and bring its schema to head when this deployment migrates itself."""
    database = get_database()
    if settings.should_auto_migrate:
        before = migrate.current_revision(database.privileged_engine)
        migrate.upgrade(database.privileged_engine)
        after = migrate.current_revision(database.privileged_engine)
        if before != after:
            log.info("database migrated", extra={"from_revision": before, "to_revision": after})


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        settings.check_production()  # a shared secret and the public address, or no production server
        settings.signing_key()  # generated and stored on first run when not configured
        await run_in_threadpool(prepare_database, settings)
        background = runs_background_duties()  # with several server processes, the first one
        if settings.should_auto_ingest_kb and background:
            from api.knowledge.tasks import start_background_ingest

            app.state.kb_ingest = start_background_ingest()  # first start: embeds the content offline
        from api.worker import celery_app, install_outbox, run_schedule_in_process

        install_outbox()
        outbox.start()  # hands over work deferred by requests, including any left from before a restart
        scheduler: asyncio.Task[None] | None = None
        if background:
            celery_app.loader.import_default_modules()
            if settings.celery_broker_url:
                # A day the worker was down (or the machine off) at the scheduled hour is caught up now (the tasks
                # are idempotent); if the broker is down too, this process runs them.
                for entry in celery_app.conf.beat_schedule.values():
                    enqueue(celery_app.tasks[entry["task"]])
            else:
                scheduler = asyncio.create_task(run_schedule_in_process(dict(celery_app.conf.beat_schedule)))
        # Start-up objects (models, routes, schemas) never die: keep them out of every collection, and collect
        # the young generation less often, which takes the collector's pauses out of the latency tail.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 50, 100)
        log.info("FIRE Path API ready", extra={"embedded_database": settings.embedded, "background_duties": background})
        try:
            yield
        finally:
            if scheduler is not None:
                scheduler.cancel()
            await run_in_threadpool(outbox.stop)
            from api.core.reads import close_pools

            await close_pools()

    app = FastAPI(
        title="FIRE Path API",
        version="0.1.0",
        description="Personal finance and early-retirement planning for Canadians.",
        lifespan=lifespan,
        telemetry=None if settings.otel else {"tracing": False, "metrics": False, "logs": False},
    )
    app.add_middleware(RequestIdMiddleware, settings=settings)
    # Outermost, so every answer (errors included) carries the CORS headers a browser client needs.
    cors_origins = [origin.strip().rstrip("/") for origin in settings.cors_origins.split(",") if origin.strip()]
    if cors_origins:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=cors_origins, allow_credentials=False,
                           allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
                           allow_headers=["Authorization", "Content-Type", "Accept", "Accept-Language", "apikey",
                                          "X-Client-Info", "X-Supabase-Api-Version", "X-Request-Id"],
                           expose_headers=["Retry-After", "X-Request-Id"], max_age=600)
    install_error_handlers(app)
    install_auth_error_handler(app)
    # The per-user resources come first: they take most of the traffic and routes match in this order.
    for resource in (profile_router, accounts_router, snapshot_router, completion_router, income_router,
                     expenses_router, savings_router, budget_router, plans_router, preferences_router, goals_router,
                     properties_router, credit_router, activity_router, plan_router, household_router):
        app.include_router(resource)
    for resource in (health_router, site_router, help_router, articles_router, tour_router, auth_router,
                     account_router, calc_router, voice_router, coach_router, coach_changes_router):
        app.include_router(resource)
    for resource in (analytics_router, community_router, reports_router, admin_router):
        app.include_router(resource)
    mount_web_client(app, settings.web_dist or default_web_dist())
    return app
