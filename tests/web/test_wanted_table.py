"""WANTED at the table (issue 36, findings 4 and 5): a seat's bounty on its panel is the
figure its chip shows (in Duelo a player collects the rival's lost cards, never their own);
in Pandillas the gangs' figures stay readable, a phone shows the battle with its result, and
a pick waits for a confirmation (or an undo) before it is sent."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.games.wanted.settings import web_move

from .conftest import DESKTOP
from .helpers import create_table, state, wait_until
from .play import wait_for_answers

FAST = {"bot_delay_ms": 30, "result_pause_seconds": 0}
MONEY = re.compile(r"\$(\d+)")


def figures(page: Any, selector: str) -> list[int]:
    out = []
    for text in page.locator(selector).all_inner_texts():
        found = MONEY.search(text)
        assert found, text
        out.append(int(found.group(1)))
    return out


def test_duelo_panel_bounty_is_the_chips(open_page: Any) -> None:
    page = open_page(DESKTOP)
    create_table(page, "wanted", players=2, options={"mode": "duelo"}, table_options=FAST, name="Ana")
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    seen_bounty = False
    for _ in range(5):
        s = wait_until(page, lambda s: s["view"]["over"] or (s["seat"] in s["required"] and bool(s["legal"])),
                       timeout=30, what="this seat's pick")
        if s["view"]["over"]:
            break
        battle = s["view"]["battle_number"]
        web_move(page, s)
        wait_for_answers(page)
        s = wait_until(page, lambda s, b=battle: s["view"]["over"] or s["view"]["battle_number"] > b, timeout=30,
                       what="the battle")
        while page.locator("[data-testid=dismiss-result]").count() and not state(page)["view"]["over"]:
            page.click("[data-testid=dismiss-result]")
        time.sleep(0.3)  # the board redraws with the battle's state
        s = state(page)
        if s["view"]["over"]:
            break  # the summary covers the table
        panels = figures(page, "[data-testid^=bounty-]")
        chips = figures(page, ".seat-chip .seat-score")
        assert panels == chips == s["view"]["scores"], (panels, chips, s["view"]["scores"])
        seen_bounty = seen_bounty or any(panels)
    assert seen_bounty, "no battle gave anyone a bounty"
    assert not page.errors, page.errors
