"""Settings come from the environment; secrets are generated once and kept; placeholders are refused."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from pydantic import ValidationError

from api.core.config import Settings


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FIREPATH_PORT", "FIREPATH_HOST", "FIREPATH_DATA_DIR", "FIREPATH_ENV", "FIREPATH_LOG_JSON"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None)
    assert (settings.host, settings.port, settings.env) == ("127.0.0.1", 8000, "development")
    assert settings.embedded and settings.should_auto_migrate
    assert settings.data_dir.name == "firepath"


def test_environment_overrides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FIREPATH_PORT", "9123")
    monkeypatch.setenv("FIREPATH_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p@127.0.0.1/db")
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:6379/3")
    settings = Settings(_env_file=None)
    assert settings.port == 9123 and settings.data_dir == tmp_path
    assert not settings.embedded and not settings.should_auto_migrate
    assert settings.result_backend == "redis://127.0.0.1:6379/3"


def test_dotenv_file_is_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FIREPATH_PORT", raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("FIREPATH_PORT=8111\n")
    assert Settings(_env_file=env_file).port == 8111


def test_empty_values_mean_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "")
    monkeypatch.setenv("CELERY_BROKER_URL", "  ")
    settings = Settings(_env_file=None)
    assert settings.database_url is None and settings.celery_broker_url is None


def test_invalid_port_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREPATH_PORT", "70000")
    with pytest.raises(ValidationError, match="FIREPATH_PORT"):
        Settings(_env_file=None)


def test_signing_key_is_generated_once_and_kept_private(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FIREPATH_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("FIREPATH_JWT_SECRET", raising=False)
    first = Settings(_env_file=None).signing_key()
    second = Settings(_env_file=None).signing_key()
    assert first == second and len(first) >= 48
    assert stat.S_IMODE((tmp_path / "secrets.json").stat().st_mode) == 0o600


def test_a_given_secret_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FIREPATH_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("FIREPATH_JWT_SECRET", "x" * 40)
    assert Settings(_env_file=None).signing_key() == "x" * 40
    assert not (tmp_path / "secrets.json").exists()


@pytest.mark.parametrize("secret", ["changeme", "short-secret"])
def test_placeholder_secret_is_refused_in_production(monkeypatch: pytest.MonkeyPatch, secret: str) -> None:
    monkeypatch.setenv("FIREPATH_ENV", "production")
    monkeypatch.setenv("FIREPATH_JWT_SECRET", secret)
    with pytest.raises(ValidationError, match="placeholder"):
        Settings(_env_file=None)
    monkeypatch.setenv("FIREPATH_ENV", "development")
    assert Settings(_env_file=None).jwt_secret == secret


def test_production_needs_a_shared_secret_and_the_public_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from api.core.config import ProductionSettingsError

    monkeypatch.setenv("FIREPATH_ENV", "production")
    monkeypatch.delenv("FIREPATH_JWT_SECRET", raising=False)
    monkeypatch.delenv("FIREPATH_PUBLIC_URL", raising=False)
    problems = Settings(_env_file=None).production_problems()
    assert [p.split(" ")[0] for p in problems] == ["FIREPATH_JWT_SECRET", "FIREPATH_PUBLIC_URL"]
    monkeypatch.setenv("FIREPATH_JWT_SECRET", "k" * 64)
    with pytest.raises(ProductionSettingsError, match="FIREPATH_PUBLIC_URL is not set"):
        Settings(_env_file=None).check_production()
    monkeypatch.setenv("FIREPATH_PUBLIC_URL", "https://plan.example.com")
    Settings(_env_file=None).check_production()
    monkeypatch.setenv("FIREPATH_ENV", "development")
    monkeypatch.delenv("FIREPATH_JWT_SECRET")
    assert Settings(_env_file=None).production_problems() == []
