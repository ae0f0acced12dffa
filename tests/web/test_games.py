"""Every game opened in the browser, played for several moves through its board,
and screenshotted on a phone and on a desktop."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.game_settings import every

from .conftest import DESKTOP, PHONE
from .helpers import create_table, own_name, shoot, spanish_leftovers, state, wait_js, wait_until
from .play import play_moves

FAST = {"bot_delay_ms": 40, "reaction_window_ms": 250, "result_pause_seconds": 0}

GAMES: dict[str, dict[str, Any]] = {g: c.WEB_GAME for g, c in every().items()}  # each game's WEB_GAME


@pytest.mark.parametrize("game", list(GAMES))
def test_game_plays_and_looks_right(game: str, open_page: Any, shots: Path) -> None:
    page = open_page(DESKTOP)
    setup = GAMES[game]
    create_table(
        page, game, players=setup["players"], options=setup.get("options"), table_options=FAST, name=own_name("Ana")
    )
    s = wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    assert s["view"]["game"] == game and s["seat"] == 0
    page.wait_for_selector(f".game-{game}")
    made = play_moves(page, game, setup.get("moves", 5))
    assert made >= 3, f"only {made} moves were possible"
    # Legal moves are highlighted on the board whenever this seat may act.
    s = wait_until(page, lambda s: s["seat"] in s["required"] or s["view"]["over"], what="this seat's turn")
    if not s["view"]["over"]:
        # the state message may arrive a frame before the board is drawn
        try:
            page.wait_for_selector(".legal, .tool.primary", timeout=5000)
        except Exception as err:
            now = state(page)
            facts = {"legal": now["legal"], "phase": now["view"].get("phase"), "hand": now["view"].get("hand")}
            board = page.evaluate(
                "Array.from(document.querySelectorAll('#app [class]')).map(e => e.getAttribute('class'))"
                ".filter(c => /legal|primary|open|tool|selected|drawn/.test(c))"
            )
            raise AssertionError(f"nothing highlighted on this seat's turn: {json.dumps(facts)}\n{board}") from err
    # The log tells what happened in words, in Spanish by default.
    log = page.locator("[data-testid=log]").inner_text()
    by_name = r"Bruno|Carmen|Diego|Tú|Robas|Robaste|Miraste|Colocas|Juegas|Eliges|Tomas|Entierras|Pasas"
    assert re.search(by_name, log), log
    shoot(page, shots, game, {"phone": PHONE, "desktop": DESKTOP})
    # English is one tap away and changes every text on the screen, the log included.
    page.click("[data-testid=lang-switch]")
    wait_js(page, "document.documentElement.lang === 'en'")
    # the log is described again in English by the server (sockets speak one language)
    wait_js(page, "!document.querySelector('[data-testid=log]').innerText.includes('…')")
    text = page.locator("body").inner_text()
    left = spanish_leftovers(page)
    assert left == [], (left, text)
    assert not re.search(r"\b(asiento|jugador)\b", text, re.IGNORECASE), "a Spanish seat name is left"
    assert "Bruno" in text  # a bot by its name
    assert not re.search(r"\b(Seat|Asiento) \d", text), "a seat number where a name exists"
    assert not re.search(r"\b(null|undefined)\b", text), "an empty value written as text"  # "None of…" is English
    shoot(page, shots, f"{game}-en", {"desktop": DESKTOP})
    page.click("[data-testid=lang-switch]")
    wait_js(page, "document.documentElement.lang === 'es'")
    assert page.locator("[data-tab=log]").inner_text() == "Registro"
    assert not page.errors, page.errors


def test_illegal_tap_is_explained(open_page: Any) -> None:
    """Tapping an opponent's card while peeking is not a move: the page says so in Spanish and sends nothing
    (no mirror is ever sent by a bare tap: only after the ¡Espejo! control)."""
    page = open_page(DESKTOP)
    create_table(page, "bacan", players=3, table_options=FAST)
    s = wait_until(page, lambda s: s["view"]["phase"] in ("deal", "peek") and 0 in s["required"], what="the deal")
    if s["view"]["phase"] == "deal":
        page.click("[data-testid='peek-count-2']")
        wait_until(page, lambda s: s["view"]["phase"] == "peek" and 0 in s["required"], what="the peek")
    sent = page.evaluate("window.tapeteReplies.sent")
    page.click("[data-testid='slot-1-0']")
    toast = page.locator(".toast-info").first
    toast.wait_for()
    assert "elige otra" in toast.inner_text(), toast.inner_text()  # why, in words
    assert page.evaluate("window.tapeteReplies.sent") == sent, "a bare tap sent an action"
    assert not re.search(r"[A-Z]{3}-\d+", toast.inner_text()), "a rule id in the sentence"
    assert state(page)["view"]["phase"] == "peek"  # nothing changed


def test_keyboard_play(open_page: Any) -> None:
    """A duel played from the keyboard: digits pick outlaws and Enter sends the pick; Enter presses
    a focused card (a pick), Enter again sends it."""
    page = open_page(PHONE)
    create_table(page, "wanted", players=2, table_options=FAST)
    s = wait_until(page, lambda s: 0 in s["required"] and bool(s["legal"]), what="the first battle")
    page.keyboard.press("1")
    page.wait_for_selector("[data-testid=confirm-pick]")
    assert page.evaluate("window.tapeteReplies.sent") == 0, "a digit sent the pick before it was confirmed"
    page.keyboard.press("Enter")
    s = wait_until(page, lambda s: s["view"]["battle"] is not None and 0 in s["required"], what="battle 1's reveal")
    assert s["view"]["battle"]["number"] == 1
    face = s["view"]["hand"][0]
    for _ in range(20):  # the board is drawn again as the battle's dice land: focus the card once it stays
        page.focus(f"[data-testid='card-{face}']")
        page.wait_for_timeout(150)
        if page.evaluate(f"document.activeElement?.dataset?.testid === 'card-{face}'"):
            break
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=confirm-pick]")
    page.keyboard.press("Enter")
    s = wait_until(page, lambda s: s["view"]["battle"]["number"] == 2, what="the second battle")
    assert face not in s["view"]["hand"]
    assert not page.errors, page.errors


def test_a_message_on_screen_follows_a_language_switch(open_page: Any) -> None:
    # A hint or an error toast still showing is said again in the new language.
    page = open_page(PHONE)
    create_table(page, "nacho-loco", players=2, table_options=FAST)
    wait_until(page, lambda s: s["seat"] in s["required"] and s["view"]["phase"] == "play", what="this seat's turn")
    page.locator("g.open").first.dispatch_event("click")  # a cell before a card
    toast = page.locator("#toasts .toast").last
    toast.wait_for()
    assert toast.inner_text() == "Primero elige una carta de tu mano."
    page.click("[data-testid=lang-switch]")
    wait_js(page, "document.documentElement.lang === 'en'")
    assert toast.inner_text() == "First pick a card from your hand."
