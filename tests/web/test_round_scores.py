"""A spectator who arrives once a match is over still reads its scores round by round in the
summary: the rounds come from the server, not from a browser that watched them live."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from typing import Any

from .conftest import DESKTOP, PHONE
from .helpers import wait_until


def bots_match(server_url: str) -> str:
    body = {
        "game": "nacho-loco",
        "join": False,
        "seats": [{"type": "bot", "level": "heuristic"}] * 3,
        "table_options": {"bot_delay_ms": 0, "reaction_window_ms": 0},
    }
    request = urllib.request.Request(
        f"{server_url}/api/tables", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(json.load(response)["table"]["id"])


def await_the_end(server_url: str, table: str, timeout: float = 60.0) -> None:
    """Until the match's record is served (409 while it is played)."""
    end = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"{server_url}/api/matches/{table}/record", timeout=10):
                return
        except urllib.error.HTTPError as refused:
            if refused.code != 409 or time.monotonic() > end:
                raise
        time.sleep(0.1)


def test_a_late_spectator_reads_the_scores_round_by_round(open_page: Any, server_url: str) -> None:
    table = bots_match(server_url)
    await_the_end(server_url, table)  # the spectator arrives once it is over
    for size in (DESKTOP, PHONE):
        page = open_page(size)
        page.goto(f"/#/table/{table}")
        state = wait_until(page, lambda s: s["status"] == "finished", timeout=60, what="the match over")
        rounds = state["rounds"]
        assert len(rounds) >= 2 and [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
        dialog = page.locator("[data-testid=summary]")
        dialog.wait_for()
        dialog.locator("details summary").click()
        body = dialog.locator("[data-testid=scores] tbody tr")
        assert body.count() == len(rounds) + 1  # each finished round, then the totals
        first = body.nth(0).locator("td").all_inner_texts()
        assert first == [str(v) for v in rounds[0]["scores"]]
        last = body.nth(len(rounds)).locator("th").inner_text()
        assert last.startswith("Final"), last  # the match is over: its totals are final, not "now"
        assert not page.errors, page.errors


def test_the_replay_names_bots_as_the_table_did(open_page: Any, server_url: str) -> None:
    table = bots_match(server_url)
    page = open_page(DESKTOP)
    page.goto(f"/#/table/{table}")
    state = wait_until(page, lambda s: s["status"] == "finished", timeout=60, what="the match over")
    names = [seat["name"] for seat in state["seats"]]
    page.goto(f"/#/replay/{table}")
    page.wait_for_selector("[data-testid=replay]")
    page.click("[data-testid=replay-last]")
    page.wait_for_selector("[data-testid=replay-action]")
    text = page.locator("[data-testid=replay]").inner_text()
    assert all(name in text for name in names), (names, text[:2000])
    assert not re.search(r"Jugador \d", text), text[:2000]
    # the last step (a move, the round's end, the match's end) keeps its lines apart
    told = page.locator("[data-testid=replay-action]").inner_text()
    assert len(told.strip().splitlines()) >= 3, told
    # the whole match so far, as a spectator read it
    page.click("[data-testid=replay-story] summary")
    lines = page.locator("[data-testid=replay-story] li.log-entry")
    lines.first.wait_for()
    assert lines.count() > 20
    assert not page.errors, page.errors
    assert not page.errors, page.errors
