"""A socket whose hello asks `omit_unchanged` is told `legal` and `seats` only when they change.

The logic is held against `Presenter.state` for every game in test_state_text.py; here the
flag travels from a real hello to the table's broadcasts, a `sync` answers in full, and a
socket that did not ask is told everything every time."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import websockets

from .conftest import Client, Server


@dataclass
class Terse(Client):
    """A client that keeps `legal` and `seats` as last told, as the browser does, and reads an
    accepted action in the state that follows it (`accepted_in_state`)."""

    told: dict[str, Any] = field(default_factory=dict)
    left_out: list[str] = field(default_factory=list)
    raw: list[dict[str, Any]] = field(default_factory=list)
    folded: list[dict[str, Any]] = field(default_factory=list)  # the states that answered an action

    def take(self, raw: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(raw)
        if data["type"] == "state":
            self.raw.append(data)
            for key in ("legal", "seats"):
                if key in data:
                    self.told[key] = data[key]
                else:
                    self.left_out.append(key)
                    data[key] = self.told[key]
            if "accepted" in data:
                self.folded.append(data)
                self.accepted.append({"type": "accepted", "seq": data["accepted"]["seq"], "version": data["version"]})
        return super().take(json.dumps(data))


async def connect(server: Server, table_id: str, token: str, omit: bool) -> Client:
    return await say_hello(server, table_id, token, Terse if omit else Client, omit_unchanged=omit)


async def say_hello(server: Server, table_id: str, token: str, kind: type[Client] = Terse, **asks: bool) -> Client:
    """A socket of `kind` at the table, its hello asking `asks`, with its welcome and first state read."""
    client = kind(await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}"))
    await client.send({"type": "hello", "token": token, **asks})
    client.seat = (await client.next_of("welcome"))["seat"]
    client.state = await client.next_of("state")
    return client


async def two_people(server: Server) -> tuple[str, str, str]:
    """An Eco table of two people, moves applied at once: its id and the two seats' tokens."""
    created = await server.create(
        game="eco",
        seats=[{"type": "human"}, {"type": "human"}],
        table_options={"reaction_window_ms": 0, "bot_delay_ms": 0},
    )
    joined = await server.join(created["invite_code"])
    return created["table"]["id"], created["token"], joined["token"]


async def play(clients: tuple[Client, Client], versions: int) -> dict[int, tuple[Client, int]]:
    """The seat on turn plays its first legal move until `versions` are reached, each answered:
    by the version it made, who moved and the action's seq."""
    moves: dict[int, tuple[Client, int]] = {}
    for version in range(versions):
        for client in clients:
            state = await client.until(lambda s, v=version: s["version"] == v and s["status"] == "playing")
            if client.seat in state["required"]:
                mover = client
        seq = await mover.act(index=mover.state["legal"][0]["index"], version=version)
        answer = await mover.reply(seq)
        assert answer["type"] == "accepted" and answer["version"] == version + 1, answer
        moves[version + 1] = (mover, seq)
    for client in clients:
        await client.until(lambda s: s["version"] == versions)
    return moves


async def test_legal_and_seats_are_left_out_while_they_hold(server: Server) -> None:
    table_id, first, second = await two_people(server)
    terse = await connect(server, table_id, first, omit=True)
    plain = await connect(server, table_id, second, omit=False)
    assert isinstance(terse, Terse)
    assert "legal" in terse.raw[0] and "seats" in terse.raw[0]  # the hello's answer is whole
    await play((terse, plain), 8)
    assert all("legal" in s and "seats" in s for s in plain.seen if s["type"] == "state")  # did not ask
    assert "seats" in terse.left_out and "legal" in terse.left_out
    await terse.send({"type": "sync"})
    synced = json.loads(await terse.ws.recv())
    assert synced["type"] == "state" and "legal" in synced and "seats" in synced  # a sync is whole
    for key in ("legal", "seats", "view", "version", "required"):  # and what the client kept is the server's
        assert terse.state[key] == synced[key], key
    for client in (terse, plain):
        await client.ws.close()
