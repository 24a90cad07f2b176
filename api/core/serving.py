"""Several server processes on one listening socket, with new connections going to the least busy one.

Uvicorn's own `--workers` lets every process accept from the shared socket as fast as it can, so a burst of
new keep-alive connections (a proxy's pool, a browser opening six, a load generator opening 32) mostly lands
on whichever process woke first: 22 connections on one process and 10 on the other were typical here, and the
busy process's queue set the tail latency. Here each process publishes how many connections it holds on a
shared board, and a process that holds more than the least busy live one lets a new connection wait a
millisecond for that one to take it (nginx's `accept_mutex` idea, by count). A process that finds the
connection still waiting after a few milliseconds takes it, so a stuck neighbour never delays anyone.

The parent binds the socket once, starts the processes (spawned, as uvicorn does), restarts one that dies and
stops them all on SIGINT or SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import select
import signal
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.config import STARTUP_FAILURE

from api.core.config import get_settings
from api.core.logging import configure_logging

logger = logging.getLogger("firepath.serve")

SLOT_ENV = "FIREPATH_SERVER_SLOT"  # which of the processes this is; unset when `firepath serve` runs one
HEARTBEAT_S = 0.05  # how often a process republishes its connection count (closes are seen this late)
ALIVE_S = 1.0  # a process whose heartbeat is older than this is not counted as a candidate
YIELD_S = 0.001  # how long a busier process leaves a new connection for a less busy one
# After this long the connection is taken whatever the counts say. FIREPATH_BALANCE_WAIT_MS sets it: longer
# balances better on an overloaded machine (where a less busy process may wait long for a core), shorter
# answers sooner when a neighbour is busy for long.
MAX_WAIT_S = float(os.environ.get("FIREPATH_BALANCE_WAIT_MS") or 5) / 1000


def runs_background_duties() -> bool:
    """Whether this server process runs the broker-less schedule and the first-start knowledge ingestion: the
    only process, or the first of several (a replacement of the first takes them over)."""
    return os.environ.get(SLOT_ENV, "0") == "0"


class ConnectionBoard:
    """Per-process connection counts and heartbeats in shared memory: slot i is process i's."""

    def __init__(self, cells: Any, slots: int) -> None:
        self._cells = cells  # 2 doubles per slot: connection count, last heartbeat (monotonic clock)
        self.slots = slots

    @classmethod
    def create(cls, slots: int) -> ConnectionBoard:
        context = multiprocessing.get_context("spawn")
        return cls(context.RawArray("d", 2 * slots), slots)

    def publish(self, slot: int, connections: int) -> None:
        self._cells[2 * slot] = float(connections)
        self._cells[2 * slot + 1] = time.monotonic()

    def retire(self, slot: int) -> None:
        """A closing process is no candidate any more."""
        self._cells[2 * slot] = 0.0
        self._cells[2 * slot + 1] = 0.0

    def least_other(self, slot: int) -> float | None:
        """The fewest connections any other live process holds, or None when no other is live."""
        now = time.monotonic()
        counts = [self._cells[2 * i] for i in range(self.slots)
                  if i != slot and now - self._cells[2 * i + 1] < ALIVE_S]
        return min(counts) if counts else None


class _BalancedListener:
    """Accepts from a shared listening socket while this process is among the least busy."""

    def __init__(self, sock: socket.socket, protocol_factory: Callable[[], asyncio.Protocol],
                 connections: set[Any], board: ConnectionBoard, slot: int, backlog: int) -> None:
        self._sock = sock
        self._factory = protocol_factory
        self._connections = connections
        self._board = board
        self._slot = slot
        self._loop = asyncio.get_running_loop()
        self._pending: set[asyncio.Task[None]] = set()
        self._waiting_since: float | None = None
        self._closed = False
        sock.setblocking(False)
        sock.listen(backlog)
        self._poll = select.poll()  # is a connection still waiting? (checked only while leaving it to a peer)
        self._poll.register(sock.fileno(), select.POLLIN)
        self._heartbeat = self._loop.create_task(self._beat())
        self._loop.add_reader(sock.fileno(), self._on_readable)

    def _held(self) -> int:
        return len(self._connections) + len(self._pending)

    async def _beat(self) -> None:
        while True:
            self._board.publish(self._slot, self._held())
            await asyncio.sleep(HEARTBEAT_S)

    def _on_readable(self) -> None:
        now = time.monotonic()
        least = self._board.least_other(self._slot)
        if least is not None and self._held() > least:
            if self._waiting_since is None:
                self._waiting_since = now
            if now - self._waiting_since < MAX_WAIT_S:
                self._loop.remove_reader(self._sock.fileno())
                self._loop.call_later(YIELD_S, self._resume)
                return
        self._waiting_since = None
        try:
            conn, _ = self._sock.accept()
        except (BlockingIOError, InterruptedError):
            return  # another process took it
        except OSError as exc:  # out of file descriptors and the like: serve the open connections, try later
            logger.warning("could not accept a connection: %s", exc)
            self._loop.remove_reader(self._sock.fileno())
            self._loop.call_later(0.1, self._resume)
            return
        conn.setblocking(False)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        task = self._loop.create_task(self._connect(conn))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        self._board.publish(self._slot, self._held())

    async def _connect(self, conn: socket.socket) -> None:
        try:
            await self._loop.connect_accepted_socket(self._factory, sock=conn)
        except OSError:
            conn.close()

    def _resume(self) -> None:
        if self._closed:
            return
        if not self._poll.poll(0):  # a less busy process took the connection: the next one starts a new wait
            self._waiting_since = None
        self._loop.add_reader(self._sock.fileno(), self._on_readable)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._loop.remove_reader(self._sock.fileno())
        self._heartbeat.cancel()
        self._board.retire(self._slot)

    async def wait_closed(self) -> None:
        if self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)


class BalancedServer(uvicorn.Server):
    """Uvicorn's server with the balanced listener in place of `loop.create_server`."""

    def __init__(self, config: uvicorn.Config, board: ConnectionBoard, slot: int) -> None:
        super().__init__(config)
        self._board = board
        self._slot = slot

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        assert sockets, "BalancedServer serves the sockets its parent bound"
        await super().startup(sockets=[])  # the app's start-up, without uvicorn's own listener
        if self.should_exit:
            return
        config = self.config

        def create_protocol() -> asyncio.Protocol:
            return config.http_protocol_class(  # type: ignore[call-arg]
                config=config, server_state=self.server_state, app_state=self.lifespan.state)

        self.servers = [_BalancedListener(sock, create_protocol, self.server_state.connections,  # type: ignore[misc]
                                          self._board, self._slot, config.backlog) for sock in sockets]


def _worker(config: uvicorn.Config, sock: socket.socket, board: ConnectionBoard, slot: int) -> None:
    # A spawned process starts with no logging set up: the same as the command's (settings come from the
    # environment, which the command has filled in).
    settings = get_settings()
    configure_logging(settings.log_level, json_lines=settings.log_json)
    os.environ[SLOT_ENV] = str(slot)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C reaches the parent too, which ends us
        BalancedServer(config, board, slot).run(sockets=[sock])


def run_workers(config: uvicorn.Config, workers: int) -> int:
    """Serve with `workers` processes until SIGINT or SIGTERM; the exit status for the command."""
    sock = config.bind_socket()
    board = ConnectionBoard.create(workers)
    context = multiprocessing.get_context("spawn")
    stop = threading.Event()

    def start(slot: int) -> multiprocessing.process.BaseProcess:
        process = context.Process(target=_worker, args=(config, sock, board, slot), name=f"firepath-{slot}")
        process.start()
        return process

    previous = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    processes = [start(slot) for slot in range(workers)]
    status = 0
    try:
        while not stop.wait(0.5):
            for slot, process in enumerate(processes):
                if process.is_alive():
                    continue
                if process.exitcode == STARTUP_FAILURE:
                    logger.error("a server process could not start; stopping")
                    status = 1
                    stop.set()
                    break
                logger.warning("server process %s ended (exit code %s); starting another", process.pid,
                               process.exitcode)
                processes[slot] = start(slot)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn finishes the requests in flight
        deadline = time.monotonic() + (config.timeout_graceful_shutdown or 30) + 5
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
        sock.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status
