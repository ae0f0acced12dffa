"""One move of the seat through each game's board (taps on cards, tiles, cells and buttons)."""

from __future__ import annotations

import time
from typing import Any

from .helpers import Page, click_move, has, state


def tap(page: Page, testid: str) -> None:
    page.click(f"[data-testid='{testid}']")


def bacan_move(page: Page, s: dict[str, Any]) -> None:
    view, me = s["view"], s["seat"]
    phase = view["phase"]
    if phase == "deal":
        tap(page, "peek-count-2")
    elif phase == "peek":
        if view["peek_count"] in (0, 4):
            tap(page, "peek-go")
        else:
            for slot in range(view["peek_count"]):
                tap(page, f"slot-{me}-{slot}")
    elif phase == "turn":
        tap(page, "draw-deck")
    elif phase == "drawn":
        tap(page, f"slot-{me}-0")  # swap the drawn card into the first slot
    elif phase == "give":
        tap(page, f"slot-{me}-0")
    else:
        click_move(page, s["legal"][0]["action"])


def buracco_move(page: Page, s: dict[str, Any]) -> None:
    view = s["view"]
    phase = view["phase"]
    if phase == "draw":
        tap(page, "stock" if has(s, {"type": "draw"}) else "pozo")
    elif phase == "privilege":
        tap(page, "keep")
    elif phase == "meld":
        if view["pending"]:
            tap(page, "commit" if has(s, {"type": "commit"}) else "cancel")
        elif has(s, {"type": "done"}):
            tap(page, "done")
        else:
            click_move(page, s["legal"][0]["action"])
    elif phase == "discard":
        rack = view["rack"]
        index = next(i for i, face in enumerate(rack) if has(s, {"type": "discard", "tile": face}))
        tap(page, f"tile-{index}")
        tap(page, "discard")
    elif phase == "hand_over":
        tap(page, "deal")
    else:
        click_move(page, s["legal"][0]["action"])


def nacho_move(page: Page, s: dict[str, Any]) -> None:
    view = s["view"]
    phase = view["phase"]
    places = [e["action"] for e in s["legal"] if e["action"]["type"] == "place"]
    if phase in ("play", "again", "drawn") and places:
        first = places[0]
        if phase != "drawn":
            tap(page, f"hand-{view['hand'].index(first['card'])}")
        x, y = view["open"][first["slot"]]["cell"]
        page.click(f"[data-testid='cell-{x}_{y}']")
        tap(page, "place")
    elif has(s, {"type": "draw"}):
        tap(page, "draw")
    elif has(s, {"type": "pass"}):
        tap(page, "pass")
    elif has(s, {"type": "next_round"}):
        tap(page, "next-round")
    else:
        target = next(e["action"] for e in s["legal"] if e["action"]["type"] == "target")
        tap(page, f"target-{target['seat']}")


def boon_move(page: Page, s: dict[str, Any]) -> None:
    view = s["view"]
    phase = view["phase"]
    if phase == "bid":
        tap(page, "take" if has(s, {"type": "take"}) else "pass")
    elif phase in ("bury", "play"):
        card = next(e["action"]["card"] for e in s["legal"] if e["action"]["type"] in ("bury", "play"))
        tap(page, f"card-{card}")
    elif phase == "round_over":
        tap(page, "deal")
    else:
        click_move(page, s["legal"][0]["action"])


def wanted_move(page: Page, s: dict[str, Any]) -> None:
    view = s["view"]
    first = s["legal"][0]["action"]
    if first["type"] == "commit":
        tap(page, f"card-{first['card']}")
    elif first["type"] in ("leader", "discard"):
        gang = next(g for g in view["battle"]["gangs"] if g["seat"] == s["seat"])
        index = next(i for i, c in enumerate(gang["cards"]) if c["card"] == first["card"])
        tap(page, f"gang-{s['seat']}-{index}")
    else:
        tap(page, "deal")


MOVERS = {
    "bacan": bacan_move,
    "buracco": buracco_move,
    "nacho-loco": nacho_move,
    "boon": boon_move,
    "wanted": wanted_move,
}


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
            MOVERS[game](page, s)
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
            MOVERS[game](page, s)
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
