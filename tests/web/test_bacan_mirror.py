"""Bacan's mirror affordance in the browser: in classic memory no card of yours is tagged as
matching (the player cannot know it); a "¡Espejo!" control leads to a choice of slot that sends
the mirror; a move held by an open reaction window says that it waits, and why.

TAPETE_SAVE_SCREENSHOTS=1 copies the mirror window's screenshots into docs/screenshots/."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

from tests.games.bacan.settings import web_move as bacan_move

from .conftest import PHONE, ROOT
from .helpers import Page, create_table, own_name, shoot, state, tap, wait_js, wait_until
from .play import wait_for_answers

OPTIONS = {"memory": "classic", "limit": 100}
TABLE = {"bot_delay_ms": 60, "reaction_window_ms": 4000, "result_pause_seconds": 0}
SCREEN = {"width": 1280, "height": 800}
DOCS_SHOTS = ROOT / "docs" / "screenshots"
MIRROR_TAGS = "document.querySelectorAll('.bacan-mine .mirror-tag, .bacan-mine .card-btn.live').length"


def mirror_open(s: dict[str, Any]) -> bool:
    """This seat is on turn right after the bot's discard, and may still mirror it."""
    me = s["seat"]
    legal = {e["action"]["type"] for e in s["legal"]}
    return s["view"]["window"] and me in s["required"] and s["view"]["phase"] == "turn" and "mirror" in legal


def play_until(page: Page, goal: Any, what: str, timeout: float = 60.0) -> dict[str, Any]:
    """Play this seat's ordinary moves through the board until `goal` holds for the state."""
    wait_js(page, "window.tapeteState !== undefined && window.tapeteState !== null")
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = state(page)
        if goal(s):
            return s
        if s["seat"] in s["required"] and s["legal"]:
            bacan_move(page, s)
            wait_for_answers(page)
        time.sleep(0.05)
    raise AssertionError(f"never reached: {what}")


def shoot_both_sizes(page: Page, shots: Path, lang: str) -> list[Path]:
    return shoot(page, shots, f"bacan-mirror-{lang}", {"desktop": SCREEN, "phone": PHONE})


def test_classic_mirror_needs_the_control_and_tags_nothing(open_page: Any, shots: Path) -> None:
    page = open_page(SCREEN)
    create_table(page, "bacan", players=2, options=OPTIONS, table_options=TABLE, name=own_name("Ana"))
    s = play_until(page, mirror_open, "a mirror window on this seat's turn")
    me = s["seat"]
    assert s["view"]["memory"] == "classic"
    # classic memory: the board may not tell which card matches; a bare tap mirrors nothing
    assert page.evaluate(MIRROR_TAGS) == 0
    assert page.locator(f".bacan-mine [data-testid='slot-{me}-0'].legal").count() == 0
    tap(page, "mirror-go")
    wait_js(page, "document.querySelector('[data-testid=prompt]').textContent.includes('Elige la carta')")
    # the choice: every slot of one's own row, never a tag saying which one matches
    size = s["view"]["rows"][me]["size"]
    assert page.locator(".bacan-mine .card-btn.legal").count() == size
    assert page.evaluate(MIRROR_TAGS) == 0
    saved = shoot_both_sizes(page, shots, "es")
    page.click("[data-testid=lang-switch]")
    wait_js(page, "document.documentElement.lang === 'en'")
    wait_js(page, "document.querySelector('[data-testid=prompt]').textContent.includes('Pick the card')")
    assert page.locator("[data-testid=mirror-go]").inner_text() == "Cancel mirror"
    saved += shoot_both_sizes(page, shots, "en")
    page.click("[data-testid=lang-switch]")
    wait_js(page, "document.documentElement.lang === 'es'")
    if os.environ.get("TAPETE_SAVE_SCREENSHOTS"):  # refresh the README's pictures on request only
        DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
        for path in saved:
            shutil.copy(path, DOCS_SHOTS / path.name)

    before = state(page)
    discards, size = before["view"]["discard"], before["view"]["rows"][me]["size"]
    page.set_viewport_size(SCREEN)
    tap(page, f"slot-{me}-0")
    wait_for_answers(page)
    # the mirror was played: the card went to the discard, or a penalty card came to the row
    after = wait_until(page, lambda x: x["version"] > before["version"], what="the mirror applied")
    assert after["view"]["discard"] > discards or after["view"]["rows"][me]["size"] > size
    assert page.locator("[data-testid=mirror-go].active").count() == 0


def test_a_move_held_by_the_window_says_it_waits(open_page: Any, shots: Path) -> None:
    page = open_page(SCREEN)
    create_table(page, "bacan", players=2, options=OPTIONS, table_options=TABLE, name=own_name("Ana"))
    play_until(page, lambda s: mirror_open(s) and s["window_ms"] > 2500, "a fresh window on this seat's turn")
    tap(page, "draw-deck")
    notice = page.locator("[data-testid=held-notice]")
    assert "espera a que se cierre la ventana de espejos" in notice.inner_text()
    page.screenshot(path=str(shots / "bacan-held-es-desktop.png"))
    # the draw lands once the window closes, and the notice goes with it
    wait_until(page, lambda s: s["view"]["phase"] == "drawn", what="the held draw applied")
    wait_js(page, "!document.querySelector('[data-testid=held-notice]')")
