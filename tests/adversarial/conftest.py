"""A real server on a free loopback port, run in a thread, with its logs captured.

The server's event loop runs in its own thread, so hypothesis drives it
from plain synchronous tests (sockets and HTTP from this thread), and the
tests read a table's true state on the server's loop (`ThreadServer.call`)
to check that a rejected message changed nothing.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from tapete.server import ServerSettings, create_app
from tapete.server.main import uvicorn_config
from tapete.server.ops.logs import JsonFormatter
from tapete.server.storage.store import MatchRow
from tapete.server.table.runner import TableRunner

T = TypeVar("T")
TIMEOUT = 10.0


class LogLines(logging.Handler):
    """Every `tapete.*` log record, formatted as the server writes it (one JSON line)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(JsonFormatter())
        self.lines: list[str] = []
        self.guard = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        line = self.format(record)
        with self.guard:
            self.lines.append(line)

    def snapshot(self) -> list[str]:
        with self.guard:
            return list(self.lines)


class ThreadServer:
    def __init__(self, settings: ServerSettings, ping_interval: float | None = None) -> None:
        self.settings = settings
        self.app = create_app(settings)
        # no keepalive pings unless asked for: uvicorn draws each ping's payload from the global `random` in
        # the server's thread, and Hypothesis, drawing in the test's thread, warns when that state changes under it
        config = uvicorn_config(
            self.app,
            settings,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            lifespan="on",
            ws_ping_interval=ping_interval,
            ws_ping_timeout=ping_interval,
        )
        self.uv = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="tapete-test-server", daemon=True)
        self.url = ""

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.uv.serve())

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.uv.started:
            assert self.thread.is_alive(), "the server thread died"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        port = self.uv.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.uv.should_exit = True
        self.thread.join(15)

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://")

    def call(self, fn: Callable[[], T]) -> T:
        """Run `fn` on the server's loop, between two of its steps, and return its result."""

        async def run() -> T:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(TIMEOUT)

    def runner(self, table_id: str) -> TableRunner:
        runner: TableRunner = self.app.state.tapete.tables.runners[table_id]
        return runner

    def snapshot(self, table_id: str) -> dict[str, Any]:
        """Everything a message could change at a table: state, version, seats, and its stored record."""

        def take() -> dict[str, Any]:
            runner = self.runner(table_id)
            return {
                "state": runner.state.to_json(),
                "version": runner.version,
                "status": runner.status,
                "seats": [(s.index, s.name, s.token_hash) for s in runner.seats],
            }

        taken = self.call(take)
        taken["actions"] = self.record(table_id)  # the runner keeps no copy of the record
        return taken

    def match(self, table_id: str) -> MatchRow:
        """The stored match (seed, options, players: enough to replay its record)."""

        async def load() -> MatchRow:
            row = await self.app.state.tapete.store.load(table_id)
            assert row is not None
            return row

        return asyncio.run_coroutine_threadsafe(load(), self.loop).result(TIMEOUT)

    def record(self, table_id: str) -> list[tuple[int, int]]:
        """The actions stored for a table (read from the database on the server's loop)."""
        return list(self.match(table_id).actions)


class Socket:
    """A synchronous table socket with its own reading of what arrives."""

    def __init__(self, server: ThreadServer, table_id: str, address: str | None = None) -> None:
        """`address`: the loopback address the socket comes from (127.0.0.2 and up stand for other
        clients), the one the server counts it by."""
        sock = None
        if address is not None:
            parts = urlsplit(server.url)
            sock = socket.create_connection((parts.hostname, parts.port), TIMEOUT, source_address=(address, 0))
        # no keepalive pings either: websockets' client draws their payload from the global `random` in a
        # thread of its own (the Hypothesis warning's other source)
        self.ws: ClientConnection = connect(
            f"{server.ws_url}/ws/tables/{table_id}",
            max_size=2**24,
            sock=sock,
            open_timeout=TIMEOUT,
            legacy=True,
            ping_interval=None,
        )
        self.seen: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        raw = self.ws.recv(timeout)
        data: dict[str, Any] = json.loads(raw)
        self.seen.append(data)
        if data.get("type") == "state":
            self.state = data
        return data

    def hello(self, token: str | None, lang: str = "es") -> dict[str, Any]:
        self.send({"type": "hello", "token": token, "lang": lang})
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.recv()  # the first state
        return welcome

    def answers(self, ping_seq: Any = None, quiet: float = 0.01) -> list[dict[str, Any]]:
        """The answer to the message just sent, and whatever else comes until the socket is quiet.

        The answer is an error, or an acceptance followed by the new state;
        for a ping (`ping_seq`), its pong. States broadcast meanwhile (a
        seat connecting) come along and are not answers.
        """
        out: list[dict[str, Any]] = []
        while True:
            data = self.recv()
            out.append(data)
            if data["type"] == "error" or (data["type"] == "pong" and data.get("seq") == ping_seq):
                break
            if data["type"] == "accepted":
                version = data["version"]
                while not (data["type"] == "state" and data["version"] == version):
                    data = self.recv()
                    out.append(data)
                break
        while True:
            try:
                out.append(self.recv(quiet))
            except TimeoutError:
                return out

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


@pytest.fixture(scope="module")
def log_lines() -> Iterator[LogLines]:
    handler = LogLines()
    logger = logging.getLogger("tapete")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


@pytest.fixture(scope="module")
def thread_server(tmp_path_factory: pytest.TempPathFactory, log_lines: LogLines) -> Iterator[ThreadServer]:
    folder: Path = tmp_path_factory.mktemp("adversarial")
    settings = ServerSettings(
        db_url=f"sqlite:///{folder / 'tapete.db'}",
        disconnect_grace=600.0,  # no stand-in takes a seat while a test holds it
        hello_timeout=5.0,
        rate_per_s=100_000.0,
        rate_burst=100_000,
        # the fuzz runs make tables and joins by the thousand from one address
        max_tables_per_address=1_000_000,
        tables_per_minute=1e9,
        joins_per_minute=1e9,
    )
    server = ThreadServer(settings)
    server.start()
    yield server
    server.stop()


def http(server: ThreadServer) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=TIMEOUT)


@contextlib.contextmanager
def own_server(folder: Path, ping_interval: float | None = None, **overrides: Any) -> Iterator[ThreadServer]:
    """A server of its own with these settings (quotas, timeouts), stopped at the end; keepalive
    pings every `ping_interval` seconds of quiet, each answered within as long."""
    values: dict[str, Any] = {"db_url": f"sqlite:///{folder / 'tapete.db'}", "disconnect_grace": 600.0}
    values.update(overrides)
    server = ThreadServer(ServerSettings(**values), ping_interval)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def silent_socket(server: ThreadServer, table_id: str, token: str | None = None) -> socket.socket:
    """A table socket opened by hand that says hello and then never reads what it is sent."""
    parts = urlsplit(server.url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: the server's sends block soon
    sock.settimeout(TIMEOUT)
    sock.connect((parts.hostname, parts.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)  # byte by byte: nothing after the handshake is read
    assert b" 101 " in head.partition(b"\r\n")[0], head
    sock.sendall(ws_frame(json.dumps({"type": "hello", "token": token}).encode()))
    return sock


def ws_frame(payload: bytes) -> bytes:
    """One masked text frame, as a client sends it."""
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + size.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
