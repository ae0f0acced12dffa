"""The new-table form and the table's panel in words (issue 36, finding 7): help lines are
sentences, never rule ids; Boon's payout table is said band by band; a bot level has one name
in the form, the stand-in list and the chip; the reaction window is offered only where a game
has one; an option of another mode (WANTED's deals outside Pandillas) is not listed."""

from __future__ import annotations

from typing import Any

import pytest

from tapete.bots import BOT_KINDS
from tapete.engine.bot_names import bot_level
from tests.game_settings import every

from .conftest import DESKTOP
from .helpers import create_table, own_name, wait_until
from .test_fit import ENGINE_TEXT, engine_text

FAST = {"bot_delay_ms": 40, "result_pause_seconds": 0}

# every option key of every game and of the tables, as /api/games lists them
OPTION_KEYS_JS = """async () => {
  const data = await (await fetch('/api/games')).json();
  return [...data.games.flatMap((g) => g.options.map((o) => o.key)), ...data.table_options.map((o) => o.key)];
}"""


def story_words(page: Any) -> list[str]:
    """What a player reads at a table that is the story's machinery, not words: test_fit's engine
    text (ids, lists, reprs, rule ids, coordinates, seats by number, the view's tokens) and any
    option key ("reaction_window_ms", "only_when")."""
    found = engine_text(page)
    text = page.locator("body").inner_text()
    keys = {key for key in page.evaluate(OPTION_KEYS_JS) if "_" in key} | {"only_when", "choice_labels"}
    found += [key for key in keys if key in text]
    return found


def open_form(page: Any, game: str) -> None:
    page.goto(f"/#/new/{game}")
    page.wait_for_selector("[data-testid=new-table]")
    if not page.eval_on_selector("form details", "d => d.open"):
        page.click("form details summary")


def form_text(page: Any) -> str:
    text: str = page.locator("[data-testid=new-table]").inner_text()
    return text


@pytest.mark.parametrize("game", list(every()))
def test_the_form_speaks_in_words(game: str, open_page: Any) -> None:
    page = open_page(DESKTOP)
    for lang in ("es", "en"):
        open_form(page, game)
        if page.evaluate("document.documentElement.lang") != lang:
            page.click("[data-testid=lang-switch]")
            page.wait_for_selector(f"html[lang={lang}] [data-testid=new-table]")
            if not page.eval_on_selector("form details", "d => d.open"):
                page.click("form details summary")
        text = form_text(page)
        # (the form numbers its seats, "Asiento 2": nobody sits there yet to be named)
        found = [m.group(0) for m in ENGINE_TEXT.finditer(text) if not m.group(0).startswith(("Asiento", "Seat"))]
        assert not found, (lang, found)
        # one name per level: the seat's level list and the stand-in list read the same names
        seat_levels = page.locator("[data-seat-level='1'] option").all_inner_texts()
        stand_in = page.locator("#topt-stand_in option").all_inner_texts()
        offered = page.eval_on_selector_all("[data-seat-level='1'] option", "os => os.map((o) => o.value)")
        assert seat_levels == [bot_level(kind, lang) for kind in offered], seat_levels
        assert set(stand_in) <= {bot_level(kind, lang) for kind in BOT_KINDS}, stand_in
        assert not any("ISMCTS" in name for name in seat_levels + stand_in)
        # the reaction window (Bacan's mirrors) only where a game has reactions
        assert (page.locator("#topt-reaction_window_ms").count() == 1) == (game == "bacan"), game
    assert not page.errors, page.errors


def test_bacan_help_lines_are_sentences(open_page: Any) -> None:
    page = open_page(DESKTOP)
    open_form(page, "bacan")
    helps = page.locator("[data-testid=new-table] .field small").all_inner_texts()
    assert helps and all(len(h.split()) >= 4 for h in helps), helps
    assert "Quien llega al límite de puntos queda eliminado" in form_text(page)


def test_wanted_deals_only_in_pandillas(open_page: Any) -> None:
    page = open_page(DESKTOP)
    open_form(page, "wanted")
    assert page.locator("[data-option=deals]").count() == 0  # Duelo, the default mode
    page.select_option("[data-option=mode]", "pandillas")
    page.wait_for_selector("[data-option=deals]")
    page.select_option("[data-option=mode]", "duelo")
    page.wait_for_selector("[data-option=deals]", state="detached")
    create_table(page, "wanted", players=2, options={"mode": "duelo"}, table_options=FAST, name=own_name("Ana"))
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    page.click("[data-tab=table]")
    page.wait_for_selector("[data-option-shown=mode]")
    panel = page.locator(".table-info").inner_text()
    assert "Repartos" not in panel and "Deals" not in panel, panel
    assert "Desempates" in panel, panel
    assert not story_words(page)
    assert not page.errors, page.errors


def test_boon_payouts_in_words(open_page: Any) -> None:
    page = open_page(DESKTOP)
    open_form(page, "boon")
    words = page.locator("[data-testid=words-payouts]")
    assert "cada defensor le da 3 cartas de victoria" in words.inner_text()
    page.fill("[data-option=payouts]", "2,2,1,0,-1,-2")
    assert "con 31 a 60, nadie paga" in words.inner_text(), words.inner_text()
    page.fill("[data-option=payouts]", "3,2,1,-1,-2,-3")
    create_table(page, "boon", players=3, table_options=FAST, name=own_name("Ana"))
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    page.click("[data-tab=table]")
    page.wait_for_selector("[data-option-shown=payouts]")
    line = page.locator("[data-option-shown=payouts]").inner_text()
    assert "3,2,1" not in line and "el solitario da 3 cartas de victoria a cada defensor" in line, line
    page.click("[data-testid=lang-switch]")
    page.wait_for_selector("text=each defender gives the taker 3 victory cards")
    # a bot's chip names its level as the form does
    chips = page.locator(".seat-chip .seat-name").all_inner_texts()
    assert any(chip.endswith(f"· {bot_level('heuristic', 'en')}") for chip in chips), chips
    assert not story_words(page)
    assert not page.errors, page.errors


def test_the_leaderboard_names_a_bot_by_its_level_alone(open_page: Any) -> None:
    """A bot's row reads "Bot Normal", never its algorithm beside the level ("Bot Normal Reglas del
    juego bien pensadas (heurística)"): how it plays is only a tooltip."""
    page = open_page(DESKTOP)
    items = [
        {"rank": 1, "bot_level": "heuristic", "ordinal": 3.2, "matches": 9},
        {"rank": 2, "bot_level": "ismcts-easy", "ordinal": 1.1, "matches": 4},
    ]
    page.route(
        "**/api/ratings/boon*",
        lambda route: route.fulfill(json={"game": "boon", "items": items, "total": 2, "offset": 0, "limit": 20}),
    )
    page.goto("/#/ratings/boon")
    page.wait_for_selector("[data-testid=leaderboard]")
    rows = [name.strip() for name in page.locator("[data-testid=bot-level]").all_inner_texts()]
    assert rows == [f"Bot {bot_level('heuristic', 'es')}", f"Bot {bot_level('ismcts-easy', 'es')}"], rows
    assert page.locator("[data-testid=bot-level]").first.get_attribute("title")  # how it plays: a tooltip
