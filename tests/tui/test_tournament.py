"""`tapete play --server ... --tournament ID`: the standings of a server's tournament in the
terminal; `j` joins, and Enter sits the person at the table the tournament gives them."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from typing import Any

import pytest
from rich.console import Console
from textual.widgets import Static

from tapete.games import get_game
from tapete.tui.app import TapeteApp
from tapete.tui.config import load_identity
from tapete.tui.remote_screen import RemoteTableScreen
from tapete.tui.tournament import TournamentScreen, standings_table, status_line

from .helpers import wait_for

pytest.importorskip("tapete.server")
pytestmark = pytest.mark.usefixtures("config_file")


def post(url: str, body: dict[str, Any] | None, header: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if header:
        headers["X-Tapete-Player"] = header
    request = urllib.request.Request(url, data=json.dumps(body or {}).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


async def test_join_a_tournament_and_sit_at_its_table(server_url: str) -> None:
    olga = await asyncio.to_thread(post, f"{server_url}/api/players", {"name": "Olga"})
    organiser = f"{olga['player_id']}:{olga['secret']}"
    made = await asyncio.to_thread(
        post,
        f"{server_url}/api/tournaments",
        {
            "kind": "swiss",
            "game": "boon",
            "name": "Copa",
            "seats": 4,
            "rounds": 1,
            "table_options": {"bot_delay_ms": 30, "result_pause_seconds": 0},
            "bots": [{"level": "heuristic"}, {"level": "random"}, {"level": "heuristic"}],
        },
        organiser,
    )
    app = TapeteApp.for_tournament(get_game("boon"), server_url, made["id"], "es", "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TournamentScreen) and app.screen.data is not None)
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        await pilot.press("j")
        await wait_for(pilot, lambda: screen.data is not None and len(screen.data["entries"]) == 4)
        who = load_identity(server_url)
        assert who is not None and who.name == "Ana"
        await asyncio.to_thread(post, f"{server_url}/api/tournaments/{made['id']}/start", None, organiser)
        await wait_for(pilot, lambda: screen.seat is not None, timeout=15)
        await pilot.press("enter")
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
        assert app.table is not None and app.table.snap is not None


async def test_a_name_another_player_holds_is_said_in_words_and_nobody_enters_as_it(server_url: str) -> None:
    """Issue 36, finding 1, in the terminal: "olga" typed where Olga (no password) holds the name was
    refused as a new identity and swallowed; the screen then said the server keeps no players. Now the
    server's words say the name is taken, in each language, with the way to another name."""
    olga = await asyncio.to_thread(post, f"{server_url}/api/players", {"name": "Olga"})
    organiser = f"{olga['player_id']}:{olga['secret']}"
    made = await asyncio.to_thread(
        post,
        f"{server_url}/api/tournaments",
        {"kind": "swiss", "game": "boon", "seats": 3, "rounds": 1, "join": True},
        organiser,
    )
    app = TapeteApp.for_tournament(get_game("boon"), server_url, made["id"], "es", "olga")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TournamentScreen) and app.screen.data is not None)
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        await pilot.press("j")
        await wait_for(pilot, lambda: screen.error is not None)
        said = str(screen.query_one("#tour-status", Static).render())
        seat_line = str(screen.query_one("#tour-seat", Static).render())
        assert "ya lo usa otro jugador" in said and "elige otro" in said, said
        assert "--name" in seat_line and "otro nombre" in seat_line, seat_line
        await pilot.press("f2")
        await pilot.pause()
        said_en = str(screen.query_one("#tour-status", Static).render())
        assert "Another player already uses that name" in said_en and "choose another" in said_en, said_en
        assert "another name" in str(screen.query_one("#tour-seat", Static).render())
    assert load_identity(server_url) is None  # no identity under a look-alike
    entries = (await asyncio.to_thread(get, f"{server_url}/api/tournaments/{made['id']}"))["entries"]
    assert [m.get("name") for e in entries for m in e["members"]] == ["Olga"]  # nobody entered as her


def test_standings_read_in_both_languages() -> None:
    data = {
        "kind": "arena",
        "game": "bacan",
        "status": "running",
        "round": None,
        "plan": {"seats": 2},
        "entries": [
            {"entry": 0, "members": [{"player": "p1", "name": "Ana"}]},
            {"entry": 1, "members": [{"bot": "random", "name": "Bot 1"}]},
        ],
        "standings": [
            {"rank": 1, "entry": 0, "names": ["Ana"], "points": 8, "wins": 3, "played": 3, "streak": True},
            {"rank": 2, "entry": 1, "names": ["Bot 1"], "points": 0, "wins": 0, "played": 3, "streak": False},
        ],
    }
    for lang, words in (("es", ("Puntos", "en racha", "en juego")), ("en", ("Points", "on a streak", "being played"))):
        console = Console(width=100, record=True)
        console.print(standings_table(data, lang, "p1"))
        console.print(status_line(data, lang))
        text = console.export_text()
        assert all(word in text for word in words), text
        assert "Ana" in text and "8" in text
