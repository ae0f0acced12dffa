"""Turn-based tables (`pace` = "turn-based"): clocks in hours and days, due by the database and
played by the server's sweep, on a server clock the tests move on (`ServerClock.advance`); a
person's "My games" (`GET /api/players/{id}/tables`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tapete.server import ServerSettings
from tapete.server.table.clock import ServerClock

from . import conftest
from .conftest import TIMEOUT, Client, Server, reset_test_postgres, start_server

HOUR = 3600.0
TURN_BASED = {"pace": "turn-based", "time_bank_hours": 24, "bot_delay_ms": 0, "reaction_window_ms": 0}

Start = Callable[[], Awaitable[tuple[Server, Callable[[], Awaitable[None]]]]]


@pytest.fixture
async def clock() -> ServerClock:
    return ServerClock()


@pytest.fixture
async def start(tmp_path: Path, clock: ServerClock) -> AsyncIterator[Start]:
    """Start a server reading `clock` on the test's database (SQLite; tests/cluster: PostgreSQL and Redis)."""
    await reset_test_postgres()
    async with starting(clock, db_url=conftest.test_db_url(tmp_path)) as started:
        yield started


@contextlib.asynccontextmanager
async def starting(clock: ServerClock, **settings: Any) -> AsyncIterator[Start]:
    """Start servers reading `clock` with these settings (a second one after the first stopped restarts
    it); each comes with how to stop it. The sweep runs only when a test asks for it."""
    stops: list[Callable[[], Awaitable[None]]] = []

    async def started() -> tuple[Server, Callable[[], Awaitable[None]]]:
        settings_ = ServerSettings(**{"disconnect_grace": 30.0, "due_sweep": 3600.0, **settings})
        uv, task, url = await start_server(settings_, clock)
        http = httpx.AsyncClient(base_url=url, timeout=TIMEOUT)

        async def stop() -> None:
            if not task.done():
                await http.aclose()
                uv.should_exit = True
                await asyncio.wait_for(task, 10)

        stops.append(stop)
        return Server(url, uv.config.app, http, settings_), stop

    try:
        yield started
    finally:
        for stop in stops:
            await stop()


async def identity(server: Server, name: str) -> tuple[str, dict[str, str]]:
    made = (await server.http.post("/api/players", json={"name": name})).json()
    return made["player_id"], {"X-Tapete-Player": f"{made['player_id']}:{made['secret']}"}


async def turn_based_boon(server: Server, ana: dict[str, str], bea: dict[str, str], **options: Any) -> dict[str, Any]:
    """A turn-based Boon table of Ana, Bea and a bot, under way; returns its creation's answer."""
    response = await server.http.post(
        "/api/tables",
        headers=ana,
        json={
            "game": "boon",
            "name": "Ana",
            "seats": [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "heuristic"}],
            "table_options": {**TURN_BASED, **options},
        },
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    joined = await server.http.post("/api/join", headers=bea, json={"code": created["invite_code"], "name": "Bea"})
    assert joined.status_code == 200, joined.text
    created["bea_token"] = joined.json()["token"]
    return created


async def due_at(server: Server, table_id: str) -> float:
    """The table's due time once stored (its writes are asynchronous)."""
    for _ in range(200):
        row = await server.app.state.tapete.store.load(table_id, with_actions=False)
        if row.due_at is not None:
            return float(row.due_at)
        await asyncio.sleep(0.02)
    raise AssertionError("no due time stored")


async def sweep(server: Server) -> int:
    tables = server.app.state.tapete.tables
    woken: int = await tables.due.sweep(tables.runners)
    return woken


def clock_moves(client: Client) -> list[dict[str, Any]]:
    return [e for m in client.seen if m.get("type") == "state" for e in m["events"] if e.get("by_standin")]


async def test_a_bank_that_runs_out_lets_the_stand_in_play_one_move_and_the_log_says_so(
    start: Start, clock: ServerClock
) -> None:
    server, _stop = await start()
    _ana_id, ana = await identity(server, "Ana")
    _bea_id, bea = await identity(server, "Bea")
    created = await turn_based_boon(server, ana, bea)
    table_id = created["table"]["id"]
    client = await server.connect(table_id, created["token"])
    state = await client.until(lambda s: s["status"] == "playing" and bool(set(s["required"]) & {0, 1}))
    due = await due_at(server, table_id)
    assert 23.9 * HOUR < due - clock.time() <= 24 * HOUR  # a day per move, no timer of its own
    runner = server.runner(table_id)
    assert runner.alarm._timer is None  # nothing armed in memory: the database holds the clock

    clock.advance(23 * HOUR)  # a night passes: nothing is due yet
    assert await sweep(server) == 0 and runner.version == state["version"]

    clock.advance(2 * HOUR)  # the bank ran out
    assert await sweep(server) == 1
    moved = await client.until(lambda s: any(e.get("by_standin") == "clock" for e in s["events"]))
    seat = next(e["seat"] for e in moved["events"] if e.get("by_standin") == "clock")
    told = next(e["text"] for e in moved["events"] if e.get("by_standin") == "clock")
    assert told.startswith("Por ti, el reemplazo" if seat == 0 else "Por Bea, el reemplazo"), told
    assert not moved["seats"][seat]["stand_in"]  # one move only: the next one is the person's again
    assert seat not in runner.core.given_up

    # nobody comes back: after 3 expiries in a row (TIMEOUTS_FOR_GOOD) a seat goes to its stand-in
    for _ in range(8):
        if runner.core.given_up:
            break
        clock.advance(25 * HOUR)
        await sweep(server)
        await client.drain(0.05)
    assert runner.core.given_up, "no seat went to its stand-in"
    gone = min(runner.core.given_up)
    final = await client.until(lambda s: s["seats"][gone]["stand_in"])
    assert final["status"] == "playing"
    record = await server.app.state.tapete.store.load(table_id)
    assert "clock" in record.by_standin.values()
    # a seat that went to its stand-in has its moves made at once, told as the stand-in's ("standin")
    await client.until(lambda s: gone not in s["required"] or s["status"] == "finished", timeout=5)


async def test_a_restarted_server_plays_the_clocks_that_ran_out_while_it_was_down(
    start: Start, clock: ServerClock
) -> None:
    server, stop = await start()
    _ana_id, ana = await identity(server, "Ana")
    _bea_id, bea = await identity(server, "Bea")
    created = await turn_based_boon(server, ana, bea)
    table_id = created["table"]["id"]
    client = await server.connect(table_id, created["token"])
    await client.until(lambda s: s["status"] == "playing" and bool(set(s["required"]) & {0, 1}))
    await due_at(server, table_id)
    version = server.runner(table_id).version
    await client.close()
    await stop()

    clock.advance(3 * 24 * HOUR)  # three days with the server down
    again, _stop = await start()
    runner = again.runner(table_id)
    assert runner.version == version and runner.table_options.turn_based
    assert await sweep(again) == 1
    for _ in range(200):
        if runner.version > version:
            break
        await asyncio.sleep(0.02)
    record = await again.app.state.tapete.store.load(table_id)
    assert record.by_standin.get(version) == "clock"  # the expired move, made by the stand-in and stored so


async def test_bacan_refuses_a_turn_based_table_in_words(start: Start) -> None:
    server, _stop = await start()
    response = await server.http.post(
        "/api/tables", json={"game": "bacan", "table_options": {"pace": "turn-based"}, "name": "Ana"}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request" and error["rule"] == "pace"
    assert error["es"].startswith("Bacan solo se juega en vivo") and "espejos" in error["es"]
    assert error["en"].startswith("Bacan is played live only") and "mirrors" in error["en"]
    for game in ("buracco", "nacho-loco", "boon", "wanted"):  # every other game, every mode, may be played so
        made = await server.http.post("/api/tables", json={"game": game, "table_options": {"pace": "turn-based"}})
        assert made.status_code == 201 and made.json()["table"]["table_options"]["pace"] == "turn-based", made.text
    games = (await server.http.get("/api/games")).json()["games"]
    bacan = next(g for g in games if g["id"] == "bacan")
    assert bacan["client"]["table_options_off"]["pace"] == {}  # the form does not offer it


async def test_my_games_lists_the_players_tables_newest_first_for_them_only(start: Start, clock: ServerClock) -> None:
    server, _stop = await start()
    ana_id, ana = await identity(server, "Ana")
    bea_id, bea = await identity(server, "Bea")
    first = await turn_based_boon(server, ana, bea)
    clock.advance(60)
    live = await server.http.post(
        "/api/tables",
        headers=ana,
        json={"game": "buracco", "name": "Ana", "seats": [{"type": "human"}, {"type": "human"}]},
    )
    assert live.status_code == 201
    client = await server.connect(first["table"]["id"], first["token"])
    state = await client.until(lambda s: s["status"] == "playing" and bool(set(s["required"]) & {0, 1}))
    await due_at(server, first["table"]["id"])

    mine = await server.http.get(f"/api/players/{ana_id}/tables", headers=ana)
    assert mine.status_code == 200, mine.text
    tables = mine.json()["tables"]
    assert [t["id"] for t in tables] == [live.json()["table"]["id"], first["table"]["id"]]  # newest first
    waiting, boon = tables
    assert waiting["status"] == "waiting" and waiting["pace"] == "live" and not waiting["your_turn"]
    assert boon["pace"] == "turn-based" and boon["time_bank_hours"] == 24 and boon["seat"] == 0
    assert boon["waiting_on"] == state["required"] and boon["your_turn"] == (0 in state["required"])
    assert 23.9 * HOUR < boon["time_left"] <= 24 * HOUR
    assert [s["name"] for s in boon["seats"][:2]] == ["Ana", "Bea"] and boon["seats"][2]["kind"] == "bot"
    assert boon["seats"][2]["name"] and boon["seats"][2]["level"] == "heuristic"  # a bot by its name and level
    text = mine.text
    assert first["token"] not in text and first["bea_token"] not in text and "hand" not in text  # no secret, no card

    beas = (await server.http.get(f"/api/players/{bea_id}/tables", headers=bea)).json()["tables"]
    assert [t["id"] for t in beas] == [first["table"]["id"]] and beas[0]["your_turn"] == (1 in state["required"])
    refused = await server.http.get(f"/api/players/{ana_id}/tables", headers=bea)  # another player's token
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    anonymous = await server.http.get(f"/api/players/{ana_id}/tables")
    assert anonymous.status_code == 401
