"""A coach thread survives a server restart: one `firepath serve` process asks for approval and stops; a new
one takes the approval, runs the write and answers, and the thread reloads with everything in it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.api.test_cli import FIREPATH
from tests.api.test_serve import free_port, wait_health
from tests.coach.fake_openai import FakeOpenAI, ToolCallReply
from tests.coach.test_api import events_of, user_message
from tests.support.servers import serve_in_thread


@contextmanager
def firepath_serve(env: dict[str, str]) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([FIREPATH, "serve", "--port", str(port)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        wait_health(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)


def post_chat(base_url: str, headers: dict[str, str], body: dict[str, Any]) -> list[dict[str, Any]]:
    response = httpx.post(f"{base_url}/api/v1/coach/chat", headers=headers, json=body, timeout=60)
    assert response.status_code == 200, response.text
    return events_of(response.text)


@pytest.mark.slow
def test_an_approval_asked_by_one_server_is_answered_by_the_next(
        api: TestClient, sign_up: Callable[..., dict[str, str]], cli_env: dict[str, str]) -> None:
    headers = sign_up()
    thread_id = str(uuid.uuid4())
    fake = FakeOpenAI(replies=[
        [ToolCallReply("save_budget", {"needs_percentage": 55, "wants_percentage": 20, "savings_percentage": 25},
                       id="call_restart")],
        "Saved: 55% for needs and 25% for savings.",
    ])
    question = user_message("Save my budget: 55% needs, 20% wants, 25% savings", "u-restart")
    with serve_in_thread(fake.app()) as fake_url:
        env = {**cli_env, "OPENAI_BASE_URL": f"{fake_url}/v1", "OPENAI_API_KEY": "sk-test", "COACH_MODEL": "fake-1",
               "FIREPATH_LOG_JSON": "false"}
        for name in ("FIREPATH_HOST", "FIREPATH_PORT"):
            env.pop(name, None)

        with firepath_serve(env) as first:
            events = post_chat(first, headers, {"id": thread_id, "messages": [question]})
        request = next(e for e in events if e["type"] == "tool-approval-request")
        assert request == {"type": "tool-approval-request", "approvalId": "approval-call_restart",
                           "toolCallId": "call_restart"}
        assert api.get("/api/v1/budget", headers=headers).json() is None  # nothing saved while it waits

        answer = {"id": "reply-u-restart", "role": "assistant", "parts": [
            {"type": "tool-save_budget", "toolCallId": "call_restart", "state": "approval-responded",
             "input": {"needs_percentage": 55, "wants_percentage": 20, "savings_percentage": 25},
             "approval": {"id": "approval-call_restart", "approved": True}}]}
        with firepath_serve(env) as second:
            events = post_chat(second, headers, {"id": thread_id, "messages": [question, answer]})
            messages = httpx.get(f"{second}/api/v1/coach/threads/{thread_id}/messages", headers=headers).json()

    assert events[0] == {"type": "start", "messageId": "reply-u-restart"}
    output = next(e for e in events if e["type"] == "tool-output-available")
    assert output["toolCallId"] == "call_restart" and "change_id" in output["output"]
    text = "".join(e["delta"] for e in events if e["type"] == "text-delta")
    assert text == "Saved: 55% for needs and 25% for savings."
    budget = api.get("/api/v1/budget", headers=headers).json()
    assert budget["needs_percentage"] == 55 and budget["savings_percentage"] == 25
    assert [m["role"] for m in messages] == ["user", "assistant"]
    tool = next(p for p in messages[1]["parts"] if p["type"] == "tool-save_budget")
    assert tool["state"] == "output-available" and tool["approval"] == {"id": "approval-call_restart", "approved": True}
    assert json.dumps(messages).count("Saved: 55% for needs") == 1
    assert os.environ.get("OPENAI_BASE_URL") is None  # the servers' settings never leaked into this process
