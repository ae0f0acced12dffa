"""Two human seats played by a test over their sockets, for Bacan tables."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from .conftest import Client, Server

OK_ERRORS = {"stale"}  # a claim or move overtaken by another arrival


@dataclass
class Race:
    version: int
    first: int
    second: int
    seqs: dict[int, int]
    replies: dict[int, dict[str, Any]] = field(default_factory=dict)


class Humans:
    """Two seats played by this test: random legal moves, mirror claims, races."""

    def __init__(self, clients: dict[int, Client], seed: int) -> None:
        self.clients = clients
        self.rng = random.Random(seed)
        self.acted: dict[int, int] = {seat: -1 for seat in clients}
        self.pending: dict[tuple[int, int], str] = {}  # (seat, seq) -> what it was
        self.races: list[Race] = []
        self.inbox: asyncio.Queue[tuple[int, dict[str, Any]]] = asyncio.Queue()
        self.finished: dict[str, Any] | None = None
        self.intruded = False

    async def read(self, seat: int) -> None:
        client = self.clients[seat]
        while True:
            # no timeout here: a cancelled wait_for around recv() can outlive its cancel
            message = client.take(await client.ws.recv())
            await self.inbox.put((seat, message))

    async def play(self, server: Server | None, table_id: str, pause_after: int | None = None) -> dict[str, Any]:
        """Play to the end; or, with `pause_after`, stop at the first quiet human turn from that version on."""
        for seat, client in self.clients.items():
            self.inbox.put_nowait((seat, client.state))  # the state each client already holds
        readers = [asyncio.create_task(self.read(seat)) for seat in self.clients]
        try:
            while self.finished is None:
                seat, message = await asyncio.wait_for(self.inbox.get(), 30)
                if pause_after is not None and self.quiet_turn(seat, message, pause_after):
                    return message
                await self.on_message(seat, message, server, table_id)
        finally:
            for task in readers:
                task.cancel()
            await asyncio.gather(*readers, return_exceptions=True)
        return self.finished

    def quiet_turn(self, seat: int, message: dict[str, Any], pause_after: int) -> bool:
        """A human's own turn where nobody else may act, so the table waits for it."""
        return (
            message["type"] == "state"
            and message["status"] == "playing"
            and message["version"] >= pause_after
            and message["actors"] == message["required"] == [seat]
        )

    async def on_message(self, seat: int, message: dict[str, Any], server: Server | None, table_id: str) -> None:
        if message["type"] in ("accepted", "error"):
            self.on_reply(seat, message)
            return
        if message["type"] != "state" or message["status"] != "playing":
            if message["type"] == "state" and message["status"] == "finished":
                self.finished = message
            return
        version = message["version"]
        if version <= self.acted[seat] or version < max(c.state["version"] for c in self.clients.values()):
            return
        if server is not None and seat == 1 and not self.intruded and 2 in message["required"]:
            await self.intrude(server, table_id)
        if await self.maybe_race(message):
            return
        legal = message["legal"]
        if seat in message["required"]:
            moves = [e for e in legal if not e["reaction"]] or legal
            if self.rng.random() < 0.8:  # call Bacan now and then, not at every chance
                moves = [e for e in moves if e["action"]["type"] != "call_bacan"] or moves
            await self.send(seat, self.rng.choice(moves), version, "move")
        elif legal and self.rng.random() < 0.05:
            await self.send(seat, self.rng.choice(legal), version, "claim")

    async def send(self, seat: int, entry: dict[str, Any], version: int, what: str) -> int:
        self.acted[seat] = version
        client = self.clients[seat]
        seq = await client.act(entry["action"], version=version)
        self.pending[seat, seq] = what
        return seq

    async def maybe_race(self, message: dict[str, Any]) -> bool:
        """Both humans claim a mirror on the same version, a moment apart."""
        version = message["version"]
        if self.enough_races() or any(c.state["version"] != version for c in self.clients.values()):
            return False
        claims = {s: [e for e in c.state["legal"] if e["reaction"]] for s, c in self.clients.items()}
        if not all(claims.values()) or any(s in message["required"] for s in self.clients):
            return False
        won = {r.first for r in self.races if r.replies.get(r.first, {}).get("type") == "accepted"}
        first = 1 if 0 in won else 0
        second = 1 - first
        race = Race(version, first, second, {})
        race.seqs[first] = await self.send(first, claims[first][0], version, "race")
        await asyncio.sleep(0.01)
        race.seqs[second] = await self.send(second, claims[second][0], version, "race")
        self.races.append(race)
        return True

    def enough_races(self) -> bool:
        """A clean race won by each human, or 20 tries."""
        won = {r.first for r in self.races if r.replies.get(r.first, {}).get("type") == "accepted"}
        return won == {0, 1} or len(self.races) >= 20

    async def intrude(self, server: Server, table_id: str) -> None:
        """Seat 1 tries to play seat 2's turn, openly and by stealth."""
        self.intruded = True
        client = self.clients[1]
        truth = server.runner(table_id).state
        theirs = truth.legal_actions(2)
        version = client.state["version"]
        seq = await client.act(truth.action_to_json(theirs[0]), version=version, seat=2)
        self.pending[1, seq] = "intrude-seat"
        mine = set(truth.legal_actions(1))
        only_theirs = [a for a in theirs if a not in mine]
        if only_theirs:
            seq = await client.act(index=only_theirs[0], version=version)
            self.pending[1, seq] = "intrude-turn"

    def on_reply(self, seat: int, message: dict[str, Any]) -> None:
        what = self.pending.pop((seat, message["seq"]), None)
        assert what is not None, message
        if what == "intrude-seat":
            assert message["code"] == "wrong_seat", message
        elif what == "intrude-turn":
            assert message["code"] in ("not_your_turn", "illegal_action", "stale"), message
        elif message["type"] == "error":
            assert message["code"] in OK_ERRORS, message
        for race in self.races:
            if race.seqs.get(seat) == message["seq"] and what == "race":
                race.replies[seat] = message
