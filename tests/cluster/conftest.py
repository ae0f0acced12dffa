"""PostgreSQL and Redis for the multi-process tests, and server processes to start and kill.

The services come from TAPETE_CLUSTER_PG and TAPETE_CLUSTER_REDIS (set by
`make test` from `scripts/services.sh start`), else from that script's
defaults; when they do not answer, the script is run here. Only when they
cannot be started at all are the tests skipped, with the reason printed.
Each test gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICES = ROOT / "scripts" / "services.sh"
DEFAULTS = {
    "TAPETE_CLUSTER_PG": "postgresql://postgres@127.0.0.1:5433/postgres",
    "TAPETE_CLUSTER_REDIS": "redis://127.0.0.1:6390/0",
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cluster: needs PostgreSQL and Redis (started by scripts/services.sh)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _problem(pg: str, redis_url: str) -> str | None:
    """Why the services cannot be used (None when both answer)."""

    async def probe() -> None:
        import asyncpg
        import redis.asyncio as redis

        conn = await asyncpg.connect(pg, timeout=5)
        await conn.close()
        client = redis.from_url(redis_url)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(probe())
    except Exception as err:
        return repr(err)
    return None


def _skip_loudly(reason: str) -> None:
    banner = f"\n{'!' * 78}\nMULTI-PROCESS TESTS SKIPPED: {reason}\n{'!' * 78}\n"
    sys.__stderr__.write(banner)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def services() -> tuple[str, str]:
    """(PostgreSQL URL, Redis URL), started by scripts/services.sh if need be."""
    try:
        import asyncpg  # noqa: F401
        import redis  # noqa: F401
    except ImportError:
        _skip_loudly("asyncpg and redis are not installed (pip install -e '.[pg]')")
    urls = {key: os.environ.get(key, default) for key, default in DEFAULTS.items()}
    problem = _problem(urls["TAPETE_CLUSTER_PG"], urls["TAPETE_CLUSTER_REDIS"])
    if problem is not None:
        # one starter at a time: pytest-xdist workers may all find the services down at once,
        # and two `initdb`/`pg_ctl start` on one folder would trip over each other
        with open(Path(tempfile.gettempdir()) / "tapete-services.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            done = subprocess.run(["bash", str(SERVICES), "start"], capture_output=True, text=True, timeout=300)
        for line in done.stdout.splitlines():
            key, _, value = line.partition("=")
            if key in urls and key not in os.environ:
                urls[key] = value.strip()
        problem = _problem(urls["TAPETE_CLUSTER_PG"], urls["TAPETE_CLUSTER_REDIS"])
        if problem is not None:
            _skip_loudly(
                f"PostgreSQL and Redis could not be started ({problem}); "
                f"scripts/services.sh said: {done.stderr[-1500:]}"
            )
    return urls["TAPETE_CLUSTER_PG"], urls["TAPETE_CLUSTER_REDIS"]


@pytest.fixture
def database(services: tuple[str, str]) -> Iterator[str]:
    """A fresh PostgreSQL database for one test."""
    import asyncpg

    admin = services[0]
    name = f"tapete_cluster_{secrets.token_hex(4)}"

    async def run(sql: str) -> None:
        conn = await asyncpg.connect(admin)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f"CREATE DATABASE {name}"))
    yield admin.rsplit("/", 1)[0] + f"/{name}"
    asyncio.run(run(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


class Worker:
    """One server process on the shared port, plus a port of its own."""

    def __init__(self, port: int, db_url: str, redis_url: str, log: Path, lease_seconds: float) -> None:
        self.port, self.own_port = port, free_port()
        self.url = f"http://127.0.0.1:{self.own_port}"
        self.log = log
        self.command = [
            sys.executable,
            "-m",
            "tapete.server.workers",
            "--port",
            str(port),
            "--own-port",
            str(self.own_port),
            "--db-url",
            db_url,
            "--redis-url",
            redis_url,
            "--lease-seconds",
            str(lease_seconds),
            "--disconnect-grace",
            "60",
            "--log-level",
            "info",
        ]
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(self.command, stdout=out, stderr=out)

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc is not None and self.proc.poll() is None, self.log.read_text()[-3000:]
            try:
                if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"the server process did not start: {self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
