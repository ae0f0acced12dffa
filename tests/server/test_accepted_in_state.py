"""A socket whose hello asks `accepted_in_state` is answered in the state that follows its action.

Only that socket's state carries `accepted`, with the action's seq and the state's version (the
one an `accepted` message would carry); the others are told the same state without it; a socket
that did not ask gets its `accepted` message as before; errors are answered alone either way."""

from __future__ import annotations

import json
from typing import Any

from .conftest import Client, Server
from .test_omit_unchanged import Terse, play, say_hello, two_people


async def connect(server: Server, table_id: str, token: str, fold: bool) -> Client:
    return await say_hello(server, table_id, token, accepted_in_state=fold)


def answers(client: Client) -> list[dict[str, Any]]:
    return [m for m in client.seen if m["type"] == "accepted"]


async def test_an_action_is_answered_in_the_state_that_follows_it(server: Server) -> None:
    table_id, first, second = await two_people(server)
    folding = await connect(server, table_id, first, fold=True)
    plain = await connect(server, table_id, second, fold=False)
    assert isinstance(folding, Terse) and isinstance(plain, Terse)
    moves = await play((folding, plain), 8)
    moved = {version: seq for version, (mover, seq) in moves.items() if mover is folding}  # its actions
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
