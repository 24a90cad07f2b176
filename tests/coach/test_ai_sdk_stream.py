"""The chat stream read by the AI SDK's own client code (DefaultChatTransport + readUIMessageStream from the
installed `ai` package), through a real server, including an approval answered the way `useChat` does it.

Runs when `node_modules/ai` exists at the repository root (the npm workspace); FIREPATH_TEST_AI_NODE_MODULES
may point at another node_modules holding `ai`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.coach.fake_openai import FakeOpenAI, ToolCallReply
from tests.coach.test_api import fake_openai, user_message
from tests.conftest import REPO_ROOT
from tests.support.servers import serve_in_thread

__all__ = ["fake_openai"]

SCRIPT = REPO_ROOT / "tests" / "node" / "parse-ui-stream.mjs"
NODE_MODULES = Path(os.environ.get("FIREPATH_TEST_AI_NODE_MODULES", REPO_ROOT / "node_modules"))
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(
    NODE is None or not (NODE_MODULES / "ai" / "package.json").exists(),
    reason="needs node and the `ai` package installed (npm install at the repository root)")


def run_ai_sdk(payload: dict[str, Any], workdir: Path) -> dict[str, Any]:
    """Run the Node script beside a node_modules that holds `ai`; returns its turns (and reloaded thread)."""
    script = SCRIPT
    if NODE_MODULES != REPO_ROOT / "node_modules":
        (workdir / "node_modules").symlink_to(NODE_MODULES)
        script = workdir / SCRIPT.name
        shutil.copy(SCRIPT, script)
    done = subprocess.run([str(NODE), str(script)], input=json.dumps(payload), capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_ai_sdk_parses_a_turn_with_an_approval_and_its_answer(
        api: TestClient, sign_up: Callable[..., dict[str, str]], fake_openai: FakeOpenAI, tmp_path: Path) -> None:
    from api.main import create_app

    headers = sign_up()
    thread_id = str(uuid.uuid4())
    fake_openai.replies = [
        [ToolCallReply("get_budget", {}, id="call_read")],
        [ToolCallReply("save_budget", {"needs_percentage": 50, "wants_percentage": 30, "savings_percentage": 20},
                       id="call_write")],
        "Done: your budget now puts 50% toward needs and 20% toward savings.",
    ]
    messages = [user_message("Set my budget to 50/30/20 please", "u-budget")]

    with serve_in_thread(create_app()) as base_url:
        result = run_ai_sdk({"api": f"{base_url}/api/v1/coach/chat", "headers": headers, "chatId": thread_id,
                             "messages": messages, "approve": {"approved": True},
                             "reload": f"{base_url}/api/v1/coach/threads/{thread_id}/messages"}, tmp_path)
        budget = httpx.get(f"{base_url}/api/v1/budget", headers=headers).json()

    first, second = result["turns"]
    assert first["errors"] == [] and second["errors"] == []
    message = first["message"]
    assert message["id"] == "reply-u-budget" and message["role"] == "assistant"
    parts = {p["type"]: p for p in message["parts"]}
    assert parts["data-coach"]["data"] == {"offline": False, "model": "fake-coach-1"}
    assert parts["tool-get_budget"]["state"] == "output-available"
    write = parts["tool-save_budget"]
    assert write["state"] == "approval-requested" and write["toolCallId"] == "call_write"
    assert write["input"] == {"needs_percentage": 50, "wants_percentage": 30, "savings_percentage": 20}
    assert write["approval"] == {"id": "approval-call_write"}
    assert parts["data-approval"]["data"]["preview"]["after"]["needs_percentage"] == 50

    # After approval the same message continues: the write ran, and the checked answer follows.
    final = second["message"]
    assert final["id"] == "reply-u-budget"
    parts = {p["type"]: p for p in final["parts"]}
    assert parts["tool-save_budget"]["state"] == "output-available"
    assert parts["tool-save_budget"]["approval"]["approved"] is True
    assert "change_id" in parts["tool-save_budget"]["output"]
    texts = [p["text"] for p in final["parts"] if p["type"] == "text"]
    assert texts == ["Done: your budget now puts 50% toward needs and 20% toward savings."]
    assert parts["data-provenance"]["data"]["unverified"] == []
    assert budget["needs_percentage"] == 50 and budget["savings_percentage"] == 20

    # Reloaded from the server, the thread passes the SDK's validateUIMessages and matches what was streamed.
    user, assistant = result["reloaded"]
    assert user == {"id": "u-budget", "role": "user", "parts": messages[0]["parts"]}
    assert assistant["id"] == final["id"]
    streamed_tools = [(p["type"], p["state"]) for p in final["parts"] if p["type"].startswith("tool-")]
    assert [(p["type"], p["state"]) for p in assistant["parts"] if p["type"].startswith("tool-")] == streamed_tools
    assert [p["text"] for p in assistant["parts"] if p["type"] == "text"] == texts


def test_the_ai_sdk_shows_a_declined_write_as_denied(
        api: TestClient, sign_up: Callable[..., dict[str, str]], fake_openai: FakeOpenAI, tmp_path: Path) -> None:
    from api.main import create_app

    headers = sign_up()
    fake_openai.replies = [
        [ToolCallReply("update_preferences", {"investment_return_rate": 0.09}, id="call_pref")],
        "No problem, I left your preferences as they were.",
    ]
    with serve_in_thread(create_app()) as base_url:
        before = httpx.get(f"{base_url}/api/v1/preferences", headers=headers).json()
        turns = run_ai_sdk({"api": f"{base_url}/api/v1/coach/chat", "headers": headers,
                            "chatId": str(uuid.uuid4()), "messages": [user_message("Use a 9% return")],
                            "approve": {"approved": False, "reason": "Too optimistic"}}, tmp_path)["turns"]
        after = httpx.get(f"{base_url}/api/v1/preferences", headers=headers).json()

    assert turns[0]["message"]["parts"][-1]["type"] in ("tool-update_preferences", "data-approval")
    final = turns[1]["message"]
    part = next(p for p in final["parts"] if p["type"] == "tool-update_preferences")
    assert part["state"] == "output-denied" and part["approval"]["approved"] is False
    assert [p["text"] for p in final["parts"] if p["type"] == "text"] == [
        "No problem, I left your preferences as they were."]
    assert after == before
    declined = json.loads(fake_openai.requests[-1]["messages"][-1]["content"])
    assert declined["declined"] is True and "Too optimistic" in declined["message"]
