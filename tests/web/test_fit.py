"""Every game fits the screen: at 1280×800 and 390×844 the table and the hand are seen
without scrolling, mid-match and with a round's result on screen, in Spanish and English;
and nothing on screen then is an engine value (a repr, a rule id, a face token, coordinates,
a named seat by number).

`TAPETE_SCREENSHOTS=1 pytest tests/web/test_fit.py` also writes the README's screenshots
to docs/screenshots/<game>-<size>-<lang>.png (and <game>-result-<size>-<lang>.png).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.game_settings import every, settings

from .conftest import ROOT
from .helpers import Page, create_table, own_name, own_short_name, state, wait_js, wait_until
from .play import play_moves, play_until_a_result

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
FAST = {"bot_delay_ms": 30, "reaction_window_ms": 200, "result_pause_seconds": 0}
SAVE = os.environ.get("TAPETE_SCREENSHOTS", "") not in ("", "0")
SCREENSHOTS = ROOT / "docs" / "screenshots"
ENGLISH_SHOTS = {g for g, c in every().items() if c.ENGLISH_SHOTS}  # the README: every game in Spanish, some in English

# (game, players, options, moves before looking, whether this is the README's screenshot): each game's FIT_CASES
CASES: list[tuple[str, int, dict[str, Any] | None, int, bool]] = [
    (g, *case) for g, c in every().items() for case in c.FIT_CASES
]
# where each game's hand lies on the table (its FIT_HAND)
HANDS = [c.FIT_HAND for c in every().values()]

# What does not fit, measured in the page: a page that scrolls, a board that scrolls inside its
# holder, a card of the hand outside the viewport, a seat chip whose text is cut.
FIT_JS = """([needHand, wholeTable, hands]) => {
  const problems = [];
  const page = document.scrollingElement;
  const vw = window.innerWidth, vh = window.innerHeight;
  if (page.scrollHeight > vh) problems.push(`the page scrolls: ${page.scrollHeight} > ${vh}`);
  if (page.scrollWidth > vw) problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${vw}`);
  const holder = document.querySelector('.board-holder');
  if (wholeTable && holder && holder.scrollHeight > holder.clientHeight + 1) {
    problems.push(`the table scrolls: ${holder.scrollHeight} > ${holder.clientHeight}`);
  }
  const hand = document.querySelectorAll(hands.map((where) => `${where} .card-btn`).join(', '));
  if (needHand && !hand.length) problems.push('no hand on screen');
  for (const card of hand) {
    const r = card.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5) {
      const where = `${Math.round(r.left)},${Math.round(r.top)}`;
      problems.push(`a hand card outside the screen: ${card.getAttribute('aria-label')} at ${where}`);
    }
  }
  const chips = document.querySelector('.seat-chips');
  if (chips && chips.scrollWidth > chips.clientWidth) problems.push('the seat chips run off the side');
  for (const el of document.querySelectorAll('.seat-chip, .seat-chip *')) {
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`a seat chip is cut: ${el.textContent}`);
    const r = el.getBoundingClientRect();
    if (r.right > vw + 0.5 || r.bottom > vh) problems.push(`a seat chip off the screen: ${el.textContent}`);
  }
  const result = document.querySelector('[data-testid=result-panel]');
  if (result) {
    const r = result.getBoundingClientRect();
    if (r.top < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5) problems.push('the result panel is off the screen');
    const button = result.querySelector('[data-testid=dismiss-result]').getBoundingClientRect();
    if (button.bottom > Math.min(vh, r.bottom) + 0.5) problems.push('the result panel\\'s button is hidden');
  }
  return problems;
}"""


def settled_fit(page: Page, args: list[Any], tries: int = 3) -> list[str]:
    """FIT_JS's problems, only if they last: the bots play on meanwhile, and a card caught mid-animation
    (a flip, a landing) may stick out of its row for a frame; a board that does not fit stays so."""
    problems: list[str] = page.evaluate(FIT_JS, args)
    for _ in range(tries - 1):
        if not problems:
            break
        page.wait_for_timeout(400)
        problems = page.evaluate(FIT_JS, args)
    return problems


def look(page: Page, shot: str | None, lang: str, result: bool = False) -> dict[str, list[str]]:
    """Check the fit at both sizes; save the screenshots when asked. Returns the problems by size.

    With a round's result on screen the hand may be empty (Boon plays every card, a player goes
    out), and on a phone the result takes the foot of the screen above the tabs: the board shrinks
    and may scroll inside its holder while the hand stays pinned in sight and the page stays put."""
    found = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(900)  # flips, dice and flying cards land; the board fits itself on resize
        while not result and page.locator("[data-testid=dismiss-result]").count():
            page.click("[data-testid=dismiss-result]")  # a WANTED battle's result: read (it has its own test)
        found[size] = settled_fit(page, [not result, not (result and size == "phone"), HANDS])
        if result:  # the whole result is read without scrolling inside its panel
            inner = page.evaluate("""() => [...document.querySelectorAll('[data-testid=result-panel] .result-text')]
                .filter((el) => el.scrollHeight > el.clientHeight + 1)
                .map((el) => `result scrolls inside: ${el.scrollHeight} > ${el.clientHeight}`)""")
            found[size] = found[size] + inner
        if SAVE and shot:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            save_screenshot(page, SCREENSHOTS / f"{shot}-{size}-{lang}.png")
    return {size: problems for size, problems in found.items() if problems}


# Engine values a player must never read: a Python or JSON repr, a rule id, coordinates, a seat
# by number (every seat here has a name), an empty value written out ("None of your cards fits" is English).
ENGINE_TEXT = re.compile(
    r"[\[\]{}]|\bNone\b(?! of\b)|\bTrue\b|\bFalse\b|\bnull\b|\bundefined\b|\b[A-Z]{3}-\d+\b|\(-?\d+, ?-?\d+\)"
    r"|\b(Asiento|Seat) \d"
)
# a face token, card id, phase or option key as the engine spells it ("oro-6", "10-h", "round_over")
TOKEN = re.compile(r"^[A-Za-z0-9]+[-_][A-Za-z0-9_-]+$")


def engine_tokens(value: Any) -> set[str]:
    """Every token-like string of a view or legal list (faces, ids, phases, keys)."""
    if isinstance(value, str):
        return {value} if TOKEN.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(engine_tokens(v) | engine_tokens(k) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(engine_tokens(v) for v in value)) if value else set()
    return set()


def engine_text(page: Page) -> list[str]:
    """What on screen (the board, prompt, chips, log, result) is an engine value rather than words."""
    text = page.locator("body").inner_text()
    s = state(page)
    found = [m.group(0) for m in ENGINE_TEXT.finditer(text)]
    tokens = engine_tokens(s["view"]) | engine_tokens([e["action"] for e in s["legal"]])
    tokens.discard(s["view"]["game"])
    found += [tok for tok in tokens if re.search(rf"(?<![\w-]){re.escape(tok)}(?![\w-])", text)]
    return found


def save_screenshot(page: Page, path: Path) -> None:
    """A screenshot for the README, in 256 colours when Pillow is there (a third of the bytes)."""
    page.screenshot(path=str(path))
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as shot:
        small = shot.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def switch_language(page: Page, lang: str) -> None:
    if page.evaluate("document.documentElement.lang") != lang:
        page.click("[data-testid=lang-switch]")
        wait_js(page, f"document.documentElement.lang === '{lang}'")
        wait_js(page, "!document.querySelector('[data-testid=log]')?.innerText.includes('…')")


def play(page: Page, game: str, moves: int) -> None:
    """Make `moves` moves of this seat, then wait for its turn (the hand is then the one to act with)."""
    play_moves(page, game, moves, timeout=60)
    wait_until(page, lambda s: s["seat"] in s["required"] and bool(s["legal"]), what="this seat's turn")


@pytest.mark.parametrize(("game", "players", "options", "moves", "shot"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_table_fits_the_screen(
    game: str, players: int, options: dict[str, Any] | None, moves: int, shot: bool, open_page: Any
) -> None:
    table_fits(open_page(SIZES["desktop"]), game, players, options, moves, shot, own_short_name())


def table_fits(
    page: Page, game: str, players: int, options: dict[str, Any] | None, moves: int, shot: bool, name: str
) -> None:
    create_table(page, game, players=players, options=options, table_options=FAST, name=name)
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    play(page, game, moves)
    problems = {}
    for lang in ("es", "en"):
        switch_language(page, lang)
        shot_name = game if shot and (lang == "es" or game in ENGLISH_SHOTS) else None
        problems.update({f"{lang} {size}": p for size, p in look(page, shot_name, lang).items()})
        if words := engine_text(page):
            problems[f"{lang} text"] = words
    assert not problems, problems
    assert not page.errors, page.errors


def test_ten_wanted_seats_with_a_long_name_fit_a_phone(open_page: Any) -> None:
    """A long name ("Valentina Gil") at a full WANTED table: the board cuts it short (an ellipsis),
    never a taller board (it scrolled on a phone: 598 > 584 px, where "Ada" fitted)."""
    name = own_name("Valentina")
    table_fits(open_page(SIZES["desktop"]), "wanted", 10, {"mode": "pandillas"}, 1, False, name)


def result_fits(
    page: Page, game: str, players: int, options: dict[str, Any] | None, shot: str, english_shot: bool = True
) -> None:
    """Play to a round's result on a new table; at both sizes, in es and en, the page does not scroll,
    the panel and its button are seen and the whole result is read without scrolling inside the panel."""
    # the round pause stays, longer than the looks take: the table waits on the panel (the match is long:
    # its first round is not its last)
    table = {"bot_delay_ms": 20, "reaction_window_ms": 150, "result_pause_seconds": 120}
    create_table(page, game, players=players, options=options, table_options=table, name=own_short_name())
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    play_until_a_result(page, game)
    problems = {}
    for lang in ("es", "en"):
        switch_language(page, lang)
        name = shot if lang == "es" or english_shot else None
        problems.update({f"{lang} {size}": p for size, p in look(page, name, lang, result=True).items()})
        if words := engine_text(page):
            problems[f"{lang} text"] = words
    assert not problems, problems
    page.set_viewport_size(SIZES["phone"])
    page.click("[data-testid=dismiss-result]")
    assert not page.locator("[data-testid=result-panel]").count()
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", list(every()))
def test_the_round_result_fits_the_screen(game: str, open_page: Any) -> None:
    """With a round's result on screen the page still does not scroll and the panel and its button are seen."""
    setup: dict[str, Any] = settings(game).FIT_RESULT
    page = open_page(SIZES["desktop"])
    result_fits(page, game, setup["players"], setup.get("options"), f"{game}-result", game in ENGLISH_SHOTS)


# the longest results: eight seats, each with its cards (Bacan) or its bounty and losses (WANTED Tiroteo)
BIG_RESULTS = [("bacan", None), ("wanted", {"mode": "tiroteo"})]


@pytest.mark.parametrize(("game", "options"), BIG_RESULTS, ids=[game for game, _ in BIG_RESULTS])
def test_an_eight_seat_round_result_fits_the_screen(game: str, options: dict[str, Any] | None, open_page: Any) -> None:
    """Eight seats' result (Bacan's was 456 px in a 241 px panel at 1280×800, WANTED Tiroteo's 342):
    while it is read the panel takes the side's whole height (a phone: the board's), no inner scroll."""
    result_fits(open_page(SIZES["desktop"]), game, 8, options, f"result-8-seats-{game}")


def holding_a_comodin(message: str) -> str:
    """A Bacan state message at this seat's turn, rewritten to the fullest tool bar the game has: a
    drawn comodín (every power) while a mirror window is open. Only the client sees the change."""
    sent = json.loads(message)
    view = sent.get("view") or {}
    me = sent.get("seat")
    my_turn = me is not None and view.get("turn") == me and view.get("phase") in ("turn", "drawn")
    if view.get("game") != "bacan" or not my_turn:
        return message
    others = [seat for seat in range(len(view["rows"])) if seat != me]
    view.update(phase="drawn", holding=me, held="comodin", held_source="deck", window=True)
    actions: list[dict[str, Any]] = [
        {"type": "discard"},
        {"type": "exchange", "seat": me, "slot": 0},
        {"type": "mirror", "slot": 0},
    ]
    actions += [{"type": "secret", "slot": slot} for slot in range(len(view["rows"][me]["cards"]))]
    actions += [{"type": "spy", "seat": seat, "slot": 0} for seat in others]
    actions += [{"type": "plus_one", "seat": seat} for seat in others]
    sent.update(legal=[{"action": action} for action in actions], required=[me])
    return json.dumps(sent)


def test_a_drawn_comodin_fits_a_phone_with_eight_players(open_page: Any) -> None:
    """The tallest Bacan board: eight rows, a drawn comodín's four powers, its discard and a mirror.
    On a phone the tools take their short names (two rows, not three) and the table does not scroll;
    random matches reached this state only now and then (it failed one run in seven)."""
    page = open_page(SIZES["desktop"])

    def relay(socket: Any) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda sent: socket.send(holding_a_comodin(sent) if isinstance(sent, str) else sent))
        socket.on_message(server.send)

    page.route_web_socket(re.compile(r".*/ws/.*"), relay)
    create_table(page, "bacan", players=8, table_options=FAST, name=own_short_name())
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")

    def holding(s: dict[str, Any]) -> bool:
        return bool(s["view"]["phase"] == "drawn" and s["view"]["holding"] == s["seat"])

    # the deal's moves (a dealer chooses how many cards are peeked at, then everyone peeks) until the turn
    for _ in range(4):
        if holding(state(page)):
            break
        play_moves(page, "bacan", 1, timeout=60)
        time.sleep(0.3)  # the bots' peeks and the turn's state arrive
    wait_until(page, holding, what="a comodín")
    problems = {}
    for lang in ("es", "en"):
        switch_language(page, lang)
        assert page.locator("[data-testid=tool-plus_one]").get_attribute("aria-label") == (
            "+1 a alguien" if lang == "es" else "+1 to someone"
        )  # the full name stays the button's name
        problems.update({f"{lang} {size}": p for size, p in look(page, None, lang).items()})
    assert not problems, problems
    page.set_viewport_size(SIZES["phone"])
    assert page.locator("[data-testid=tool-spy]").inner_text() == "Espía"


def test_phone_panels_open_as_a_sheet_and_close(open_page: Any) -> None:
    """On a phone the log, scores, moves and table panels are tabs at the foot; a tab opens its panel
    over the board, the ✕ closes it; the page never scrolls."""
    page = open_page(SIZES["phone"])
    create_table(page, "boon", players=3, table_options=FAST, name=own_short_name())
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    log = page.locator("[data-testid=log]")
    assert not log.is_visible()
    page.click("[data-tab=log]")
    assert log.is_visible()
    page.click("[data-tab=moves]")
    page.wait_for_selector("[data-testid=moves], .side .panel .muted")
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    page.click(".side-close")
    assert not page.locator(".side .panel").is_visible()
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    assert not page.errors, page.errors


def test_screenshots_are_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shots = sorted(p.name for p in Path(SCREENSHOTS).glob("*.png"))
    assert shots, "no screenshots in docs/screenshots"
    missing = [name for name in shots if f"docs/screenshots/{name}" not in readme]
    assert not missing, f"screenshots the README does not link: {missing}"


BOON_LABEL_CLEAR_JS = """() => {
  const label = document.querySelector('.boon-stack .pile-label');
  if (!label) return 'no Boon on the table';
  const l = label.getBoundingClientRect();
  return [...document.querySelectorAll('.boon-seat')].filter((seat) => {
    const s = seat.getBoundingClientRect();
    return l.left < s.right && s.left < l.right && l.top < s.bottom && s.top < l.bottom;
  }).map((seat) => `the Boon's label lies over ${seat.innerText.split('\\n')[0]}`);
}"""


def test_the_boons_label_lies_over_no_seat(open_page: Any) -> None:
    """While the Boon waits in the middle of the table, its label ("la Bendición (3)") keeps off the
    seat below it, on a phone too (it was drawn over the bottom seat's name)."""
    page = open_page(SIZES["phone"])
    create_table(page, "boon", players=3, table_options={"bot_delay_ms": 3000}, name="Ana")
    wait_until(page, lambda s: s["status"] == "playing" and s["view"]["phase"] == "bid", what="the bidding")
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        page.wait_for_timeout(300)
        assert page.evaluate(BOON_LABEL_CLEAR_JS) == [], size
    assert not page.errors, page.errors
