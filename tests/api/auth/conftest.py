"""Auth fixtures: a live API on 127.0.0.1, a real SMTP server (aiosmtpd), a local OpenID issuer, and
supabase-auth clients pointed at our /auth/v1."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from email import message_from_bytes
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from supabase_auth import SyncGoTrueClient, SyncMemoryStorage

from api.core.config import Settings, get_settings
from api.core.db import Database
from api.main import create_app
from tests.support import oidc
from tests.support.servers import free_port, serve_in_thread


@pytest.fixture(scope="session")
def settings() -> Settings:
    return get_settings()


@pytest.fixture(scope="session")
def api_url(database: Database, settings: Settings) -> Iterator[str]:
    port = free_port()
    settings.public_url = f"http://127.0.0.1:{port}"
    with serve_in_thread(create_app(settings), port) as url:
        yield url


@pytest.fixture
def auth_client(api_url: str) -> Callable[..., SyncGoTrueClient]:
    def make(flow_type: str = "implicit") -> SyncGoTrueClient:
        return SyncGoTrueClient(url=f"{api_url}/auth/v1", headers={"apikey": "anon"}, auto_refresh_token=False,
                                persist_session=True, storage=SyncMemoryStorage(), flow_type=flow_type)  # type: ignore[arg-type]
    return make


@pytest.fixture
def email() -> str:
    return f"saver-{uuid.uuid4().hex[:10]}@example.com"


class Inbox:
    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"

    def wait_for(self, to: str, timeout: float = 15.0) -> Message:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages:
                if message["To"] == to:
                    return message
            time.sleep(0.05)
        raise AssertionError(f"no e-mail to {to} arrived")


@pytest.fixture
def smtp(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Inbox]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setattr(settings, "smtp_host", "127.0.0.1")
    monkeypatch.setattr(settings, "smtp_port", port)
    monkeypatch.setattr(settings, "smtp_starttls", False)
    try:
        yield inbox
    finally:
        controller.stop()


@pytest.fixture(scope="session")
def issuer() -> Iterator[oidc.Issuer]:
    fake = oidc.Issuer()
    port = free_port()
    fake.base_url = f"http://127.0.0.1:{port}"
    with serve_in_thread(fake.app(), port):
        yield fake


@pytest.fixture
def google(settings: Settings, issuer: oidc.Issuer, monkeypatch: pytest.MonkeyPatch) -> oidc.Issuer:
    monkeypatch.setattr(settings, "google_client_id", oidc.CLIENT_ID)
    monkeypatch.setattr(settings, "google_client_secret", oidc.CLIENT_SECRET)
    monkeypatch.setattr(settings, "google_discovery_url", f"{issuer.base_url}/.well-known/openid-configuration")
    return issuer
