"""Acceptance: a server killed (SIGKILL) between the last rematch answer and the new match loses nothing.

The server runs as its own process on a SQLite file, with a crash point
(`tapete.server.ops.faults`): when the last person accepts, it stores the
answers and the next match's id, then kills itself — before making the
match (`rematch-decided`), or after making it but before telling anyone
(`rematch-made`). A new process on the same database makes the match if
need be; the people reload the finished match with their old tokens, are
sent on to the new one with their new tokens, and find the same seats and
the chat they had.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tapete.games import game_ids

from .conftest import Client, reset_test_postgres
from .processes import ServerProcess
from .test_rematch import play_out
from .test_restart import connect

pytestmark = pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")


@pytest.fixture
def process(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "tapete.db", tmp_path / "server.log")
    yield proc
    proc.stop()


@pytest.mark.parametrize("crash_at", ["rematch-decided", "rematch-made"])
async def test_kill_between_the_last_answer_and_the_new_match_loses_nothing(
    process: ServerProcess, crash_at: str
) -> None:
    await reset_test_postgres()
    await asyncio.to_thread(process.start, crash_at)
    async with httpx.AsyncClient(base_url=process.url) as http:
        created = (
            await http.post(
                "/api/tables",
                json={
                    "game": "bacan",
                    "options": {"limit": 50},
                    "name": "Ana",
                    "seats": [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "random"}],
                    "table_options": {"reaction_window_ms": 0, "bot_delay_ms": 0, "result_pause_seconds": 0},
                },
            )
        ).json()
        joined = (await http.post("/api/join", json={"code": created["invite_code"], "name": "Bea"})).json()
    table_id, tokens = created["table"]["id"], {0: created["token"], 1: joined["token"]}
    clients: dict[int, Client] = {seat: await connect(process.url, table_id, token) for seat, token in tokens.items()}
    assert (await play_out(clients))["status"] == "finished"
    await clients[0].send({"type": "chat", "phrase": "good_game"})
    await clients[1].next_of("chat")
    await clients[0].send({"type": "rematch"})
    await clients[1].next_of("rematch")
    await clients[1].send({"type": "rematch"})  # the last answer: the server stores it and dies
    assert process.proc is not None
    assert await asyncio.to_thread(process.proc.wait, 20) == -9
    assert not [m for c in clients.values() for m in c.seen if m["type"] == "rematch_start"]

    await asyncio.to_thread(process.start)
    starts = {}
    for seat, token in tokens.items():
        reload = await connect(process.url, table_id, token)
        assert reload.state["status"] == "finished" and reload.state["next_match"] is not None
        assert reload.state["rematch"] == {"accepted": [0, 1, 2], "declined": [], "pending": []}
        starts[seat] = await reload.next_of("rematch_start")
    new_id = starts[0]["match_id"]
    assert starts[1]["match_id"] == new_id != table_id
    again = {seat: await connect(process.url, new_id, start["token"]) for seat, start in starts.items()}
    assert {seat: c.seat for seat, c in again.items()} == {0: 0, 1: 1}
    state = again[0].state
    assert state["status"] == "playing"
    assert [s["kind"] for s in state["seats"]] == ["human", "human", "bot"]
    assert [s["name"] for s in state["seats"][:2]] == ["Ana", "Bea"]
    assert [(line["from"], line["phrase"]) for line in state["chat"]] == [(0, "good_game")]
    # and the rematch is played to its end
    assert (await play_out(again))["status"] == "finished"
