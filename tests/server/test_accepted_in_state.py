"""A socket whose hello asks `accepted_in_state` is answered in the state that follows its action.

Only that socket's state carries `accepted`, with the action's seq and the state's version (the
one an `accepted` message would carry); the others are told the same state without it; a socket
that did not ask gets its `accepted` message as before; errors are answered alone either way."""

from __future__ import annotations

import json
from typing import Any

import websockets

from .conftest import Client, Server
from .test_omit_unchanged import Terse


async def connect(server: Server, table_id: str, token: str, fold: bool) -> Client:
    socket = await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}")
    client = Terse(socket)
    await client.send({"type": "hello", "token": token, "accepted_in_state": fold})
    client.seat = (await client.next_of("welcome"))["seat"]
    client.state = await client.next_of("state")
    return client


def answers(client: Client) -> list[dict[str, Any]]:
    return [m for m in client.seen if m["type"] == "accepted"]


async def test_an_action_is_answered_in_the_state_that_follows_it(server: Server) -> None:
    created = await server.create(game="eco", seats=[{"type": "human"}, {"type": "human"}],
                                  table_options={"reaction_window_ms": 0, "bot_delay_ms": 0})
    joined = await server.join(created["invite_code"])
    table_id = created["table"]["id"]
    folding = await connect(server, table_id, created["token"], fold=True)
    plain = await connect(server, table_id, joined["token"], fold=False)
    assert isinstance(folding, Terse) and isinstance(plain, Terse)
    moved: dict[int, int] = {}  # version reached -> seq, for the folding socket's actions
    for version in range(8):
        for client in (folding, plain):
            state = await client.until(lambda s, v=version: s["version"] == v and s["status"] == "playing")
            if client.seat in state["required"]:
                mover = client
        seq = await mover.act(index=mover.state["legal"][0]["index"], version=version)
        answer = await mover.reply(seq)
        assert answer["type"] == "accepted" and answer["version"] == version + 1
        if mover is folding:
            moved[version + 1] = seq
    for client in (folding, plain):
        await client.until(lambda s: s["version"] == 8)
    assert moved and not answers(folding)  # never a message of its own
    assert {s["version"]: s["accepted"] for s in folding.folded} == {v: {"seq": q} for v, q in moved.items()}
    assert not plain.folded and len(answers(plain)) == 8 - len(moved)
    # an error is answered alone, as before, and no state follows it
    await folding.send({"type": "action", "seq": 99, "version": 0, "index": 0})
    error = await folding.next_of("error")
    assert error["seq"] == 99 and error["code"] == "stale"
    await folding.send({"type": "sync"})
    synced = json.loads(await folding.ws.recv())
    assert synced["type"] == "state" and "accepted" not in synced
    for client in (folding, plain):
        await client.ws.close()
