"""A multi-process FIRE Path deployment on one machine, as `deploy/` describes it, for tests and benchmarks.

Everything listens on 127.0.0.1 on free ports and lives under one folder:
- PostgreSQL 16 with pgvector (the binaries the pgserver package ships) on TCP, with a password-protected
  superuser; prepared by `firepath db init` and migrated by `firepath migrate` as the database's owner (not a
  superuser), as a deployment on its own database server is;
- its own Redis (never the machine's shared one: tests stop and restart this broker);
- an SMTP sink (aiosmtpd) that keeps every message;
- N `firepath serve` processes, each with its own data folder, behind nginx running deploy/nginx/firepath.conf
  (ports, certificate and log paths substituted; TLS with a throw-away self-signed certificate);
- `firepath worker --beat` and `firepath worker --no-beat`.

Every process logs to a file of its own; `Cluster.logs()` gives the tails for a failure message. `Cluster.stop()`
stops everything, PostgreSQL included, whatever state the start left it in.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import ssl
import stat
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pgserver
from aiosmtpd.controller import Controller

from tests.support.servers import free_port

REPO_ROOT = Path(__file__).resolve().parents[2]
NGINX_SITE = REPO_ROOT / "deploy" / "nginx" / "firepath.conf"
PG_BIN = Path(pgserver.__file__).parent / "pginstall" / "bin"
START_TIMEOUT = 120.0  # a loaded 2-core machine starts a server in 10-40 s; leave room
PG_SYSTEM_USER = "pgserver"  # PostgreSQL refuses to run as root; the embedded server uses this user too
VISIBILITY_TIMEOUT = 15  # seconds before the broker hands an unacknowledged task to another worker


def firepath_command() -> list[str]:
    exe = Path(sys.executable).with_name("firepath")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "api.cli"]


class Process:
    """One child process in its own session (so that a kill takes its children too), logging to a file."""

    def __init__(self, name: str, argv: list[str], log: Path, env: dict[str, str] | None = None,
                 cwd: Path = REPO_ROOT) -> None:
        self.name, self.argv, self.log, self.env, self.cwd = name, argv, log, env, cwd
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Process:
        with self.log.open("ab") as out:
            out.write(f"\n===== {self.name} starting at {time.strftime('%H:%M:%S')} =====\n".encode())
            out.flush()
            self.proc = subprocess.Popen(self.argv, cwd=self.cwd, env=self.env, stdin=subprocess.DEVNULL,
                                         stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def kill(self) -> None:
        """SIGKILL the process and everything in its session at once (a crash, not a shutdown)."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self, timeout: float = 30) -> None:
        """SIGTERM, then SIGKILL (of the whole session) if it is still running after `timeout`."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=timeout)
        with contextlib.suppress(ProcessLookupError):  # pool children of a worker that died first
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def tail(self, chars: int = 3000) -> str:
        return self.text()[-chars:]

    def wait_for_log(self, pattern: str, timeout: float = START_TIMEOUT, *, after: int = 0) -> None:
        """Wait until `pattern` (a regular expression) appears in the log beyond character `after`."""
        deadline = time.monotonic() + timeout
        compiled = re.compile(pattern)
        while time.monotonic() < deadline:
            if compiled.search(self.text()[after:]):
                return
            if not self.alive:
                raise RuntimeError(f"{self.name} exited ({self.proc and self.proc.returncode}):\n{self.tail()}")
            time.sleep(0.2)
        raise RuntimeError(f"{self.name}: no {pattern!r} in its log within {timeout:.0f} s:\n{self.tail()}")


def _run(argv: list[str], *, log: Path, env: dict[str, str] | None = None, user: str | None = None,
         timeout: float = START_TIMEOUT, cwd: Path = REPO_ROOT) -> str:
    """Run a command to completion, its output appended to `log` and returned; raise with it on failure."""
    result = subprocess.run(argv, env=env, user=user, cwd=cwd, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=timeout)
    output = result.stdout + result.stderr
    with log.open("a") as out:
        out.write(f"\n===== {' '.join(argv[:3])} (exit {result.returncode}) =====\n{output}")
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:3])} failed ({result.returncode}):\n{output[-3000:]}")
    return result.stdout


class Postgres:
    """PostgreSQL 16 + pgvector from pgserver's binaries on 127.0.0.1:<port>, superuser `postgres` with a password
    (scram-sha-256 for every connection, no Unix socket). As root it runs as the `pgserver` system user."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pgdata = folder / "pgdata"
        self.log = folder / "postgres.log"
        self.port = free_port()
        self.password = secrets.token_hex(16)
        self.user = PG_SYSTEM_USER if os.geteuid() == 0 else None

    @property
    def superuser_url(self) -> str:
        return f"postgresql://postgres:{self.password}@127.0.0.1:{self.port}/postgres"

    def _prepare_folders(self) -> None:
        from pgserver.utils import (
            ensure_folder_permissions,
            ensure_prefix_permissions,
            ensure_user_exists,
        )

        self.folder.mkdir(parents=True, exist_ok=True)
        if self.user is None:
            return
        # What pgserver does for the embedded server when run as root: a system user, and read/execute on the
        # folders above the data and the binaries so that user can reach them.
        entry = ensure_user_exists(self.user)
        assert entry is not None
        os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        ensure_prefix_permissions(self.folder)
        ensure_prefix_permissions(PG_BIN)
        readable = stat.S_IRGRP | stat.S_IROTH
        ensure_folder_permissions(PG_BIN, readable | stat.S_IXGRP | stat.S_IXOTH)
        ensure_folder_permissions(PG_BIN.parent / "lib", readable)

    def start(self) -> None:
        self._prepare_folders()
        pwfile = self.folder / "pwfile"
        pwfile.write_text(self.password + "\n")
        pwfile.chmod(0o600)
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(pwfile, entry.pw_uid, entry.pw_gid)
        try:
            _run([str(PG_BIN / "initdb"), "-D", str(self.pgdata), "-U", "postgres", "--auth=scram-sha-256",
                  f"--pwfile={pwfile}", "--encoding=utf8", "--no-sync"], log=self.log, user=self.user, cwd=self.folder)
        finally:
            pwfile.unlink(missing_ok=True)
        with (self.pgdata / "postgresql.conf").open("a") as conf:
            conf.write(f"\nlisten_addresses = '127.0.0.1'\nport = {self.port}\nunix_socket_directories = ''\n"
                       "max_connections = 300\n")
        _run([str(PG_BIN / "pg_ctl"), "-D", str(self.pgdata), "-l", str(self.folder / "server.log"), "-w",
              "-t", str(int(START_TIMEOUT)), "start"], log=self.log, user=self.user, cwd=self.folder)

    def stop(self) -> None:
        if not (self.pgdata / "postmaster.pid").exists():
            return
        try:
            _run([str(PG_BIN / "pg_ctl"), "-D", str(self.pgdata), "-m", "fast", "-w", "-t", "60", "stop"],
                 log=self.log, user=self.user, timeout=90, cwd=self.folder)
        except (RuntimeError, subprocess.TimeoutExpired):
            with contextlib.suppress(OSError, ValueError):
                os.kill(int((self.pgdata / "postmaster.pid").read_text().split("\n", 1)[0]), signal.SIGKILL)

    def tail(self) -> str:
        log = self.folder / "server.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else ""


class Redis:
    """A private redis-server (no persistence) that can be stopped and started again on the same port."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.process: Process | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = Process("redis", ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no", "--dir", str(self.folder)],
                               self.folder / "redis.log").start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.1)
        raise RuntimeError(f"redis did not start:\n{self.process.tail()}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop(timeout=10)


class Inbox:
    """The SMTP sink's messages (aiosmtpd calls `handle_DATA` on its own thread)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self._lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self._lock:
            self.messages.append(message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[Message]:
        with self._lock:
            return [m for m in self.messages if m["To"] == address]

    def wait_for(self, address: str, timeout: float = 60.0, count: int = 1) -> Message:
        """The `count`-th message to `address`, waiting up to `timeout` seconds for it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.to(address)
            if len(found) >= count:
                return found[count - 1]
            time.sleep(0.1)
        raise AssertionError(f"no e-mail (#{count}) to {address} within {timeout:.0f} s")


def render_nginx_site(template: str, *, upstream_ports: list[int], http_port: int, https_port: int,
                      certificate: Path, key: Path) -> str:
    """deploy/nginx/firepath.conf with this machine's ports and paths: the upstream's `server 127.0.0.1:800N`
    lines become one line per given port, the listen ports move to loopback, the certificate paths point at the
    throw-away certificate. Anything else is used as shipped."""
    upstream = re.compile(r"^([ \t]*)server[ \t]+127\.0\.0\.1:\d+([^;\n]*);[ \t]*\n", re.M)
    found = list(upstream.finditer(template))
    if len(found) < 2:
        raise ValueError("deploy/nginx/firepath.conf: expected two or more `server 127.0.0.1:PORT` upstream lines")
    indent, options = found[0].group(1), found[0].group(2)
    lines = "".join(f"{indent}server 127.0.0.1:{port}{options};\n" for port in upstream_ports)
    text = template[:found[0].start()] + lines + upstream.sub("", template[found[0].end():])
    text = re.sub(r"^[ \t]*listen[ \t]+\[::\][^;]*;[ \t]*\n", "", text, flags=re.M)  # no IPv6 in the test
    text, http = re.subn(r"\blisten[ \t]+80\b", f"listen 127.0.0.1:{http_port}", text)
    text, https = re.subn(r"\blisten[ \t]+443\b", f"listen 127.0.0.1:{https_port}", text)
    text, certs = re.subn(r"\bssl_certificate[ \t]+[^;]+;", f"ssl_certificate {certificate};", text)
    text, keys = re.subn(r"\bssl_certificate_key[ \t]+[^;]+;", f"ssl_certificate_key {key};", text)
    if not (http and https and certs and keys):
        raise ValueError("deploy/nginx/firepath.conf: expected `listen 80`, `listen 443 ssl`, ssl_certificate "
                         "and ssl_certificate_key")
    return text


class Nginx:
    """nginx in the foreground with its own main configuration around the site configuration, every path (pid,
    logs, temporary files) under its folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.http_port = free_port()
        self.https_port = free_port()
        self.process: Process | None = None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    def write_config(self, upstream_ports: list[int], *, access_log: bool = True) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        certificate, key = self.folder / "cert.pem", self.folder / "key.pem"
        if not certificate.exists():
            _run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                  "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(certificate)],
                 log=self.folder / "openssl.log")
        site = self.folder / "firepath.conf"
        site.write_text(render_nginx_site(NGINX_SITE.read_text(), upstream_ports=upstream_ports,
                                          http_port=self.http_port, https_port=self.https_port,
                                          certificate=certificate, key=key))
        temp = self.folder / "temp"
        temp.mkdir(exist_ok=True)
        user = "user root root;\n" if os.geteuid() == 0 else ""  # the workers must reach files under the tmp dir
        main = self.folder / "nginx.conf"
        main.write_text(
            f"{user}worker_processes 1;\ndaemon off;\npid {self.folder / 'nginx.pid'};\n"
            f"error_log {self.folder / 'error.log'} warn;\nevents {{ worker_connections 4096; }}\nhttp {{\n"
            f"  access_log {self.folder / 'access.log' if access_log else 'off'};\n"
            + "".join(f"  {kind}_temp_path {temp / kind};\n"
                      for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
            + f"  include {site};\n}}\n")
        return main

    def start(self, upstream_ports: list[int], *, access_log: bool = True) -> None:
        main = self.write_config(upstream_ports, access_log=access_log)
        argv = ["nginx", "-c", str(main), "-p", str(self.folder), "-e", str(self.folder / "error.log")]
        _run([*argv, "-t"], log=self.folder / "nginx-t.log")
        self.process = Process("nginx", argv, self.folder / "nginx.log").start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.https_port), timeout=1):
                return
            if not self.process.alive:
                break
            time.sleep(0.1)
        raise RuntimeError(f"nginx did not start:\n{self.process.tail()}\n{self.tail()}")

    def reload(self, upstream_ports: list[int], *, access_log: bool = True) -> None:
        """Point the running nginx at other instances (SIGHUP: new workers take the new configuration)."""
        assert self.process is not None and self.process.alive
        self.write_config(upstream_ports, access_log=access_log)
        os.kill(self.process.pid, signal.SIGHUP)
        time.sleep(1.0)  # the old workers finish their connections and exit

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop(timeout=10)

    def tail(self) -> str:
        log = self.folder / "error.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else ""


def http_get(url: str, timeout: float = 5) -> tuple[int, bytes]:
    """Status and body of a GET (an error status is an answer too), without certificate checks."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    try:
        with urllib.request.urlopen(url, timeout=timeout, context=context) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@dataclass
class Cluster:
    """The whole deployment. `start()` brings it up (raising with the logs' tails if a part does not come up);
    `stop()` always brings it down."""

    root: Path
    servers: int = 2
    workers: bool = True
    env_overrides: dict[str, str] = field(default_factory=dict)
    access_log: bool = True
    jwt_secret: str = field(default_factory=lambda: secrets.token_urlsafe(48)[:64])
    postgres: Postgres = field(init=False)
    redis: Redis = field(init=False)
    nginx: Nginx = field(init=False)
    inbox: Inbox = field(init=False, default_factory=Inbox)
    smtp_port: int = field(init=False, default_factory=free_port)
    database_url: str = field(init=False, default="")
    database_app_url: str = field(init=False, default="")
    server_ports: list[int] = field(init=False, default_factory=list)
    processes: dict[str, Process] = field(init=False, default_factory=dict)
    _smtp: Controller | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self.logs_dir = self.root / "logs"
        self.logs_dir.mkdir(exist_ok=True)
        self.postgres = Postgres(self.root / "postgres")
        self.redis = Redis(self.root / "redis")
        self.nginx = Nginx(self.root / "nginx")
        self.server_ports = [free_port() for _ in range(self.servers)]

    # --- addresses -------------------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The public address: nginx."""
        return self.nginx.url

    @property
    def node_urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.server_ports]

    # --- environment -----------------------------------------------------------------------------------------
    def env(self, name: str) -> dict[str, str]:
        """The environment of one FIRE Path process (its own data folder), as deploy/.env.example lists it."""
        data_dir = self.root / "data" / name
        data_dir.mkdir(parents=True, exist_ok=True)
        return {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "DATABASE_APP_URL": self.database_app_url,
            "CELERY_BROKER_URL": self.redis.url,
            "CELERY_RESULT_BACKEND": "",
            "FIREPATH_ENV": "production",
            "FIREPATH_JWT_SECRET": self.jwt_secret,
            "FIREPATH_JWT_PREVIOUS_SECRETS": "",
            "FIREPATH_PUBLIC_URL": self.nginx.url,
            "FIREPATH_TRUSTED_PROXIES": "127.0.0.1",
            "FIREPATH_AUTO_MIGRATE": "false",
            "FIREPATH_KB_AUTO_INGEST": "false",
            "FIREPATH_DATA_DIR": str(data_dir),
            "FIREPATH_TASK_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            "FIREPATH_LOG_JSON": "true",
            "FIREPATH_LOG_LEVEL": "INFO",
            "FIREPATH_DB_POOL_SIZE": "5",
            "FIREPATH_WEB_DIST": "",
            "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": str(self.smtp_port),
            "SMTP_STARTTLS": "false",
            "SMTP_USER": "",
            "SMTP_PASSWORD": "",
            "GOOGLE_CLIENT_ID": "",
            "GOOGLE_CLIENT_SECRET": "",
            "OPENAI_API_KEY": "",
            "OPENAI_BASE_URL": "",
            "EMBEDDINGS_BASE_URL": "",
            **self.env_overrides,
        }

    # --- start and stop --------------------------------------------------------------------------------------
    def start(self) -> Cluster:
        try:
            self.postgres.start()
            self.redis.start()
            self._smtp = Controller(self.inbox, hostname="127.0.0.1", port=self.smtp_port)
            self._smtp.start()
            self._init_database()
            for index in range(self.servers):
                self.start_server(index, wait=False)
            for index in range(self.servers):
                self.wait_server(index)
            self.nginx.start(self.server_ports, access_log=self.access_log)
            if self.workers:
                self.start_worker("worker-beat", beat=True)
                self.start_worker("worker", beat=False)
        except BaseException:
            logs = self.logs()
            self.stop()
            raise RuntimeError(f"the cluster did not start; logs:\n{logs}") from None
        return self

    def _init_database(self) -> None:
        log = self.logs_dir / "db-init.log"
        out = _run([*firepath_command(), "db", "init", self.postgres.superuser_url, "--database", "firepath",
                    "--owner", "firepath_owner", "--owner-password", secrets.token_hex(16),
                    "--app-password", secrets.token_hex(16)], log=log, env=self.env("db-init"))
        found = dict(re.findall(r"^(DATABASE_URL|DATABASE_APP_URL)=(\S+)$", out, re.M))
        if set(found) != {"DATABASE_URL", "DATABASE_APP_URL"}:
            raise RuntimeError(f"firepath db init did not print both URLs:\n{out}")
        self.database_url, self.database_app_url = found["DATABASE_URL"], found["DATABASE_APP_URL"]
        _run([*firepath_command(), "migrate"], log=self.logs_dir / "migrate.log", env=self.env("migrate"))

    def start_server(self, index: int, *, wait: bool = True) -> Process:
        name = f"serve-{index}"
        process = Process(name, [*firepath_command(), "serve", "--host", "127.0.0.1", "--port",
                                 str(self.server_ports[index])], self.logs_dir / f"{name}.log", self.env(name))
        self.processes[name] = process.start()
        if wait:
            self.wait_server(index)
        return process

    def wait_server(self, index: int, timeout: float = START_TIMEOUT) -> None:
        """Wait for /health to answer (503 is an answer: it may say no worker runs yet)."""
        process = self.processes[f"serve-{index}"]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not process.alive:
                raise RuntimeError(f"{process.name} exited:\n{process.tail()}")
            with contextlib.suppress(OSError):
                status, _ = http_get(f"{self.node_urls[index]}/health")
                if status in (200, 503):
                    return
            time.sleep(0.3)
        raise RuntimeError(f"{process.name} did not answer /health within {timeout:.0f} s:\n{process.tail()}")

    def start_worker(self, name: str, *, beat: bool, wait: bool = True) -> Process:
        old = self.processes.get(name)
        after = len(old.text()) if old else 0
        process = Process(name, [*firepath_command(), "worker", "--beat" if beat else "--no-beat",
                                 "--concurrency", "1"], self.logs_dir / f"{name}.log", self.env(name))
        self.processes[name] = process.start()
        if wait:
            process.wait_for_log(r"\S+@\S+ ready", after=after)
        return process

    def stop(self) -> None:
        for process in reversed(list(self.processes.values())):
            with contextlib.suppress(Exception):
                process.stop()
        for part in (self.nginx.stop, self.redis.stop, self._stop_smtp, self.postgres.stop):
            with contextlib.suppress(Exception):
                part()

    def _stop_smtp(self) -> None:
        if self._smtp is not None:
            self._smtp.stop()
            self._smtp = None

    def logs(self, chars: int = 2500) -> str:
        """The tail of every log, for a failure message."""
        parts = [f"--- {name} ---\n{p.tail(chars)}" for name, p in self.processes.items()]
        parts.append(f"--- nginx error.log ---\n{self.nginx.tail()}")
        parts.append(f"--- postgres ---\n{self.postgres.tail()}")
        for log in sorted(self.logs_dir.glob("*.log")):
            if log.stem not in self.processes:
                parts.append(f"--- {log.name} ---\n{log.read_text(errors='replace')[-chars:]}")
        return "\n".join(parts)


def wait_until(check: Callable[[], bool], timeout: float, interval: float = 0.2) -> float | None:
    """Seconds until `check()` held, or None if it did not within `timeout`."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        if check():
            return time.monotonic() - began
        time.sleep(interval)
    return None


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
