"""A real server on a free loopback port, and a small WebSocket client."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from tapete.engine import Game
from tapete.games import get_game
from tapete.server import ServerSettings, create_app
from tapete.server.main import uvicorn_config
from tapete.server.table.clock import ServerClock
from tapete.server.table.runner import TableRunner
from tests.toygame import ECO

TIMEOUT = 10.0


def lookup(game_id: str) -> Game:
    return ECO if game_id == "eco" else get_game(game_id)


@dataclass
class Server:
    url: str
    app: Any
    http: httpx.AsyncClient
    settings: ServerSettings

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://")

    def runner(self, table_id: str) -> TableRunner:
        runner: TableRunner = self.app.state.tapete.tables.runners[table_id]
        return runner

    async def create(self, **body: Any) -> dict[str, Any]:
        response = await self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    async def join(self, code: str, **body: Any) -> dict[str, Any]:
        response = await self.http.post("/api/join", json={"code": code, **body})
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    async def connect(self, table_id: str, token: str | None) -> Client:
        client = Client(await websockets.connect(f"{self.ws_url}/ws/tables/{table_id}"))
        await client.send({"type": "hello", "token": token})
        welcome = await client.next_of("welcome")
        client.seat = welcome["seat"]
        client.state = await client.next_of("state")
        return client


@dataclass
class Client:
    ws: Any
    seat: int | None = None
    state: dict[str, Any] = field(default_factory=dict)
    seq: int = 0
    inbox: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    accepted: list[dict[str, Any]] = field(default_factory=list)
    seen: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.take(await asyncio.wait_for(self.ws.recv(), timeout))

    def take(self, raw: str) -> dict[str, Any]:
        """Note one message from the server."""
        data: dict[str, Any] = json.loads(raw)
        self.seen.append(data)
        if data["type"] == "state":
            self.state = data
        elif data["type"] == "error":
            self.errors.append(data)
        elif data["type"] == "accepted":
            self.accepted.append(data)
        return data

    async def next_of(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            data = await self.recv(timeout)
            if data["type"] == kind:
                return data

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read states until one satisfies `pred` (the current one counts)."""
        if self.state and pred(self.state):
            return self.state
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            data = await self.recv(max(0.01, end - loop.time()))
            if data["type"] == "state" and pred(data):
                return data

    async def drain(self, quiet: float = 0.05) -> None:
        """Read whatever arrives until the socket is quiet for `quiet` seconds."""
        while True:
            try:
                await self.recv(quiet)
            except TimeoutError:
                return

    async def act(
        self,
        action: dict[str, Any] | None = None,
        *,
        index: int | None = None,
        version: int | None = None,
        **extra: Any,
    ) -> int:
        self.seq += 1
        self.accepted = [m for m in self.accepted if m.get("seq") != self.seq]
        self.errors = [m for m in self.errors if m.get("seq") != self.seq]
        message: dict[str, Any] = {
            "type": "action",
            "seq": self.seq,
            "version": self.state["version"] if version is None else version,
            **extra,
        }
        if index is not None:
            message["index"] = index
        else:
            message["action"] = action
        await self.send(message)
        return self.seq

    async def reply(self, seq: int, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The acceptance or error answering message `seq` (noted by `take`, also one a state carried)."""
        while True:
            for data in [*self.accepted, *self.errors]:
                if data.get("seq") == seq:
                    return data
            await self.recv(timeout)

    async def close(self) -> None:
        await self.ws.close()


async def start_server(
    settings: ServerSettings, clock: ServerClock | None = None
) -> tuple[uvicorn.Server, asyncio.Task[None], str]:
    app = create_app(settings, clock)
    config = uvicorn_config(app, settings, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, task, f"http://127.0.0.1:{port}"


ServeFactory = Callable[..., Awaitable[Server]]

# Set to a PostgreSQL URL to run the server tests on PostgreSQL instead of SQLite
# (its public schema is emptied before every test).
TEST_PG = os.environ.get("TAPETE_TEST_PG")


def test_db_url(tmp_path: Path) -> str:
    return TEST_PG or f"sqlite:///{tmp_path / 'tapete.db'}"


async def reset_test_postgres() -> None:
    if not TEST_PG:
        return
    import asyncpg

    conn = await asyncpg.connect(TEST_PG)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()


@pytest.fixture
async def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[ServeFactory]:
    """A factory: `await serve(**settings)` starts a server; all stop at the end."""
    monkeypatch.setattr("tapete.server.table.registry.get_game", lookup)
    started: list[tuple[uvicorn.Server, asyncio.Task[None], httpx.AsyncClient]] = []

    await reset_test_postgres()

    async def start(**overrides: Any) -> Server:
        values: dict[str, Any] = {"db_url": test_db_url(tmp_path), "disconnect_grace": 30.0}
        values.update(overrides)
        settings = ServerSettings(**values)
        uv, task, url = await start_server(settings)
        http = httpx.AsyncClient(base_url=url, timeout=TIMEOUT)
        started.append((uv, task, http))
        return Server(url, uv.config.app, http, settings)

    yield start
    for uv, task, http in started:
        await http.aclose()
        uv.should_exit = True
        await asyncio.wait_for(task, 10)


@pytest.fixture
async def server(serve: ServeFactory) -> Server:
    return await serve()


async def settle(clients: dict[int, Client]) -> dict[str, Any]:
    """Wait until every client has seen the newest version; return that state."""
    for c in clients.values():
        await c.drain(0.005)
    target = max(c.state["version"] for c in clients.values())
    for c in clients.values():
        await c.until(lambda s: s["version"] >= target)
    newest = max((c.state for c in clients.values()), key=lambda s: s["version"])
    return newest


async def take_turns(clients: dict[int, Client], max_steps: int = 10_000) -> dict[str, Any]:
    """Every required seat plays its first non-reaction action until the end."""
    for _ in range(max_steps):
        state = await settle(clients)
        if state["status"] == "finished":
            return state
        for seat in state["required"]:
            client = clients[seat]
            legal = [entry for entry in client.state["legal"] if not entry["reaction"]]
            reply = await client.reply(await client.act(index=legal[0]["index"]))
            assert reply["type"] == "accepted", reply
            # the state its action made: a match's last action is stored as finished before that
            # state is told (on PostgreSQL it may take longer than `settle`'s quiet)
            await client.until(partial(reached, reply["version"]))
    raise AssertionError("the match did not end")


def reached(version: int, state: dict[str, Any]) -> bool:
    return bool(state["version"] >= version)
