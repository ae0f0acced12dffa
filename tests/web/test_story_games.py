"""The story in the browser for Bacan, Buracco, Nacho Loco and Boon (WANTED: test_story.py):
a round's result stays on screen though bots would deal the next round, a reload
keeps the whole log, and a spectator reads the public log."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import DESKTOP
from .helpers import create_table, state, wait_until
from .play import MOVERS, wait_for_answers
from .test_story import ENGINE_TEXT

TABLE = {"bot_delay_ms": 20, "reaction_window_ms": 150}  # the default round pause (20 s) stays

# Small tables, so that a round ends soon: the person plays every move of seat 0 through the board.
GAMES: dict[str, dict[str, Any]] = {
    "bacan": {"players": 2},
    "buracco": {"players": 2, "options": {"hand_size": 9}},
    "nacho-loco": {"players": 2},
    "boon": {"players": 3},
}


def play_until_a_result(page: Any, game: str, timeout: float = 240.0) -> Any:
    """Play this seat's moves until a round's result panel is on screen."""
    panel = page.locator("[data-testid=result-panel]")
    version = -1
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if panel.count():
            return panel
        s = state(page)
        if s["seat"] in s["required"] and s["legal"] and s["version"] != version and not s.get("pause_ms"):
            version = s["version"]
            MOVERS[game](page, s)
            wait_for_answers(page)
        else:
            time.sleep(0.05)
    raise AssertionError(f"no round ended within {timeout} s")


@pytest.mark.parametrize("game", list(GAMES))
def test_result_stays_log_survives_and_spectators_read(game: str, open_page: Any, server_url: str) -> None:
    setup = GAMES[game]
    page = open_page(DESKTOP)
    table_id = create_table(page, game, players=setup["players"], options=setup.get("options"), table_options=TABLE,
                            name="Ana")
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    panel = play_until_a_result(page, game)
    ended = state(page)["version"]
    time.sleep(10)
    assert panel.is_visible(), "the result vanished before it was dismissed"
    assert state(page)["version"] == ended, "the next round went on before the result was read"
    assert not ENGINE_TEXT.search(page.locator("body").inner_text())

    log_before = page.locator("[data-testid=log]").inner_text()
    assert len(log_before.splitlines()) > 3, log_before
    page.reload()
    page.wait_for_selector("[data-testid=log]")
    wait_until(page, lambda s: s["version"] > 0, what="the table after a reload")
    log_after = page.locator("[data-testid=log]").inner_text()
    missing = [line for line in log_before.splitlines() if line not in log_after]
    assert not missing, f"a reload lost part of the log: {missing}"

    watcher = open_page(DESKTOP)
    watcher.goto(f"{server_url}/#/watch/{table_id}")
    watcher.wait_for_selector("[data-testid=log]")
    wait_until(watcher, lambda s: s["seat"] is None, what="the spectator's view")
    public = watcher.locator("[data-testid=log]").inner_text()
    assert len(public.splitlines()) > 3 and "Ana" in public, public  # the story so far, with names
    assert "Aún no ha pasado nada" not in public
    assert "Tú" not in public and "Miraste" not in public  # a spectator is nobody's "you"
    assert not ENGINE_TEXT.search(public)
