"""Rematch as a hostile client sees it (issue 17): races, toggling, old and declined tokens, what leaks.

Against a live server with two people and a bot at a finished Bacan match
(the helpers of tests/server/test_rematch.py): answers sent at the same
instant from every socket make exactly one next match; a person toggling
yes/no sixty times at once is refused beyond a few answers (each is stored
and told to every socket) and decides nothing; a seat
that declined gets nothing of the next match (no token, no code, its old
token opens nothing there); and no page, record or spectator learns the
next match's tokens or its invitation code.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tapete.games import game_ids
from tapete.server.http.sockets import REMATCH_BURST, REMATCH_PER_S
from tapete.server.table.seats import hash_token
from tests.server.conftest import Client, ServeFactory, Server, serve  # noqa: F401  (the fixtures)
from tests.server.test_rematch import SEATS, finished_table, play_out, raw_hello

pytestmark = pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")


@pytest.fixture
async def server(serve: ServeFactory) -> Server:  # noqa: F811
    return await serve()


async def quiet(client: Client, wait: float = 0.3) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    try:
        while True:
            got.append(await client.recv(wait))
    except TimeoutError:
        return got


async def test_answers_racing_from_every_socket_make_exactly_one_next_match(server: Server) -> None:
    table_id, tokens, clients = await finished_table(server)
    # each person also opens a second socket on their seat, and all four answer at the same instant
    doubles = {seat: await server.connect(table_id, token) for seat, token in tokens.items()}
    every = [*clients.values(), *doubles.values()]
    await asyncio.gather(*(c.send({"type": "rematch"}) for c in every))
    starts = [await c.next_of("rematch_start") for c in every]
    assert len({s["match_id"] for s in starts}) == 1
    new_id = starts[0]["match_id"]
    late = [m for c in every for m in await quiet(c) if m["type"] in ("rematch_start", "error")]
    assert all(m["type"] == "error" and m["code"] == "rematch_refused" for m in late), late
    assert not [m for m in late if m["type"] == "rematch_start"]  # no second match told to anyone
    runners = server.app.state.tapete.tables.runners
    assert [tid for tid in runners if tid not in (table_id, new_id)] == []  # no other match was made
    stored = await server.app.state.tapete.store.load(table_id)
    assert stored is not None and stored.next_match == new_id


async def test_toggling_yes_and_no_decides_nothing_until_both_say_yes(server: Server) -> None:
    table_id, _tokens, clients = await finished_table(server)
    ana, bea = clients[0], clients[1]
    watcher = await server.connect(table_id, None)
    started = asyncio.get_running_loop().time()
    for i in range(60):  # each answer is stored and told to every socket: a toggling flood is refused
        await ana.send({"type": "rematch", "accept": i % 2 == 0})
    refused = [m for m in await quiet(ana, 1.0) if m["type"] == "error"]
    assert refused and {m["code"] for m in refused} == {"rate_limited"}
    elapsed = asyncio.get_running_loop().time() - started
    told = [m for m in await quiet(watcher) if m["type"] == "rematch"]
    assert len(told) == 60 - len(refused) <= REMATCH_BURST + elapsed * REMATCH_PER_S + 1, len(told)
    await asyncio.sleep(1.5 / REMATCH_PER_S)
    await ana.send({"type": "rematch", "accept": False})  # the last word, once the flood is over: no
    last = await watcher.next_of("rematch")
    assert last["declined"] == [0] and last["pending"] == [1]
    assert not [m for m in watcher.seen if m["type"] == "rematch_start"]
    await bea.send({"type": "rematch"})  # Bea alone accepts: the next match has her and the bot
    start = await bea.next_of("rematch_start")
    ana_start = await ana.next_of("rematch_start")
    assert start["token"] and ana_start["token"] is None and ana_start["invite_code"] is None


async def finished_private_table(server: Server) -> tuple[str, dict[int, str], dict[int, Client]]:
    """As finished_table, at a private table: its invitation code is for those invited only."""
    created = (
        await server.http.post(
            "/api/tables",
            json={
                "game": "bacan",
                "options": {"limit": 50},
                "seats": SEATS,
                "name": "Ana",
                "public": False,
                "table_options": {"bot_delay_ms": 0, "reaction_window_ms": 0, "result_pause_seconds": 0},
            },
        )
    ).json()
    joined = await server.join(created["invite_code"], name="Bea")
    table_id, tokens = created["table"]["id"], {0: created["token"], 1: joined["token"]}
    clients = {seat: await server.connect(table_id, token) for seat, token in tokens.items()}
    assert (await play_out(clients))["status"] == "finished"
    return table_id, tokens, clients


async def test_a_declined_seat_gets_nothing_of_the_next_match(server: Server) -> None:
    table_id, tokens, clients = await finished_private_table(server)
    ana, bea = clients[0], clients[1]
    watcher = await server.connect(table_id, None)
    await ana.send({"type": "rematch", "accept": False})
    await bea.send({"type": "rematch"})
    bea_start = await bea.next_of("rematch_start")
    ana_start = await ana.next_of("rematch_start")
    watcher_start = await watcher.next_of("rematch_start")
    new_id = bea_start["match_id"]
    assert (
        ana_start == watcher_start == {"type": "rematch_start", "match_id": new_id, "token": None, "invite_code": None}
    )
    # Ana changes her mind too late, and her old token opens nothing of the next match
    await ana.send({"type": "rematch"})
    assert (await ana.next_of("error"))["code"] == "rematch_refused"
    assert (await raw_hello(server, new_id, tokens[0]))["code"] == "bad_token"
    reload = await server.connect(table_id, tokens[0])  # a reload of the finished match: still nothing
    assert (await reload.next_of("rematch_start"))["token"] is None
    # her seat is free in the next match, and Bea's token there is not hers to take
    new = (await server.http.get(f"/api/tables/{new_id}")).json()
    assert [s.get("taken") for s in new["seats"]] == [False, True, None]
    # the next match's tokens (or their hashes) and its invitation code are in no page, record or view
    secrets_ = [bea_start["token"], hash_token(bea_start["token"]), bea_start["invite_code"]]
    pages = [
        await server.http.get(path)
        for path in (
            f"/api/tables/{table_id}",
            f"/api/matches/{table_id}/record",
            f"/api/matches/{table_id}",
            "/api/tables",
        )
    ]
    seen = [p.text for p in pages if p.status_code == 200] + [str(m) for m in watcher.seen + ana.seen + reload.seen]
    for secret in secrets_:
        assert all(secret not in text for text in seen), (secret, [t[:3000] for t in seen if secret in t])
