"""A bounded write load against a real `firepath serve`, killed with SIGKILL mid-load and restarted on the same
data directory: every write the server acknowledged must be there, exactly, afterwards.

Two kills, one server start apart, on one data directory (the second check covers the first round's writes too):

1. the API process alone (`kill -9` of `firepath serve`, as the probe that found the issue did). The embedded
   PostgreSQL's watchdog then stops the database cleanly, so this round says whether the API acknowledges a
   write only after it is committed (a commit after the response would lose it here).
2. the API process and the PostgreSQL postmaster together (a crash of the whole host process tree: the OOM
   killer, a container stop without grace). The database gets no shutdown checkpoint and leaves a stale
   postmaster.pid, so this round says whether acknowledged commits are in the WAL and whether the product
   restarts by itself over a crashed embedded server.

Each of ~40 client threads (spread over 10 users) loops over three writes that are easy to check afterwards:
creating a goal and creating an account (each with a unique marker in its name, and distinct amounts), and
updating the client's own counter goal to the next number. A created row acknowledged (201 with its id) must
come back with every field as written; a counter must read as its last acknowledged value or the one in flight
at the kill. No 5xx may be answered during the load; connection errors after the kill are expected.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.core import embedded
from tests.support.servers import free_port

REPO_ROOT = Path(__file__).resolve().parents[3]
USERS = 10
CLIENTS = 40
LOAD_BEFORE_KILL_S = 3.0  # of load before the kill (the whole test stays well under 90 s on 2 cores)
PASSWORD = "durable-Passw0rd-42"


class Server:
    """`firepath serve` as a subprocess on its own data and runtime directories (the pattern of the web client's
    `web_server` fixture), which can be killed and started again on the same data."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.data_dir = root / "data"
        runtime = root / "runtime"
        runtime.mkdir(mode=0o700)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "FIREPATH_DATA_DIR": str(self.data_dir), "XDG_RUNTIME_DIR": str(runtime),
                    "FIREPATH_PUBLIC_URL": self.base, "FIREPATH_ENV": "development",
                    "FIREPATH_AUTH_CONFIRM_EMAIL": "false", "FIREPATH_RATE_LIMIT_SIGNUP_IP": "100000",
                    "FIREPATH_RATE_LIMIT_SIGNIN_IP": "100000", "FIREPATH_RATE_LIMIT_SIGNIN_EMAIL": "100000"}
        self.log = root / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pgdata(self) -> Path:
        return self.data_dir / "postgres" / "pgdata"

    def start(self, timeout: float = 90, healthy: tuple[int, ...] = (200,)) -> float:
        """Starts the server and waits for /health to answer one of `healthy`; how long that took."""
        began = time.monotonic()
        with self.log.open("ab") as out:
            out.write(f"\n===== firepath serve starting ({time.strftime('%H:%M:%S')}) =====\n".encode())
            out.flush()
            self.proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", str(self.port)],
                                         cwd=REPO_ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        deadline = began + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"firepath serve exited early ({self.proc.returncode}):\n{self.tail()}")
            try:
                with urllib.request.urlopen(f"{self.base}/health", timeout=5) as response:
                    if response.status in healthy:
                        return time.monotonic() - began
            except urllib.error.HTTPError as error:
                if error.code in healthy:
                    return time.monotonic() - began
                time.sleep(0.2)
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"firepath serve did not answer /health within {timeout} s:\n{self.tail()}")

    def postmaster_pid(self) -> int | None:
        try:
            return int((self.pgdata / "postmaster.pid").read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return None

    def kill(self, *, database: bool) -> None:
        """SIGKILL the API process, and with `database` the embedded PostgreSQL's postmaster at once too."""
        assert self.proc is not None
        postmaster = self.postmaster_pid() if database else None
        os.kill(self.proc.pid, signal.SIGKILL)
        if postmaster is not None:
            os.kill(postmaster, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        """Stops the server as the web fixture does (SIGTERM; the watchdog then stops PostgreSQL), and makes sure
        no PostgreSQL is left running on this data directory whatever happened before."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        postgres = self.data_dir / "postgres"
        if not (postgres / "embedded.lock").exists():
            return
        deadline = time.monotonic() + 15
        while embedded.is_running(postgres) and time.monotonic() < deadline:
            time.sleep(0.2)
        embedded.stop(postgres)  # only when the watchdog did not

    def crash_recoveries(self) -> int:
        """How many times the embedded PostgreSQL has started after a crash (from its log)."""
        log = self.pgdata / "log"
        return log.read_text(errors="replace").count("not properly shut down") if log.exists() else 0

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else "(no log)"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@dataclass
class Counter:
    """A client's own goal whose current_amount it sets to 1, 2, 3... one request at a time."""

    user: int
    goal_id: str
    acked: int = 0
    attempted: int = 0
    updates_acked: int = 0


@dataclass
class Round:
    """What one round of load sent and what the server acknowledged."""

    goals: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)  # id -> (user, body)
    accounts: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    unacked_markers: dict[str, tuple[int, str]] = field(default_factory=dict)  # marker -> (user, kind): in flight
    counters: list[Counter] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    killed: bool = False
    in_flight: int = 0
    in_flight_at_kill: int = 0
    requests: int = 0

    @property
    def updates(self) -> int:
        return sum(c.updates_acked for c in self.counters)

    @property
    def acknowledged(self) -> int:
        return len(self.goals) + len(self.accounts) + self.updates


def _sign_up(base: str, count: int) -> list[dict[str, str]]:
    headers = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for _ in range(count):
            email = f"load-{uuid.uuid4().hex[:12]}@firepath-durability.ca"
            response = client.post("/auth/v1/signup", json={"email": email, "password": PASSWORD})
            assert response.status_code == 200, response.text
            headers.append({"Authorization": f"Bearer {response.json()['access_token']}"})
    return headers


def _counters(base: str, users: list[dict[str, str]], tag: str) -> list[Counter]:
    counters = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for i in range(CLIENTS):
            user = i % len(users)
            response = client.post("/api/v1/goals", headers=users[user],
                                   json={"name": f"counter-{tag}-{i}", "category": "other", "target_amount": 0})
            assert response.status_code == 201, response.text
            counters.append(Counter(user=user, goal_id=response.json()["id"]))
    return counters


def _client_loop(base: str, index: int, headers: dict[str, str], state: Round, counter: Counter) -> None:
    """One client: writes until its first connection error (the kill), recording what was acknowledged."""
    with httpx.Client(base_url=base, headers=headers, timeout=15) as client:
        n = 0
        while True:
            n += 1
            marker = uuid.uuid4().hex
            kind = ("goal", "account", "counter")[n % 3]
            if kind == "goal":
                body: dict[str, Any] = {
                    "name": f"goal-{marker}", "category": "travel", "priority": "high", "notes": f"note {marker} #{n}",
                    "target_amount": f"{index * 1000 + n}.{n % 100:02d}", "current_amount": f"{n}.25"}
                method, path = "POST", "/api/v1/goals"
            elif kind == "account":
                body = {"account_name": f"account-{marker}", "account_type": "tfsa",
                        "balance": f"-{index}{n}.{n % 100:02d}", "institution": f"bank-{index}",
                        "purpose": f"purpose {marker}", "owner": "joint"}
                method, path = "POST", "/api/v1/accounts"
            else:
                body = {"name": f"counter-{index}", "category": "other", "target_amount": 0, "current_amount": n}
                method, path = "PUT", f"/api/v1/goals/{counter.goal_id}"
                counter.attempted = n
            with state.lock:
                state.in_flight += 1
                state.requests += 1
            try:
                response = client.request(method, path, json=body)
            except httpx.TransportError as exc:
                with state.lock:
                    state.in_flight -= 1
                    if not state.killed:
                        state.unexpected.append(f"{method} {path} failed before the kill: {exc!r}")
                    elif kind != "counter":
                        state.unacked_markers[marker] = (counter.user, kind)
                return
            with state.lock:
                state.in_flight -= 1
                if response.status_code >= 500:
                    state.server_errors.append(f"{method} {path} -> {response.status_code}: {response.text[:300]}")
                elif response.status_code not in (200, 201):
                    state.unexpected.append(f"{method} {path} -> {response.status_code}: {response.text[:300]}")
                elif kind == "goal":
                    state.goals[response.json()["id"]] = (counter.user, body)
                elif kind == "account":
                    state.accounts[response.json()["id"]] = (counter.user, body)
                else:
                    counter.acked = n
                    counter.updates_acked += 1


def _run_load(server: Server, users: list[dict[str, str]], state: Round, *, kill_database: bool) -> None:
    threads = [threading.Thread(target=_client_loop, args=(server.base, i, users[c.user], state, c), daemon=True)
               for i, c in enumerate(state.counters)]
    for thread in threads:
        thread.start()
    time.sleep(LOAD_BEFORE_KILL_S)
    with state.lock:  # no response is recorded between the snapshot and the kill
        state.killed = True
        state.in_flight_at_kill = state.in_flight
        server.kill(database=kill_database)
    for thread in threads:
        thread.join(timeout=30)
    assert not any(t.is_alive() for t in threads), "a client hung after the kill"


def _money(value: object) -> Decimal:
    return Decimal(str(value))


def _check(server: Server, users: list[dict[str, str]], rounds: list[Round]) -> tuple[list[str], int]:
    """Reads every user's goals and accounts back; the problems found, and how many in-flight creates landed."""
    problems: list[str] = []
    landed = 0
    with httpx.Client(base_url=server.base, timeout=30) as client:
        goals: list[dict[str, dict[str, Any]]] = []
        accounts: list[dict[str, dict[str, Any]]] = []
        for headers in users:
            for path, into in (("/api/v1/goals", goals), ("/api/v1/accounts", accounts)):
                response = client.get(path, headers=headers)
                assert response.status_code == 200, f"GET {path} after restart: {response.status_code} {response.text}"
                into.append({row["id"]: row for row in response.json()})
    for state in rounds:
        for goal_id, (user, body) in state.goals.items():
            row = goals[user].get(goal_id)
            if row is None:
                problems.append(f"acknowledged goal {goal_id} ({body['name']}) is missing")
                continue
            for key in ("name", "category", "priority", "notes"):
                if row[key] != body[key]:
                    problems.append(f"goal {goal_id} {key}: {row[key]!r} != {body[key]!r}")
            for key in ("target_amount", "current_amount"):
                if _money(row[key]) != _money(body[key]):
                    problems.append(f"goal {goal_id} {key}: {row[key]!r} != {body[key]!r}")
        for account_id, (user, body) in state.accounts.items():
            row = accounts[user].get(account_id)
            if row is None:
                problems.append(f"acknowledged account {account_id} ({body['account_name']}) is missing")
                continue
            for key in ("account_name", "account_type", "institution", "purpose", "owner"):
                if row[key] != body[key]:
                    problems.append(f"account {account_id} {key}: {row[key]!r} != {body[key]!r}")
            if _money(row["balance"]) != _money(body["balance"]):
                problems.append(f"account {account_id} balance: {row['balance']!r} != {body['balance']!r}")
        for counter in state.counters:
            row = goals[counter.user].get(counter.goal_id)
            allowed = {counter.acked, counter.attempted}
            if row is None:
                problems.append(f"counter goal {counter.goal_id} is missing")
            elif _money(row["current_amount"]) not in {Decimal(v) for v in allowed}:
                problems.append(f"counter goal {counter.goal_id} reads {row['current_amount']}, "
                                f"acknowledged {counter.acked}, in flight {counter.attempted}")
        names = {row.get("name") or row.get("account_name") for rows in (*goals, *accounts) for row in rows.values()}
        landed += sum(f"{kind}-{marker}" in names for marker, (_, kind) in state.unacked_markers.items())
    return problems, landed


@pytest.mark.slow
def test_acknowledged_writes_survive_a_kill_mid_load(server: Server) -> None:
    began = time.monotonic()
    users = _sign_up(server.base, USERS)
    rounds: list[Round] = []
    for number, kill_database in ((1, False), (2, True)):
        what = "API process and PostgreSQL postmaster" if kill_database else "API process"
        state = Round(counters=_counters(server.base, users, f"r{number}"))
        rounds.append(state)
        recoveries = server.crash_recoveries()
        _run_load(server, users, state, kill_database=kill_database)
        restart_s = server.start()
        if kill_database:
            assert server.crash_recoveries() == recoveries + 1, "PostgreSQL should have recovered from a crash"
        problems, landed = _check(server, users, rounds)
        print(f"\nround {number} (SIGKILL of the {what}): {state.requests} write requests, "
              f"{state.acknowledged} acknowledged writes ({len(state.goals)} goals, {len(state.accounts)} accounts, "
              f"{state.updates} counter updates), {state.in_flight_at_kill} in flight at the kill "
              f"({landed} of the in-flight creates committed anyway); restart to /health in {restart_s:.1f} s; "
              f"{len(problems)} problems after restart")
        assert not state.server_errors, f"round {number}: 5xx during the load: {state.server_errors[:5]}"
        assert not state.unexpected, f"round {number}: unexpected answers: {state.unexpected[:5]}"
        assert state.acknowledged >= 50, f"round {number}: only {state.acknowledged} writes acknowledged: too light"
        assert not problems, (f"round {number} (SIGKILL of the {what}): {len(problems)} of "
                              f"{sum(r.acknowledged for r in rounds)} acknowledged writes lost or changed: "
                              f"{problems[:10]}")
    with urllib.request.urlopen(f"{server.base}/health", timeout=5) as response:
        assert response.status == 200
    print(f"total {time.monotonic() - began:.1f} s after the first start")
