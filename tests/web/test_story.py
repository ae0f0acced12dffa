"""The table tells the story in the browser: a round's result stays until dismissed,
a reload keeps the whole log, a spectator reads the public log, and no text on
screen is an engine value."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.games.wanted.settings import web_move as wanted_move

from .conftest import DESKTOP
from .helpers import create_table, own_name, state, wait_until

TABLE = {"bot_delay_ms": 40, "reaction_window_ms": 250}  # the default round pause (20 s) stays
ENGINE_TEXT = re.compile(
    r"\bNone\b(?! of\b)|\bTrue\b|\bnull\b|\bundefined\b|[A-Z]{3}-\d+|\(-?\d+, ?-?\d+\)|\b(Asiento|Seat) \d"
)


def test_result_stays_log_survives_and_spectators_read(open_page: Any, server_url: str) -> None:
    page = open_page(DESKTOP)
    ana = own_name("Ana")
    table_id = create_table(page, "wanted", players=3, options={"mode": "tiroteo"}, table_options=TABLE, name=ana)
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    panel = page.locator("[data-testid=result-panel]")
    for _ in range(5):  # play until the first battle's result is on screen
        if panel.count():
            break
        s = wait_until(page, lambda s: s["seat"] in s["required"] or panel.count() > 0, what="this seat's turn")
        if panel.count():
            break
        wanted_move(page, s)
        page.wait_for_timeout(600)
    panel.wait_for()
    first = panel.inner_text()
    assert "Batalla 1" in first
    time.sleep(10)
    assert panel.is_visible(), "the result vanished before it was dismissed"
    assert not ENGINE_TEXT.search(page.locator("body").inner_text())

    log_before = page.locator("[data-testid=log]").inner_text()
    assert "Batalla 1" in log_before
    page.reload()
    page.wait_for_selector("[data-testid=log]")
    wait_until(page, lambda s: s["version"] > 0, what="the table after a reload")
    log_after = page.locator("[data-testid=log]").inner_text()
    assert "Batalla 1" in log_after, "a reload lost the log"
    missing = [line for line in log_before.splitlines() if line not in log_after]
    assert not missing, f"a reload lost part of the log: {missing}"

    watcher = open_page(DESKTOP)
    watcher.goto(f"{server_url}/#/watch/{table_id}")
    watcher.wait_for_selector("[data-testid=log]")
    wait_until(watcher, lambda s: s["seat"] is None, what="the spectator's view")
    public = watcher.locator("[data-testid=log]").inner_text()
    assert "Batalla 1" in public and ana in public  # the story so far, with names
    assert "Tu mano" not in public and "Juegas boca abajo" not in public  # never a seat's private events
    assert "Tú" not in public  # a spectator is nobody's "you"
    assert state(watcher)["seat"] is None
