"""Fair play at rated tables (docs/protocol.md, "Fair play"): the rating matrix.

For each way of farming or dodging a rating (issue 37, finding 2) the ratings and histories of every
identity are what the written rules say: a rated seat is its first holder's for the whole match, one
identity holds one seat, leaving counts as playing on, a person must make their share of their seat's
decisions (else they take the loss, or nobody is rated when nobody played), rated tables always have
a clock, and a match every person left is rated for nobody.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from tapete.server.people.ratings import MIN_SHARE, FairPlay, fair_play, match_finished, winners_after
from tapete.server.storage.store import Store, actions, matches

from .conftest import ServeFactory, Server, lookup
from .test_history_ratings import board, finished_row, human, open_two, play_alone, settled, store_finished
from .test_identity import FAST, TWO_HUMANS, header, new_player


# -- the rules, one match at a time ------------------------------------------------------------------
def test_a_person_must_make_their_share_of_their_seats_decisions() -> None:
    people = {0: "human", 1: "human"}
    outcome: dict[str, Any] = {"winners": [1]}
    assert fair_play(people, {0: (10, 10), 1: (5, 10)}, set(), outcome, MIN_SHARE) == FairPlay(True)
    assert fair_play(people, {0: (10, 10), 1: (4, 10)}, set(), outcome, MIN_SHARE) == FairPlay(True, None, (1,))
    assert fair_play(people, {0: (1, 10), 1: (4, 10)}, set(), outcome, MIN_SHARE) == FairPlay(False, "unplayed", (0, 1))
    # a bot plays its own seat: the person who fell short takes the loss against it
    assert fair_play({0: "human", 1: "bot"}, {0: (1, 10), 1: (0, 10)}, set(), outcome, MIN_SHARE) == FairPlay(
        True, None, (0,)
    )
    assert fair_play(people, {0: (3, 10), 1: (4, 10)}, set(), outcome, 0.3) == FairPlay(True)  # the share is set


def test_a_match_every_person_left_is_rated_for_nobody() -> None:
    people = {0: "human", 1: "human"}
    assert fair_play(people, {0: (9, 10), 1: (9, 10)}, {0, 1}, {"winners": [0]}, MIN_SHARE) == FairPlay(
        False, "abandoned"
    )
    assert fair_play(people, {0: (9, 10), 1: (9, 10)}, {1}, {"winners": [0]}, MIN_SHARE) == FairPlay(True)
    assert fair_play(people, {}, set(), {"abandoned": True}, MIN_SHARE) == FairPlay(False, "abandoned")


def test_those_who_fell_short_lose_and_the_others_win() -> None:
    assert winners_after([(0,), (1,)], [1, 2], {"winners": [1]}, (1,)) == (0,)
    assert winners_after([(0, 2), (1, 3)], [2, 1], {"winners": [0, 2]}, (0,)) == (1, 3)
    assert winners_after([(0,), (1,), (2,)], [2, 1, 3], {"winners": [2]}, (2,)) == (1,)
    assert winners_after([(0,), (1,), (2,)], [1, 2, 3], {"winners": [0]}, (2,)) == (0,)


# -- the matrix, straight into the store: every identity's rating and history ------------------------
async def recorded(store: Store, match_id: str, made: list[tuple[int, str | None]]) -> None:
    """The match's record: each (seat, who made it for the seat's person: None, "standin", "clock")."""
    for idx, (seat, by) in enumerate(made):
        await store.append_action(match_id, idx, seat, 0, 1.0 + idx, by)


async def ratings_of(server: Server) -> dict[str, float]:
    return {e["player_id"] or e["bot_level"]: e["mu"] for e in (await board(server, limit=100))["items"]}


async def history_of(server: Server, player: dict[str, Any]) -> list[tuple[str, bool, bool]]:
    """(match, rated, won) of each match in `player`'s history, newest first."""
    page = (await server.http.get(f"/api/players/{player['player_id']}/matches")).json()
    return [(i["match_id"], i["rated"], i["won"]) for i in page["items"]]


async def test_dodge_leaving_a_lost_match_keeps_the_loss(server: Server) -> None:
    """Bea left early and her stand-in won: she made too few of her decisions, so she takes the loss."""
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    row = finished_row(
        "dodge-short", "eco", [human(0, ana["player_id"]), human(1, bea["player_id"])], [1], [0.0, 2.0], at=time.time()
    )
    await store_finished(store, row)
    await recorded(store, row.id, [(0, None), (1, None), (0, None), (1, "standin"), (0, None), (1, "standin")])
    assert await match_finished(store, row.id, lookup)
    mu = await ratings_of(server)
    assert mu[ana["player_id"]] > 25 > mu[bea["player_id"]]
    assert await history_of(server, ana) == [(row.id, True, True)]
    assert await history_of(server, bea) == [(row.id, True, False)]
    assert (await server.http.get(f"/api/players/{bea['player_id']}")).json()["games"]["eco"] == {
        "matches": 1,
        "wins": 0,
    }


async def test_dodge_leaving_after_playing_ones_share_is_playing_on(server: Server) -> None:
    """Ana made her share and left; her stand-in lost the rest: the loss is hers, as if she had played on."""
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    row = finished_row(
        "dodge-late", "eco", [human(0, ana["player_id"]), human(1, bea["player_id"])], [1], [0.0, 2.0], at=time.time()
    )
    await store_finished(store, row)
    await recorded(store, row.id, [(0, None), (1, None), (0, None), (1, None), (0, "standin"), (1, None)])
    assert await match_finished(store, row.id, lookup)
    mu = await ratings_of(server)
    assert mu[bea["player_id"]] > 25 > mu[ana["player_id"]]
    assert await history_of(server, ana) == [(row.id, True, False)]
    assert await history_of(server, bea) == [(row.id, True, True)]


async def test_stall_the_clock_plays_and_the_staller_takes_the_loss(server: Server) -> None:
    """Ana stayed connected and let her clock run out at every turn: its moves are not hers."""
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    row = finished_row(
        "stall", "eco", [human(0, ana["player_id"]), human(1, bea["player_id"])], [0], [2.0, 0.0], at=time.time()
    )
    await store_finished(store, row)
    await recorded(store, row.id, [(0, "clock"), (1, None)] * 4)
    assert await match_finished(store, row.id, lookup)
    mu = await ratings_of(server)
    assert mu[bea["player_id"]] > 25 > mu[ana["player_id"]]
    assert await history_of(server, ana) == [(row.id, True, False)]
    assert await history_of(server, bea) == [(row.id, True, True)]
    async with store.engine.connect() as conn:
        judged = await conn.scalar(sa.select(matches.c.fair_play).where(matches.c.id == row.id))
    assert judged == {"rated": True, "why": None, "short": [0], "winners": [1]}


async def test_everyone_gone_nobody_is_rated(server: Server) -> None:
    """Both people went away and the stand-ins played the match out: nobody's rating moves."""
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    row = finished_row(
        "everyone-gone",
        "eco",
        [human(0, ana["player_id"]), human(1, bea["player_id"])],
        [0],
        [2.0, 0.0],
        at=time.time(),
    )
    await store_finished(store, row)
    await recorded(store, row.id, [(0, None), (1, None)] * 3 + [(0, "standin"), (1, "standin")])
    assert not await match_finished(store, row.id, lookup)
    assert await ratings_of(server) == {}
    for player in (ana, bea):
        assert [(m, rated) for m, rated, _won in await history_of(server, player)] == [(row.id, False)]
    async with store.engine.connect() as conn:
        judged = await conn.scalar(sa.select(matches.c.fair_play).where(matches.c.id == row.id))
    assert judged == {"rated": False, "why": "abandoned", "short": []}


async def test_nobody_played_their_share_nobody_is_rated(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    store: Store = server.app.state.tapete.store
    row = finished_row(
        "unplayed", "eco", [human(0, ana["player_id"]), human(1, bea["player_id"])], [0], [2.0, 0.0], at=time.time()
    )
    await store_finished(store, row)
    await recorded(store, row.id, [(0, "clock"), (1, "clock"), (0, None), (1, None), (0, "clock"), (1, "clock")])
    assert not await match_finished(store, row.id, lookup)
    assert await ratings_of(server) == {}
    assert await history_of(server, ana) == [(row.id, False, True)]  # won as played; not rated
    assert await history_of(server, bea) == [(row.id, False, False)]


# -- the matrix, at a live table ---------------------------------------------------------------------
async def test_snipe_nobody_takes_a_rated_seat_once_the_match_is_under_way(server: Server) -> None:
    """Bea leaves at once; Cid, with the invite code, may not take her seat: the match stays Bea's."""
    ana, bea, cid = [await new_player(server, n) for n in ("Ana", "Bea", "Cid")]
    created, joined = await open_two(server, ana, bea)
    table_id, code = created["table"]["id"], created["invite_code"]
    assert (await server.http.post(f"/api/tables/{table_id}/leave", json={"token": joined["token"]})).status_code == 200
    taken = await server.http.post("/api/join", json={"code": code}, headers=header(cid))
    assert taken.status_code == 409 and taken.json()["error"]["rule"] == "fair-play", taken.text
    a = await server.connect(table_id, created["token"])
    await play_alone(a)  # Bea's stand-in plays every one of her decisions
    await a.close()
    await settled(server, table_id)
    mu = await ratings_of(server)
    assert set(mu) == {ana["player_id"], bea["player_id"]} and mu[ana["player_id"]] > 25 > mu[bea["player_id"]]
    assert await history_of(server, ana) == [(table_id, True, True)]
    assert await history_of(server, bea) == [(table_id, True, False)]
    assert await history_of(server, cid) == []
    store: Store = server.app.state.tapete.store
    async with store.engine.connect() as conn:
        made = {
            r.by_standin
            for r in await conn.execute(
                sa.select(actions.c.by_standin).where(actions.c.match_id == table_id, actions.c.seat == 1)
            )
        }
    assert made == {"standin"}


async def test_an_unrated_table_may_still_be_joined_under_way(server: Server) -> None:
    ana, bea, cid = [await new_player(server, n) for n in ("Ana", "Bea", "Cid")]
    created, joined = await open_two(server, ana, bea, rated=False)
    await server.http.post(f"/api/tables/{created['table']['id']}/leave", json={"token": joined["token"]})
    taken = await server.http.post("/api/join", json={"code": created["invite_code"]}, headers=header(cid))
    assert taken.status_code == 200, taken.text


async def test_self_play_one_identity_holds_one_seat_of_a_rated_table(server: Server) -> None:
    ana = await new_player(server, "Ana")
    body = {"game": "eco", "seats": [*TWO_HUMANS], "table_options": FAST}
    created = (await server.http.post("/api/tables", json=body, headers=header(ana))).json()
    second = await server.http.post("/api/join", json={"code": created["invite_code"]}, headers=header(ana))
    assert second.status_code == 409 and second.json()["error"]["rule"] == "fair-play", second.text
    assert await ratings_of(server) == {}
    unrated = (
        await server.http.post(
            "/api/tables", json={**body, "table_options": {**FAST, "rated": False}}, headers=header(ana)
        )
    ).json()
    both = await server.http.post("/api/join", json={"code": unrated["invite_code"]}, headers=header(ana))
    assert both.status_code == 200, both.text  # unrated: as before


async def test_rated_tables_always_have_a_clock(serve: ServeFactory) -> None:
    server = await serve(rated_turn_seconds="eco=45")
    ana = await new_player(server, "Ana")
    for options, clock in (({"turn_seconds": 0}, 45), ({"turn_seconds": 20}, 20), ({"rated": False}, 0)):
        body = {"game": "eco", "seats": [*TWO_HUMANS], "table_options": {**FAST, **options}}
        created = (await server.http.post("/api/tables", json=body, headers=header(ana))).json()
        row = await server.app.state.tapete.store.load(created["table"]["id"])
        assert row is not None and row.table_options["turn_seconds"] == clock, (options, row.table_options)
    other = await serve()
    body = {"game": "eco", "seats": [*TWO_HUMANS], "table_options": FAST}
    created = (await other.http.post("/api/tables", json=body)).json()
    row = await other.app.state.tapete.store.load(created["table"]["id"])
    assert row is not None and row.table_options["turn_seconds"] == lookup("eco").rated_turn_seconds > 0
