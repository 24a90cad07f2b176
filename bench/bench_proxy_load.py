"""Load benchmark of the deployment in deploy/: authenticated profile reads through nginx (TLS) to one `firepath
serve` process, then to two, and to one process directly (what the proxy costs).

It starts the cluster of tests/deploy/cluster.py (PostgreSQL on TCP with passwords, Redis, two servers, nginx with
deploy/nginx/firepath.conf; no workers: reads do not need them), signs up one user, and drives GET /api/v1/profile
with that user's token with wrk (Debian's package), keep-alive connections. nginx first sends every request to the
first server; then it is reloaded with both in its upstream. Prints requests/s, p50 and p99 and errors for each;
no targets are checked.

    .venv/bin/python bench/bench_proxy_load.py [--seconds 12] [--connections 32]

On a 2-core machine every process (wrk, nginx, the servers, PostgreSQL) shares the same two cores, so a second
server process adds little there; the figure that matters is on machines with cores to spare.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.deploy.cluster import Cluster  # noqa: E402

PATH = "/api/v1/profile"


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


def sign_up(base: str) -> str:
    email = f"bench-{os.getpid()}-{int(time.time())}@example.com"
    response = httpx.post(f"{base}/auth/v1/signup", json={"email": email, "password": "bench-Passw0rd-42"},
                          verify=False, timeout=30)
    response.raise_for_status()
    return str(response.json()["access_token"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=12)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    if not shutil.which("wrk") or not shutil.which("nginx"):
        raise SystemExit("wrk and nginx are needed: apt-get install wrk nginx")

    root = Path(tempfile.mkdtemp(prefix="firepath-bench-proxy-"))
    began = time.monotonic()
    cluster = Cluster(root, servers=2, workers=False, access_log=False,
                      env_overrides={"FIREPATH_LOG_LEVEL": "WARNING"})
    try:
        cluster.start()
        started = time.monotonic() - began
        token = sign_up(cluster.url)
        runs = [("nginx -> 1 server process", [cluster.server_ports[0]], cluster.url),
                ("nginx -> 2 server processes", cluster.server_ports, cluster.url),
                ("1 server process, no proxy", None, cluster.node_urls[0])]
        print(f"FIRE Path through nginx (TLS, keep-alive), GET {PATH} signed in, {args.connections} connections, "
              f"{args.seconds} s each, {os.cpu_count()} cores shared by wrk, nginx, the servers and PostgreSQL "
              f"(cluster up in {started:.0f} s)")
        print(f"{'setup':<30}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'errors':>8}")
        for name, upstream, base in runs:
            if upstream is not None:
                cluster.nginx.reload(upstream, access_log=False)
            run_wrk(base + PATH, token, 2, args.connections)  # warm connections and caches
            result = run_wrk(base + PATH, token, args.seconds, args.connections)
            print(f"{name:<30}{result['rps']:>10.0f}{result['p50']:>10.2f}{result['p99']:>10.2f}"
                  f"{int(result['errors']):>8}")
            sys.stdout.flush()
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
