"""Server processes for the benchmarks: one on SQLite, or a cluster on PostgreSQL + Redis.

`start(...)` starts them on free loopback ports and returns a `Servers`:
the address clients use, each process's own address (for its /api/stats)
and pid, and the admin token that resets their counters. A cluster gets a
fresh PostgreSQL database on the server named by `--db`, dropped at the end,
and N processes on one shared port (`python -m tapete.server.workers
--own-port ...`, as `tapete serve --workers N` runs them). Also the CPU
readers the benchmarks share (/proc).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

TICKS = os.sysconf("SC_CLK_TCK")

# py-spy as installed beside this Python (a virtual environment's bin is not always on PATH)
PY_SPY = str(Path(sys.executable).with_name("py-spy"))

# Limits a load test must not hit (one client address opens every table and socket).
UNLIMITED = [
    "--rate-per-s",
    "10000",
    "--rate-burst",
    "10000",
    "--max-tables-per-address",
    "1000000",
    "--tables-per-minute",
    "1e9",
    "--joins-per-minute",
    "1e9",
    "--outbox-limit",
    "100000",
    "--max-connections-per-address",
    "1000000",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_wait_seconds(pid: int) -> float:
    """Time the process's threads spent runnable but waiting for a CPU (other programs' load)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def redis_pids() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() == "redis-server":
                    found.append(int(entry.name))
    return found


@dataclass
class Servers:
    url: str  # where clients connect (the shared port of a cluster)
    own_urls: list[str]  # each process's own address
    procs: list[subprocess.Popen[bytes]]
    token: str
    label: str
    database: str | None = None  # the scratch PostgreSQL database, dropped at stop
    admin_dsn: str | None = None
    redis_url: str | None = None
    db_pids: list[int] = field(default_factory=list)  # PostgreSQL backends of the scratch database

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.procs]

    def headers(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"}

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        if self.database and self.admin_dsn:
            asyncio.run(_sql(self.admin_dsn, f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)"))


async def _sql(dsn: str, sql: str) -> list[Any]:
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        return list(await conn.fetch(sql))
    finally:
        await conn.close()


def _wait_ready(urls: list[str], procs: list[subprocess.Popen[bytes]], log: Path | None) -> None:
    deadline = time.monotonic() + 60
    for url in urls:
        while True:
            try:
                if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if any(p.poll() is not None for p in procs) or time.monotonic() > deadline:
                tail = log.read_text()[-3000:] if log is not None and log.exists() else ""
                raise SystemExit(f"the server did not start\n{tail}")
            time.sleep(0.1)


def start(
    workers: int, db: str | None, redis_url: str | None, tmp: Path, flags: list[str], log_level: str = "warning"
) -> Servers:
    """One SQLite process (workers 0), or `workers` processes on PostgreSQL (`db`) and Redis."""
    token = secrets.token_hex(16)
    common = ["--log-level", log_level, "--admin-token", token, *UNLIMITED, *flags]
    log = Path(os.environ.get("BENCH_SERVER_LOG", tmp / "server.log"))  # the servers' output
    if workers <= 0:
        port = free_port()
        with log.open("ab") as out:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tapete.server",
                    "--port",
                    str(port),
                    "--db-url",
                    f"sqlite:///{tmp / 'bench.db'}",
                    *common,
                ],
                stdout=out,
                stderr=out,
            )
        url = f"http://127.0.0.1:{port}"
        _wait_ready([url], [proc], log)
        return Servers(url, [url], [proc], token, "one process, SQLite")
    if not db or not redis_url:
        raise SystemExit("--workers needs --db postgresql://... and --redis redis://...")
    database = f"tapete_bench_{secrets.token_hex(4)}"
    admin = db.replace("postgresql+asyncpg://", "postgresql://", 1)
    asyncio.run(_sql(admin, f"CREATE DATABASE {database}"))
    url_db = admin.rsplit("/", 1)[0] + f"/{database}"
    port = free_port()
    procs, own_urls = [], []
    for _ in range(workers):
        own = free_port()
        with log.open("ab") as out:
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "tapete.server.workers",
                        "--port",
                        str(port),
                        "--own-port",
                        str(own),
                        "--db-url",
                        url_db,
                        "--redis-url",
                        redis_url,
                        *common,
                    ],
                    stdout=out,
                    stderr=out,
                )
            )
        own_urls.append(f"http://127.0.0.1:{own}")
        if len(procs) == 1:
            _wait_ready(own_urls, procs, log)  # the first one migrates the fresh database alone
    _wait_ready(own_urls, procs, log)
    servers = Servers(
        f"http://127.0.0.1:{port}",
        own_urls,
        procs,
        token,
        f"--workers {workers}, PostgreSQL + Redis",
        database,
        admin,
        redis_url,
    )
    return servers


def find_db_pids(servers: Servers) -> list[int]:
    """The PostgreSQL backends serving the scratch database (to count the database's CPU)."""
    if not servers.database or not servers.admin_dsn:
        return []
    rows = asyncio.run(
        _sql(servers.admin_dsn, f"SELECT pid FROM pg_stat_activity WHERE datname = '{servers.database}'")
    )
    return [int(r["pid"]) for r in rows]


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total
