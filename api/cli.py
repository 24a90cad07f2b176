"""The `firepath` command: serve, worker, migrate, db-url, seed-demo, users grant-role, kb ingest/search,
eval coach."""

from __future__ import annotations

import os
import secrets
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Literal

import click

from api.core.config import Settings, get_settings
from api.core.logging import configure_logging


def _settings_with(**overrides: object) -> None:
    """Apply command-line overrides through the environment, so every module sees one Settings."""
    names = {"port": "FIREPATH_PORT", "host": "FIREPATH_HOST", "data_dir": "FIREPATH_DATA_DIR"}
    for key, value in overrides.items():
        if value is not None:
            os.environ[names[key]] = str(value)
    get_settings.cache_clear()


def _fail(message: str) -> None:
    click.secho(f"error: {message}", fg="red", err=True)
    sys.exit(1)


def _check_production() -> None:
    from api.core.config import ProductionSettingsError

    try:
        get_settings().check_production()
    except ProductionSettingsError as exc:
        _fail(f"refusing to start in production: {exc}")


def _prepare() -> None:
    from api.core.db import DatabaseSetupError
    from api.main import prepare_database

    try:
        prepare_database(get_settings())
    except DatabaseSetupError as exc:
        _fail(str(exc))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Data directory (default: FIREPATH_DATA_DIR or the per-user data folder).")
def main(data_dir: Path | None) -> None:
    """FIRE Path: financial-independence planning for Canadians."""
    _settings_with(data_dir=data_dir)
    settings = get_settings()
    configure_logging(settings.log_level, json_lines=settings.log_json)


@main.command()
@click.option("--host", default=None, help="Interface to bind (default 127.0.0.1).")
@click.option("--port", type=int, default=None, help="Port (default 8000 or FIREPATH_PORT).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes (more use more cores).")
def serve(host: str | None, port: int | None, workers: int) -> None:
    """Serve the API (and the built web client when present)."""
    import uvicorn

    from api.core.db import DatabaseSetupError
    from api.main import create_app

    _settings_with(host=host, port=port)
    settings = get_settings()
    shown_host = "localhost" if settings.host in ("127.0.0.1", "0.0.0.0") else settings.host  # noqa: S104
    threading.Thread(target=_announce, args=(settings.port, f"http://{shown_host}:{settings.port}"),
                     daemon=True).start()
    options = {"host": settings.host, "port": settings.port, **server_options(settings)}
    _check_production()
    # The database first, so that a server that cannot reach it or migrate it says why in one line (from inside
    # the server's start-up it would be a page of traceback); this process also owns the embedded server.
    _prepare()
    try:
        if workers == 1:
            server = uvicorn.Server(uvicorn.Config(create_app(settings), **options))
            server.run()
            if not server.started:
                sys.exit(1)
        else:
            from api.core.serving import run_workers

            config = uvicorn.Config("api.main:create_app", factory=True, workers=workers, **options)
            sys.exit(run_workers(config, workers))
    except DatabaseSetupError as exc:
        _fail(str(exc))


def server_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options beyond where to listen: forwarded headers are read only from FIREPATH_TRUSTED_PROXIES
    (uvicorn otherwise believes any loopback peer, so anyone on the machine could pick their address)."""
    proxies = settings.trusted_proxies.strip()
    options: dict[str, Any] = {"log_config": None, "server_header": False, "proxy_headers": bool(proxies)}
    if proxies:
        options["forwarded_allow_ips"] = proxies
    return options


def _announce(port: int, address: str) -> None:
    """Say where FIRE Path runs once it answers its health check."""
    import time
    import urllib.error
    import urllib.request

    for _ in range(1200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2):
                click.secho(f"FIRE Path is running at {address}  (health: {address}/health; Ctrl+C stops it)",
                            fg="green")
                return
        except urllib.error.HTTPError:  # it answers, but something it needs is down (no worker yet, say)
            click.secho(f"FIRE Path is running at {address}, degraded: see {address}/health", fg="yellow")
            return
        except OSError:
            time.sleep(0.1)


@main.command()
@click.option("--concurrency", type=int, default=2, show_default=True)
@click.option("--beat/--no-beat", default=True, show_default=True,
              help="Also run the schedule (the nightly net-worth snapshot). Run it in one worker only.")
@click.option("--name", default=None,
              help="This worker's name (default: firepath-beat or firepath-PID), @ the host name.")
def worker(concurrency: int, beat: bool, name: str | None) -> None:
    """Run the Celery worker (needs CELERY_BROKER_URL, e.g. redis://127.0.0.1:6379/0)."""
    settings = get_settings()
    if not settings.celery_broker_url:
        _fail("CELERY_BROKER_URL is not set. Without a broker, background tasks run inside `firepath serve`.")
    _check_production()
    _prepare()
    from api import worker as worker_module
    from api.worker import celery_app

    worker_module.RUNS_SCHEDULE = beat
    name = name or ("firepath-beat" if beat else f"firepath-{os.getpid()}")
    argv = ["worker", "--loglevel", settings.log_level, "--concurrency", str(concurrency), "--hostname",
            f"{name}@%h"]
    if beat:
        argv += ["--beat", "--schedule", str(settings.ensure_data_dir() / "celerybeat-schedule")]
    celery_app.worker_main(argv)


@main.group()
def tasks() -> None:
    """Background tasks: list the schedule, run a task now."""


@tasks.command("list")
def tasks_list() -> None:
    """The scheduled tasks and when they run."""
    from api.worker import celery_app

    for name, entry in celery_app.conf.beat_schedule.items():
        click.echo(f"{entry['task']}  ({name}: {entry['schedule']})")


@tasks.command("run")
@click.argument("name")
def tasks_run(name: str) -> None:
    """Run the task NAME (e.g. networth.snapshot_all) now, in this process, and print its result. For a missed
    nightly snapshot, or from cron where no worker runs the schedule."""
    from api.worker import celery_app

    _prepare()
    celery_app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in celery_app.conf.beat_schedule.values()}
    runnable = sorted(scheduled | {"knowledge.ingest"})
    if name not in runnable:
        _fail(f"no task {name!r}; tasks that run on their own: {', '.join(runnable)}")
        return
    try:
        result = celery_app.tasks[name].apply().get()
    except Exception as exc:
        _fail(f"{name} failed: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
        return
    click.echo(f"{name}: {result}")


@main.command()
@click.option("--revision", default="head", show_default=True, help="Target revision to upgrade to.")
@click.option("--downgrade", "downgrade_to", default=None, help="Downgrade to this revision (e.g. base).")
def migrate(revision: str, downgrade_to: str | None) -> None:
    """Apply database migrations (upgrade to head by default)."""
    from api.core import migrate as migrations
    from api.core.db import DatabaseSetupError, get_database

    try:
        engine = get_database().privileged_engine
    except DatabaseSetupError as exc:
        _fail(str(exc))
        return
    try:
        if downgrade_to:
            migrations.downgrade(engine, downgrade_to)
        else:
            migrations.upgrade(engine, revision)
    except DatabaseSetupError as exc:
        _fail(str(exc))
        return
    click.echo(f"database at revision {migrations.current_revision(engine)} (head {migrations.head_revision()})")


@main.group()
def db() -> None:
    """Your own PostgreSQL: prepare it once (`db init`), print the URL (`db url`)."""


@db.command("init")
@click.argument("superuser_url", envvar="FIREPATH_DB_SUPERUSER_URL")
@click.option("--database", default="firepath", show_default=True, help="The database to create.")
@click.option("--owner", default="firepath_owner", show_default=True,
              help="The role that owns the database; migrations run as it (DATABASE_URL).")
@click.option("--owner-password", envvar="FIREPATH_DB_OWNER_PASSWORD", default=None,
              help="Its password (default: generated; an existing role keeps its own).")
@click.option("--app-password", envvar="FIREPATH_DB_APP_PASSWORD", default=None,
              help="The password of firepath_app, the role requests run as (DATABASE_APP_URL; default: generated; "
                   "an existing role keeps its own).")
def db_init(superuser_url: str, database: str, owner: str, owner_password: str | None,
            app_password: str | None) -> None:
    """Prepare a PostgreSQL server, once, with a superuser's URL (SUPERUSER_URL, or FIREPATH_DB_SUPERUSER_URL):
    the database owner, the database, the pgvector extension and the app role, each with a password. Prints what
    it did and the DATABASE_URL and DATABASE_APP_URL to set. Safe to run again."""
    from api.core.db import DatabaseSetupError
    from api.core.dbinit import init_database

    try:
        report = init_database(superuser_url, database=database, owner=owner, owner_password=owner_password,
                               app_password=app_password)
    except DatabaseSetupError as exc:
        _fail(str(exc))
        return
    for step in report.steps:
        click.echo(f"  {step}")
    click.echo("Set these (PASSWORD: the role's existing password), then run `firepath migrate`:")
    click.echo(f"DATABASE_URL={report.database_url}")
    click.echo(f"DATABASE_APP_URL={report.app_url}")


@db.command("url")
@click.option("--hold", is_flag=True, help="Keep the embedded server running until Ctrl+C.")
@click.pass_context
def db_url_command(ctx: click.Context, hold: bool) -> None:
    """Print the database URL for psql (starting the embedded server if needed)."""
    ctx.invoke(db_url, hold=hold)


@main.command("db-url")
@click.option("--hold", is_flag=True, help="Keep the embedded server running until Ctrl+C.")
def db_url(hold: bool) -> None:
    """Print the database URL for psql (starting the embedded server if needed)."""
    from api.core.db import DatabaseSetupError, get_database

    try:
        url = get_database().privileged_url
    except DatabaseSetupError as exc:
        _fail(str(exc))
        return
    click.echo(url.set(drivername="postgresql").render_as_string(hide_password=False))
    if hold and get_settings().embedded:
        click.echo("holding the embedded server; Ctrl+C to release it", err=True)
        signal.sigwait({signal.SIGINT, signal.SIGTERM})


@main.command("seed-demo")
@click.option("--email", default=None, help="E-mail of the demo account (default demo@example.com).")
@click.option("--password", default=None, help="Password to set (default: a new random one).")
def seed_demo(email: str | None, password: str | None) -> None:
    """Create or reset the demo account: a Toronto household across every resource."""
    from api.core.db import privileged_session
    from api.demo.service import DEMO_EMAIL
    from api.demo.service import seed_demo as seed

    _prepare()
    password = password or secrets.token_urlsafe(12)
    with privileged_session() as session:
        account = seed(session=session, email=email or DEMO_EMAIL, password=password)
    click.echo("Demo account ready: Maya & Daniel Chen, Toronto")
    click.echo(f"  e-mail:    {account.email}")
    click.echo(f"  password:  {account.password}")
    click.echo(f"  net worth: ${account.net_worth:,.2f}")


@main.group()
def users() -> None:
    """Manage users."""


@users.command("grant-role")
@click.argument("email")
@click.argument("role", type=click.Choice(["user", "moderator", "admin"]))
def grant_role(email: str, role: str) -> None:
    """Give the user with EMAIL the ROLE (user, moderator or admin)."""
    from api.auth.service import set_role
    from api.core.db import privileged_session
    from api.core.errors import AppError

    _prepare()
    try:
        with privileged_session() as session:
            user = set_role(session=session, email=email, role=role)
    except AppError as exc:
        _fail(exc.message)
        return
    click.echo(f"{user.email} is now {role}")


@main.group()
def kb() -> None:
    """The knowledge base (help topics and articles): ingestion and search."""


@kb.command("ingest")
@click.option("--force", is_flag=True, help="Re-embed every chunk, even those that did not change.")
def kb_ingest(force: bool) -> None:
    """Index the shipped help topics and articles, embedding only what changed (offline by default)."""
    from api.core.db import privileged_session
    from knowledge.content import ContentError
    from knowledge.embeddings import EmbeddingError
    from knowledge.ingest import ingest

    _prepare()
    try:
        with privileged_session() as session:
            report = ingest(session=session, force=force)
    except (ContentError, EmbeddingError) as exc:
        _fail(str(exc))
        return
    click.echo(report.summary())


@kb.command("search")
@click.argument("query")
@click.option("--kind", type=click.Choice(["help", "article"]), default=None)
@click.option("--limit", type=int, default=5, show_default=True)
@click.option("--lang", type=click.Choice(["en", "fr"]), default="en", show_default=True,
              help="The language to show results in (the query may be in either).")
def kb_search(query: str, kind: str | None, limit: int, lang: Literal["en", "fr"]) -> None:
    """Search the knowledge base as the Help Center does and print the results."""
    from api.core.db import privileged_session
    from knowledge.search import search

    _prepare()
    with privileged_session() as session:
        hits = search(session=session, query=query, kind=kind, limit=limit, prefer=None if kind else "help",
                      lang=lang)
    for rank, hit in enumerate(hits, start=1):
        click.echo(f"{rank}. [{hit.kind}] {hit.id}: {hit.title} ({hit.score:.4f})")
    if not hits:
        click.echo("no results")


@main.group("eval")
def eval_group() -> None:
    """Evaluations (the coach over its labelled cases; the voice recognisers over fixed recordings)."""


@eval_group.command("coach")
@click.option("--model", "model_spec", default="offline", show_default=True,
              help="'offline' (the deterministic coach) or 'openai:NAME' (OPENAI_BASE_URL / OPENAI_API_KEY).")
@click.option("--case", "case_ids", multiple=True, help="Run only this case id (repeatable).")
@click.option("--report-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where the JSON and Markdown reports go (default: <data dir>/reports/coach-eval).")
@click.option("--min-overall", type=float, default=0.9, show_default=True,
              help="Exit 1 when the development set's overall pass rate is below this.")
@click.option("--set", "sets", multiple=True, type=click.Choice(["dev", "heldout", "next"]),
              help="Case set (repeatable; default dev and heldout): dev is tuned on, heldout never is, next "
                   "is the next blind set to tune on.")
def eval_coach(model_spec: str, case_ids: tuple[str, ...], report_dir: Path | None, min_overall: float,
               sets: tuple[str, ...]) -> None:
    """Run the coach eval through the real graph, tools and database, on the development and the held-out sets;
    print the figures of each, by intent, and write a report of each."""
    from evals.coach.runner import default_report_dir, run

    _prepare()
    try:
        reports = run(model_spec, report_dir=report_dir or default_report_dir(), case_ids=list(case_ids) or None,
                      echo=click.echo, sets=sets or ("dev", "heldout"))
    except ValueError as exc:
        _fail(str(exc))
        return
    dev = [r for r in reports if r.name == "dev"]
    if dev and dev[0].overall < min_overall:
        _fail(f"development set overall {dev[0].overall:.1%} is below {min_overall:.0%}")


@eval_group.command("voice")
@click.option("--engine", "engines", multiple=True, type=click.Choice(["whisper", "pocketsphinx"]),
              help="Offline recogniser (repeatable; default both).")
def eval_voice(engines: tuple[str, ...]) -> None:
    """Run the voice eval: the fixed recordings of evals/voice through the offline recognisers; print each one's
    word error rate and amount accuracy (every figure of an answer heard right)."""
    from evals.voice.runner import ENGINES, run

    run(engines or ENGINES, echo=click.echo)


if __name__ == "__main__":  # pragma: no cover
    main()
