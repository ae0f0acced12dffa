"""WANTED at the table (issue 36, findings 4 and 5): a seat's bounty on its panel is the
figure its chip shows (in Duelo a player collects the rival's lost cards, never their own);
in Pandillas the gangs' figures stay readable, a phone shows the battle with its result, and
a pick waits for a confirmation (or an undo) before it is sent."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.games.wanted.settings import web_move

from .conftest import DESKTOP, PHONE
from .helpers import create_table, own_name, state, wait_until
from .play import play_until_a_result, wait_for_answers
from .test_table_words import story_words

FAST = {"bot_delay_ms": 30, "result_pause_seconds": 0}
MONEY = re.compile(r"\$(\d+)")


def figures(page: Any, selector: str) -> list[int]:
    out = []
    for text in page.locator(selector).all_inner_texts():
        found = MONEY.search(text)
        assert found, text
        out.append(int(found.group(1)))
    return out


def where(s: dict[str, Any]) -> tuple[int, int]:
    """(deal, battle): a tie's new deal counts its battles from 1 again."""
    return s["view"]["round"], s["view"]["battle_number"]


def test_duelo_panel_bounty_is_the_chips(open_page: Any) -> None:
    page = open_page(DESKTOP)
    create_table(page, "wanted", players=2, options={"mode": "duelo"}, table_options=FAST, name=own_name("Ana"))
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    # WANTED plays deals (and battles), not rounds: the title says so (issue 36, finding 8)
    assert page.locator(".topbar-title").inner_text() == "WANTED · reparto 1"
    seen_bounty = False
    for _ in range(5):
        s = wait_until(
            page,
            lambda s: s["view"]["over"] or (s["seat"] in s["required"] and bool(s["legal"])),
            timeout=30,
            what="this seat's pick",
        )
        if s["view"]["over"]:
            break
        battle = where(s)
        web_move(page, s)
        wait_for_answers(page)
        s = wait_until(page, lambda s, b=battle: s["view"]["over"] or where(s) > b, timeout=30, what="the battle")
        while page.locator("[data-testid=dismiss-result]").count() and not state(page)["view"]["over"]:
            page.click("[data-testid=dismiss-result]")
        time.sleep(0.3)  # the board redraws with the battle's state
        s = state(page)
        if s["view"]["over"]:
            break  # the summary covers the table
        panels = figures(page, "[data-testid^=bounty-]")
        chips = figures(page, ".seat-chip .seat-score")
        assert panels == chips == s["view"]["scores"], (panels, chips, s["view"]["scores"])
        assert not story_words(page)
        seen_bounty = seen_bounty or any(panels)
        # The last battle says the deal, never a round, and a card that went face down to this
        # seat goes "boca abajo para ti", never "para Tú" nor to the seat's own name (finding 8).
        shown = page.locator(".wanted-battle").inner_text()
        assert not re.search(r"\bronda\b", shown), shown
        dests = page.locator(".battle-entry .entry-dest").all_inner_texts()
        assert not any(re.search(r"para (Tú|Ana)", d) for d in dests), dests
        mine = page.locator(f"[data-testid=battle-{s['seat']}] .entry-dest").inner_text()
        assert mine in ("ganadora, boca arriba", "boca abajo para ti"), mine
    assert seen_bounty, "no battle gave anyone a bounty"
    assert not page.errors, page.errors


def test_a_pick_waits_for_a_confirmation_and_can_be_undone(open_page: Any) -> None:
    page = open_page(DESKTOP)
    create_table(page, "wanted", players=2, options={"mode": "duelo"}, table_options=FAST, name=own_name("Ana"))
    s = wait_until(page, lambda s: s["seat"] in s["required"] and bool(s["legal"]), what="this seat's pick")
    first, second = s["view"]["hand"][:2]
    page.click(f"[data-testid='card-{first}']")
    page.wait_for_selector("[data-testid=undo-pick]")
    assert page.get_attribute(f"[data-testid='card-{first}']", "aria-pressed") == "true"
    assert page.evaluate("window.tapeteReplies.sent") == 0, "a tap sent the pick at once"
    page.click("[data-testid=undo-pick]")  # changed my mind: nothing was sent, nothing is picked
    page.wait_for_selector("[data-testid=undo-pick]", state="detached")
    assert page.get_attribute(f"[data-testid='card-{first}']", "aria-pressed") is None
    page.click(f"[data-testid='card-{first}']")
    page.click(f"[data-testid='card-{second}']")  # another card replaces the pick
    assert "Elegir" in page.locator("[data-testid=confirm-pick]").inner_text()
    assert page.evaluate("window.tapeteReplies.sent") == 0
    page.click("[data-testid=confirm-pick]")
    wait_for_answers(page)
    s = wait_until(page, lambda s: s["view"]["battle_number"] > 1 or bool(s["view"]["my_commit"]), what="the pick")
    assert page.evaluate("window.tapeteReplies.sent") == 1
    assert first in s["view"]["hand"], "the undone card was played"
    assert not story_words(page)
    assert not page.errors, page.errors


# Each gang card's crown and figures inside its own width (none runs into the next card's), and on a
# phone reading a result, the battle in sight: the middle of a gang is the battle's, not the hand's.
GANG_FIGURES_JS = """() => {
  const problems = [];
  for (const card of document.querySelectorAll('.gang-card')) {
    const box = card.getBoundingClientRect();
    for (const part of card.querySelectorAll('.entry-maths, .crown')) {
      const r = part.getBoundingClientRect();
      if (r.width && (r.left < box.left - 1 || r.right > box.right + 1)) {
        problems.push(`${part.textContent.trim()} runs out of its card: ${Math.round(r.left)}-${Math.round(r.right)} `
          + `in ${Math.round(box.left)}-${Math.round(box.right)}`);
      }
    }
  }
  return problems;
}"""
BATTLE_SEEN_JS = """() => {
  const gangs = [...document.querySelectorAll('.wanted-battle .gang')];
  if (!gangs.length) return 'no battle on screen';
  const seen = gangs.filter((g) => {
    const r = g.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 40);
    if (y < 0 || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit && hit.closest('.wanted-battle');
  });
  return seen.length ? '' : 'every gang of the battle is hidden';
}"""


def test_pandillas_figures_read_and_the_battle_shows_with_its_result(open_page: Any) -> None:
    page = open_page({"width": 1280, "height": 800})
    create_table(
        page,
        "wanted",
        players=6,
        options={"mode": "pandillas", "deals": 3},
        name=own_name("Ana"),
        table_options={"bot_delay_ms": 30},
    )  # the result panel stays until read
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    play_until_a_result(page, "wanted")
    problems = {}
    for size in ({"width": 1280, "height": 800}, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(1200)  # dice and reveals land; the board fits itself
        found = page.evaluate(GANG_FIGURES_JS)
        found += story_words(page)
        if size == PHONE:
            hidden = page.evaluate(BATTLE_SEEN_JS)
            found += [hidden] if hidden else []
        if found:
            problems[size["width"]] = found
    assert not problems, problems
    assert page.locator("[data-testid=result-panel]").is_visible()
    assert not page.errors, page.errors
