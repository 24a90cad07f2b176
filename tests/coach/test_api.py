"""/api/v1/coach over HTTP with the OpenAI path: `ChatOpenAI` talks real HTTP (streaming) to a local
OpenAI-compatible fake on loopback, and the response is the AI SDK UI message stream."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.core.config import get_settings
from tests.coach.fake_openai import FakeOpenAI, ToolCallReply
from tests.support.servers import serve_in_thread

STREAM_HEADER = "x-vercel-ai-ui-message-stream"


def events_of(body: str) -> list[dict[str, Any]]:
    """The JSON events of an SSE body, checking the framing (`data: ...` blocks, ending with [DONE])."""
    blocks = [block for block in body.split("\n\n") if block]
    assert all(block.startswith("data: ") for block in blocks), blocks
    assert blocks[-1] == "data: [DONE]"
    return [json.loads(block[len("data: "):]) for block in blocks[:-1]]


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI()
    with serve_in_thread(fake.app()) as base_url:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{base_url}/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-local")
        monkeypatch.setenv("COACH_MODEL", "fake-coach-1")
        get_settings.cache_clear()
        try:
            yield fake
        finally:
            monkeypatch.undo()
            get_settings.cache_clear()


def user_message(text: str, message_id: str | None = None) -> dict[str, Any]:
    return {"id": message_id or f"u-{uuid.uuid4().hex[:10]}", "role": "user", "parts": [{"type": "text", "text": text}]}


def chat(api: TestClient, headers: dict[str, str], thread_id: str, messages: list[dict[str, Any]]) -> Any:
    return api.post("/api/v1/coach/chat", headers=headers,
                    json={"id": thread_id, "messages": messages, "trigger": "submit-message"})


def test_a_turn_streams_tool_calls_and_the_checked_answer(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                                           fake_openai: FakeOpenAI) -> None:
    headers = sign_up()
    thread = api.post("/api/v1/coach/threads", headers=headers, json={}).json()
    fake_openai.replies = [[ToolCallReply("get_snapshot", {}, id="call_snap")],
                           "Your snapshot is ready: nothing is saved yet, so let's start with your income."]

    response = chat(api, headers, thread["id"], [user_message("How am I doing?", "u-1")])

    assert response.status_code == 200, response.text
    assert response.headers[STREAM_HEADER] == "v1"
    assert response.headers["content-type"].startswith("text/event-stream")
    events = events_of(response.text)
    types = [e["type"] for e in events]
    assert types[:3] == ["start", "data-coach", "start-step"]
    assert events[0]["messageId"] == "reply-u-1"
    assert events[1]["data"] == {"offline": False, "model": "fake-coach-1"}
    # The tool call streamed in: announced, its arguments as fragments, then whole.
    assert types[3] == "tool-input-start" and events[3] == {
        "type": "tool-input-start", "toolCallId": "call_snap", "toolName": "get_snapshot"}
    assert "tool-input-delta" in types
    available = next(e for e in events if e["type"] == "tool-input-available")
    assert available["input"] == {} and available["toolCallId"] == "call_snap"
    output = next(e for e in events if e["type"] == "tool-output-available")
    assert output["toolCallId"] == "call_snap" and "fire_number" in output["output"]["snapshot"]
    text = "".join(e["delta"] for e in events if e["type"] == "text-delta")
    assert text == "Your snapshot is ready: nothing is saved yet, so let's start with your income."
    provenance = next(e for e in events if e["type"] == "data-provenance")
    assert provenance["data"]["unverified"] == [] and provenance["data"]["tools"][0]["tool"] == "get_snapshot"
    assert types[-1] == "finish" and events[-1]["finishReason"] == "stop"

    # The model was called over HTTP, streaming, with the tools, the system prompt and the situation summary.
    first, second = fake_openai.requests
    assert first["stream"] is True and first["model"] == "fake-coach-1"
    assert "get_snapshot" in {t["function"]["name"] for t in first["tools"]}
    assert first["messages"][0]["role"] == "system" and "Profile 0% complete" in first["messages"][0]["content"]
    assert second["messages"][-1]["role"] == "tool" and second["messages"][-1]["tool_call_id"] == "call_snap"

    # The thread is named after its first message and reloads as UI messages.
    [listed] = api.get("/api/v1/coach/threads", headers=headers).json()
    assert listed["id"] == thread["id"] and listed["title"] == "How am I doing?"
    messages = api.get(f"/api/v1/coach/threads/{thread['id']}/messages", headers=headers).json()
    assert [m["role"] for m in messages] == ["user", "assistant"]
    assert messages[1]["id"] == "reply-u-1"
    tool_part = next(p for p in messages[1]["parts"] if p["type"] == "tool-get_snapshot")
    assert tool_part["state"] == "output-available" and tool_part["toolCallId"] == "call_snap"
    assert messages[1]["parts"][-2] == {"type": "text", "text": text, "state": "done"}
    receipt = messages[1]["parts"][-1]
    assert receipt["type"] == "data-provenance" and receipt["data"]["unverified"] == []
    assert [t["tool"] for t in receipt["data"]["tools"]] == ["get_snapshot"]


def test_model_errors_end_the_stream_with_an_error_event(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                                          fake_openai: FakeOpenAI) -> None:
    headers = sign_up()
    fake_openai.replies = []  # the fake answers 500

    response = chat(api, headers, str(uuid.uuid4()), [user_message("Hello")])

    events = events_of(response.text)
    assert events[-1]["type"] == "error" and events[-1]["errorText"]
    assert "finish" not in [e["type"] for e in events]


def test_the_daily_budget_of_model_calls_answers_429_when_spent(
        api: TestClient, sign_up: Callable[..., dict[str, str]], fake_openai: FakeOpenAI,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREPATH_COACH_DAILY_MODEL_CALLS", "2")
    get_settings.cache_clear()
    headers = sign_up()
    thread_id = str(uuid.uuid4())
    fake_openai.replies = ["Hi! How can I help with your plan?", "Sure."]
    assert chat(api, headers, thread_id, [user_message("Hi")]).status_code == 200
    assert api.get("/api/v1/coach/usage", headers=headers).json()["model_calls"] == 1
    assert chat(api, headers, thread_id, [user_message("Thanks")]).status_code == 200

    spent = chat(api, headers, thread_id, [user_message("One more")])

    assert spent.status_code == 429
    assert spent.json()["code"] == "coach_budget_exhausted" and "2 coach replies" in spent.json()["message"]
    assert int(spent.headers["retry-after"]) > 0
    assert len(fake_openai.requests) == 2
    usage = api.get("/api/v1/coach/usage", headers=headers).json()
    assert usage["model_calls"] == 2 and usage["daily_limit"] == 2 and usage["offline"] is False


def test_threads_rename_delete_and_stay_private(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                                fake_openai: FakeOpenAI) -> None:
    alice, bob = sign_up(), sign_up()
    thread = api.post("/api/v1/coach/threads", headers=alice, json={"title": "Retirement"}).json()
    assert thread["title"] == "Retirement" and thread["summary"].startswith("- Profile 0% complete")
    fake_openai.replies = ["Hello Alice."]
    assert chat(api, alice, thread["id"], [user_message("Hi")]).status_code == 200

    renamed = api.patch(f"/api/v1/coach/threads/{thread['id']}", headers=alice, json={"title": "FIRE at 50"})
    assert renamed.status_code == 200 and renamed.json()["title"] == "FIRE at 50"
    assert api.patch(f"/api/v1/coach/threads/{thread['id']}", headers=alice, json={"title": "  "}).status_code == 422

    # Bob cannot see, read, rename, delete or write into Alice's thread.
    assert api.get("/api/v1/coach/threads", headers=bob).json() == []
    assert api.get(f"/api/v1/coach/threads/{thread['id']}/messages", headers=bob).status_code == 404
    assert api.patch(f"/api/v1/coach/threads/{thread['id']}", headers=bob, json={"title": "x"}).status_code == 404
    assert api.delete(f"/api/v1/coach/threads/{thread['id']}", headers=bob).status_code == 404
    assert chat(api, bob, thread["id"], [user_message("Hi")]).status_code == 404

    assert api.delete(f"/api/v1/coach/threads/{thread['id']}", headers=alice).status_code == 204
    assert api.get("/api/v1/coach/threads", headers=alice).json() == []
    from api.coach.turns import read_thread_state

    assert read_thread_state(uuid.UUID(thread["id"])).messages == []  # checkpoints deleted too
    assert api.get(f"/api/v1/coach/threads/{thread['id']}/messages", headers=alice).status_code == 404


def test_bad_requests_are_clear_4xx(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                    fake_openai: FakeOpenAI) -> None:
    headers = sign_up()
    thread_id = str(uuid.uuid4())
    empty = chat(api, headers, thread_id, [user_message("   ")])
    assert empty.status_code == 422 and empty.json()["code"] == "empty_message"
    assistant = {"id": "a1", "role": "assistant", "parts": [{"type": "text", "text": "hi"}]}
    assert chat(api, headers, thread_id, [assistant]).json()["code"] == "no_pending_approval"
    assert chat(api, headers, "not-a-uuid", [user_message("Hi")]).status_code == 422
    assert api.post("/api/v1/coach/chat", json={"id": thread_id, "messages": [user_message("Hi")]}).status_code == 401


def test_a_client_that_disconnects_stops_the_run(sign_up: Callable[..., dict[str, str]],
                                                 fake_openai: FakeOpenAI, api: TestClient) -> None:
    from api.coach.turns import read_thread_state
    from api.main import create_app

    headers = sign_up()
    thread_id = str(uuid.uuid4())
    fake_openai.replies = [[ToolCallReply("get_snapshot", {}, id="call_slow")], "This answer must never be saved."]
    fake_openai.delay_seconds = 2.0  # every reply is slow: the client leaves while the second is pending

    with serve_in_thread(create_app()) as base_url, httpx.Client(base_url=base_url, timeout=30) as client, \
            client.stream("POST", "/api/v1/coach/chat", headers=headers,
                          json={"id": thread_id, "messages": [user_message("Slow please")]}) as response:
        assert response.status_code == 200
        for line in response.iter_lines():
            if line.startswith("data: ") and '"tool-output-available"' in line:
                break  # leave while the model works on the answer
        time.sleep(3.5)

    state = read_thread_state(uuid.UUID(thread_id))
    assert not any(m.type == "ai" and "never be saved" in str(m.content) for m in state.messages)
    assert len(fake_openai.requests) == 2
    assert fake_openai.replies == []  # the second reply was requested, then abandoned


def test_without_an_endpoint_the_offline_coach_serves_and_says_so(
        api: TestClient, sign_up: Callable[..., dict[str, str]]) -> None:
    assert get_settings().openai_base_url is None and get_settings().openai_api_key is None
    headers = sign_up()
    assert api.put("/api/v1/income", headers=headers, json={"monthly_take_home": 6000}).status_code == 200

    response = chat(api, headers, str(uuid.uuid4()), [user_message("whats my savings rate?")])

    events = events_of(response.text)
    assert events[1]["data"] == {"offline": True, "model": "offline"}
    assert any(e["type"] == "tool-output-available" for e in events)
    text = "".join(e["delta"] for e in events if e["type"] == "text-delta")
    # The interface names the offline coach once (the stream's metadata drives its badge), not every message.
    assert "Offline coach" not in text and "[unverified]" not in text and "Savings rate" in text
    assert api.get("/api/v1/coach/usage", headers=headers).json()["offline"] is True


def test_regenerate_replaces_the_last_answer(api: TestClient, sign_up: Callable[..., dict[str, str]],
                                             fake_openai: FakeOpenAI) -> None:
    headers = sign_up()
    thread_id = str(uuid.uuid4())
    question = user_message("Say hello", "u-regen")
    fake_openai.replies = ["Hello once.", "Hello twice."]
    chat(api, headers, thread_id, [question])

    again = api.post("/api/v1/coach/chat", headers=headers,
                     json={"id": thread_id, "messages": [question], "trigger": "regenerate-message"})

    text = "".join(e["delta"] for e in events_of(again.text) if e["type"] == "text-delta")
    assert text == "Hello twice."
    messages = api.get(f"/api/v1/coach/threads/{thread_id}/messages", headers=headers).json()
    assert [(m["role"], [p["text"] for p in m["parts"] if p["type"] == "text"]) for m in messages] == [
        ("user", ["Say hello"]), ("assistant", ["Hello twice."])]
    # The model was not shown the discarded answer.
    assert [m["role"] for m in fake_openai.requests[-1]["messages"]] == ["system", "user"]


def test_a_second_message_while_the_thread_is_answering_is_refused(
        sign_up: Callable[..., dict[str, str]], fake_openai: FakeOpenAI, api: TestClient) -> None:
    import threading

    from api.main import create_app

    headers = sign_up()
    thread_id = str(uuid.uuid4())
    fake_openai.replies = ["The first answer."]
    fake_openai.delay_seconds = 2.0
    first: list[str] = []

    with serve_in_thread(create_app()) as base_url:
        def ask_first() -> None:
            response = httpx.post(f"{base_url}/api/v1/coach/chat", headers=headers, timeout=30,
                                  json={"id": thread_id, "messages": [user_message("First")]})
            first.append(response.text)

        worker = threading.Thread(target=ask_first)
        worker.start()
        deadline = time.monotonic() + 10
        while not fake_openai.requests and time.monotonic() < deadline:
            time.sleep(0.05)  # the first run is now waiting for its model
        second = httpx.post(f"{base_url}/api/v1/coach/chat", headers=headers, timeout=30,
                            json={"id": thread_id, "messages": [user_message("Second")]})
        worker.join(timeout=30)

    busy = events_of(second.text)
    assert [e["type"] for e in busy] == ["start", "error"] and "still answering" in busy[1]["errorText"]
    assert "".join(e["delta"] for e in events_of(first[0]) if e["type"] == "text-delta") == "The first answer."
    assert len(fake_openai.requests) == 1
