"""Load benchmark of the data API: `firepath serve` on loopback, driven by wrk (Debian's package).

Prints, for a signed-in single-record read (the profile), a list (accounts) and the snapshot: requests per
second, p50 and p99 latency, errors (socket errors and non-2xx answers), and the CPU time each request cost
in the server processes and in PostgreSQL (a figure that stays comparable when other work shares the machine).

    .venv/bin/python bench/bench_api_load.py [--seconds 30] [--connections 32] [--workers 2]

Targets on a 2-core machine with the server and wrk sharing it: the profile read at 2,000 requests/s or
more with p99 under 40 ms, and no errors; the dashboard's reads (snapshot and plan summary) at 1,000 requests/s or
more with p99 under 50 ms (the plan summary is cached per user until an input changes).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
FIREPATH = ROOT / ".venv" / "bin" / "firepath"
ENDPOINTS = [("profile (single read)", "/api/v1/profile"), ("accounts (list)", "/api/v1/accounts"),
             ("snapshot", "/api/v1/snapshot"), ("plan summary (cached household plan)", "/api/v1/plan/summary")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(base: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("server did not become healthy")


def sign_in(base: str, email: str, password: str) -> str:
    request = urllib.request.Request(f"{base}/auth/v1/token?grant_type=password", method="POST",
                                     data=json.dumps({"email": email, "password": password}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(json.loads(response.read())["access_token"])


def to_ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", value).groups()  # type: ignore[union-attr]
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_wrk(url: str, token: str, seconds: int, connections: int) -> dict[str, float]:
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency",
                          "-H", f"Authorization: Bearer {token}", url],
                         capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = to_ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1))  # type: ignore[union-attr]
    p99 = to_ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))  # type: ignore[union-attr]
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    errors = int(non2xx.group(1)) if non2xx else 0
    if socket_errors:
        errors += sum(int(g) for g in socket_errors.groups())
    return {"rps": rps, "p50": p50, "p99": p99, "errors": errors}


def cpu_seconds(server_pid: int) -> tuple[float, float]:
    """CPU seconds used so far by the server (the process and its workers) and by PostgreSQL's processes."""
    def used(process: psutil.Process) -> float:
        try:
            times = process.cpu_times()
            return float(times.user + times.system)
        except psutil.Error:
            return 0.0

    root = psutil.Process(server_pid)
    # The embedded server's processes run the binaries inside the pgserver package (not the machine's own).
    postgres = [p for p in psutil.process_iter(["name", "exe"])
                if p.info["name"] == "postgres" and "pgserver" in (p.info["exe"] or "")]
    postgres_pids = {p.pid for p in postgres}
    server = [p for p in (root, *root.children(recursive=True)) if p.pid not in postgres_pids]
    return sum(used(p) for p in server), sum(used(p) for p in postgres)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2, help="server worker processes")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is needed: apt-get install wrk")

    data_dir = Path(tempfile.mkdtemp(prefix="firepath-bench-"))
    env = {**os.environ, "FIREPATH_DATA_DIR": str(data_dir), "FIREPATH_LOG_LEVEL": "WARNING",
           "DATABASE_URL": "", "CELERY_BROKER_URL": "", "FIREPATH_KB_AUTO_INGEST": "false"}
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    seeded = subprocess.run([str(FIREPATH), "seed-demo", "--password", "bench-password-1"], env=env,
                            capture_output=True, text=True, check=True).stdout
    email = re.search(r"e-mail:\s+(\S+)", seeded).group(1)  # type: ignore[union-attr]
    server = subprocess.Popen([str(FIREPATH), "serve", "--port", str(port), "--workers", str(args.workers)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(base)
        token = sign_in(base, email, "bench-password-1")
        for _, path in ENDPOINTS:  # warm up connection pools and caches
            run_wrk(base + path, token, 2, args.connections)
        print(f"FIRE Path API load, {args.connections} connections, {args.seconds} s each, "
              f"{args.workers} server worker(s), {os.cpu_count()} cores shared with wrk")
        print(f"{'endpoint':<24}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'errors':>8}"
              f"{'server us/req':>15}{'postgres us/req':>17}")
        for name, path in ENDPOINTS:
            server_before, pg_before = cpu_seconds(server.pid)
            r = run_wrk(base + path, token, args.seconds, args.connections)
            server_after, pg_after = cpu_seconds(server.pid)
            requests = max(r["rps"] * args.seconds, 1.0)
            print(f"{name:<24}{r['rps']:>10.0f}{r['p50']:>10.2f}{r['p99']:>10.2f}{int(r['errors']):>8}"
                  f"{1e6 * (server_after - server_before) / requests:>15.0f}"
                  f"{1e6 * (pg_after - pg_before) / requests:>17.0f}")
            sys.stdout.flush()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
