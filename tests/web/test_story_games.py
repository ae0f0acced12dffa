"""The story in the browser for Bacan, Buracco, Nacho Loco and Boon (WANTED: test_story.py):
a round's result stays on screen though bots would deal the next round, a reload
keeps the whole log, and a spectator reads the public log."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.game_settings import every, settings

from .conftest import DESKTOP
from .helpers import create_table, own_name, state, wait_until
from .play import play_until_a_result, wait_for_answers
from .test_story import ENGINE_TEXT

TABLE = {"bot_delay_ms": 20, "reaction_window_ms": 150}  # the default round pause (20 s) stays

# Small tables, so that a round ends soon: the person plays every move of seat 0 through the board.
# The match is long, so that its first round does not end it (a bot facing a passive person may
# score 2000 in one hand of Buracco, a Boon taker may lose every victory card): a match's last
# round has nothing to pause for.
GAMES: dict[str, dict[str, Any]] = {g: c.WEB_STORY for g, c in every().items() if c.WEB_STORY}  # its WEB_STORY


@pytest.mark.parametrize("game", list(GAMES))
def test_result_stays_log_survives_and_spectators_read(game: str, open_page: Any, server_url: str) -> None:
    setup = GAMES[game]
    page = open_page(DESKTOP)
    ana = own_name("Ana")
    table_id = create_table(
        page, game, players=setup["players"], options=setup.get("options"), table_options=TABLE, name=ana
    )
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    panel = play_until_a_result(page, game)
    ended = state(page)
    assert ended["pause_ms"] >= 15_000, "the table did not announce the round-result pause"
    # the figure: the result is still on screen 10 s after the round ended (bots 20 ms
    # apart would have dealt on many times over, were the table not paused)
    time.sleep(10)
    assert panel.is_visible(), "the result vanished before it was dismissed"
    assert state(page)["version"] == ended["version"], "the next round went on before the result was read"
    assert not ENGINE_TEXT.search(page.locator("body").inner_text())

    log_before = page.locator("[data-testid=log]").inner_text()
    assert len(log_before.splitlines()) > 3, log_before
    page.reload()
    page.wait_for_selector("[data-testid=log]")
    wait_until(page, lambda s: s["version"] > 0, what="the table after a reload")
    log_after = page.locator("[data-testid=log]").inner_text()
    missing = [line for line in log_before.splitlines() if line not in log_after]
    assert not missing, f"a reload lost part of the log: {missing}"
    # the table still waits on this person: the result they were reading is back on screen
    assert state(page)["version"] == ended["version"], "a reload let the table deal on"
    page.locator("[data-testid=result-panel]").wait_for(state="visible", timeout=5_000)

    watcher = open_page(DESKTOP)
    watcher.goto(f"{server_url}/#/watch/{table_id}")
    watcher.wait_for_selector("[data-testid=log]")
    wait_until(watcher, lambda s: s["seat"] is None, what="the spectator's view")
    public = watcher.locator("[data-testid=log]").inner_text()
    assert len(public.splitlines()) > 3 and ana in public, public  # the story so far, with names
    assert "Aún no ha pasado nada" not in public
    assert "Tú" not in public and "Miraste" not in public  # a spectator is nobody's "you"
    assert not ENGINE_TEXT.search(public)


def test_one_timeout_leaves_the_next_battle_to_the_person(open_page: Any) -> None:
    """WANTED with a 12 s clock: the stand-in plays the one decision that ran out, then the seat is the person's."""
    page = open_page(DESKTOP)
    create_table(
        page,
        "wanted",
        players=3,
        options={"mode": "tiroteo"},
        name=own_name("Ana"),
        table_options={"bot_delay_ms": 20, "turn_seconds": 12, "result_pause_seconds": 0},
    )
    mine = wait_until(
        page,
        lambda s: s["status"] == "playing" and s["seat"] in s["required"] and bool(s["legal"]),
        timeout=30,
        what="this seat's first decision",
    )
    asked, battle = time.monotonic(), mine["view"]["battle_number"]
    # the person does nothing: the clock runs out and the stand-in commits for them, the battle is fought
    s = wait_until(page, lambda s: s["view"]["battle_number"] > battle, timeout=30, what="the stand-in's decision")
    assert time.monotonic() - asked > 8, "the seat was played before its clock ran out"
    # the log tells the decision as the stand-in's, never as the person's own (issue 36, finding 2)
    log = page.locator("[data-testid=log]").inner_text()
    assert "Por ti, el reemplazo" in log, log
    assert not re.search(r"^Juegas boca abajo", log, re.M), log
    # back at the table (a reload says hello again) before moving, the person is told what the stand-in did
    page.reload()
    page.locator("#toasts .toast", has_text="Mientras no estabas, el reemplazo jugó 1 jugada.").wait_for()
    # the next battle is the person's again, with a fresh clock, and the stand-in leaves it alone
    battle = s["view"]["battle_number"]
    s = wait_until(page, lambda s: s["seat"] in s["required"] and bool(s["legal"]), what="this seat's next decision")
    assert s["view"]["battle_number"] == battle
    time.sleep(2)
    s = state(page)
    assert s["seat"] in s["required"] and s["legal"], "the stand-in took the next decision too"
    assert s["view"]["battle_number"] == battle and not s["view"]["committed"][0]
    assert not s["seats"][0].get("stand_in"), s["seats"][0]
    clock = next(c for c in s["clocks"] if c["seat"] == 0)
    assert clock["remaining_ms"] > 6000, clock
    version = s["version"]
    settings("wanted").web_move(page, s)
    wait_for_answers(page)
    after = wait_until(page, lambda s: s["version"] > version or s["seat"] not in s["required"], what="the move")
    assert not after["seats"][0].get("stand_in"), after["seats"][0]
    assert after["view"]["committed"][0] or after["view"]["battle_number"] > battle, "the person's card was not taken"
    assert not page.errors, page.errors
