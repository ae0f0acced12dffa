"""The runner's clocks on Eco (tests/toygame.py): reaction windows,
simultaneous commits, bots' thinking time, turn clocks and stand-ins."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tapete.bots import BOT_KINDS
from tapete.server.table.seatbot import INLINE_KINDS
from tests.toygame import EcoGame

from .conftest import Client, ServeFactory, Server, settle

PLAY = {"type": "play", "slot": 0}


async def table(server: Server, seats: list[dict[str, Any]], **table_options: Any) -> tuple[str, dict[int, Client]]:
    opts = {"reaction_window_ms": 0, "bot_delay_ms": 0, **table_options}
    created = await server.create(game="eco", seats=seats, table_options=opts)
    table_id = created["table"]["id"]
    TOKENS[table_id, created["seat"]] = created["token"]
    clients = {created["seat"]: await server.connect(table_id, created["token"])}
    for _ in range(sum(s["type"] == "human" for s in seats) - 1):
        joined = await server.join(created["invite_code"])
        TOKENS[table_id, joined["seat"]] = joined["token"]
        clients[joined["seat"]] = await server.connect(table_id, joined["token"])
    return table_id, clients


# (table, seat) -> the token the lobby gave (the server itself keeps only hashes)
TOKENS: dict[tuple[str, int], str] = {}


async def test_reaction_window_holds_the_next_play(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "human"}], reaction_window_ms=300)
    assert (await c[0].reply(await c[0].act(PLAY)))["type"] == "accepted"
    state = await c[1].until(lambda s: s["version"] == 1)
    assert state["actors"] == [0, 1] and state["required"] == [1] and state["window_ms"] > 150
    sent = time.monotonic()
    reply = await c[1].reply(await c[1].act(PLAY))
    waited = time.monotonic() - sent
    assert reply == {"type": "accepted", "seq": c[1].seq, "version": 2}
    assert 0.15 < waited < 2.0


async def test_a_reaction_in_the_window_voids_the_held_play(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "human"}], reaction_window_ms=400)
    await c[0].reply(await c[0].act(PLAY))
    await c[1].until(lambda s: s["version"] == 1)
    held = await c[1].act(PLAY)  # waits for the window
    await asyncio.sleep(0.05)
    snap = await c[0].act({"type": "snap", "slot": 0}, version=1)
    assert (await c[0].reply(snap))["type"] == "accepted"  # reactions do not wait
    error = await c[1].reply(held)
    assert error["code"] == "stale" and error["rule"] == "reaction-window"
    state = await c[1].until(lambda s: s["version"] == 2)
    assert state["window_ms"] > 200  # a reaction reopens the window
    assert (await c[1].reply(await c[1].act(PLAY)))["version"] == 3


async def test_snap_race_is_decided_by_arrival(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "human"}], reaction_window_ms=2000)
    await c[0].reply(await c[0].act(PLAY))
    await c[1].until(lambda s: s["version"] == 1)
    first = await c[1].act({"type": "snap", "slot": 0}, version=1)
    await asyncio.sleep(0.02)
    second = await c[0].act({"type": "snap", "slot": 1}, version=1)
    assert (await c[1].reply(first))["version"] == 2
    assert (await c[0].reply(second))["code"] == "stale"
    events = (await c[0].until(lambda s: s["version"] == 2))["events"]
    assert [(e["kind"], e["seat"]) for e in events] == [("snap", 1)]


async def test_simultaneous_commits_wait_for_every_seat(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "human"}, {"type": "human"}])
    while True:  # four plays lead to a duel
        state = await settle(c)
        if state["view"]["phase"] == "duel":
            break
        seat = state["required"][0]
        assert (await c[seat].reply(await c[seat].act(PLAY)))["type"] == "accepted"
    version = state["version"]
    assert state["required"] == [0, 1, 2]
    # all three decided on the same version; the later ones are not stale
    seqs = {seat: await c[seat].act({"type": "commit", "slot": 0}, version=version) for seat in (2, 0, 1)}
    replies = {seat: await c[seat].reply(seq) for seat, seq in seqs.items()}
    assert sorted(r["version"] for r in replies.values()) == [version + 1, version + 2, version + 3]
    middle = await c[0].until(lambda s: s["version"] == version + 1)
    assert middle["view"]["committed"] == [2] and middle["required"] == [0, 1]
    assert not any(e["kind"] == "duel" for e in middle["events"])
    done = await c[0].until(lambda s: s["version"] == version + 3)
    assert [e["kind"] for e in done["events"]][-1] == "duel" and done["view"]["phase"] == "play"
    # a play decided before the duel is stale after it
    stale = await c[0].reply(await c[0].act(PLAY, version=version))
    assert stale["code"] == "stale"


async def test_bots_think_with_the_table_delay(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "bot", "level": "heuristic"}], bot_delay_ms=250)
    human = c[0]
    await human.reply(await human.act(PLAY))
    applied = time.monotonic()
    state = await human.until(lambda s: s["version"] == 2)
    assert time.monotonic() - applied > 0.2
    assert state["required"] == [0] and [e["seat"] for e in state["events"] if e["kind"] == "played"] == [1]


async def test_turn_clock_hands_the_turn_to_a_stand_in(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "human"}], turn_seconds=1)
    first = await c[0].until(lambda s: s["status"] == "playing")
    assert first["clocks"][0]["seat"] == 0 and 0 < first["clocks"][0]["remaining_ms"] <= 1000
    state = await c[0].until(lambda s: s["version"] == 1, timeout=5)  # nobody acted: the stand-in did
    assert [e["seat"] for e in state["events"] if e["kind"] == "played"] == [0]
    assert state["required"] == [1] and state["clocks"][0]["seat"] == 1
    # the owner is still here and plays its next turn itself
    await c[1].reply(await c[1].act(PLAY, version=1))
    mine = await c[0].until(lambda s: s["version"] == 2)
    assert next(s for s in mine["seats"] if s["seat"] == 0)["stand_in"] is False
    assert (await c[0].reply(await c[0].act(PLAY)))["version"] == 3


async def test_disconnected_seat_is_played_until_its_owner_returns(serve: ServeFactory) -> None:
    server = await serve(disconnect_grace=0.3)
    created = await server.create(
        game="eco",
        seats=[{"type": "human"}, {"type": "bot", "level": "heuristic"}],
        table_options={"reaction_window_ms": 0, "bot_delay_ms": 100},
    )
    table_id, token = created["table"]["id"], created["token"]
    watcher = await server.connect(table_id, None)
    owner = await server.connect(table_id, token)
    await owner.close()
    seen = await watcher.until(lambda s: s["seats"][0]["stand_in"], timeout=5)
    assert seen["seats"][0]["connected"] is False
    await watcher.until(lambda s: s["version"] >= 3, timeout=5)  # the stand-in and the bot play on
    back = await server.connect(table_id, token)
    assert back.state["seats"][0] == {
        "seat": 0,
        "kind": "human",
        "name": None,
        "taken": True,
        "connected": True,
        "stand_in": False,
    }
    await back.until(lambda s: s["required"] == [0] or s["status"] == "finished", timeout=5)
    if back.state["status"] == "playing":
        version = back.state["version"]
        await asyncio.sleep(0.5)  # nobody plays for the owner any more
        await back.drain()
        assert back.state["version"] == version
        reply = await back.reply(await back.act(index=back.state["legal"][0]["index"]))
        assert reply.get("version") == version + 1, (reply, back.state)


async def test_a_left_seat_is_played_and_can_be_taken(server: Server) -> None:
    # at an unrated table (a rated seat is its first holder's for the whole match: test_fair_play.py)
    table_id, c = await table(server, [{"type": "human"}, {"type": "human"}], rated=False)
    created_code = server.runner(table_id).invite_code
    leaver = c[1]
    left = await server.http.post(f"/api/tables/{table_id}/leave", json={"token": TOKENS[table_id, 1]})
    assert left.status_code == 200
    assert (await leaver.next_of("left"))["seat"] == 1
    await c[0].reply(await c[0].act(PLAY))
    state = await c[0].until(lambda s: s["version"] >= 2)  # the stand-in played seat 1
    assert state["seats"][1]["taken"] is False and state["seats"][1]["stand_in"] is True
    newcomer = await server.join(created_code, name="Nuevo")
    assert newcomer["seat"] == 1


async def test_a_search_bot_thinks_off_the_event_loop(server: Server) -> None:
    """Slow bot kinds think in a worker thread on a clone: the table still answers meanwhile."""
    slow = [k for k in BOT_KINDS if k not in INLINE_KINDS]
    if not slow:
        pytest.skip("no search bot registered")
    _, c = await table(server, [{"type": "human"}, {"type": "bot", "level": slow[0]}])
    human = c[0]
    for _ in range(3):
        state = await human.until(lambda s: 0 in s["required"] or s["status"] == "finished", timeout=30)
        if state["status"] == "finished":
            break
        version = state["version"]
        legal = [e for e in state["legal"] if not e["reaction"]]
        reply = await human.reply(await human.act(index=legal[0]["index"]))
        assert reply["type"] == "accepted" and reply["version"] > version  # (the bot may commit first in a duel)
        # while the bot thinks, the socket is answered at once
        started = time.monotonic()
        await human.send({"type": "ping", "seq": 99})
        await human.next_of("pong")
        assert time.monotonic() - started < 1.0
    assert server.runner(next(iter(server.app.state.tapete.tables.runners))).version >= 4


async def test_after_one_timeout_the_person_plays_the_next_wanted_battle(server: Server) -> None:
    """A WANTED table with a short clock: the stand-in commits the battle the person let run
    out (the last commit of that battle), and the next battle is the person's again."""
    created = await server.create(
        game="wanted",
        seats=[{"type": "human"}, {"type": "bot", "level": "heuristic"}],
        table_options={"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 1},
    )
    person = await server.connect(created["table"]["id"], created["token"])
    first = await person.until(lambda s: s["status"] == "playing" and s["required"] == [0])
    battles = sum(e["kind"] == "battle" for e in first["events"])
    after = await person.until(lambda s: any(e["kind"] == "battle" for e in s["events"]), timeout=5)
    assert battles == 0 and 0 in after["required"]  # the stand-in's commit ended the battle
    assert after["seats"][0]["stand_in"] is False
    assert after["clocks"][0]["seat"] == 0 and after["clocks"][0]["remaining_ms"] > 700  # a fresh clock
    version = after["version"]
    await asyncio.sleep(0.3)
    await person.drain()
    mine = [e for e in person.state["legal"] if not e["reaction"]]
    assert person.state["version"] >= version and 0 in person.state["required"]
    reply = await person.reply(await person.act(index=mine[0]["index"]))
    assert reply["type"] == "accepted", reply


async def test_three_timeouts_in_a_row_give_the_seat_to_the_stand_in_until_the_person_acts(server: Server) -> None:
    created = await server.create(
        game="wanted",
        seats=[{"type": "human"}, {"type": "bot", "level": "heuristic"}],
        table_options={"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 1},
    )
    person = await server.connect(created["table"]["id"], created["token"])

    def battles(s: dict[str, Any]) -> int:
        return sum(e["kind"] == "battle" for e in s["events"])

    seen = 0
    while seen < 3:  # three battles the person let run out
        state = await person.recv(5)
        if state.get("type") == "state":
            seen += battles(state)
            if 0 < seen < 3 and battles(state):
                assert not state["seats"][0]["stand_in"]  # one timeout: the next battle is the person's
    given = await person.until(lambda s: s["seats"][0]["stand_in"], timeout=1)
    started = time.monotonic()
    await person.until(lambda s: battles(s) > 0 or s["status"] == "finished", timeout=1)  # no clock to wait for
    assert time.monotonic() - started < 0.5 and given["seats"][0]["stand_in"]


async def test_a_round_result_waits_for_every_person_to_dismiss_it(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eco's duel made a round result: the next play (a person's or a bot's) waits for the dismissals."""
    monkeypatch.setattr(EcoGame, "round_result_events", frozenset({"duel"}))
    _, c = await table(server, [{"type": "human"}, {"type": "human"}], result_pause_seconds=20)
    while True:
        state = await settle(c)
        if state["view"]["phase"] == "duel":
            break
        seat = state["required"][0]
        await c[seat].reply(await c[seat].act(PLAY))
    assert state["pause_ms"] == 0
    for seat in (0, 1):
        await c[seat].reply(await c[seat].act({"type": "commit", "slot": 0}, version=state["version"]))
    after = await settle(c)
    assert after["view"]["phase"] == "play" and 15_000 < after["pause_ms"] <= 20_000
    seat = after["required"][0]
    held = await c[seat].act(PLAY)
    with pytest.raises(TimeoutError):
        await c[seat].reply(held, timeout=0.4)  # held for the result
    await c[0].send({"type": "dismiss"})
    with pytest.raises(TimeoutError):
        await c[seat].reply(held, timeout=0.3)  # seat 1 has not read it yet
    await c[1].send({"type": "dismiss"})
    assert (await c[seat].reply(held, timeout=2))["version"] == after["version"] + 1
    assert (await settle(c))["pause_ms"] == 0


async def _eco_round_result(server: Server) -> tuple[str, dict[int, Client], dict[str, Any]]:
    """Two persons at Eco play to its duel, whose result pauses the table (20 s); the paused state."""
    table_id, c = await table(server, [{"type": "human"}, {"type": "human"}], result_pause_seconds=20)
    while True:
        state = await settle(c)
        if state["view"]["phase"] == "duel":
            break
        seat = state["required"][0]
        await c[seat].reply(await c[seat].act(PLAY))
    for seat in (0, 1):
        await c[seat].reply(await c[seat].act({"type": "commit", "slot": 0}, version=state["version"]))
    return table_id, c, await settle(c)


async def test_a_round_result_waits_for_a_person_who_reloads(
    serve: ServeFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reload at the result panel (the socket gone for a moment, within the reconnect grace)
    does not let the table deal on: the person comes back to the result they were reading."""
    monkeypatch.setattr(EcoGame, "round_result_events", frozenset({"duel"}))
    server = await serve(disconnect_grace=3.0)
    table_id, c, after = await _eco_round_result(server)
    assert after["pause_ms"] > 15_000
    await c[0].send({"type": "dismiss"})
    await c[1].close()  # seat 1 reloads its page
    await asyncio.sleep(0.5)
    await c[0].drain(0.05)
    assert c[0].state["version"] == after["version"] and c[0].state["pause_ms"] > 0, "the pause ended on a reload"
    back = await server.connect(table_id, TOKENS[table_id, 1])
    assert back.state["version"] == after["version"] and back.state["pause_ms"] > 0
    seat = after["required"][0]
    held = await (c[0] if seat == 0 else back).act(PLAY)
    await back.send({"type": "dismiss"})
    assert (await (c[0] if seat == 0 else back).reply(held, timeout=2))["version"] == after["version"] + 1


async def test_a_round_result_stops_waiting_once_the_grace_has_passed(
    serve: ServeFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person who does not come back within the grace holds the table no longer than that."""
    monkeypatch.setattr(EcoGame, "round_result_events", frozenset({"duel"}))
    server = await serve(disconnect_grace=0.5)
    _, c, after = await _eco_round_result(server)
    await c[0].send({"type": "dismiss"})
    await c[1].close()
    started = time.monotonic()
    if after["required"] == [0]:  # the person present plays on, once the grace is over
        await c[0].reply(await c[0].act(PLAY), timeout=5)
    state = await c[0].until(lambda s: s["version"] > after["version"], timeout=5)  # (or seat 1's stand-in)
    assert time.monotonic() - started < 3 and state["pause_ms"] == 0
