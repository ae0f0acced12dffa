"""A card reads the same on its button as in the log: the browser labels cards with the names the
server's catalogue gives them (GET /api/games/{game}/faces), never formatting a face token itself,
and a round's result is the table's result panel alone, not written again on the board."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.game_settings import settings

from .conftest import DESKTOP
from .helpers import create_table, own_name, state, wait_js, wait_until
from .play import play_until_a_result, wait_for_answers

FAST = {"bot_delay_ms": 40, "reaction_window_ms": 150, "result_pause_seconds": 60}


def play_a_card(page: Any, timeout: float = 60.0) -> tuple[str, str]:
    """This seat's moves through the board until it plays a card: that card's face and the label
    its button had."""
    version = -1
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = state(page)
        if s["seat"] in s["required"] and s["legal"] and s["version"] != version and not s.get("pause_ms"):
            version = s["version"]
            if s["view"]["phase"] == "play":
                card = next(e["action"]["card"] for e in s["legal"] if e["action"]["type"] == "play")
                button = page.locator(f"[data-testid='card-{card}']")
                label = button.get_attribute("aria-label")
                assert label, card
                button.click()
                wait_for_answers(page)
                return card, label
            settings("boon").web_move(page, s)
            wait_for_answers(page)
        else:
            time.sleep(0.05)
    raise AssertionError(f"this seat played no card within {timeout} s")


def wait_for_log(page: Any, line: str, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while line not in page.locator("[data-testid=log]").inner_text():
        assert time.monotonic() < end, f"{line!r} is not in the log: {page.locator('[data-testid=log]').inner_text()}"
        time.sleep(0.05)


def test_a_boon_card_reads_the_same_in_the_log_and_on_its_button(open_page: Any, server_url: str) -> None:
    names = httpx.get(f"{server_url}/api/games/boon/faces", timeout=10).json()["faces"]
    page = open_page(DESKTOP)
    create_table(
        page, "boon", players=3, options={"payouts": "1,1,1,-1,-1,-1"}, table_options=FAST, name=own_name("Ana")
    )
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")

    card, label = play_a_card(page)
    assert label == names[card]["es"] != card  # "oro 14", the catalogue's words, not the token
    wait_for_log(page, f"Juegas {label}.")
    assert f"Juegas {label}." in page.locator("[data-testid=log]").inner_text()

    page.click("[data-testid=lang-switch]")
    wait_js(page, "document.documentElement.lang === 'en'")
    card, label = play_a_card(page)
    assert label == names[card]["en"] != card  # "gold 14"
    wait_for_log(page, f"You play {label}.")

    # the round's result is the result panel's, in the server's words: the board does not say it again
    panel = play_until_a_result(page, "boon")
    first = panel.locator(".result-text").inner_text().splitlines()[0]
    assert first and first not in page.locator(".boon").inner_text()
    assert not page.errors, page.errors
