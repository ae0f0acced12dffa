"""A match every person left is called off, not played out by stand-ins, and leaves the lists; the
public list names who sits at each table."""

from __future__ import annotations

import asyncio
from typing import Any

from .conftest import ServeFactory, Server

TWO_FRIENDS = [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "heuristic"}]
QUICK = {"reaction_window_ms": 0, "bot_delay_ms": 0}


async def two_friends(server: Server, bot_delay_ms: int = 0) -> tuple[str, list[str]]:
    """A Boon table of Ana, Bea and a bot, being played; (its id, [Ana's token, Bea's])."""
    created = await server.create(
        game="boon", name="Ana", seats=TWO_FRIENDS, table_options={**QUICK, "bot_delay_ms": bot_delay_ms}
    )
    joined = await server.join(created["invite_code"], name="Bea")
    return created["table"]["id"], [created["token"], joined["token"]]


async def listed(server: Server) -> list[dict[str, Any]]:
    return list((await server.http.get("/api/tables")).json()["tables"])


async def test_the_public_list_names_who_sits_there(server: Server) -> None:
    table_id, _tokens = await two_friends(server)
    row = next(t for t in await listed(server) if t["id"] == table_id)
    names = [s["name"] for s in row["seats"]]
    assert names[:2] == ["Ana", "Bea"] and names[2]  # the bot has its name too


async def test_a_match_both_friends_left_is_called_off_at_once(server: Server) -> None:
    table_id, tokens = await two_friends(server)
    watcher = await server.connect(table_id, None)
    assert watcher.state["status"] == "playing"
    for token in tokens:
        left = await server.http.post(f"/api/tables/{table_id}/leave", json={"token": token})
        assert left.status_code == 200
    state = await watcher.until(lambda s: s["status"] == "abandoned")
    await asyncio.sleep(0.3)  # no stand-in plays it out
    assert server.runner(table_id).version == state["version"] and not state["view"].get("over")
    assert table_id not in [t["id"] for t in await listed(server)]
    # the seats they left keep their names, as the log said them (never "Jugador 1")
    assert [s["name"] for s in state["seats"][:2]] == ["Ana", "Bea"], state["seats"]
    row = await server.runner(table_id).store.load(table_id)
    assert row is not None and row.status == "abandoned" and row.outcome is None  # nothing to rate
    assert [seat.name for seat in row.seats[:2]] == ["Ana", "Bea"]  # after a restart too


async def test_nobody_back_the_match_is_called_off_not_played_out(serve: ServeFactory) -> None:
    server = await serve(disconnect_grace=0.05, abandoned_after=1.0)
    table_id, tokens = await two_friends(server, bot_delay_ms=150)
    clients = [await server.connect(table_id, token) for token in tokens]
    for client in clients:
        await client.close()  # both walk away (a closed tab): stand-ins cover them, for a while
    watcher = await server.connect(table_id, None)
    state = await watcher.until(lambda s: s["status"] != "playing", timeout=10)
    assert state["status"] == "abandoned" and not state["view"].get("over")
    version = state["version"]
    assert table_id not in [t["id"] for t in await listed(server)]
    await asyncio.sleep(0.3)
    assert server.runner(table_id).version == version  # and nobody finishes it afterwards


async def test_one_friend_back_in_time_keeps_the_match(serve: ServeFactory) -> None:
    server = await serve(disconnect_grace=0.05, abandoned_after=0.6)
    table_id, tokens = await two_friends(server, bot_delay_ms=150)
    first = await server.connect(table_id, tokens[0])
    await first.close()
    second = await server.connect(table_id, tokens[1])
    await second.close()
    await asyncio.sleep(0.2)
    back = await server.connect(table_id, tokens[1])  # Bea reloads before the match is called off
    await asyncio.sleep(0.8)
    assert back.state["status"] == "playing" and server.runner(table_id).status == "playing"


async def test_a_tournament_game_every_person_left_is_lost_by_them(serve: ServeFactory) -> None:
    """A tournament's table called off (its person left) counts: the person's entry loses, the bot's
    entry, still there, wins; the round is over and the tournament goes on (here: ends)."""
    from .test_tournaments import QUICK as TOURNAMENT_QUICK
    from .test_tournaments import identity

    server = await serve(tournament_tick=0.05)
    ana = await identity(server.http, "Ana")
    made = await server.http.post(
        "/api/tournaments",
        headers=ana,
        json={
            "kind": "swiss",
            "game": "bacan",
            "seats": 2,
            "rounds": 1,
            "join": True,
            "table_options": {**TOURNAMENT_QUICK, "bot_delay_ms": 200},
            "bots": [{"level": "random", "name": "Robot"}],
        },
    )
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    assert (await server.http.post(f"/api/tournaments/{tid}/start", headers=ana)).status_code == 200
    playing = (await server.http.get(f"/api/tournaments/{tid}/me", headers=ana)).json()["playing"]
    left = await server.http.post(f"/api/tables/{playing['table']}/leave", json={"token": playing["token"]})
    assert left.status_code == 200
    for _ in range(200):
        shown = (await server.http.get(f"/api/tournaments/{tid}")).json()
        if shown["status"] == "finished":
            break
        await asyncio.sleep(0.05)
    assert shown["status"] == "finished", shown
    (game,) = shown["games"]
    mine = next(e["entry"] for e in shown["entries"] if any(m.get("name") == "Ana" for m in e["members"]))
    assert game["results"] == {str(e): "loss" if e == mine else "win" for e in game["entries"]}
    row = await server.runner(playing["table"]).store.load(playing["table"])
    assert row is not None and row.status == "abandoned"
