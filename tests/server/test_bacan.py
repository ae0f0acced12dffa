"""Acceptance: a whole Bacan match through real sockets, 2 humans + 2 bots.

The two "humans" are this test playing random legal moves over their
sockets; the bots play inside the server. Along the way the humans race for
mirrors (the first claim to arrive wins, the other is stale), seat 1 tries
to act for seat 2, and afterwards every message seat 1 and a spectator
received is checked, version by version against the replayed record, for
cards they were not entitled to see.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest

from tapete.engine import Event, Game, MatchRecord, State
from tapete.games import game_ids, get_game

from .conftest import Client, Server

pytestmark = pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")

OK_ERRORS = {"stale"}  # a claim or move overtaken by another arrival


def faces_in(data: Any, faces: frozenset[str], found: Counter[str], where: dict[str, str], path: str = "") -> None:
    if isinstance(data, str):
        if data in faces:
            found[data] += 1
            where[data] = path
    elif isinstance(data, dict):
        for key, value in data.items():
            faces_in(key, faces, found, where, path)
            faces_in(value, faces, found, where, f"{path}.{key}")
    elif isinstance(data, list | tuple):
        for i, item in enumerate(data):
            faces_in(item, faces, found, where, f"{path}[{i}]")


def assert_no_leak(game: Game, state: State, seat: int | None, data: Any) -> None:
    """Faces shown to `seat` must be faces of cards it may know, with multiplicity."""
    found: Counter[str] = Counter()
    where: dict[str, str] = {}
    faces_in(data, game.card_faces(), found, where)
    hidden = Counter(state.hidden_cards(seat))
    knowable: Counter[str] = Counter()
    for card in state.card_ids():
        if hidden[card]:
            hidden[card] -= 1
        else:
            knowable[game.card_face(card)] += 1
    leaked = found - knowable
    assert not leaked, f"seat {seat} shown hidden {dict(leaked)} at {[where[f] for f in leaked]}, {data}"


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
            message = await client.recv(timeout=30)
            await self.inbox.put((seat, message))

    async def play(self, server: Server, table_id: str) -> dict[str, Any]:
        readers = [asyncio.create_task(self.read(seat)) for seat in self.clients]
        try:
            while self.finished is None:
                seat, message = await asyncio.wait_for(self.inbox.get(), 30)
                await self.on_message(seat, message, server, table_id)
        finally:
            for task in readers:
                task.cancel()
        return self.finished

    async def on_message(self, seat: int, message: dict[str, Any], server: Server, table_id: str) -> None:
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
        if seat == 1 and not self.intruded and 2 in message["required"]:
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


async def test_full_bacan_match_two_humans_two_bots(server: Server) -> None:
    created = await server.create(
        game="bacan",
        options={"limit": 50},
        seats=[{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "heuristic"},
               {"type": "bot", "level": "random"}],
        table_options={"reaction_window_ms": 50, "bot_delay_ms": 15},
        name="Ana",
    )
    table_id = created["table"]["id"]
    joined = await server.join(created["invite_code"], name="Bea")
    spectator = await server.connect(table_id, None)
    clients = {0: await server.connect(table_id, created["token"]), 1: await server.connect(table_id, joined["token"])}
    humans = Humans(clients, seed=7)
    watch = asyncio.create_task(spectator.until(lambda s: s["status"] == "finished", timeout=80))
    final = await asyncio.wait_for(humans.play(server, table_id), 80)
    await watch
    assert final["outcome"]["winners"]

    # the record: every action, bots' included, and nothing after the end
    record = (await server.http.get(f"/api/matches/{table_id}/record")).json()
    assert len(record["actions"]) == final["version"]
    actors = {seat for seat, _ in record["actions"]}
    assert {0, 1, 2, 3} <= actors
    assert record["outcome"] == final["outcome"]
    assert record["seats"] == [{"human": "Ana"}, {"human": "Bea"}, {"bot": "heuristic"}, {"bot": "random"}]

    # mirror races: the first claim to arrive wins, the later one is stale
    clean = [r for r in humans.races if r.replies[r.first]["type"] == "accepted"]
    for race in humans.races:
        assert race.replies[race.second]["type"] == "error", race  # never the later arrival
        if race in clean:
            assert race.replies[race.second]["code"] == "stale"
            assert record["actions"][race.version][0] == race.first
    assert {r.first for r in clean} == {0, 1}, (humans.races, final["version"])
    assert humans.intruded

    # nobody saw what they may not: seat 1 and the spectator, at every version
    game = get_game("bacan")
    check_messages(game, record, {1: clients[1].seen, None: spectator.seen})
    assert spectator.state["view"] == replay_to(game, record, final["version"]).view(None)
    assert all(m["legal"] == [] for m in spectator.seen if m["type"] == "state")


def replay_to(game: Game, record: dict[str, Any], version: int) -> State:
    state = game.new_match(len(record["seats"]), record["seed"], record["options"])
    for seat, action in record["actions"][:version]:
        state.apply(seat, action)
    return state


def check_messages(game: Game, record: dict[str, Any], seen: dict[int | None, list[dict[str, Any]]]) -> None:
    """Views and legal moves hide what they must; events are exactly those the engine addresses to the seat."""
    by_version: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    for seat, messages in seen.items():
        for m in messages:
            if m["type"] == "state":
                assert m["seat"] == seat
                by_version[m["version"]].append((seat, m))
    first = {seat: next(m["version"] for m in messages if m["type"] == "state") for seat, messages in seen.items()}
    rec = MatchRecord.from_json(record)
    state = game.new_match(rec.num_players, rec.seed, rec.options)
    events: list[Event] = []
    for version in range(len(rec.actions) + 1):
        told: Counter[int | None] = Counter()
        for seat, message in by_version.get(version, []):
            assert message["view"] == json.loads(json.dumps(state.view(seat)))
            assert_no_leak(game, state, seat, {"view": message["view"], "legal": message["legal"]})
            if message["events"]:
                told[seat] += 1
                expected = [e.to_json() for e in events if e.visible_to(seat)]
                assert [{k: v for k, v in e.items() if k != "text"} for e in message["events"]] == expected
        expected_told = {s: 1 for s in seen if first[s] < version and any(e.visible_to(s) for e in events)}
        assert dict(told) == expected_told, version
        if version < len(rec.actions):
            events = state.apply(*rec.actions[version])
