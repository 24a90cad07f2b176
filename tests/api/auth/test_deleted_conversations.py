"""A deleted account leaves nothing behind in any schema (the probe found coach and onboarding checkpoints in
`langgraph` after deletion, readable by anyone who posted with the same thread id), and a thread id is bound to
its owner."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.db import Database, privileged_session

SYSTEM_SCHEMAS = ("pg_catalog", "information_schema", "pg_toast")


def _chat(api: TestClient, headers: dict[str, str], thread_id: str, words: str) -> int:
    response = api.post("/api/v1/coach/chat", headers=headers, json={
        "id": thread_id, "trigger": "submit-message",
        "messages": [{"id": f"u-{uuid.uuid4().hex[:8]}", "role": "user", "parts": [{"type": "text", "text": words}]}]})
    return response.status_code


def _messages(api: TestClient, headers: dict[str, str], thread_id: str) -> str:
    response = api.get(f"/api/v1/coach/threads/{thread_id}/messages", headers=headers)
    assert response.status_code == 200, response.text
    return response.text


def places_holding(database: Database, needles: list[str]) -> list[str]:
    """Every column of every table in every schema that holds one of `needles` (text, JSON, UUID or bytes)."""
    found: list[str] = []
    with privileged_session(database) as s:
        columns = s.execute(text(
            "SELECT c.table_schema, c.table_name, c.column_name, c.data_type FROM information_schema.columns c "
            "JOIN information_schema.tables t USING (table_schema, table_name) "
            "WHERE t.table_type = 'BASE TABLE' AND c.table_schema <> ALL(:system) "
            "AND c.data_type IN ('text', 'character varying', 'uuid', 'json', 'jsonb', 'bytea')"),
            {"system": list(SYSTEM_SCHEMAS)}).all()
        assert any(schema == "langgraph" for schema, *_ in columns), "the checkpoints' schema was not searched"
        for schema, table, column, kind in columns:
            target = f'"{schema}"."{table}"'
            for needle in needles:
                if kind == "bytea":
                    condition = f'position(convert_to(:n, \'UTF8\') in "{column}") > 0'
                else:
                    condition = f'CAST("{column}" AS text) LIKE \'%\' || :n || \'%\''
                if s.scalar(text(f"SELECT count(*) FROM {target} WHERE {condition}"), {"n": needle}):
                    found.append(f"{schema}.{table}.{column} holds {needle!r}")
    return found


def test_deleting_an_account_deletes_its_conversations_in_every_schema(
        api: TestClient, sign_up: Callable[..., dict[str, str]], database: Database) -> None:
    headers = sign_up()
    user_id = api.get("/auth/v1/user", headers=headers).json()["id"]
    thread_id = str(uuid.uuid4())
    marker = f"zebra{uuid.uuid4().hex[:8]}"
    assert _chat(api, headers, thread_id, f"What is my FIRE number? My dog is called {marker}.") == 200
    assert marker in _messages(api, headers, thread_id)
    onboarding = api.post("/api/v1/voice/onboarding", headers=headers,
                          json={"text": f"I am thirty five and live in Ontario, my cat is {marker}."})
    assert onboarding.status_code == 200, onboarding.text
    needles = [user_id, thread_id, onboarding.json()["thread_id"], marker]
    before = places_holding(database, needles)
    assert any(p.startswith("langgraph.") for p in before), before  # the test sees where conversations live

    assert api.post("/api/v1/me/delete", headers=headers, json={}).status_code == 202
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with privileged_session(database) as s:
            if not s.scalar(text("SELECT count(*) FROM users WHERE id = :u"), {"u": user_id}):
                break
        time.sleep(0.2)
    assert places_holding(database, needles) == []

    # Someone who posts with the deleted conversation's id starts a conversation of their own.
    other = sign_up()
    assert _chat(api, other, thread_id, "How am I doing?") == 200
    assert marker not in _messages(api, other, thread_id)


def test_a_live_thread_id_cannot_be_read_or_continued_by_someone_else(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    owner, stranger = sign_up(), sign_up()
    thread_id = str(uuid.uuid4())
    marker = f"okapi{uuid.uuid4().hex[:8]}"
    assert _chat(api, owner, thread_id, f"My savings are called {marker}. What is my savings rate?") == 200
    assert _chat(api, stranger, thread_id, "What did I say before?") == 404
    assert api.get(f"/api/v1/coach/threads/{thread_id}/messages", headers=stranger).status_code == 404
    assert marker in _messages(api, owner, thread_id)


def test_a_new_thread_starts_empty_even_over_stale_checkpoints(
        api: TestClient, sign_up: Callable[..., dict[str, str]], database: Database) -> None:
    """Checkpoints left by an account deleted before deletion covered them: the id's next owner never sees them."""
    owner = sign_up()
    thread_id = str(uuid.uuid4())
    marker = f"tapir{uuid.uuid4().hex[:8]}"
    assert _chat(api, owner, thread_id, f"Remember {marker}. What is my net worth?") == 200
    with privileged_session(database) as s:  # as before the fix: the index row goes, the checkpoints stay
        s.execute(text("DELETE FROM coach_threads WHERE id = :t"), {"t": thread_id})
    assert places_holding(database, [marker])
    newcomer = sign_up()
    assert _chat(api, newcomer, thread_id, "How am I doing?") == 200
    assert marker not in _messages(api, newcomer, thread_id)
    assert places_holding(database, [marker]) == []
