"""Several server processes on one socket: a new connection goes to the least busy live process, a stuck or
dead neighbour never keeps a connection waiting, and `firepath serve --workers 2` spreads a burst of
keep-alive connections evenly, replaces a process that dies and stops cleanly."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from api.core import serving
from api.core.serving import ConnectionBoard, _BalancedListener
from tests.api.test_serve import free_port, start_server, wait_health

# Long enough that "at once" and "after waiting" stay apart on a loaded machine.
WAIT_S = 0.5


@pytest.fixture(autouse=True)
def _long_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serving, "MAX_WAIT_S", WAIT_S)
    monkeypatch.setattr(serving, "ALIVE_S", 30.0)  # a peer published once stays live through each test
    monkeypatch.setenv("FIREPATH_BALANCE_WAIT_MS", str(int(WAIT_S * 1000)))  # for `firepath serve` below


class _Recorder(asyncio.Protocol):
    def __init__(self, made: list[asyncio.BaseTransport]) -> None:
        self._made = made

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._made.append(transport)


async def _listener(board: ConnectionBoard, held: set[Any]) -> tuple[_BalancedListener, list[Any], int]:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    made: list[Any] = []
    listener = _BalancedListener(sock, lambda: _Recorder(made), held, board, 0, backlog=16)
    return listener, made, int(sock.getsockname()[1])


async def _connect_and_time(port: int, made: list[Any], count: int) -> float:
    start = time.monotonic()
    before = len(made)
    writer = (await asyncio.open_connection("127.0.0.1", port))[1]
    while len(made) < before + count:
        await asyncio.sleep(0.0005)
    elapsed = time.monotonic() - start
    writer.close()
    return elapsed


def test_a_process_no_busier_than_its_peers_takes_a_connection_at_once() -> None:
    async def scenario() -> float:
        board = ConnectionBoard.create(2)
        board.publish(1, 0)  # a live peer holding nothing; we hold nothing either
        listener, made, port = await _listener(board, set())
        try:
            return await _connect_and_time(port, made, 1)
        finally:
            listener.close()
            await listener.wait_closed()

    assert asyncio.run(scenario()) < WAIT_S


def test_a_busier_process_leaves_the_connection_to_its_peer_but_takes_it_when_the_peer_does_not() -> None:
    async def scenario() -> tuple[float, float]:
        board = ConnectionBoard.create(2)
        held: set[Any] = {object(), object(), object()}  # we hold 3 connections
        listener, made, port = await _listener(board, held)
        try:
            board.publish(1, 0)  # a live peer with none, which never accepts (stuck, or busy for long)
            waited = await _connect_and_time(port, made, 1)
            board.retire(1)  # the peer is gone: nobody else to wait for
            at_once = await _connect_and_time(port, made, 1)
            return waited, at_once
        finally:
            listener.close()
            await listener.wait_closed()

    waited, at_once = asyncio.run(scenario())
    assert WAIT_S <= waited < WAIT_S + 2, "a busier process waits a little for its peer, then takes it anyway"
    assert at_once < WAIT_S


def test_after_a_peer_took_a_connection_the_next_one_is_left_to_the_peer_again() -> None:
    async def scenario() -> float:
        board = ConnectionBoard.create(2)
        listener, made, port = await _listener(board, {object(), object()})  # we hold 2, the peer none
        peer_socket = listener._sock  # the peer accepts from the same shared socket
        try:
            board.publish(1, 0)
            first = (await asyncio.open_connection("127.0.0.1", port))[1]
            taken = None
            for _ in range(200):  # the peer takes it while we wait
                try:
                    taken = peer_socket.accept()[0]
                    break
                except BlockingIOError:
                    await asyncio.sleep(0.0005)
            assert taken is not None and not made
            await asyncio.sleep(WAIT_S * 1.5)  # past the first wait
            board.publish(1, 1)  # the peer still holds fewer than we do
            waited = await _connect_and_time(port, made, 1)
            first.close()
            taken.close()
            return waited
        finally:
            listener.close()
            await listener.wait_closed()

    assert asyncio.run(scenario()) >= WAIT_S, "a new connection starts a new wait for the less busy peer"


def test_the_board_ignores_peers_that_stopped_beating() -> None:
    board = ConnectionBoard.create(3)
    board.publish(0, 5)
    board.publish(1, 2)
    assert board.least_other(0) == 2
    assert board.least_other(1) == 5
    board.retire(1)
    assert board.least_other(0) is None, "slot 2 never beat and slot 1 retired"


def _workers(server: subprocess.Popen[str]) -> list[psutil.Process]:
    found = []
    for child in psutil.Process(server.pid).children():
        try:
            if "spawn_main" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:  # a process that just died and is not reaped yet
            pass
    return found


class _Output:
    """The server's output, read as it comes, so a test can wait for a line while the server runs."""

    def __init__(self, server: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert server.stdout is not None
        self._thread = threading.Thread(target=self._read, args=(server.stdout,), daemon=True)
        self._thread.start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            self.lines.append(line)

    def count(self, text: str) -> int:
        return sum(text in line for line in list(self.lines))

    def text(self) -> str:
        self._thread.join(60)
        return "".join(self.lines)


def _held(worker: psutil.Process, port: int) -> int:
    return sum(1 for c in worker.net_connections(kind="tcp")
               if c.status == psutil.CONN_ESTABLISHED and c.laddr and c.laddr.port == port)


@pytest.mark.slow
def test_serve_with_two_workers_spreads_connections_replaces_a_dead_worker_and_stops(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREPATH_LOG_JSON", "true")  # to read the processes' start-up lines below
    port = free_port()
    server = start_server(tmp_path / "data", port, "--workers", "2")
    connections: list[http.client.HTTPConnection] = []
    output = _Output(server)
    try:
        wait_health(port, server)
        # Both processes must be serving before the burst: one still starting up is no candidate yet, and the
        # one that is ready rightly takes every connection until then.
        deadline = time.monotonic() + 60
        while output.count('"FIRE Path API ready"') < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert output.count('"FIRE Path API ready"') == 2, "both server processes came up"
        time.sleep(2 * serving.HEARTBEAT_S)  # each has published its first heartbeat
        workers = _workers(server)
        assert len(workers) == 2
        for _ in range(16):  # keep-alive connections, each used once and kept open
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/health")
            assert connection.getresponse().read()
            connections.append(connection)
        spread = sorted(_held(w, port) for w in workers)
        assert sum(spread) == 16
        assert spread[0] >= 7, f"connections per process {spread}: one process took most of them"

        os.kill(workers[0].pid, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            alive = [w for w in _workers(server) if w.pid != workers[0].pid]
            if len(alive) == 2:
                break
            time.sleep(0.2)
        assert len(alive) == 2, "the dead process was replaced"
        replacement = next(w for w in alive if w.pid not in {x.pid for x in workers})
        deadline = time.monotonic() + 60
        while _held(replacement, port) == 0 and time.monotonic() < deadline:  # it holds none: new ones go to it
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/health")
            assert connection.getresponse().status == 200
            connections.append(connection)
            time.sleep(0.1)
        assert _held(replacement, port) > 0, "the replacement serves"
    finally:
        for connection in connections:
            connection.close()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    text = output.text()
    assert server.returncode == 0, text
    assert text.count("Started server process") >= 3, "each process logs as the command does (two, then one more)"
    ready = [json.loads(line) for line in text.splitlines() if '"FIRE Path API ready"' in line]
    assert len(ready) == 3
    assert sorted(r["background_duties"] for r in ready[:2]) == [False, True], "the first process alone runs them"
    scheduled = sum(r["background_duties"] for r in ready)
    assert text.count("Task networth.snapshot_all") == scheduled, "the nightly task ran once per duty holder"
    assert not [w for w in (*workers, *alive) if w.is_running() and w.status() != psutil.STATUS_ZOMBIE], \
        "no server process outlives the command"
