"""The one settings object, read from the environment and an optional `.env` file.

Every setting is documented in the README's settings table; keep the two in step.
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Literal

import platformdirs
from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PLACEHOLDER_SECRETS = frozenset({"", "changeme", "change-me", "secret", "dev", "development", "placeholder"})
MIN_SECRET_LENGTH = 32


def default_data_dir() -> Path:
    """The per-user data folder (e.g. ~/.local/share/firepath on Linux)."""
    return Path(platformdirs.user_data_dir("firepath", appauthor=False))


class Settings(BaseSettings):
    """Runtime configuration. Environment variables win over `.env`; both are optional."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    env: Literal["development", "test", "production"] = Field(
        default="development", validation_alias="FIREPATH_ENV"
    )
    data_dir: Path = Field(default_factory=default_data_dir, validation_alias="FIREPATH_DATA_DIR")
    host: str = Field(default="127.0.0.1", validation_alias="FIREPATH_HOST")
    port: int = Field(default=8000, ge=1, le=65535, validation_alias="FIREPATH_PORT")
    log_level: str = Field(default="INFO", validation_alias="FIREPATH_LOG_LEVEL")
    log_json: bool = Field(default=True, validation_alias="FIREPATH_LOG_JSON")
    web_dist: Path | None = Field(default=None, validation_alias="FIREPATH_WEB_DIST")
    public_url: str | None = Field(default=None, validation_alias="FIREPATH_PUBLIC_URL")

    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")
    database_app_url: str | None = Field(default=None, validation_alias="DATABASE_APP_URL")
    otel: bool = Field(default=False, validation_alias="FIREPATH_OTEL",
                       description="FastAPI's OpenTelemetry traces, metrics and logs (off: no per-request cost)")
    db_pool_size: int = Field(default=10, ge=1, le=200, validation_alias="FIREPATH_DB_POOL_SIZE")
    auto_migrate: bool | None = Field(default=None, validation_alias="FIREPATH_AUTO_MIGRATE")

    celery_broker_url: str | None = Field(default=None, validation_alias="CELERY_BROKER_URL")
    celery_result_backend: str | None = Field(default=None, validation_alias="CELERY_RESULT_BACKEND")
    snapshot_hour_utc: int = Field(default=7, ge=0, le=23, validation_alias="FIREPATH_SNAPSHOT_HOUR_UTC")
    # A task taken by a worker that dies is handed to another worker after this many seconds (Redis's visibility
    # timeout): longer than the slowest task, short enough that a crash delays work little
    task_visibility_timeout: int = Field(default=3600, ge=5, le=7 * 24 * 3600,
                                         validation_alias="FIREPATH_TASK_VISIBILITY_TIMEOUT")
    # How often each server's outbox relay looks for work written elsewhere (a worker, a server that stopped)
    outbox_poll_seconds: float = Field(default=2.0, gt=0, le=300, validation_alias="FIREPATH_OUTBOX_POLL_SECONDS")

    jwt_secret: str | None = Field(default=None, validation_alias="FIREPATH_JWT_SECRET")
    jwt_previous_secrets: str | None = Field(default=None, validation_alias="FIREPATH_JWT_PREVIOUS_SECRETS")
    jwt_expiry_seconds: int = Field(default=3600, ge=60, le=86400, validation_alias="FIREPATH_JWT_EXPIRY")

    # Auth (GoTrue-compatible, under /auth/v1)
    auth_confirm_email: bool = Field(default=False, validation_alias="FIREPATH_AUTH_CONFIRM_EMAIL")
    auth_disable_signup: bool = Field(default=False, validation_alias="FIREPATH_AUTH_DISABLE_SIGNUP")
    auth_redirect_urls: str = Field(default="firepath://*", validation_alias="FIREPATH_AUTH_REDIRECT_URLS")
    # The proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (comma-separated IPs or CIDR ranges, as
    # uvicorn's forwarded_allow_ips; "*" trusts every peer): none by default, so a client cannot choose the address
    # that per-IP rate limits count
    trusted_proxies: str = Field(default="", validation_alias="FIREPATH_TRUSTED_PROXIES")
    # Origins of browser clients served from elsewhere (the Expo app's web export, a self-hoster's own front end),
    # comma-separated, allowed by CORS with the Authorization header; none by default (the web app is same-origin and
    # the native app needs no CORS)
    cors_origins: str = Field(default="", validation_alias="FIREPATH_CORS_ORIGINS")
    # Outside production, the web dev server's own origins (Vite's default port) may also receive auth redirects
    dev_origins: str = Field(default="http://localhost:5173,http://127.0.0.1:5173",
                             validation_alias="FIREPATH_DEV_ORIGINS")
    auth_refresh_reuse_seconds: int = Field(default=10, ge=0, le=300,
                                            validation_alias="FIREPATH_AUTH_REFRESH_REUSE_SECONDS")
    auth_link_ttl_minutes: int = Field(default=60, ge=5, le=7 * 24 * 60,
                                       validation_alias="FIREPATH_AUTH_LINK_TTL_MINUTES")
    # A new password or e-mail address needs the current password, unless the session signed in this recently
    auth_reauth_window_minutes: int = Field(default=10, ge=0, le=24 * 60,
                                            validation_alias="FIREPATH_AUTH_REAUTH_WINDOW_MINUTES")
    rate_limit_signin_ip: int = Field(default=30, ge=1, validation_alias="FIREPATH_RATE_LIMIT_SIGNIN_IP")
    rate_limit_signin_email: int = Field(default=10, ge=1, validation_alias="FIREPATH_RATE_LIMIT_SIGNIN_EMAIL")
    rate_limit_signup_ip: int = Field(default=10, ge=1, validation_alias="FIREPATH_RATE_LIMIT_SIGNUP_IP")
    rate_limit_recover_ip: int = Field(default=10, ge=1, validation_alias="FIREPATH_RATE_LIMIT_RECOVER_IP")
    rate_limit_recover_email: int = Field(default=3, ge=1, validation_alias="FIREPATH_RATE_LIMIT_RECOVER_EMAIL")
    rate_limit_window_seconds: int = Field(default=300, ge=1, validation_alias="FIREPATH_RATE_LIMIT_WINDOW")
    # Analytics events and error reports, per signed-in user or, signed out, per client address, in the window
    rate_limit_events: int = Field(default=300, ge=1, validation_alias="FIREPATH_RATE_LIMIT_EVENTS")
    rate_limit_reports: int = Field(default=10, ge=1, validation_alias="FIREPATH_RATE_LIMIT_REPORTS")

    google_client_id: str | None = Field(default=None, validation_alias="GOOGLE_CLIENT_ID")
    google_client_secret: str | None = Field(default=None, validation_alias="GOOGLE_CLIENT_SECRET")
    google_discovery_url: str = Field(default="https://accounts.google.com/.well-known/openid-configuration",
                                      validation_alias="GOOGLE_DISCOVERY_URL")

    # E-mail: SMTP when SMTP_HOST is set, else written to DATA_DIR/outbox
    smtp_host: str | None = Field(default=None, validation_alias="SMTP_HOST")
    smtp_port: int = Field(default=587, ge=1, le=65535, validation_alias="SMTP_PORT")
    smtp_user: str | None = Field(default=None, validation_alias="SMTP_USER")
    smtp_password: str | None = Field(default=None, validation_alias="SMTP_PASSWORD")
    smtp_starttls: bool = Field(default=True, validation_alias="SMTP_STARTTLS")
    smtp_from: str = Field(default="FIRE Path <no-reply@firepath.local>", validation_alias="SMTP_FROM")
    # The address the Contact and Careers pages show (api/site): default support@ the public URL's host, else
    # support@ the SMTP from-address's domain
    contact_email: str | None = Field(default=None, pattern=r"^[^@\s<>\"]+@[^@\s<>\"]+\.[^@\s<>\"]+$",
                                      max_length=320, validation_alias="FIREPATH_CONTACT_EMAIL")

    # Knowledge base: offline MiniLM embeddings by default; an OpenAI-compatible endpoint when a URL is set
    embeddings_base_url: str | None = Field(default=None, validation_alias="EMBEDDINGS_BASE_URL")
    embeddings_api_key: str | None = Field(default=None, validation_alias="EMBEDDINGS_API_KEY")
    embeddings_model: str = Field(default="text-embedding-3-small", validation_alias="EMBEDDINGS_MODEL")
    kb_auto_ingest: bool | None = Field(default=None, validation_alias="FIREPATH_KB_AUTO_INGEST")
    # Chunk vectors kept between databases (knowledge/vector_cache.py): default DATA_DIR/cache/embeddings, "" off
    embedding_cache: str | None = Field(default=None, validation_alias="FIREPATH_EMBEDDING_CACHE")

    # FI coach: any OpenAI-compatible chat endpoint when a key or base URL is set, else the offline coach
    openai_api_key: str | None = Field(default=None, validation_alias="OPENAI_API_KEY")
    openai_base_url: str | None = Field(default=None, validation_alias="OPENAI_BASE_URL")
    coach_model: str = Field(default="gpt-4o-mini", validation_alias="COACH_MODEL")
    coach_daily_model_calls: int = Field(default=200, ge=0, validation_alias="FIREPATH_COACH_DAILY_MODEL_CALLS")
    coach_max_model_calls: int = Field(default=8, ge=1, le=50, validation_alias="FIREPATH_COACH_MAX_MODEL_CALLS")
    coach_timeout_seconds: float = Field(default=60.0, gt=0, validation_alias="FIREPATH_COACH_TIMEOUT")

    # Voice onboarding: offline Whisper base (PocketSphinx when Whisper cannot load, or when chosen) unless
    # TRANSCRIBE_MODEL names a model of an OpenAI-compatible /v1/audio/transcriptions endpoint
    # (TRANSCRIBE_BASE_URL/TRANSCRIBE_API_KEY, else the OPENAI_* ones)
    transcribe_model: str | None = Field(default=None, validation_alias="TRANSCRIBE_MODEL")
    transcribe_offline_engine: Literal["whisper", "pocketsphinx"] = Field(
        default="whisper", validation_alias="FIREPATH_TRANSCRIBE_OFFLINE")
    transcribe_base_url: str | None = Field(default=None, validation_alias="TRANSCRIBE_BASE_URL")
    transcribe_api_key: str | None = Field(default=None, validation_alias="TRANSCRIBE_API_KEY")
    voice_max_bytes: int = Field(default=10 * 1024 * 1024, ge=1024, validation_alias="FIREPATH_VOICE_MAX_BYTES")
    voice_max_seconds: float = Field(default=120.0, gt=0, le=3600, validation_alias="FIREPATH_VOICE_MAX_SECONDS")

    @field_validator("database_url", "database_app_url", "celery_broker_url", "celery_result_backend",
                     "jwt_secret", "public_url", "web_dist", "google_client_id", "google_client_secret",
                     "smtp_host", "smtp_user", "smtp_password", "jwt_previous_secrets", "openai_api_key",
                     "openai_base_url", "transcribe_model", "transcribe_base_url", "transcribe_api_key",
                     "contact_email", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.upper()

    @model_validator(mode="after")
    def _refuse_placeholder_secret(self) -> Settings:
        weak = self.jwt_secret is not None and (
            self.jwt_secret.strip().lower() in PLACEHOLDER_SECRETS or len(self.jwt_secret) < MIN_SECRET_LENGTH
        )
        if weak and self.env == "production":
            raise ValueError(
                    "FIREPATH_JWT_SECRET is a placeholder or shorter than "
                    f"{MIN_SECRET_LENGTH} characters; set a random secret in production"
                )
        return self

    def production_problems(self) -> list[str]:
        """What a production deployment must set and has not: every server must sign tokens with one shared secret
        (a generated one differs per machine, so servers would refuse each other's tokens), and links in e-mails
        and the token issuer must use the public address, not localhost."""
        if self.env != "production":
            return []
        problems = []
        if not self.jwt_secret:
            problems.append("FIREPATH_JWT_SECRET is not set: every server must sign with the same secret "
                            "(make one with `openssl rand -hex 32`)")
        if not self.public_url:
            problems.append("FIREPATH_PUBLIC_URL is not set: e-mailed links and the token issuer would point at "
                            f"localhost:{self.port} (set the address people use, e.g. https://plan.example.com)")
        return problems

    def check_production(self) -> None:
        """Refuse to start a production server or worker without what `production_problems` lists."""
        problems = self.production_problems()
        if problems:
            raise ProductionSettingsError("; ".join(problems))

    @property
    def embedded(self) -> bool:
        """True when FIRE Path runs its own PostgreSQL (no DATABASE_URL given)."""
        return not self.database_url

    @property
    def should_auto_migrate(self) -> bool:
        """Migrations run at server start on the embedded default unless told otherwise."""
        return self.embedded if self.auto_migrate is None else self.auto_migrate

    @property
    def should_auto_ingest_kb(self) -> bool:
        """The server brings the knowledge base's index up to date at start, except under tests by default."""
        return self.env != "test" if self.kb_auto_ingest is None else self.kb_auto_ingest

    @property
    def result_backend(self) -> str | None:
        return self.celery_result_backend or self.celery_broker_url

    @property
    def site_url(self) -> str:
        """Where users reach FIRE Path (links in e-mails, OAuth callbacks)."""
        return (self.public_url or f"http://localhost:{self.port}").rstrip("/")

    @property
    def google_enabled(self) -> bool:
        return bool(self.google_client_id and self.google_client_secret)

    @property
    def embedding_cache_dir(self) -> Path | None:
        """Where ingestion keeps chunk vectors between databases; None when FIREPATH_EMBEDDING_CACHE is empty."""
        if self.embedding_cache is None:
            return self.data_dir / "cache" / "embeddings"
        return Path(self.embedding_cache).expanduser() if self.embedding_cache.strip() else None

    def ensure_data_dir(self) -> Path:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return self.data_dir

    def signing_key(self) -> str:
        """The JWT signing secret: from the environment, or generated once and kept in the data dir."""
        if self.jwt_secret:
            return self.jwt_secret
        cached = _secrets.get((str(self.data_dir / "secrets.json"), "jwt_secret"))
        return cached or _stored_secret(self.ensure_data_dir() / "secrets.json", "jwt_secret")


class ProductionSettingsError(RuntimeError):
    """FIREPATH_ENV=production without the settings every production server needs."""


_secrets: dict[tuple[str, str], str] = {}


def _stored_secret(path: Path, name: str) -> str:
    """A generated secret from a 0600 JSON file (created under a lock on first use); read once per process,
    since a stored secret never changes."""
    key = (str(path), name)
    if key not in _secrets:
        _secrets[key] = _read_or_create_secret(path, name)
    return _secrets[key]


def _read_or_create_secret(path: Path, name: str) -> str:
    with open(path.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stored: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
        if name not in stored:
            stored[name] = secrets.token_urlsafe(48)
            tmp = path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as handle:
                json.dump(stored, handle)
            os.replace(tmp, path)
        return stored[name]


@lru_cache
def get_settings() -> Settings:
    return Settings()
