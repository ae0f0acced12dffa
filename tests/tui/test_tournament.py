"""`tapete play --server ... --tournament ID`: the standings of a server's tournament in the
terminal; `j` joins, and Enter sits the person at the table the tournament gives them."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from typing import Any

import pytest
from rich.console import Console

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
