"""A table socket that reaches a process of this machine other than its table's owner moves to the owner.

Process A owns a Bacan table; its second person connects through B's own
port. B hands the connection (its descriptor and opening request) to A
before the handshake is answered: the person plays on A directly, nothing
goes through Redis, and the per-process counts say so. With
`--no-socket-handoff` the same socket is relayed, as between machines.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tapete.games import game_ids
from tapete.server.cluster.handoff import supported
from tests.server.conftest import Client
from tests.server.test_omit_unchanged import Terse

from .conftest import Worker, free_port

pytestmark = [
    pytest.mark.cluster,
    pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered"),
    pytest.mark.skipif(not supported(), reason="handing sockets over needs Linux"),
]


async def stats(worker: Worker) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=30) as http:
        found: dict[str, Any] = (await http.get(f"{worker.url}/api/stats")).json()
        return found


async def table_with_two(a: Worker, b: Worker) -> tuple[str, dict[int, str]]:
    body = {
        "game": "bacan",
        "seats": [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "random"}],
        "table_options": {"reaction_window_ms": 0, "bot_delay_ms": 0},
    }
    async with httpx.AsyncClient(timeout=30) as http:
        created = (await http.post(f"{a.url}/api/tables", json=body)).json()
        joined = await http.post(f"{a.url}/api/join", json={"code": created["invite_code"]})
        assert joined.status_code == 200, joined.text
    return created["table"]["id"], {0: created["token"], 1: joined.json()["token"]}


async def connect(worker: Worker, table_id: str, token: str, omit: bool = False) -> Client:
    socket = await websockets.connect(f"{worker.url.replace('http', 'ws')}/ws/tables/{table_id}")
    client = Terse(socket) if omit else Client(socket)
    await client.send(
        {"type": "hello", "token": token, "lang": "en", "omit_unchanged": omit, "accepted_in_state": omit}
    )
    welcome = await client.next_of("welcome")
    client.seat = welcome["seat"]
    client.state = await client.next_of("state")
    return client


async def act_through(clients: list[Client], timeout: float = 60) -> None:
    """The people play (first ordinary legal move) until the last socket's action is accepted."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for client in clients:
            await client.drain(0.01)
            state = client.state
            moves = [m for m in state["legal"] if not m["reaction"]]
            if client.seat in state["required"] and moves:
                reply = await client.reply(await client.act(index=moves[0]["index"]), timeout)
                if reply["type"] == "accepted" and client is clients[-1]:
                    return
    raise AssertionError("no action of the last socket was accepted")


@pytest.mark.parametrize("handoff", [True, False], ids=["handed", "relayed"])
async def test_a_socket_on_the_other_process_moves_to_the_owner(
    database: str, services: tuple[str, str], tmp_path: Path, handoff: bool
) -> None:
    port = free_port()
    a, b = (Worker(port, database, services[1], tmp_path / f"{name}.log", 5.0) for name in "ab")
    if not handoff:
        b.command.append("--no-socket-handoff")
    for worker in (a, b):
        worker.start()
    try:
        await asyncio.gather(asyncio.to_thread(a.wait_ready), asyncio.to_thread(b.wait_ready))
        table_id, tokens = await table_with_two(a, b)
        here = await connect(a, table_id, tokens[0])
        through_b = await connect(b, table_id, tokens[1], omit=True)  # its hello's wish reaches the owner
        assert (here.seat, through_b.seat) == (0, 1)
        await act_through([here, through_b])
        assert isinstance(through_b, Terse)
        for _ in range(20):  # the first states may each carry new seats (people connecting)
            if "seats" in through_b.left_out:
                break
            await act_through([here, through_b])
        assert "seats" in through_b.left_out
        # its actions were answered in the states that followed them, not alone
        assert through_b.folded and not [m for m in through_b.seen if m["type"] == "accepted"]
        assert not [m for m in here.seen if m["type"] == "state" and "accepted" in m]
        on_a, on_b = await stats(a), await stats(b)
        assert on_a["sockets"] == 2  # both seats' sockets are attached to the owner's runner
        counts = [(found["sockets_handed"], found["sockets_relayed"]) for found in (on_a, on_b)]
        if handoff:
            assert on_b["sockets_handed"]["handed_off"] == 1 and on_a["sockets_handed"]["taken"] == 1, counts
            assert on_b["sockets_relayed"] == {"to_owners": 0, "for_others": 0}
            assert on_a["sockets_relayed"] == {"to_owners": 0, "for_others": 0}
        else:
            assert on_b["sockets_handed"]["handed_off"] == 0 and on_a["sockets_handed"]["taken"] == 0
            assert on_b["sockets_relayed"]["to_owners"] == 1 and on_a["sockets_relayed"]["for_others"] == 1
        for client in (here, through_b):
            await client.ws.close()
    finally:
        for worker in (a, b):
            worker.stop()
