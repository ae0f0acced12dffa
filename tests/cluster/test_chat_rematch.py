"""Chat and rematch with two server processes: sockets of one table on both, one process killed mid-rematch.

A Bacan table is owned by process A; seat 0 talks to A, seat 1 and a
spectator to B (their messages are relayed through Redis). Chat lines and
rematch answers from either side reach every socket; the rematch's new
match is made by the owner and reached from both. Then the same with A
started with a crash point: it stores the last answer and kills itself
(SIGKILL) before making the new match; B takes the finished table over when
its lease expires, makes the new match, and the people reloading the old
match on B are sent on to it with their new tokens.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tapete.games import game_ids
from tapete.server.ops.faults import CRASH_ENV
from tests.server.conftest import Client
from tests.server.test_rematch import play_out

from .conftest import Worker, free_port

pytestmark = [pytest.mark.cluster, pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered")]

LEASE_SECONDS = 2.0


class CrashingWorker(Worker):
    """A worker that kills itself at a crash point (tapete.server.ops.faults)."""

    def __init__(self, *args: Any, crash_at: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crash_at = crash_at

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                self.command, stdout=out, stderr=out, env={**os.environ, CRASH_ENV: self.crash_at}
            )


async def connect(worker: Worker, table_id: str, token: str | None, timeout: float = 30) -> Client:
    """A socket on `worker`'s own port; tried again while the table is moving between processes."""
    deadline = time.monotonic() + timeout
    while True:
        client = Client(await websockets.connect(f"{worker.url.replace('http', 'ws')}/ws/tables/{table_id}"))
        await client.send({"type": "hello", "token": token})
        try:
            first = await client.recv()
            if first["type"] == "welcome":
                client.seat = first["seat"]
                client.state = await client.next_of("state")
                return client
            assert first["type"] == "error" and first["code"] in ("table_moved", "table_unavailable"), first
        except websockets.ConnectionClosed:
            pass
        await client.close()
        assert time.monotonic() < deadline, "the table did not come back"
        await asyncio.sleep(0.3)


async def finished_table(a: Worker, b: Worker) -> tuple[str, dict[int, str], dict[int, Client]]:
    """A Bacan table owned by A, its second seat joined and connected through B, played to its end."""
    body = {
        "game": "bacan",
        "options": {"limit": 50},
        "name": "Ana",
        "seats": [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "random"}],
        "table_options": {"reaction_window_ms": 0, "bot_delay_ms": 0, "result_pause_seconds": 0},
    }
    async with httpx.AsyncClient(timeout=30) as http:
        created = (await http.post(f"{a.url}/api/tables", json=body)).json()
        joined = await http.post(f"{b.url}/api/join", json={"code": created["invite_code"], "name": "Bea"})
        assert joined.status_code == 200, joined.text
    table_id, tokens = created["table"]["id"], {0: created["token"], 1: joined.json()["token"]}
    clients = {0: await connect(a, table_id, tokens[0]), 1: await connect(b, table_id, tokens[1])}
    assert (await play_out(clients))["status"] == "finished"
    return table_id, tokens, clients


def workers(database: str, redis: str, tmp_path: Path, crash_at: str | None = None) -> tuple[Worker, Worker]:
    port = free_port()
    if crash_at is None:
        a = Worker(port, database, redis, tmp_path / "a.log", LEASE_SECONDS)
    else:
        a = CrashingWorker(port, database, redis, tmp_path / "a.log", LEASE_SECONDS, crash_at=crash_at)
    b = Worker(port, database, redis, tmp_path / "b.log", LEASE_SECONDS)
    b.command.append("--no-socket-handoff")  # B relays its sockets through Redis, as between machines
    return a, b


async def started(*procs: Worker) -> None:
    for worker in procs:
        worker.start()
    await asyncio.gather(*(asyncio.to_thread(w.wait_ready) for w in procs))


async def test_chat_and_rematch_reach_sockets_on_both_processes(
    database: str, services: tuple[str, str], tmp_path: Path
) -> None:
    a, b = workers(database, services[1], tmp_path)
    try:
        await started(a, b)
        table_id, _tokens, clients = await finished_table(a, b)
        watcher = await connect(b, table_id, None)
        await clients[1].send({"type": "chat", "text": "desde B"})
        for client in (clients[0], clients[1], watcher):
            line = await client.next_of("chat")
            assert (line["from"], line["name"], line["text"]) == (1, "Bea", "desde B")
        await clients[0].send({"type": "chat", "phrase": "good_game"})
        assert (await watcher.next_of("chat"))["text"] == "¡Bien jugado!"
        await clients[0].next_of("chat")  # its own line
        # a spectator on B with a player identity is named by it on the owner: the identity went along
        async with httpx.AsyncClient(timeout=30) as http:
            dora = (await http.post(f"{b.url}/api/players", json={"name": "Dora"})).json()
        named = Client(await websockets.connect(f"{b.url.replace('http', 'ws')}/ws/tables/{table_id}"))
        await named.send(
            {"type": "hello", "token": None, "player": {"id": dora["player_id"], "secret": dora["secret"]}}
        )
        named.state = await named.next_of("state")
        await named.send({"type": "chat", "phrase": "good_game"})
        line = await clients[0].next_of("chat")
        assert (line["name"], line["sender"], line["spectator"]) == ("Dora", f"player:{dora['player_id']}", True)
        await watcher.send({"type": "chat", "text": "anónimo"})
        line = await clients[0].next_of("chat")
        assert line["name"] == "Espectador 1" and line["sender"].startswith("spectator:")
        await named.close()

        await clients[1].send({"type": "rematch"})  # relayed from B to the owner
        for client in (clients[0], watcher):
            assert (await client.next_of("rematch"))["pending"] == [0]
        await clients[0].send({"type": "rematch"})
        starts = {seat: await client.next_of("rematch_start") for seat, client in clients.items()}
        assert (await watcher.next_of("rematch_start"))["token"] is None
        new_id = starts[0]["match_id"]
        # the new match from either process, with the new tokens; the chat went along
        again = {0: await connect(b, new_id, starts[0]["token"]), 1: await connect(a, new_id, starts[1]["token"])}
        assert {seat: c.seat for seat, c in again.items()} == {0: 0, 1: 1}
        assert [line["text"] for line in again[0].state["chat"]] == [
            "desde B",
            "¡Bien jugado!",
            "¡Bien jugado!",
            "anónimo",
        ]
        assert (await play_out(again))["status"] == "finished"
    finally:
        for worker in (a, b):
            worker.stop()


async def test_owner_killed_after_the_last_answer_the_other_process_makes_the_match(
    database: str, services: tuple[str, str], tmp_path: Path
) -> None:
    a, b = workers(database, services[1], tmp_path, crash_at="rematch-decided")
    try:
        await started(a, b)
        table_id, tokens, clients = await finished_table(a, b)
        await clients[1].send({"type": "chat", "phrase": "thanks"})
        await clients[0].next_of("chat")
        await clients[0].send({"type": "rematch"})
        await clients[1].next_of("rematch")
        await clients[1].send({"type": "rematch"})  # the last answer: A stores it and dies
        assert a.proc is not None
        assert await asyncio.to_thread(a.proc.wait, 20) == -9

        starts = {}
        for seat, token in tokens.items():
            reload = await connect(b, table_id, token)  # B takes the finished table over and makes the match
            assert reload.state["next_match"] is not None
            starts[seat] = await reload.next_of("rematch_start")
        new_id = starts[0]["match_id"]
        assert starts[1]["match_id"] == new_id
        again = {seat: await connect(b, new_id, start["token"]) for seat, start in starts.items()}
        assert again[0].state["status"] == "playing"
        assert [(s["name"], s["kind"]) for s in again[0].state["seats"][:2]] == [("Ana", "human"), ("Bea", "human")]
        assert [line["phrase"] for line in again[0].state["chat"]] == ["thanks"]
        assert (await play_out(again))["status"] == "finished"
    finally:
        for worker in (a, b):
            worker.stop()
