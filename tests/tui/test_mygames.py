"""`tapete play --server URL`: the server's screen lists "Mis partidas / My games" for this terminal's
identity, "¡Te toca!" first, each table in words (game, pace, whose turn by name, the time left on the
server's clock), in es and en at 80x24; Enter opens a table the terminal sat at."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tapete.games import get_game
from tapete.tui.app import TapeteApp
from tapete.tui.config import load_identity
from tapete.tui.mygames import MyGamesScreen, time_words
from tapete.tui.remote import join_table
from tapete.tui.remote_screen import RemoteTableScreen

from .helpers import wait_for

pytest.importorskip("tapete.server")
pytestmark = pytest.mark.usefixtures("config_file")

HOUR = 3600.0
SEEDS: list[int] = []  # the seeds of the next tables made, in order
TURN_BASED = {"pace": "turn-based", "bot_delay_ms": 0, "reaction_window_ms": 0}


def post(url: str, body: dict[str, Any] | None, header: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if header:
        headers["X-Tapete-Player"] = header
    request = urllib.request.Request(url, data=json.dumps(body or {}).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


@pytest.fixture
async def clocked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[str, Any]]:
    """A real server on a loopback port reading a clock the test moves on, dealing the matches from
    the seeds in `SEEDS` (so who plays first is known); its URL and its clock."""
    import uvicorn

    import tapete.server as server_mod
    from tapete.server.table import registry
    from tapete.server.table.clock import ServerClock

    monkeypatch.setattr(registry, "new_match_seed", lambda: SEEDS.pop(0) if SEEDS else 1)
    clock = ServerClock()
    settings = server_mod.ServerSettings(db_url=f"sqlite:///{tmp_path / 'tapete.db'}", due_sweep=3600.0)
    config = uvicorn.Config(server_mod.create_app(settings, clock), host="127.0.0.1", port=0, log_level="warning")
    server = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}", clock
    server.should_exit = True
    await asyncio.wait_for(task, 10)


def due_times_written(url: str, player_id: str, header: str) -> None:
    """Wait until both turn-based tables of the player list a time left (their due time is stored)."""
    request = urllib.request.Request(f"{url}/api/players/{player_id}/tables", headers={"X-Tapete-Player": header})
    for _ in range(200):
        with urllib.request.urlopen(request, timeout=10) as response:
            listed = json.loads(response.read())
        tables = listed["tables"] if isinstance(listed, dict) else listed
        if sum(1 for tb in tables if tb.get("pace") == "turn-based" and tb.get("time_left") is not None) == 2:
            return
        time.sleep(0.05)
    raise AssertionError(f"the turn-based tables' due times were never written: {tables}")


def screen_text(app: TapeteApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def test_time_in_words_as_the_browser_says_it() -> None:
    assert [time_words(s, "es") for s in (59, 45 * 60, 23 * HOUR + 59, 47 * HOUR, 72 * HOUR, 71 * HOUR)] == [
        "1 min",
        "45 min",
        "23 h",
        "47 h",
        "3 días",
        "2 días 23 h",
    ]
    assert [time_words(s, "en") for s in (24 * HOUR * 7, 49 * HOUR)] == ["7 days", "2 days 1 h"]


async def test_my_games_your_turn_first_in_words_and_enter_opens_the_table(clocked: tuple[str, Any]) -> None:
    from tapete.server.table.rematch import first_actor

    url, clock = clocked
    buracco = get_game("buracco")
    options = buracco.parse_options({})
    # Bea makes the tables (seat 0) and Ana takes seat 1: at the first it is Ana's turn, at the second Bea's
    seeds = {first_actor(buracco, 2, seed, options): seed for seed in range(40)}
    SEEDS[:] = [seeds[1], seeds[0]]
    bea = await asyncio.to_thread(post, f"{url}/api/players", {"name": "Bea"})
    bea_header = f"{bea['player_id']}:{bea['secret']}"

    def table(options: dict[str, Any], seats: int = 2, game: str = "buracco") -> dict[str, Any]:
        body = {"game": game, "name": "Bea", "seats": [{"type": "human"}] * seats, "table_options": options}
        return post(f"{url}/api/tables", body, bea_header)

    # the oldest: Ana is the one to play (3 days a move); then Bea is (a day a move); the newest waits
    mine = await asyncio.to_thread(table, {**TURN_BASED, "time_bank_hours": 72})
    joined = await asyncio.to_thread(join_table, url, mine["invite_code"], 1, "Ana")
    theirs = await asyncio.to_thread(table, {**TURN_BASED, "time_bank_hours": 24})
    await asyncio.to_thread(join_table, url, theirs["invite_code"], 1, "Ana")
    ana = load_identity(url)
    assert ana is not None and joined.seat == 1 and mine["seat"] == 0
    waiting = await asyncio.to_thread(table, {}, 3, "boon")
    # joined in the browser: the terminal holds no seat there
    await asyncio.to_thread(
        post, f"{url}/api/join", {"code": waiting["invite_code"], "name": "Ana"}, f"{ana.player_id}:{ana.secret}"
    )
    # a turn-based table's due time is written as its match starts: the hour passes once both are
    await asyncio.to_thread(due_times_written, url, ana.player_id, f"{ana.player_id}:{ana.secret}")
    # an hour and a half of the server's clock passes: the clocks read 22.5 h and 70.5 h left, said
    # "22 h" and "2 días 22 h" however soon the screen reads them (after exactly one hour, a quick
    # read saw 23 h to the tenth of a second and said "23 h")
    clock.advance(1.5 * HOUR)

    app = TapeteApp.for_server(url, "es", None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MyGamesScreen) and app.screen.tables is not None)
        screen = app.screen
        assert isinstance(screen, MyGamesScreen) and screen.tables is not None

        def clocks_known() -> bool:
            assert screen.tables is not None
            return all(tb["time_left"] is not None for tb in screen.tables if tb["status"] == "playing")

        for _ in range(50):  # a turn-based table's due time is written as it starts
            if len(screen.tables) == 3 and clocks_known():
                break
            await pilot.press("r")
            await pilot.pause(0.1)
        assert [tb["id"] for tb in screen.tables] == [
            mine["table"]["id"],
            waiting["table"]["id"],
            theirs["table"]["id"],
        ]  # "¡Te toca!" first, then newest first
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        assert "Mis partidas" in text and "juegas como Ana" in text
        turn = next(i for i, line in enumerate(lines) if "¡Te toca!" in line)
        assert "Buracco" in lines[turn]
        assert "Por turnos · 3 días por jugada · quedan 2 días 22 h · con Bea" in lines[turn + 1], text
        assert lines.index(next(line for line in lines if "Turno de Bea" in line)) > turn
        assert "Por turnos · 24 h por jugada · quedan 22 h · con Bea" in text, text
        assert "Esperando jugadores" in text and "En vivo · con Bea · 1 asiento libre" in text, text
        for engine_value in (mine["table"]["id"], "turn-based", "None", "seat", "time_bank", "heuristic"):
            assert engine_value not in text, (engine_value, text)

        await pilot.press("f2")
        await pilot.pause()
        text = screen_text(app)
        assert "My games" in text and "you play as Ana" in text
        assert "Your turn!" in text and "Turn-based · 3 days per move · 2 days 22 h left · with Bea" in text, text
        assert "Bea to play" in text and "Turn-based · 24 h per move · 22 h left" in text, text
        assert "Waiting for players" in text and "Live · with Bea · 1 free seat" in text, text
        assert text.index("Your turn!") < text.index("Bea to play")

        await pilot.press("down", "enter")  # the table joined elsewhere: said in words
        await pilot.pause()
        assert isinstance(app.screen, MyGamesScreen)
        assert "from another device: open it there" in screen_text(app)

        await pilot.press("up", "enter")  # the table where it is Ana's turn opens, with her seat
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, RemoteTableScreen)
                and app.table is not None
                and app.table.snap is not None
                and app.table.snap.ready
            ),
            timeout=15,
        )
        assert app.table is not None and app.table.snap is not None and app.table.snap.seat == 1
        assert app.table.lang == "en"  # the language chosen on the list goes to the table


async def test_a_terminal_that_sat_nowhere_is_told_so_and_no_identity_is_made(server_url: str) -> None:
    app = TapeteApp.for_server(server_url, "en", None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MyGamesScreen) and app.screen.tables is not None)
        await pilot.pause()
        text = screen_text(app)
        assert "You are not sitting at any table right now." in text and "--code CODE" in text, text
        await pilot.press("f2")
        await pilot.pause()
        assert "No estás sentado en ninguna mesa ahora mismo." in screen_text(app)
    assert load_identity(server_url) is None
