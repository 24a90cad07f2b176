"""Real servers on loopback for tests: the API under uvicorn in a thread, a static single-page-app server, and a
port finder."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve_in_thread(app: FastAPI, port: int | None = None, **options: Any) -> Iterator[str]:
    """Run `app` on 127.0.0.1 until the block ends (`options`: more of uvicorn's settings); yields its base URL."""
    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           **{"log_level": "warning", "lifespan": "on", **options}))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def serve_static_spa(root: Path, port: int | None = None) -> Iterator[str]:
    """Serve the files under `root` on 127.0.0.1 (a single-page app: unknown paths get index.html), until the block
    ends; yields its base URL. For a client served from its own origin, as a self-hoster might (the Expo web export)."""
    root = root.resolve()

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(root), **kwargs)

        def send_head(self) -> Any:
            path = self.translate_path(self.path)
            if not Path(path).exists():
                self.path = "/index.html"
            return super().send_head()

        def log_message(self, format: str, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", port or 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
