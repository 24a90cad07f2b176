"""FIRE Path deployed as deploy/ describes it: two `firepath serve` processes behind nginx (deploy/nginx/firepath.conf,
over TLS), a worker with the schedule and one without, PostgreSQL prepared by `firepath db init` and migrated as its
non-superuser owner, Redis as the broker and an SMTP server (tests/deploy/cluster.py starts them all on loopback).

What a deployment of several processes must hold, each checked end to end:
- a token from one server works on the other; a sign-out on one is refused by the other within the session cache's
  few seconds;
- behind the proxy, per-IP sign-in limits count the real client, whatever X-Forwarded-For the client forges;
- recovery e-mails and account deletions are done by the workers, and the e-mailed link works through the proxy;
- a worker killed (SIGKILL, its pool with it) in the middle of a task: the broker hands the task out again after
  the visibility timeout and it finishes once a worker runs again;
- the broker down: requests still answer at once (recovery in the same time for a known and an unknown address), and
  the work they queued is done once the broker is back.

The tests share one cluster (it takes 30-60 s to start) and run in file order; the last ones stop a worker and the
broker. Password sign-ins are made only by the rate-limit test: every other test signs up for its token, since every
client here is 127.0.0.1 and the per-IP sign-in limit is set to a handful.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import threading
import time
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
import redis
from celery import Celery

from tests.deploy.cluster import VISIBILITY_TIMEOUT, Cluster, wait_until
from tests.support.mail import plain_text
from tests.support.servers import free_port

PASSWORD = "multinode-Passw0rd-17"
SIGNIN_LIMIT = 5
SESSION_CACHE_TTL_S = 5.0  # api/auth/sessions.py: _ALIVE_TTL_S, how long a server trusts a session it checked
LINK = re.compile(r"(https://\S+/auth/v1/verify\?\S+)")
EMBEDDING_DIMENSIONS = 384

MISSING = [tool for tool in ("nginx", "redis-server", "openssl") if not shutil.which(tool)]
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bool(MISSING), reason=f"needs {', '.join(MISSING)} (scripts/install-system.sh)")]


class SlowEmbeddings:
    """An OpenAI-compatible /v1/embeddings endpoint the workers embed the knowledge base with. While `hold` is set
    it keeps each request waiting (up to 25 s, under the embedder's 30 s timeout), so the ingestion task is known
    to be mid-way when the test kills its worker; released, it answers at once (constant unit vectors)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.requests = 0
        self.arrived = threading.Event()
        self.release = threading.Event()
        self.release.set()
        embeddings = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                embeddings.requests += 1
                embeddings.arrived.set()
                embeddings.release.wait(25)
                vector = [1.0] + [0.0] * (EMBEDDING_DIMENSIONS - 1)
                payload = json.dumps({"object": "list", "model": body.get("model"),
                                      "data": [{"object": "embedding", "index": i, "embedding": vector}
                                               for i in range(len(inputs))]}).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except OSError:  # the worker that asked was killed meanwhile
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def embeddings() -> Iterator[SlowEmbeddings]:
    server = SlowEmbeddings()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory, embeddings: SlowEmbeddings) -> Iterator[Cluster]:
    running = Cluster(tmp_path_factory.mktemp("cluster"), servers=2, env_overrides={
        "FIREPATH_RATE_LIMIT_SIGNIN_IP": str(SIGNIN_LIMIT),
        "EMBEDDINGS_BASE_URL": embeddings.url,
        "EMBEDDINGS_MODEL": "slow-test-embeddings",
    })
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def logs_on_failure(cluster: Cluster, request: pytest.FixtureRequest) -> Iterator[None]:
    """Print the tail of every process's log when the test failed (pytest shows it with the failure)."""
    failed_before = request.session.testsfailed
    yield
    if request.session.testsfailed > failed_before:
        print(cluster.logs())


def client(base: str, **options: Any) -> httpx.Client:
    return httpx.Client(base_url=base, verify=False, timeout=30, **options)


def sign_up(base: str, email: str | None = None) -> tuple[str, dict[str, str]]:
    email = email or f"node-{uuid.uuid4().hex[:12]}@example.com"
    with client(base) as http:
        response = http.post("/auth/v1/signup", json={"email": email, "password": PASSWORD})
    assert response.status_code == 200, response.text
    return email, {"Authorization": f"Bearer {response.json()['access_token']}"}


def worker_logs(cluster: Cluster) -> str:
    return "".join(p.text() for name, p in cluster.processes.items() if name.startswith("worker"))


def task_succeeded(cluster: Cluster, task: str) -> int:
    """How many times the workers logged `task` as succeeded."""
    return len(re.findall(rf"Task {re.escape(task)}\[[0-9a-f-]+\] succeeded", worker_logs(cluster)))


def account_gone(base: str, email: str) -> bool:
    """The address can sign up again: the account and all its data are deleted (sign-in is not used: the
    per-IP sign-in limit belongs to the rate-limit test)."""
    with client(base) as http:
        return http.post("/auth/v1/signup", json={"email": email, "password": PASSWORD}).status_code == 200


def test_health_through_the_proxy(cluster: Cluster, logs_on_failure: None) -> None:
    body: dict[str, Any] = {}

    def healthy() -> bool:
        nonlocal body
        response = httpx.get(f"{cluster.url}/health", verify=False, timeout=10)
        body = response.json()
        worker = body.get("worker")
        return response.status_code == 200 and (not isinstance(worker, dict) or worker.get("ok") is True)

    assert wait_until(healthy, timeout=90, interval=1) is not None, body
    print("health through nginx:", json.dumps(body))
    assert body["database"]["ok"] and body["migrations"]["ok"] and body["broker"]["ok"]
    assert body["database"]["embedded"] is False
    if "worker" in body:  # both workers seen, one of them running the schedule
        assert body["worker"]["ok"] is True
        assert body["worker"].get("count", 2) >= 2 and body["worker"].get("schedule", True) is True

    plain = httpx.get(f"http://127.0.0.1:{cluster.nginx.http_port}/health", timeout=10)
    assert plain.status_code == 301 and plain.headers["location"].startswith("https://")


def test_the_proxy_passes_a_voice_upload_to_the_api(cluster: Cluster, logs_on_failure: None) -> None:
    """A recording over the API's limit but under nginx's reaches the API, whose JSON error answers (not nginx's
    HTML 413), so the app can say what to do."""
    _, headers = sign_up(cluster.url)
    too_long = b"\0" * (10 * 1024 * 1024 + 200 * 1024)
    with client(cluster.url) as http:
        response = http.post("/api/v1/voice/transcribe", headers=headers,
                             files={"file": ("answer.webm", too_long, "audio/webm")})
    assert response.status_code == 413, response.text[:300]
    assert response.json()["code"] == "payload_too_large"


def test_a_token_from_one_server_works_on_the_other(cluster: Cluster, logs_on_failure: None) -> None:
    node_a, node_b = cluster.node_urls
    email, headers = sign_up(node_a)
    for base in (node_b, cluster.url):
        with client(base) as http:
            profile = http.get("/api/v1/profile", headers=headers)
            user = http.get("/auth/v1/user", headers=headers)
        assert profile.status_code == 200, profile.text
        assert user.status_code == 200 and user.json()["email"] == email


def test_a_sign_out_on_one_server_ends_the_token_on_the_other(cluster: Cluster, logs_on_failure: None) -> None:
    node_a, node_b = cluster.node_urls
    _, headers = sign_up(node_a)
    with client(node_b) as http_b, client(node_a) as http_a:
        assert http_b.get("/api/v1/profile", headers=headers).status_code == 200  # B now trusts it for a few s
        assert http_a.post("/auth/v1/logout", params={"scope": "global"}, headers=headers).status_code == 204
        signed_out = time.monotonic()
        assert http_a.get("/api/v1/profile", headers=headers).status_code == 401  # at once where it happened
        status = 200
        while status == 200 and time.monotonic() - signed_out < 30:
            status = http_b.get("/api/v1/profile", headers=headers).status_code
            if status == 200:
                time.sleep(0.05)
        refused_after = time.monotonic() - signed_out
    print(f"the other server refused the signed-out token after {refused_after:.2f} s")
    assert status == 401
    assert refused_after <= SESSION_CACHE_TTL_S + 1.5


def test_sign_in_limits_count_the_client_behind_the_proxy(cluster: Cluster, logs_on_failure: None) -> None:
    """Every failed sign-in through nginx from 127.0.0.1 counts against 127.0.0.1; a forged X-Forwarded-For does not
    start a fresh count (nginx replaces the header with the peer's address), and another client address (127.0.0.2)
    has a count of its own (the servers believe nginx's header, so they do not count nginx's address)."""
    email, _ = sign_up(cluster.url)
    wrong = {"email": email, "password": "not-the-password-1"}
    statuses = []
    with client(cluster.url) as http:
        for _ in range(SIGNIN_LIMIT + 1):
            statuses.append(http.post("/auth/v1/token", params={"grant_type": "password"}, json=wrong).status_code)
        assert statuses == [400] * SIGNIN_LIMIT + [429], statuses
        for forged in ("203.0.113.9", "203.0.113.9, 198.51.100.7", "127.0.0.2"):
            response = http.post("/auth/v1/token", params={"grant_type": "password"}, json=wrong,
                                 headers={"X-Forwarded-For": forged})
            assert response.status_code == 429, (forged, response.status_code, response.text)
            assert response.headers.get("retry-after")
    other = httpx.HTTPTransport(local_address="127.0.0.2", verify=False)
    with client(cluster.url, transport=other) as http:
        response = http.post("/auth/v1/token", params={"grant_type": "password"}, json=wrong)
    assert response.status_code == 400, response.text


def test_recovery_email_is_sent_by_a_worker_and_its_link_works_through_the_proxy(cluster: Cluster,
                                                                                  logs_on_failure: None) -> None:
    email, _ = sign_up(cluster.url)
    sent_before = task_succeeded(cluster, "auth.recover")
    with client(cluster.url) as http:
        response = http.post("/auth/v1/recover", json={"email": email})
        assert response.status_code == 200 and response.json() == {}
        message = cluster.inbox.wait_for(email, timeout=60)
        body = plain_text(message)
        found = LINK.search(body)
        assert found, body
        link = found.group(1)
        assert link.startswith(f"{cluster.url}/auth/v1/verify?"), link  # FIREPATH_PUBLIC_URL: the proxy
        followed = http.get(link.removeprefix(cluster.url), follow_redirects=False)
        assert followed.status_code in (302, 303), followed.text
        location = followed.headers["location"]
        assert location.startswith(f"{cluster.url}/reset-password#"), location
        fragment = dict(part.split("=", 1) for part in location.split("#", 1)[1].split("&"))
        assert fragment["type"] == "recovery" and fragment["access_token"] and fragment["refresh_token"]
        me = http.get("/api/v1/profile", headers={"Authorization": f"Bearer {fragment['access_token']}"})
        assert me.status_code == 200, me.text
    assert wait_until(lambda: task_succeeded(cluster, "auth.recover") > sent_before, timeout=10) is not None


def test_an_account_deletion_is_finished_by_a_worker(cluster: Cluster, logs_on_failure: None) -> None:
    email, headers = sign_up(cluster.url)
    done_before = task_succeeded(cluster, "account.delete_user_data")
    with client(cluster.url) as http:
        deleted = http.post("/api/v1/me/delete", headers=headers, json={})
        assert deleted.status_code == 202, deleted.text
        assert http.get("/api/v1/profile", headers=headers).status_code == 401  # every session ends at once
    took = wait_until(lambda: account_gone(cluster.url, email), timeout=60, interval=0.5)
    print(f"account deleted by the worker in {took} s")
    assert took is not None
    assert task_succeeded(cluster, "account.delete_user_data") > done_before


def _task_state(broker: redis.Redis, task_id: str) -> str | None:
    raw = broker.get(f"celery-task-meta-{task_id}")
    return None if raw is None else str(json.loads(raw)["status"])


def test_a_task_whose_worker_is_killed_finishes_after_a_restart(cluster: Cluster, embeddings: SlowEmbeddings,
                                                                 logs_on_failure: None) -> None:
    """The knowledge-base ingestion (`knowledge.ingest`, force: every chunk embedded again) is the task killed
    mid-way. No task is reliably slow by itself (a forced ingestion with the offline model takes a minute of both
    cores, too costly here, and its speed varies with the load), so the workers embed through SlowEmbeddings, a
    local OpenAI-compatible endpoint that holds the first request: the task is known to be in the middle of its
    work when its worker is killed. The other worker is stopped first, so the one with the schedule takes the task.

    SIGKILL goes to the worker's whole process group (its pool process too), as a crash or an OOM kill of the
    machine would. The task was acknowledged late, so the broker still holds it: once FIREPATH_TASK_VISIBILITY_TIMEOUT
    has passed since it was handed out, a worker takes it again, and it must finish within that timeout, plus the
    restart and a margin, of the kill. The worker without the schedule stays stopped until then: a worker finds
    the expired tasks when it starts, and the test must show that the running one does too (kombu sweeps for them
    every `unacked_restore_interval` x `unacked_restore_throttle` seconds: 10 x 10 by default)."""
    cluster.processes["worker"].stop()
    broker = redis.Redis(port=cluster.redis.port)
    probe = Celery("probe", broker=cluster.redis.url, backend=cluster.redis.url)
    embeddings.release.clear()
    embeddings.arrived.clear()
    try:
        sent = time.monotonic()
        task_id = probe.send_task("knowledge.ingest", kwargs={"force": True}).id
        assert embeddings.arrived.wait(90), cluster.processes["worker-beat"].tail()
        time.sleep(0.5)
        assert _task_state(broker, task_id) is None  # running, not done
        cluster.processes["worker-beat"].kill()
        killed = time.monotonic()
        requests_at_kill = embeddings.requests
    finally:
        embeddings.release.set()
    try:
        cluster.start_worker("worker-beat", beat=True)
        restarted = time.monotonic() - killed
        bound = max(VISIBILITY_TIMEOUT, restarted) + 30  # from the kill: the timeout (or the restart), a margin
        done = wait_until(lambda: _task_state(broker, task_id) == "SUCCESS",
                          timeout=bound - (time.monotonic() - killed), interval=0.25)
        finished = None if done is None else time.monotonic() - killed
    finally:
        # Only now: a worker that starts finds, at its start, every task whose timeout has passed, which would hide
        # whether a running worker does.
        cluster.start_worker("worker", beat=False)
    print(f"handed out {killed - sent:.1f} s before the kill; worker back after {restarted:.1f} s; task finished "
          f"{'never' if finished is None else f'{finished:.1f} s'} after the kill (visibility timeout "
          f"{VISIBILITY_TIMEOUT} s, bound {bound:.0f} s)")
    assert finished is not None, f"knowledge.ingest {task_id} not finished {bound:.0f} s after its worker died"
    assert embeddings.requests > requests_at_kill  # it ran again, from the start


def test_work_queued_while_the_broker_is_down_is_done_when_it_is_back(cluster: Cluster,
                                                                       logs_on_failure: None) -> None:
    gone_email, headers = sign_up(cluster.url)
    known_email, _ = sign_up(cluster.url)
    unknown_email = f"nobody-{uuid.uuid4().hex[:10]}@example.com"
    deletions, recoveries = (task_succeeded(cluster, t) for t in ("account.delete_user_data", "auth.recover"))
    cluster.redis.stop()
    timings: dict[str, list[float]] = {"known": [], "unknown": []}
    try:
        with client(cluster.url) as http:
            began = time.monotonic()
            deleted = http.post("/api/v1/me/delete", headers=headers, json={})
            delete_took = time.monotonic() - began
            assert deleted.status_code == 202, deleted.text
            for _ in range(3):
                for kind, address in (("known", known_email), ("unknown", unknown_email)):
                    began = time.monotonic()
                    response = http.post("/auth/v1/recover", json={"email": address})
                    timings[kind].append(time.monotonic() - began)
                    assert response.status_code == 200 and response.json() == {}, response.text
        arrived_while_down = bool(cluster.inbox.to(known_email))
    finally:
        cluster.redis.start()
    back = time.monotonic()
    known, unknown = statistics.median(timings["known"]), statistics.median(timings["unknown"])
    print(f"broker down: deletion answered in {delete_took:.3f} s; recovery median {known:.3f} s (known address), "
          f"{unknown:.3f} s (unknown); all {timings}")
    assert delete_took < 5 and max(timings["known"] + timings["unknown"]) < 5
    assert abs(known - unknown) < 0.25, timings

    recovered = wait_until(lambda: bool(cluster.inbox.to(known_email)), timeout=90, interval=0.5)
    gone = wait_until(lambda: account_gone(cluster.url, gone_email), timeout=90, interval=1)
    print(f"after the broker came back: recovery e-mail in {recovered} s, account gone in "
          f"{None if gone is None else round(time.monotonic() - back, 1)} s")
    assert recovered is not None, "the recovery e-mail queued while the broker was down never came"
    assert gone is not None, "the deletion queued while the broker was down never finished"
    assert not cluster.inbox.to(unknown_email)
    # The work was recorded, handed to the broker once it was back and done by the workers (not in the servers)
    assert not arrived_while_down
    assert wait_until(lambda: task_succeeded(cluster, "account.delete_user_data") > deletions, timeout=10) is not None
    assert wait_until(lambda: task_succeeded(cluster, "auth.recover") >= recoveries + 6, timeout=10) is not None


def test_logs_hold_no_tokens(cluster: Cluster) -> None:
    """No process logged a recovery link's token (the redaction works in servers and workers alike)."""
    for name, process in cluster.processes.items():
        assert not re.search(r"verify\?token=(?!\[redacted\])", process.text()), name
