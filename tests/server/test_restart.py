"""Acceptance: kill -9 the server mid-match, start it again, and play on.

The server runs as its own process on a SQLite file. Half a match in, at a
human's turn, it is killed without warning; a new process on the same
database rebuilds the table from its record, the humans reconnect with
their tokens and see exactly the views they had, and the match goes on to
its end.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from tapete.engine import MatchRecord, replay
from tapete.games import game_ids, get_game

from .conftest import Client, reset_test_postgres
from .players import Humans
from .processes import ServerProcess

pytestmark = pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")


@pytest.fixture
def process(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "tapete.db", tmp_path / "server.log")
    yield proc
    proc.stop()


async def connect(url: str, table_id: str, token: str | None) -> Client:
    ws_url = url.replace("http://", "ws://")
    client = Client(await websockets.connect(f"{ws_url}/ws/tables/{table_id}"))
    await client.send({"type": "hello", "token": token})
    welcome = await client.next_of("welcome")
    client.seat = welcome["seat"]
    client.state = await client.next_of("state")
    return client


async def new_table(url: str) -> tuple[str, dict[int, str]]:
    async with httpx.AsyncClient(base_url=url) as http:
        created = (
            await http.post(
                "/api/tables",
                json={
                    "game": "bacan",
                    "options": {"limit": 50},
                    "seats": [
                        {"type": "human"},
                        {"type": "human"},
                        {"type": "bot", "level": "heuristic"},
                        {"type": "bot", "level": "random"},
                    ],
                    "table_options": {"reaction_window_ms": 30, "bot_delay_ms": 10},
                },
            )
        ).json()
        joined = (await http.post("/api/join", json={"code": created["invite_code"]})).json()
    return created["table"]["id"], {0: created["token"], 1: joined["token"]}


async def test_kill_restart_reconnect_and_play_on(process: ServerProcess) -> None:
    await reset_test_postgres()
    await asyncio.to_thread(process.start)
    for attempt in range(5):
        table_id, tokens = await new_table(process.url)
        clients = {seat: await connect(process.url, table_id, token) for seat, token in tokens.items()}
        paused = await Humans(clients, seed=attempt).play(None, table_id, pause_after=16)
        if paused["status"] == "playing":
            break  # (a match may end before version 16: then play another)
    assert paused["status"] == "playing"
    # the table waits for the paused human: nothing moves
    for client in clients.values():
        await client.drain(0.3)
    before = {seat: c.state for seat, c in clients.items()}
    assert len({s["version"] for s in before.values()}) == 1
    spectator_before = (await connect(process.url, table_id, None)).state
    logs_before = {seat: (await connect(process.url, table_id, token)).state["log"] for seat, token in tokens.items()}

    process.kill()
    await asyncio.to_thread(process.start)

    after = {seat: (await connect(process.url, table_id, token)).state for seat, token in tokens.items()}
    for seat in tokens:
        for key in ("version", "view", "legal", "actors", "required", "status"):
            assert after[seat][key] == before[seat][key], (seat, key)
    spectator_after = (await connect(process.url, table_id, None)).state
    assert spectator_after["view"] == spectator_before["view"]
    # the kept log is rebuilt from the record: a reload after the restart still tells the whole story
    for seat in tokens:
        assert logs_before[seat] and after[seat]["log"] == logs_before[seat], seat
    assert spectator_before["log"] and spectator_after["log"] == spectator_before["log"]

    # and the match goes on to its end
    clients = {seat: await connect(process.url, table_id, token) for seat, token in tokens.items()}
    final = await asyncio.wait_for(Humans(clients, seed=4).play(None, table_id), 60)

    async with httpx.AsyncClient(base_url=process.url) as http:
        record = (await http.get(f"/api/matches/{table_id}/record")).json()
    assert len(record["actions"]) == final["version"] > before[0]["version"]
    rebuilt = replay(get_game("bacan"), MatchRecord.from_json(record))
    assert rebuilt.is_terminal() and rebuilt.outcome().to_json() == final["outcome"]
