"""The home page's "Mis partidas / My games" (GET /api/players/{id}/tables) and the turn-based
options of the new-table form: the tables where it is your turn come first, in words in es and en."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .conftest import PHONE
from .helpers import create_table, my_turn, own_name, wait_until

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}


def switch_to(page: Any, lang: str) -> None:
    if page.evaluate("document.documentElement.lang") != lang:
        page.click("[data-testid=lang-switch]")
        page.wait_for_selector(f"html[lang={lang}]")


def test_my_games_lists_your_turn_first_and_the_form_offers_turn_based_tables(open_page: Any, shots: Path) -> None:
    page = open_page(SIZES["desktop"])
    page.goto("/#/new/bacan")  # Bacan's mirrors need everyone at once: no pace to choose
    page.wait_for_selector("[data-testid=new-table]")
    page.click("form details summary")
    assert page.locator("#topt-pace").count() == 0 and page.locator("#topt-turn_seconds").count() == 1

    # a turn-based Boon against two bots: they move at once, then it is Ana's turn (for days)
    create_table(
        page,
        "boon",
        name=own_name("Ana"),
        table_options={"pace": "turn-based", "time_bank_hours": 72, "bot_delay_ms": 0},
        public=False,  # (kept out of the open tables other tests read)
    )
    wait_until(page, my_turn, what="Ana's turn")
    page.wait_for_selector("[data-clock]")  # her clock in words, not in seconds ("te quedan 3 días")
    clock = page.locator("[data-clock]").first.text_content() or ""
    assert re.match(r"te quedan (3 días|2 días 23 h)⏱ ", clock), clock
    # then a live Buracco waiting for a friend: newer, but not her turn
    create_table(page, "buracco", seats={1: "human"}, public=False)

    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for lang, turn, first_words, second_words in (
            ("es", "¡Te toca!", ("Por turnos · 3 días por jugada", "quedan 2 días 23 h"), "Esperando jugadores"),
            ("en", "Your turn!", ("Turn-based · 3 days per move", "2 days 23 h left"), "Waiting for players"),
        ):
            page.goto("/")  # (a full load: a table page just opened may still be drawing itself)
            switch_to(page, lang)
            page.wait_for_selector("[data-testid=my-games], [data-testid=my-games-none]")
            games = page.locator("[data-testid=my-game]")
            assert games.count() == 2, page.locator(".my-games").inner_text()
            first, second = games.nth(0).inner_text(), games.nth(1).inner_text()
            assert first.startswith("Boon") and turn in first and all(w in first for w in first_words), first
            assert "Buracco" in second and second_words in second and turn not in second, second
            assert "turn-based" not in first.replace("Turn-based", "") and "live" not in second  # no engine value
            page.locator("[data-testid=my-games]").scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"my-games-{size}-{lang}.png"))

            # the form: what happens when a bank runs out, said before the table is made
            page.goto("/#/new/boon")
            page.wait_for_selector("[data-testid=new-table]")
            if not page.eval_on_selector("form details", "d => d.open"):
                page.click("form details summary")
            page.select_option("#topt-pace", "turn-based")
            page.wait_for_selector("#topt-time_bank_hours")
            form = page.locator("[data-testid=new-table]").inner_text()
            said = {
                "es": "el reemplazo automático hace esa jugada por ti (y el registro lo dice); tras 3 seguidas, "
                "se queda tu asiento hasta que vuelvas",
                "en": "your stand-in bot makes that one move for you (and the log says so); after 3 in a row, "
                "it keeps your seat until you are back",
            }[lang]
            assert said in form and page.locator("#topt-turn_seconds").count() == 0, form
            page.locator("#topt-match_days").scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"turn-based-form-{size}-{lang}.png"))
    assert not page.errors, page.errors
