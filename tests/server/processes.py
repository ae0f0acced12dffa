"""The table server as its own process on a loopback port (SQLite file, or the
test PostgreSQL when TAPETE_TEST_PG is set), for tests that kill it and start it
again on the same database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tapete.server.ops.faults import CRASH_ENV

from .conftest import TEST_PG


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    def __init__(self, db: Path, log: Path) -> None:
        self.db, self.log = db, log
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self, crash_at: str | None = None, extra: tuple[str, ...] = ()) -> None:
        """Start a server on a free port and wait until it answers; `crash_at` names
        a crash point of `tapete.server.ops.faults` where the process kills itself; `extra`: more flags."""
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        env = {k: v for k, v in os.environ.items() if k != CRASH_ENV}
        if crash_at is not None:
            env[CRASH_ENV] = crash_at
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tapete.server",
                    "--port",
                    str(port),
                    "--db-url",
                    TEST_PG or f"sqlite:///{self.db}",
                    "--disconnect-grace",
                    "60",
                    "--log-level",
                    "warning",
                    *extra,
                ],
                stdout=out,
                stderr=out,
                env=env,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text()[-2000:]
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
