"""Rematch at a finished match: answers, the next match at the same table, declines, reloads, errors."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tapete.games import game_ids, get_game
from tapete.server.table.rematch import first_actor

from .conftest import Client, ServeFactory, Server

pytestmark = pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")

SEATS = [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "random"}]


async def finished_table(
    server: Server, headers: dict[str, str] | None = None, **table_options: Any
) -> tuple[str, dict[int, str], dict[int, Client]]:
    """A short Bacan match (two people and a bot) played to its end (`headers`: the creator's)."""
    response = await server.http.post(
        "/api/tables",
        headers=headers,
        json={
            "game": "bacan",
            "options": {"limit": 50},
            "seats": SEATS,
            "name": "Ana",
            "table_options": {"bot_delay_ms": 0, "reaction_window_ms": 0, "result_pause_seconds": 0, **table_options},
        },
    )
    assert response.status_code == 201, response.text
    created = response.json()
    joined = await server.join(created["invite_code"], name="Bea")
    table_id, tokens = created["table"]["id"], {0: created["token"], 1: joined["token"]}
    clients = {seat: await server.connect(table_id, token) for seat, token in tokens.items()}
    finished = await play_out(clients)
    assert finished["status"] == "finished"
    return table_id, tokens, clients


async def play_out(clients: dict[int, Client], timeout: float = 60) -> dict[str, Any]:
    """The people play their first ordinary legal move whenever they must, until the match ends
    (bots play by themselves: a move overtaken by theirs is answered stale or match_over, and skipped)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for client in clients.values():
            await client.drain(0.01)
        for client in clients.values():
            state = client.state
            if state["status"] == "finished":
                return state
            moves = [m for m in state["legal"] if not m["reaction"]]
            if client.seat in state["required"] and moves:
                reply = await client.reply(await client.act(index=moves[0]["index"]))
                assert reply["type"] == "accepted" or reply["code"] in ("stale", "match_over", "not_your_turn"), reply
    raise AssertionError("the match did not end")


async def next_rematch(client: Client) -> dict[str, Any]:
    return await client.next_of("rematch")


async def test_everyone_accepts_and_the_next_match_has_the_same_seats(server: Server) -> None:
    table_id, tokens, clients = await finished_table(server)
    ana, bea = clients[0], clients[1]
    watcher = await server.connect(table_id, None)
    # the finished state asks: the bot has accepted, the people are asked
    assert ana.state["rematch"] == {"accepted": [2], "declined": [], "pending": [0, 1]}
    assert ana.state["next_match"] is None

    await ana.send({"type": "rematch"})
    for client in (ana, bea, watcher):
        told = await next_rematch(client)
        assert {k: told[k] for k in ("accepted", "declined", "pending")} == {
            "accepted": [0, 2],
            "declined": [],
            "pending": [1],
        }
    await bea.send({"type": "rematch", "accept": True})
    starts = {seat: await client.next_of("rematch_start") for seat, client in clients.items()}
    spectator_start = await watcher.next_of("rematch_start")
    new_id = starts[0]["match_id"]
    assert new_id != table_id and starts[1]["match_id"] == spectator_start["match_id"] == new_id
    assert spectator_start["token"] is None and spectator_start["invite_code"] is None
    new_tokens = {seat: start["token"] for seat, start in starts.items()}
    assert len({*new_tokens.values(), *tokens.values()}) == 4  # each seat its own, none of the old ones

    # the same seats, names, options and table options; a new deal, the first player rotated
    old = (await server.http.get(f"/api/tables/{table_id}")).json()
    new = (await server.http.get(f"/api/tables/{new_id}")).json()
    assert new["status"] == "playing" and new["options"] == old["options"]
    assert starts[0]["invite_code"] == starts[1]["invite_code"] == new["invite_code"] != old["invite_code"]
    assert new["table_options"] == old["table_options"]
    assert [(s["seat"], s["kind"], s["name"], s.get("level")) for s in new["seats"]] == [
        (s["seat"], s["kind"], s["name"], s.get("level")) for s in old["seats"]
    ]
    record = (await server.http.get(f"/api/matches/{table_id}/record")).json()
    bacan = get_game("bacan")
    options = bacan.parse_options(record["options"])
    new_seed = server.runner(new_id).seed
    assert new_seed != record["seed"]
    assert first_actor(bacan, 3, new_seed, options) == (first_actor(bacan, 3, record["seed"], options) + 1) % 3

    # each person plays on with the new token; an old token does not open the new match
    again = {seat: await server.connect(new_id, token) for seat, token in new_tokens.items()}
    assert {seat: c.seat for seat, c in again.items()} == {0: 0, 1: 1}
    stale = await raw_hello(server, new_id, tokens[0])
    assert stale["code"] == "bad_token"
    # the finished match names the next one; a reload with the old token is sent on
    reload = await server.connect(table_id, tokens[1])
    assert reload.state["next_match"] == new_id
    assert (await reload.next_of("rematch_start")) == starts[1]
    # records stay per match
    assert (await server.http.get(f"/api/matches/{new_id}/record")).status_code == 409
    assert (await server.http.get(f"/api/matches/{table_id}/record")).json()["id"] == table_id


async def raw_hello(server: Server, table_id: str, token: str) -> dict[str, Any]:
    import websockets

    client = Client(await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}"))
    await client.send({"type": "hello", "token": token})
    return await client.next_of("error")


async def test_a_person_declining_frees_the_seat_for_the_invite_code(server: Server) -> None:
    _table_id, _tokens, clients = await finished_table(server)
    ana, bea = clients[0], clients[1]
    await bea.send({"type": "rematch", "accept": False})
    assert (await next_rematch(ana))["declined"] == [1]
    await ana.send({"type": "rematch"})
    starts = {seat: await client.next_of("rematch_start") for seat, client in clients.items()}
    assert starts[0]["token"] and starts[1]["token"] is None and starts[1]["invite_code"] is None
    new_id = starts[0]["match_id"]
    new = (await server.http.get(f"/api/tables/{new_id}")).json()
    assert starts[0]["invite_code"] == new["invite_code"]
    assert new["status"] == "waiting"
    assert new["seats"][1] == {
        "seat": 1,
        "kind": "human",
        "name": None,
        "taken": False,
        "connected": False,
        "stand_in": False,
    }
    assert new["seats"][0]["name"] == "Ana" and new["seats"][2]["kind"] == "bot"
    # someone else takes the free seat with the new match's code, and it starts
    joined = await server.join(new["invite_code"], name="Carla")
    assert joined["seat"] == 1 and joined["table"]["status"] == "playing"


async def test_with_rematch_bots_a_bot_takes_the_seat_of_who_left(server: Server) -> None:
    table_id, tokens, clients = await finished_table(server, rematch_bots=True, stand_in="random")
    left = await server.http.post(f"/api/tables/{table_id}/leave", json={"token": tokens[1]})
    assert left.status_code == 200
    assert (await next_rematch(clients[0]))["declined"] == [1]  # leaving declines
    await clients[0].send({"type": "rematch"})
    start = await clients[0].next_of("rematch_start")
    new = (await server.http.get(f"/api/tables/{start['match_id']}")).json()
    assert new["status"] == "playing"
    assert (new["seats"][1]["kind"], new["seats"][1]["level"]) == ("bot", "random")


async def test_nobody_accepting_makes_no_match(server: Server) -> None:
    _table_id, _tokens, clients = await finished_table(server)
    await clients[0].send({"type": "rematch", "accept": False})
    await clients[1].send({"type": "rematch", "accept": False})
    await next_rematch(clients[0])
    told = await next_rematch(clients[0])
    assert told == {"type": "rematch", "accepted": [2], "declined": [0, 1], "pending": []}
    await clients[0].drain(0.2)
    assert not [m for m in clients[0].seen if m["type"] == "rematch_start"]


async def test_a_rematch_is_asked_only_by_a_seat_at_a_finished_match(serve: ServeFactory) -> None:
    server = await serve()
    created = await server.create(game="bacan", seats=SEATS, name="Ana")
    joined = await server.join(created["invite_code"])
    table_id = created["table"]["id"]
    playing = await server.connect(table_id, created["token"])
    await playing.send({"type": "rematch"})
    assert (await playing.next_of("error"))["code"] == "not_finished"
    assert joined["seat"] == 1

    finished_id, _tokens, clients = await finished_table(server)
    watcher = await server.connect(finished_id, None)
    await watcher.send({"type": "rematch"})
    assert (await watcher.next_of("error"))["code"] == "wrong_seat"
    await watcher.send({"type": "rematch", "accept": "yes"})
    assert (await watcher.next_of("error"))["code"] == "bad_message"
    for client in clients.values():
        await client.send({"type": "rematch"})
    await clients[0].next_of("rematch_start")
    await clients[0].send({"type": "rematch", "accept": False})
    assert (await clients[0].next_of("error"))["code"] == "rematch_refused"


async def test_the_chat_goes_on_into_the_rematch(server: Server) -> None:
    _table_id, _tokens, clients = await finished_table(server)
    await clients[0].send({"type": "chat", "phrase": "good_game"})
    await clients[1].next_of("chat")
    for client in clients.values():
        await client.send({"type": "rematch"})
    start = await clients[1].next_of("rematch_start")
    again = await server.connect(start["match_id"], start["token"])
    assert [(line["from"], line["phrase"]) for line in again.state["chat"]] == [(0, "good_game")]


async def test_player_links_and_the_rated_option_go_along(server: Server) -> None:
    made = (await server.http.post("/api/players", json={"name": "Ana"})).json()
    header = {"X-Tapete-Player": f"{made['player_id']}:{made['secret']}"}
    table_id, _tokens, clients = await finished_table(server, header, rated=False)
    for client in clients.values():
        await client.send({"type": "rematch"})
    start = await clients[0].next_of("rematch_start")
    store = server.app.state.tapete.tables.store
    old, new = await store.load(table_id), await store.load(start["match_id"])
    assert old is not None and new is not None
    assert [s.player_id for s in new.seats] == [s.player_id for s in old.seats] == [made["player_id"], None, None]
    assert new.rated is False and new.table_options == old.table_options
    assert new.room == table_id  # one chat for the chain of matches
