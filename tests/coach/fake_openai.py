"""A local OpenAI-compatible `/v1/chat/completions` server for tests, answering from a script.

Each scripted reply is text or a list of tool calls (name, arguments). It streams when asked
(`chat.completion.chunk` deltas: role, tool calls with index/id/name, argument fragments, finish_reason,
`data: [DONE]`) and answers whole otherwise. It records every request body it received.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse


@dataclass
class ToolCallReply:
    name: str
    arguments: dict[str, Any]
    id: str = field(default_factory=lambda: f"call_{uuid.uuid4().hex[:12]}")


@dataclass
class FakeOpenAI:
    replies: list[str | list[ToolCallReply]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    delay_seconds: float = 0.0

    def app(self) -> FastAPI:
        app = FastAPI()

        @app.post("/v1/chat/completions")
        async def completions(request: Request) -> Any:
            body = await request.json()
            self.requests.append(body)
            if not self.replies:
                return JSONResponse({"error": {"message": "script exhausted", "type": "test"}}, status_code=500)
            reply = self.replies.pop(0)
            await asyncio.sleep(self.delay_seconds)
            if body.get("stream"):
                return StreamingResponse(_chunks(body["model"], reply), media_type="text/event-stream")
            return _whole(body["model"], reply)

        return app


def _usage() -> dict[str, int]:
    return {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}


def _whole(model: str, reply: str | list[ToolCallReply]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply if isinstance(reply, str) else None}
    if not isinstance(reply, str):
        message["tool_calls"] = [{"id": c.id, "type": "function",
                                  "function": {"name": c.name, "arguments": json.dumps(c.arguments)}} for c in reply]
    return {"id": f"chatcmpl-{uuid.uuid4().hex[:8]}", "object": "chat.completion", "created": int(time.time()),
            "model": model, "usage": _usage(),
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "stop" if isinstance(reply, str) else "tool_calls"}]}


def _chunks(model: str, reply: str | list[ToolCallReply]) -> Iterator[str]:
    base = {"id": f"chatcmpl-{uuid.uuid4().hex[:8]}", "object": "chat.completion.chunk", "created": int(time.time()),
            "model": model}

    def chunk(delta: dict[str, Any], finish: str | None = None, usage: bool = False) -> str:
        body: dict[str, Any] = {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        if usage:
            body["usage"] = _usage()
        return f"data: {json.dumps(body)}\n\n"

    yield chunk({"role": "assistant", "content": ""})
    if isinstance(reply, str):
        for start in range(0, len(reply), 7):
            yield chunk({"content": reply[start:start + 7]})
        yield chunk({}, "stop", usage=True)
    else:
        for index, call in enumerate(reply):
            yield chunk({"tool_calls": [{"index": index, "id": call.id, "type": "function",
                                         "function": {"name": call.name, "arguments": ""}}]})
            arguments = json.dumps(call.arguments)
            for start in range(0, len(arguments), 5):
                yield chunk({"tool_calls": [{"index": index, "function": {"arguments": arguments[start:start + 5]}}]})
        yield chunk({}, "tool_calls", usage=True)
    yield "data: [DONE]\n\n"
