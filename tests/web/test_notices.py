"""Motion and notices at the table (issue 36, finding 10): a flying tile keeps a tile's size;
an error toast never lies over the hand and goes soon; every seat's running clock is seen by
everyone; the tab's title and icon say "your turn", a sound only when chosen, a notification
while the page is hidden (permission asked only after a click); a dark theme for a dark system."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.game_settings import settings

from .conftest import DESKTOP, PHONE
from .helpers import create_table, own_name, state, wait_js, wait_until
from .play import play_moves, wait_for_answers
from .test_table_words import story_words

FAST = {"bot_delay_ms": 40, "result_pause_seconds": 0}

# every ghost (a flying card) as it is put on the page and where it is sent
WATCH_GHOSTS = """() => {
  window.ghosts = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (!node.classList || !node.classList.contains('ghost')) continue;
      const r = node.getBoundingClientRect();
      const seen = { w: r.width, h: r.height, transform: '' };
      window.ghosts.push(seen);
      setTimeout(() => { seen.transform = node.style.transform; }, 60);
    }
  }).observe(document.body, { childList: true });
}"""


def test_buracco_tiles_fly_at_a_tiles_size(open_page: Any) -> None:
    page = open_page({"width": 1280, "height": 800})
    create_table(page, "buracco", players=2, table_options=FAST, name=own_name("Ana"))
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    page.evaluate(WATCH_GHOSTS)
    play_moves(page, "buracco", 4, timeout=60)
    time.sleep(1)
    tile = page.eval_on_selector(
        ".rack-tiles .card-btn", "el => { const r = el.getBoundingClientRect(); return [r.width, r.height]; }"
    )
    ghosts = page.evaluate("window.ghosts")
    assert ghosts, "no tile flew"
    for ghost in ghosts:
        found = re.search(r"scale\(([\d.]+)\)", ghost["transform"])
        scale = float(found.group(1)) if found else 1.0
        # a tile leaves at a tile's size and lands at most a little larger (never a row's or the pozo's size)
        assert ghost["w"] <= tile[0] * 1.3 + 1 and ghost["h"] <= tile[1] * 1.3 + 1, (ghost, tile)
        assert ghost["w"] * scale <= tile[0] * 1.3 + 1 and ghost["h"] * scale <= tile[1] * 1.3 + 1, (ghost, scale, tile)
    assert not page.errors, page.errors


def test_an_error_toast_stays_off_the_hand_and_goes_soon(open_page: Any) -> None:
    page = open_page(PHONE)
    create_table(page, "boon", players=3, table_options=FAST, name=own_name("Ana"))
    wait_until(page, lambda s: s["status"] == "playing" and bool(s["view"].get("hand")), what="a hand")
    hand = settings("boon").FIT_HAND
    page.wait_for_selector(f"{hand} .card-btn")
    page.evaluate("async () => (await import('/js/frame.js')).toast('Esa carta no se puede jugar: sigue el palo.')")
    toast = page.locator("#toasts .toast")
    toast.wait_for()
    box = toast.bounding_box()
    assert box is not None
    for card in page.locator(f"{hand} .card-btn").all():
        c = card.bounding_box()
        if c is None:
            continue
        apart = (
            box["y"] + box["height"] <= c["y"]
            or c["y"] + c["height"] <= box["y"]
            or box["x"] + box["width"] <= c["x"]
            or c["x"] + c["width"] <= box["x"]
        )
        assert apart, f"the toast {box} lies over a card of the hand {c}"
    start = time.monotonic()
    toast.wait_for(state="detached", timeout=5_000)
    assert time.monotonic() - start < 4.0
    assert not page.errors, page.errors


def test_every_seat_sees_every_running_clock(open_page: Any) -> None:
    ana = open_page(DESKTOP)
    create_table(
        ana,
        "boon",
        players=3,
        seats={1: "human"},
        name=own_name("Aurora"),
        table_options={**FAST, "turn_seconds": 90, "rated": False},
    )
    code = ana.locator("[data-testid=invite-code]").inner_text().strip()
    bea = open_page(DESKTOP)
    bea.goto(f"/#/join/{code}")
    bea.fill("[data-testid=player-name]", own_name("Blanca"))
    bea.click("[data-testid=join]")
    bea.wait_for_url(re.compile(r"#/table/"))
    for page in (ana, bea):
        wait_until(page, lambda s: s["status"] == "playing" and bool(s["clocks"]), timeout=30, what="a running clock")
    s = state(ana)
    running = s["clocks"][0]["seat"]
    for page in (ana, bea):
        badge = page.locator(f"[data-seat-clock='{running}']")
        badge.wait_for()
        first = int(re.search(r"(\d+)", badge.inner_text()).group(1))  # type: ignore[union-attr]
        assert 0 < first <= 90
        time.sleep(2.2)
        later = int(re.search(r"(\d+)", badge.inner_text()).group(1))  # type: ignore[union-attr]
        assert later < first, "the clock does not run down"
        assert not story_words(page)
    assert not ana.errors and not bea.errors, (ana.errors, bea.errors)


# a stand-in for the browser's notifications and for a hidden page, set before the page's scripts
FAKE_NOTIFICATIONS = """
window.__notes = []; window.__asked = 0; window.__perm = 'default'; window.__hidden = false;
window.Notification = class {
  constructor(title, options) { window.__notes.push(title); }
  close() {}
  static get permission() { return window.__perm; }
  static async requestPermission() { window.__asked += 1; window.__perm = 'granted'; return 'granted'; }
};
Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__hidden });
"""


def play_out_the_turn(page: Any) -> None:
    """Play this seat's moves (a taker buries several in a row) until the turn passes to another."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        s = state(page)
        if s["seat"] not in s["required"]:
            return
        if s["legal"]:
            settings("boon").web_move(page, s)
            wait_for_answers(page)
            version = s["version"]
            wait_until(page, lambda s, v=version: s["version"] > v, timeout=30, what="the move")
        else:
            time.sleep(0.05)
    raise AssertionError("the turn never passed")


def test_turn_notices_title_icon_sound_and_notification(open_page: Any) -> None:
    page = open_page(DESKTOP)
    page.add_init_script(FAKE_NOTIFICATIONS)
    create_table(page, "boon", players=3, table_options={**FAST, "bot_delay_ms": 300}, name=own_name("Ana"))
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    wait_until(page, lambda s: s["seat"] in s["required"] and bool(s["legal"]), timeout=40, what="the turn")
    wait_js(page, "document.title.startsWith('¡Tu turno!')")
    assert page.eval_on_selector("link[rel=icon]", "l => l.getAttribute('href')").startswith("data:image/svg+xml")
    assert page.evaluate("window.__asked") == 0, "the page asked for notifications before any click"
    assert not page.evaluate("window.tapeteChimes"), "a sound with the sound switched off"
    play_out_the_turn(page)
    wait_js(page, "!document.title.includes('Tu turno')")
    assert page.eval_on_selector(
        "link[rel=icon]", "l => l.getAttribute('href')"
    ) == "/favicon.svg" or not page.eval_on_selector("link[rel=icon]", "l => l.getAttribute('href')").startswith(
        "data:"
    )
    # the switches, in the table's panel: the sound, then the notification (asked for on the click)
    page.click("[data-tab=table]")
    assert not page.is_checked("[data-testid=notice-sound]") and not page.is_checked("[data-testid=notice-notify]")
    page.check("[data-testid=notice-sound]")
    page.check("[data-testid=notice-notify]")
    wait_js(page, "window.__asked === 1")
    chimes = page.evaluate("window.tapeteChimes || 0")
    page.evaluate("window.__hidden = true")
    play_out_the_turn(page)  # (the turn may have come back meanwhile: the next one is the one to tell)
    wait_until(page, lambda s: s["seat"] in s["required"] and bool(s["legal"]), timeout=40, what="the next turn")
    wait_js(page, "window.__notes.length >= 1")
    assert page.evaluate("window.__notes")[0] == "¡Tu turno!"
    assert page.evaluate("window.tapeteChimes") > chimes, "no sound at the turn with the sound on"
    page.evaluate("window.__hidden = false")
    assert not story_words(page)
    assert not page.errors, page.errors


def luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_a_dark_system_gets_a_dark_theme(open_page: Any) -> None:
    page = open_page(DESKTOP)
    page.emulate_media(color_scheme="dark")
    page.goto("/#/new/bacan")
    page.wait_for_selector("[data-testid=new-table]")
    for selector in ("body", "[data-testid=new-table]"):
        background, colour = page.eval_on_selector(
            selector, "el => { const s = getComputedStyle(el); return [s.backgroundColor, s.color]; }"
        )
        assert luminance(background) < 0.25 and luminance(colour) > 0.7, (selector, background, colour)
    page.emulate_media(color_scheme="light")
    background = page.eval_on_selector("body", "el => getComputedStyle(el).backgroundColor")
    assert luminance(background) > 0.8, background
    assert not page.errors, page.errors
