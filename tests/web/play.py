"""Moves of the seat through a game's board (taps on cards, tiles, cells and buttons): each
game's own `web_move`, beside its tests (tests/games/<package>/settings.py)."""

from __future__ import annotations

import time
from typing import Any

from tests.game_settings import settings

from .helpers import Page, state


def play_moves(page: Page, game: str, count: int, timeout: float = 40.0) -> int:
    """Make `count` moves of this seat through the board; return how many were made."""
    made = 0
    version = -1
    end = time.monotonic() + timeout
    while made < count and time.monotonic() < end:
        s = state(page)
        if s["view"]["over"]:
            break
        if s["seat"] in s["required"] and s["legal"] and s["version"] != version:
            version = s["version"]
            settings(game).web_move(page, s)
            made += 1
            wait_for_answers(page)
        else:
            time.sleep(0.05)
    return made


def play_until_a_result(page: Page, game: str, timeout: float = 240.0) -> Any:
    """Play this seat's moves through the board until a round's result panel is on screen; the panel."""
    panel = page.locator("[data-testid=result-panel]")
    version = -1
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if panel.count():
            return panel
        s = state(page)
        if s["seat"] in s["required"] and s["legal"] and s["version"] != version and not s.get("pause_ms"):
            version = s["version"]
            settings(game).web_move(page, s)
            wait_for_answers(page)
        else:
            time.sleep(0.05)
    raise AssertionError(f"no round ended within {timeout} s")


def wait_for_answers(page: Page, timeout: float = 10.0) -> None:
    """Until the server has answered (accepted or refused) every action this page sent."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.evaluate("window.tapeteReplies.sent === window.tapeteReplies.answered"):
            return
        time.sleep(0.03)
    raise AssertionError("the server did not answer an action")
