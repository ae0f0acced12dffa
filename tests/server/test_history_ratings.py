"""Match history and ratings: rated tables move ratings once, unrated ones never; sides; pages."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import sqlalchemy as sa

from tapete.games import get_game
from tapete.server.people import ratings
from tapete.server.people.ratings import MODEL, match_finished, side_ranks, sweep
from tapete.server.storage.store import MatchRow, SeatRow, Store, matches
from tapete.server.storage.store import ratings as ratings_table

from .conftest import Client, ServeFactory, Server, lookup, take_turns
from .test_identity import FAST, TWO_HUMANS, header, new_player


async def open_two(
    server: Server, first: dict[str, Any] | None, second: dict[str, Any] | None, **table_options: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """An eco table for two people made by `first` and joined by `second` (identities, or anonymous):
    the creation's answer and the join's."""
    made = await server.http.post(
        "/api/tables",
        json={"game": "eco", "seats": TWO_HUMANS, "table_options": {**FAST, **table_options}},
        headers=header(first) if first else {},
    )
    created: dict[str, Any] = made.json()
    joined: dict[str, Any] = (
        await server.http.post(
            "/api/join", json={"code": created["invite_code"]}, headers=header(second) if second else {}
        )
    ).json()
    return created, joined


async def play_two(
    server: Server, first: dict[str, Any] | None, second: dict[str, Any] | None, **table_options: Any
) -> tuple[str, dict[str, Any]]:
    """An eco match between two people (with these identities, or anonymous), played to its end."""
    created, joined = await open_two(server, first, second, **table_options)
    table_id = created["table"]["id"]
    a = await server.connect(table_id, created["token"])
    b = await server.connect(table_id, joined["token"])
    final = await take_turns({0: a, 1: b})
    await a.close()
    await b.close()
    return table_id, final


async def play_alone(a: Client) -> None:
    """Seat 0 plays its first legal move (not a reaction) at each turn until the match is finished;
    the other seats are bots or stand-ins."""
    acted = -1
    while a.state["status"] != "finished":
        if 0 in a.state["required"] and a.state["version"] > acted:
            acted = a.state["version"]
            legal = [e for e in a.state["legal"] if not e["reaction"]]
            await a.reply(await a.act(index=legal[0]["index"]))
        else:
            await a.recv()


async def board(server: Server, game: str = "eco", **params: Any) -> dict[str, Any]:
    answer = await server.http.get(f"/api/ratings/{game}", params=params)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


async def settled(server: Server, table_id: str) -> None:
    """Wait until the finished match has been taken into account by the ratings."""
    store: Store = server.app.state.tapete.store
    for _ in range(200):
        async with store.engine.connect() as conn:
            if await conn.scalar(sa.select(matches.c.rated_at).where(matches.c.id == table_id)) is not None:
                return
        await asyncio.sleep(0.02)
    raise AssertionError("the ratings never settled the match")


async def test_a_rated_match_moves_ratings_and_fills_history(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    table_id, final = await play_two(server, ana, bea)
    await settled(server, table_id)
    winners = final["outcome"]["winners"]
    entries = (await board(server))["items"]
    assert {e["player_id"] for e in entries} == {ana["player_id"], bea["player_id"]}
    assert all(e["matches"] == 1 and e["bot_level"] is None for e in entries)
    assert [e["rank"] for e in entries] == [1, 2]
    by_id = {e["player_id"]: e for e in entries}
    ids = [ana["player_id"], bea["player_id"]]
    if len(winners) == 1:
        won, lost = ids[winners[0]], ids[1 - winners[0]]
        assert by_id[won]["mu"] > 25 > by_id[lost]["mu"]
        assert entries[0]["player_id"] == won and entries[0]["name"] == ("Ana" if won == ids[0] else "Bea")

    profile = (await server.http.get(f"/api/players/{ana['player_id']}")).json()
    assert profile["games"] == {"eco": {"matches": 1, "wins": int(0 in winners)}}
    assert profile["ratings"]["eco"]["matches"] == 1 and profile["ratings"]["eco"]["rank"] in (1, 2)
    assert profile["ratings"]["eco"]["ordinal"] == by_id[ana["player_id"]]["ordinal"]
    item = (await server.http.get(f"/api/players/{ana['player_id']}/matches")).json()["items"][0]
    assert item["match_id"] == table_id and item["game"] == "eco" and item["rated"] is True
    assert item["won"] == (0 in winners) and item["your_seats"] == [0]
    assert item["replay"] == f"/replay/{table_id}" and item["record"] == f"/api/matches/{table_id}/record"
    assert (await server.http.get(item["record"])).status_code == 200
    assert [s["kind"] for s in item["seats"]] == ["human", "human"]


async def test_an_unrated_table_changes_no_rating(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    first, _ = await play_two(server, ana, bea)
    await settled(server, first)
    before = (await board(server))["items"]
    second, _ = await play_two(server, ana, bea, rated=False)
    await settled(server, second)
    assert (await board(server))["items"] == before
    page = (await server.http.get(f"/api/players/{bea['player_id']}/matches")).json()
    assert [(i["match_id"], i["rated"]) for i in page["items"]] == [(second, False), (first, True)]
    assert (await server.http.get(f"/api/players/{bea['player_id']}")).json()["games"]["eco"]["matches"] == 2


async def test_without_any_identity_nothing_is_rated(server: Server) -> None:
    table_id, _ = await play_two(server, None, None)
    await settled(server, table_id)
    assert (await board(server))["total"] == 0


async def test_bot_levels_are_rated_as_their_own_entries(server: Server) -> None:
    ana = await new_player(server, "Ana")
    body = {"game": "eco", "seats": [{"type": "human"}, {"type": "bot", "level": "random"}], "table_options": FAST}
    created = (await server.http.post("/api/tables", json=body, headers=header(ana))).json()
    table_id = created["table"]["id"]
    a = await server.connect(table_id, created["token"])
    await play_alone(a)
    await a.close()
    await settled(server, table_id)
    entries = (await board(server))["items"]
    bot = next(e for e in entries if e["bot_level"] == "random")
    assert bot["player_id"] is None and bot["name"] == "random" and bot["matches"] == 1
    assert {e["player_id"] for e in entries} == {ana["player_id"], None}
    item = (await server.http.get(f"/api/players/{ana['player_id']}/matches")).json()["items"][0]
    assert item["seats"][1]["kind"] == "bot" and item["seats"][1]["level"] == "random" and item["seats"][1]["name"]


async def test_unknown_game_has_no_leaderboard(server: Server) -> None:
    answer = await server.http.get("/api/ratings/chess")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_game"
    assert (await server.http.get("/api/ratings/eco", params={"limit": 1000})).status_code == 422


# -- straight into the store: many matches, partnerships, exactly once ---------------------------
def finished_row(
    match_id: str,
    game: str,
    seats: list[SeatRow],
    winners: list[int],
    scores: list[float],
    at: float,
    rated: bool = True,
    public: bool = True,
) -> MatchRow:
    """A public table's, unless `public` is false (then its players' only: test_private_matches.py)."""
    return MatchRow(
        id=match_id,
        game=game,
        options={},
        table_options={},
        seed=1,
        num_players=len(seats),
        status="finished",
        invite_code=match_id[-16:].upper(),
        public=public,
        created_at=at,
        finished_at=at,
        outcome={"winners": winners, "scores": scores, "rounds": 1},
        rated=rated,
        seats=seats,
    )


async def store_finished(store: Store, row: MatchRow) -> None:
    await store.create_match(row)
    await store.set_status(row.id, "finished", finished_at=row.finished_at, outcome=row.outcome)


def human(seat: int, player_id: str | None, name: str | None = None) -> SeatRow:
    return SeatRow(seat, "human", None, name, None, player_id)


def bot(seat: int, level: str = "heuristic") -> SeatRow:
    return SeatRow(seat, "bot", level, None, None)


async def test_history_pages_newest_first(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    for i in range(7):
        await store_finished(
            store,
            finished_row(
                f"match-{i:04d}-paging",
                "eco",
                [human(0, ana["player_id"], "Ana"), human(1, bea["player_id"] if i % 2 else None)],
                [0],
                [2.0, 1.0],
                at=1000.0 + i,
            ),
        )
    base = f"/api/players/{ana['player_id']}/matches"
    first = (await server.http.get(base, params={"limit": 3})).json()
    assert first["total"] == 7 and first["offset"] == 0 and first["limit"] == 3
    assert [i["match_id"] for i in first["items"]] == [f"match-{i:04d}-paging" for i in (6, 5, 4)]
    last = (await server.http.get(base, params={"offset": 6, "limit": 3})).json()
    assert [i["match_id"] for i in last["items"]] == ["match-0000-paging"]
    everything = (await server.http.get(base, params={"limit": 100})).json()["items"]
    assert [i["finished_at"] for i in everything] == sorted((i["finished_at"] for i in everything), reverse=True)
    assert all(i["won"] and i["your_seats"] == [0] for i in everything)
    assert (await server.http.get(f"/api/players/{bea['player_id']}/matches")).json()["total"] == 3
    assert (await server.http.get(base, params={"offset": -1})).status_code == 422
    assert (await server.http.get(f"/api/players/{ana['player_id']}")).json()["games"]["eco"] == {
        "matches": 7,
        "wins": 7,
    }


async def test_leaderboard_pages_best_first(server: Server) -> None:
    store: Store = server.app.state.tapete.store
    people = [await new_player(server, f"P{i}") for i in range(5)]
    # P0 beats everyone, P1 beats all but P0, ...: a clear order
    n = 0
    for i, winner in enumerate(people):
        for loser in people[i + 1 :]:
            n += 1
            row = finished_row(
                f"ladder-{n:03d}",
                "eco",
                [human(0, winner["player_id"]), human(1, loser["player_id"])],
                [0],
                [3.0, 1.0],
                at=2000.0 + n,
            )
            await store_finished(store, row)
            assert await match_finished(store, row.id, lookup)
    whole = await board(server, limit=100)
    assert whole["total"] == 5
    assert [e["player_id"] for e in whole["items"]] == [p["player_id"] for p in people]
    assert [e["rank"] for e in whole["items"]] == [1, 2, 3, 4, 5]
    ordinals = [e["ordinal"] for e in whole["items"]]
    assert ordinals == sorted(ordinals, reverse=True)
    page = await board(server, offset=2, limit=2)
    assert page["items"] == whole["items"][2:4] and page["offset"] == 2 and page["limit"] == 2
    assert (await server.http.get(f"/api/players/{people[3]['player_id']}")).json()["ratings"]["eco"]["rank"] == 4


async def test_partnerships_are_rated_as_sides(server: Server) -> None:
    """Buracco for four: partners (seats 0 and 2) win or lose together and move alike."""
    assert get_game("buracco").sides(4, None) == ((0, 2), (1, 3))
    assert get_game("buracco").sides(2, None) == ((0,), (1,))
    assert get_game("boon").sides(4, None) == ((0,), (1,), (2,), (3,))
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    row = finished_row(
        "buracco-four",
        "buracco",
        [human(0, ana["player_id"]), bot(1), human(2, bea["player_id"]), bot(3, "random")],
        [0, 2],
        [1500, 900, 1500, 900],
        at=3000.0,
    )
    await store_finished(store, row)
    assert await match_finished(store, row.id, get_game)
    entries = {e["player_id"] or e["bot_level"]: e for e in (await board(server, "buracco"))["items"]}
    assert set(entries) == {ana["player_id"], bea["player_id"], "heuristic", "random"}
    # the two teams of OpenSkill, as the model itself rates them
    fresh = MODEL.rating  # a new object each time: rate() changes the objects it is given
    expected = MODEL.rate([[fresh(), fresh()], [fresh(), fresh()]], ranks=[1, 2])
    for subject, new in (
        (ana["player_id"], expected[0][0]),
        (bea["player_id"], expected[0][1]),
        ("heuristic", expected[1][0]),
        ("random", expected[1][1]),
    ):
        assert abs(entries[subject]["mu"] - new.mu) < 1e-9 and abs(entries[subject]["sigma"] - new.sigma) < 1e-9
    # four players alone would have moved differently: the sides are what was rated
    alone = MODEL.rate([[fresh()], [fresh()], [fresh()], [fresh()]], ranks=[1, 2, 1, 2])
    assert abs(alone[0][0].mu - expected[0][0].mu) > 1e-6


def test_side_ranks_winners_first_then_by_score() -> None:
    outcome = {"winners": [2], "scores": [10.0, 30.0, 50.0, 30.0]}
    assert side_ranks([(0,), (1,), (2,), (3,)], outcome, 1) == [3, 2, 1, 2]
    assert side_ranks([(0,), (1,), (2,), (3,)], outcome, -1) == [2, 3, 1, 3]  # lower scores better (Bacan)
    assert side_ranks([(0, 2), (1, 3)], {"winners": [0, 2], "scores": [5, 9, 5, 9]}, 1) == [1, 2]


async def test_each_match_is_rated_exactly_once(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    row = finished_row(
        "twice-told", "eco", [human(0, ana["player_id"]), human(1, bea["player_id"])], [1], [0.0, 2.0], at=time.time()
    )
    await store_finished(store, row)
    results = await asyncio.gather(*(match_finished(store, row.id, lookup) for _ in range(5)))
    assert sorted(results) == [False, False, False, False, True]
    assert not await match_finished(store, row.id, lookup)
    assert await sweep(store, lookup) == 0
    assert [e["matches"] for e in (await board(server))["items"]] == [1, 1]


async def test_a_match_left_unsettled_is_rated_after_a_restart(serve: ServeFactory) -> None:
    """The process died between storing the end and the ratings: the next start settles it."""
    first = await serve()
    ana, bea = await new_player(first, "Ana"), await new_player(first, "Bea")
    store: Store = first.app.state.tapete.store
    row = finished_row(
        "left-unsettled",
        "eco",
        [human(0, ana["player_id"]), human(1, bea["player_id"])],
        [0],
        [2.0, 0.0],
        at=time.time(),
    )
    await store_finished(store, row)  # the hook is the runner's: nothing settled it
    async with store.engine.connect() as conn:
        assert await conn.scalar(sa.select(sa.func.count()).select_from(ratings_table)) == 0
    second = await serve()  # the same database
    await settled(second, row.id)
    entries = (await board(second))["items"]
    assert [e["player_id"] for e in entries] == [ana["player_id"], bea["player_id"]]
    assert ratings.SWEEP_BATCH >= 1


async def test_the_sweep_marks_matches_that_cannot_be_rated_at_once(server: Server) -> None:
    ana = await new_player(server, "Ana")
    store: Store = server.app.state.tapete.store
    rows = [
        finished_row(f"anonymous-{i}", "eco", [human(0, None), bot(1)], [0], [1.0, 0.0], at=10.0 + i) for i in range(3)
    ]
    rows.append(
        finished_row("unrated-one", "eco", [human(0, ana["player_id"]), bot(1)], [0], [1.0, 0.0], at=20.0, rated=False)
    )
    rows.append(finished_row("rated-one", "eco", [human(0, ana["player_id"]), bot(1)], [0], [1.0, 0.0], at=30.0))
    for row in rows:
        await store_finished(store, row)
    assert await sweep(store, lookup) == 5
    async with store.engine.connect() as conn:
        assert (
            await conn.scalar(sa.select(sa.func.count()).select_from(matches).where(matches.c.rated_at.is_(None))) == 0
        )
    entries = (await board(server))["items"]
    assert [(e["player_id"] or e["bot_level"], e["matches"]) for e in entries] == [
        (ana["player_id"], 1),
        ("heuristic", 1),
    ]


async def test_a_rematch_keeps_the_players_and_both_matches_count(server: Server) -> None:
    """After a rematch the new match's seats are the same players': each history lists both, each rating counts 2."""
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    created, joined = await open_two(server, ana, bea)
    first = created["table"]["id"]
    a = await server.connect(first, created["token"])
    b = await server.connect(first, joined["token"])
    await take_turns({0: a, 1: b})
    for client in (a, b):
        await client.send({"type": "rematch"})
    starts = [await client.next_of("rematch_start") for client in (a, b)]
    second = starts[0]["match_id"]
    await a.close()
    await b.close()
    a2 = await server.connect(second, starts[0]["token"])
    b2 = await server.connect(second, starts[1]["token"])
    await take_turns({0: a2, 1: b2})
    await a2.close()
    await b2.close()
    await settled(server, first)
    await settled(server, second)
    for player in (ana, bea):
        page = (await server.http.get(f"/api/players/{player['player_id']}/matches")).json()
        assert [i["match_id"] for i in page["items"]] == [second, first]
    assert [e["matches"] for e in (await board(server))["items"]] == [2, 2]


async def test_leaving_a_match_under_way_or_over_keeps_it_in_the_history(server: Server) -> None:
    """A stand-in plays out the seat of who left; the match stays theirs (no escaping a loss by leaving)."""
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    created, joined = await open_two(server, ana, bea)
    table_id = created["table"]["id"]
    left = await server.http.post(f"/api/tables/{table_id}/leave", json={"token": joined["token"]})
    assert left.status_code == 200
    a = await server.connect(table_id, created["token"])
    await play_alone(a)  # Ana plays; Bea's stand-in plays for her
    await server.http.post(f"/api/tables/{table_id}/leave", json={"token": created["token"]})  # and Ana, at the end
    await a.close()
    await settled(server, table_id)
    for player in (ana, bea):
        items = (await server.http.get(f"/api/players/{player['player_id']}/matches")).json()["items"]
        assert [i["match_id"] for i in items] == [table_id]
    assert sorted(e["player_id"] for e in (await board(server))["items"]) == sorted(
        [ana["player_id"], bea["player_id"]]
    )


async def test_leaving_before_the_start_unlinks_the_seat(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    made = await server.http.post(
        "/api/tables",
        json={"game": "eco", "seats": [*TWO_HUMANS, {"type": "human"}], "table_options": FAST},
        headers=header(ana),
    )
    created = made.json()
    joined = (await server.http.post("/api/join", json={"code": created["invite_code"]}, headers=header(bea))).json()
    await server.http.post(f"/api/tables/{created['table']['id']}/leave", json={"token": joined["token"]})
    store: Store = server.app.state.tapete.store
    row = await store.load(created["table"]["id"])
    assert row is not None and [s.player_id for s in row.seats] == [ana["player_id"], None, None]
