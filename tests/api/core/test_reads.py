"""The async read path: row-level security per read, nothing left bound on pooled connections, and the
verified-token cache honouring expiry and key changes."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from api.accounts.models import UserAccount
from api.auth import tokens
from api.core.config import get_settings
from api.core.db import Database
from api.core.reads import UserQuery, close_pools, fetch_for_user


def _user_id(api: TestClient, headers: dict[str, str]) -> uuid.UUID:
    return uuid.UUID(api.get("/auth/v1/user", headers=headers).json()["id"])


def test_each_read_sees_only_its_user_and_leaves_nothing_bound(
        api: TestClient, sign_up: Callable[..., dict[str, str]], database: Database) -> None:
    alice, bob = sign_up(), sign_up()
    for headers, name in ((alice, "Alice TFSA"), (bob, "Bob RRSP")):
        saved = api.post("/api/v1/accounts", headers=headers,
                         json={"account_name": name, "account_type": "tfsa", "balance": 100})
        assert saved.status_code == 201, saved.text
    query = UserQuery(UserAccount, columns=["account_name"], newest_first=True)

    async def scenario() -> tuple[list[str], list[str], list[dict[str, object]], list[dict[str, object]]]:
        try:
            a = [row["account_name"] for row in await query.all(_user_id(api, alice))]
            b = [row["account_name"] for row in await query.all(_user_id(api, bob))]
            # The same pooled connections afterwards: no user bound, so row-level security shows nothing.
            setting = await fetch_for_user(uuid.uuid4(), "SELECT current_setting('app.user_id', true) AS uid")
            unbound = await fetch_for_user(uuid.uuid4(), "SELECT count(*) AS n FROM user_accounts")
            return a, b, setting, unbound
        finally:
            await close_pools()

    a, b, setting, unbound = asyncio.run(scenario())
    assert a == ["Alice TFSA"] and b == ["Bob RRSP"]
    assert setting[0]["uid"] != str(_user_id(api, alice))
    assert unbound == [{"n": 0}]


def test_the_user_id_is_inlined_only_as_a_uuid() -> None:
    async def bad() -> None:
        await fetch_for_user("x'); DROP TABLE users; --", "SELECT 1")  # type: ignore[arg-type]

    with pytest.raises(ValueError):
        asyncio.run(bad())


def test_profile_and_accounts_reads_over_http(api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    headers = sign_up()
    assert api.get("/api/v1/profile", headers=headers).json() is None
    assert api.get("/api/v1/accounts", headers=headers).json() == []
    api.put("/api/v1/profile", headers=headers, json={"first_name": "Maya", "province": "ON", "age": 34})
    profile = api.get("/api/v1/profile", headers=headers).json()
    assert profile["first_name"] == "Maya" and profile["province"] == "ON" and profile["age"] == 34
    first = api.post("/api/v1/accounts", headers=headers, json={"account_name": "A", "account_type": "tfsa",
                                                                "balance": 1})
    second = api.post("/api/v1/accounts", headers=headers, json={"account_name": "B", "account_type": "rrsp",
                                                                 "balance": 2.5})
    listed = api.get("/api/v1/accounts", headers=headers).json()
    assert [row["id"] for row in listed] == [second.json()["id"], first.json()["id"]]  # newest first
    assert listed[0]["balance"] == 2.5


def test_a_cached_token_still_expires(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    token = sign_up()["Authorization"][7:]
    settings = get_settings()
    claims = tokens.decode_access_token(settings, token)  # now cached
    assert tokens.decode_access_token(settings, token) == claims
    later = claims.expires_at + 60
    monkeypatch.setattr(time, "time", lambda: float(later))
    with pytest.raises(tokens.InvalidToken):
        tokens.decode_access_token(settings, token)
    response = api.get("/api/v1/profile", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 401 and response.json()["code"] == "invalid_token"
