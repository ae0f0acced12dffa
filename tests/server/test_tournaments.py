"""Tournaments through the API: a Swiss of Boon for 4 people (test clients on their sockets) and
4 bots over 3 rounds; an arena of Bacan seating finished players again at once; and refusals."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import httpx

from tapete.server.tournaments.pairing import arena_points

from .conftest import ServeFactory, Server

QUICK = {"bot_delay_ms": 0, "result_pause_seconds": 0, "reaction_window_ms": 0}
HEADER = "X-Tapete-Player"


async def identity(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    made = (await http.post("/api/players", json={"name": name})).json()
    return {HEADER: f"{made['player_id']}:{made['secret']}"}


async def play_table(server: Server, table: str, token: str) -> None:
    """Play one seat to the end of its match: the first legal move that is not a reaction."""
    client = await server.connect(table, token)
    acted = -1
    try:
        while client.state["status"] != "finished":
            state = client.state
            if client.seat in state["required"] and state["version"] != acted:
                moves = [e for e in state["legal"] if not e["reaction"]] or state["legal"]
                if moves:
                    acted = state["version"]
                    await client.reply(await client.act(index=moves[0]["index"]), timeout=30)
                    continue
            await client.next_of("state", timeout=30)
    finally:
        await client.close()


async def take_part(server: Server, tournament: str, who: dict[str, str], tables: list[str]) -> None:
    """A person: whenever the tournament seats them, they play that table; until it is over."""
    done: set[str] = set()
    while True:
        mine = (await server.http.get(f"/api/tournaments/{tournament}/me", headers=who)).json()
        playing = mine["playing"]
        if playing is not None and playing["table"] not in done:
            done.add(playing["table"])
            tables.append(playing["table"])
            await play_table(server, playing["table"], playing["token"])
            continue
        if mine["status"] == "finished":
            return
        await asyncio.sleep(0.05)


def swiss_by_hand(shown: dict[str, Any]) -> dict[int, tuple[float, float]]:
    """Each entry's score and Buchholz, recomputed from the games the API lists."""
    score = {e["entry"]: 0.0 for e in shown["entries"]}
    met: dict[int, list[int]] = {e: [] for e in score}
    for g in shown["games"]:
        if g["bye"]:
            score[g["entries"][0]] += 1
            continue
        results = g["results"]
        draws = sum(r == "draw" for r in results.values())
        for entry in g["entries"]:
            r = results[str(entry)]
            score[entry] += 1.0 if r == "win" else 1.0 / draws if r == "draw" else 0.0
            met[entry] += [o for o in g["entries"] if o != entry]
    return {e: (score[e], sum(score[o] for o in met[e])) for e in score}


async def test_a_swiss_of_boon_for_four_people_and_four_bots(serve: ServeFactory) -> None:
    server = await serve(tournament_tick=0.05)
    people = [await identity(server.http, name) for name in ("Ana", "Bruno", "Carmen", "Diego")]
    made = await server.http.post(
        "/api/tournaments",
        headers=people[0],
        json={
            "kind": "swiss",
            "game": "boon",
            "name": "Copa de Boon",
            "seats": 4,
            "rounds": 3,
            "join": True,
            "table_options": QUICK,
            "bots": [{"level": "heuristic", "name": f"Robot {i}"} for i in range(4)],
        },
    )
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    for who in people[1:]:
        joined = await server.http.post(f"/api/tournaments/{tid}/join", headers=who)
        assert joined.status_code == 200, joined.text
    refused = await server.http.post(f"/api/tournaments/{tid}/start", headers=people[1])
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    started = await server.http.post(f"/api/tournaments/{tid}/start", headers=people[0])
    assert started.status_code == 200, started.text
    assert started.json()["round"] == 1

    tables: list[list[str]] = [[] for _ in people]
    await asyncio.wait_for(
        asyncio.gather(*(take_part(server, tid, who, mine) for who, mine in zip(people, tables, strict=True))), 240
    )
    shown = (await server.http.get(f"/api/tournaments/{tid}")).json()
    assert shown["status"] == "finished" and shown["round"] == 3
    assert len(shown["games"]) == 6 and all(g["results"] is not None for g in shown["games"])
    assert [len(mine) for mine in tables] == [3, 3, 3, 3]  # each person played each round, at their own seat
    # at tables of four, round 2 cannot avoid every rematch: it seats the fewest (two of each table of round 1)
    first = [set(g["entries"]) for g in shown["games"] if g["round"] == 1]
    for g in (g for g in shown["games"] if g["round"] == 2):
        assert all(len(set(g["entries"]) & table) == 2 for table in first), shown["games"]
    # every game's result is its table's outcome
    for g in shown["games"]:
        record = (await server.http.get(f"/api/matches/{g['table']}/record")).json()
        winners = {str(g["entries"][seat]) for seat in record["outcome"]["winners"]}  # seat i: entry i (no partners)
        assert winners == {k for k, r in g["results"].items() if r != "loss"}
    standings = (await server.http.get(f"/api/tournaments/{tid}/standings")).json()["standings"]
    by_hand = swiss_by_hand(shown)
    assert [(s["score"], s["buchholz"]) for s in standings] == [by_hand[s["entry"]] for s in standings]
    order = [(-by_hand[s["entry"]][0], -by_hand[s["entry"]][1], s["entry"]) for s in standings]
    assert order == sorted(order)
    assert sum(s["score"] for s in standings) == 6.0  # one point a game


async def test_an_arena_of_bacan_seats_a_finished_player_again(serve: ServeFactory) -> None:
    server = await serve(tournament_tick=0.05)
    people = [await identity(server.http, name) for name in ("Elena", "Fede", "Gala", "Hugo")]
    made = await server.http.post(
        "/api/tournaments",
        headers=people[0],
        json={
            "kind": "arena",
            "game": "bacan",
            "seats": 2,
            "seconds": 12,
            "join": True,
            "options": {"limit": 20},
            "table_options": QUICK,
            "bots": [{"level": "heuristic"}, {"level": "random"}],
        },
    )
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    for who in people[1:]:
        assert (await server.http.post(f"/api/tournaments/{tid}/join", headers=who)).status_code == 200
    assert (await server.http.post(f"/api/tournaments/{tid}/start", headers=people[0])).status_code == 200
    tables: list[list[str]] = [[] for _ in people]
    await asyncio.wait_for(
        asyncio.gather(*(take_part(server, tid, who, mine) for who, mine in zip(people, tables, strict=True))), 120
    )
    shown = (await server.http.get(f"/api/tournaments/{tid}")).json()
    assert shown["status"] == "finished"
    games = shown["games"]
    assert all(g["results"] is not None for g in games)
    assert all(len(mine) >= 2 for mine in tables), tables  # every person was seated again after a game
    # a finished entry is seated again at once: its next game was seated at the tick its last one ended
    for entry in (e["entry"] for e in shown["entries"]):
        mine = [g for g in games if entry in g["entries"]]
        assert len(mine) >= 2
        for before, after in itertools.pairwise(mine):
            assert after["number"] > before["number"]
    for line in shown["standings"]:
        results = [g["results"][str(line["entry"])] for g in games if line["entry"] in g["entries"]]
        assert line["points"] == sum(arena_points(results))
        assert line["played"] == len(results)
    assert [s["points"] for s in shown["standings"]] == sorted((s["points"] for s in shown["standings"]), reverse=True)


async def test_bad_tournaments_are_refused_with_a_sentence(serve: ServeFactory) -> None:
    server = await serve()
    http = server.http
    ana = await identity(http, "Ana")

    async def refused(
        path: str, body: dict[str, Any] | None, status: int, code: str, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        answer = await http.post(path, json=body, headers=ana if headers is None else headers)
        assert answer.status_code == status, answer.text
        error: dict[str, Any] = answer.json()["error"]
        assert error["code"] == code and error["es"] and error["en"], error
        return error

    await refused("/api/tournaments", {"kind": "swiss", "game": "boon", "rounds": 2}, 401, "bad_identity", {})
    await refused("/api/tournaments", {"kind": "swiss", "game": "boon"}, 400, "bad_request")
    await refused("/api/tournaments", {"kind": "arena", "game": "boon"}, 400, "bad_request")
    await refused("/api/tournaments", {"kind": "knockout", "game": "boon", "rounds": 2}, 422, "bad_request")
    await refused("/api/tournaments", {"kind": "swiss", "game": "chess", "rounds": 2}, 404, "unknown_game")
    await refused("/api/tournaments", {"kind": "swiss", "game": "boon", "rounds": 2, "seats": 6}, 400, "bad_players")
    await refused("/api/tournaments", {"kind": "swiss", "game": "buracco", "rounds": 2, "seats": 3}, 400, "bad_players")
    await refused(
        "/api/tournaments",
        {"kind": "swiss", "game": "boon", "rounds": 2, "bots": [{"level": "genius"}]},
        400,
        "unknown_bot",
    )
    await refused("/api/tournaments", {"kind": "swiss", "game": "boon", "rounds": "2"}, 422, "bad_request")
    search = [{"level": "ismcts"}, {"level": "ismcts"}, {"level": "ismcts-easy"}, {"level": "heuristic"}]
    error = await refused(
        "/api/tournaments", {"kind": "swiss", "game": "boon", "rounds": 2, "bots": search}, 400, "bad_request"
    )
    assert "3" in error["en"] and "2" in error["en"]  # three could meet at one table; the server allows two
    assert (await http.get("/api/tournaments")).json()["total"] == 0  # nothing was made
    await refused("/api/tournaments/nope/join", None, 404, "tournament_not_found")

    made = (
        await http.post(
            "/api/tournaments",
            headers=ana,
            json={"kind": "swiss", "game": "buracco", "seats": 4, "rounds": 1, "join": True},
        )
    ).json()
    tid = made["id"]
    assert made["plan"] == {"seats": 4, "side_size": 2, "rounds": 1}
    await refused(f"/api/tournaments/{tid}/join", None, 400, "bad_request")  # already in
    await refused(f"/api/tournaments/{tid}/start", None, 400, "bad_request")  # one partnership, half of it
    bea = await identity(http, "Bea")
    await refused(f"/api/tournaments/{tid}/join", {"side": 7}, 400, "bad_request", bea)
    assert (await http.post(f"/api/tournaments/{tid}/join", json={"side": 0}, headers=bea)).json()["entry"] == 0
    cai = await identity(http, "Cai")
    await refused(f"/api/tournaments/{tid}/join", {"side": 0}, 400, "bad_request", cai)  # complete
    shown = (await http.get(f"/api/tournaments/{tid}")).json()
    assert [[m["name"] for m in e["members"]] for e in shown["entries"]] == [["Ana", "Bea"]]
    listed = (await http.get("/api/tournaments")).json()
    assert listed["total"] == 1 and listed["tournaments"][0]["entries"] == 1


async def test_a_buracco_partnership_sits_opposite(serve: ServeFactory) -> None:
    server = await serve(tournament_tick=0.05)
    http = server.http
    ana, bea = await identity(http, "Ana"), await identity(http, "Bea")
    made = (
        await http.post(
            "/api/tournaments",
            headers=ana,
            json={
                "kind": "swiss",
                "game": "buracco",
                "seats": 4,
                "rounds": 1,
                "join": True,
                "options": {"target": 100},
                "bots": [{"level": "random", "name": "Rival"}],
                "table_options": QUICK,
            },
        )
    ).json()
    tid = made["id"]
    assert made["entries"][0]["members"] == [{"bot": "random", "name": "Rival 1"}, {"bot": "random", "name": "Rival 2"}]
    with_bots = await http.post(f"/api/tournaments/{tid}/join", json={"side": 0}, headers=bea)
    assert with_bots.status_code == 400  # a partnership of bots takes no person
    assert (await http.post(f"/api/tournaments/{tid}/join", json={"side": 1}, headers=bea)).status_code == 200
    assert (await http.post(f"/api/tournaments/{tid}/start", headers=ana)).status_code == 200
    seats = [(await http.get(f"/api/tournaments/{tid}/me", headers=who)).json()["playing"] for who in (ana, bea)]
    assert seats[0]["table"] == seats[1]["table"]
    assert {seats[0]["seat"], seats[1]["seat"]} in ({0, 2}, {1, 3})  # partners opposite (BUR-3)
    table = (await http.get(f"/api/tables/{seats[0]['table']}")).json()
    assert table["status"] == "playing"
