"""The lobby in both languages: games with their rules in short, options, seats,
joining by code, watching a table, the rules page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tapete.games import game_ids, get_game

from .conftest import DESKTOP, PHONE
from .helpers import create_table, own_name, shoot, spanish_leftovers, wait_js, wait_until

GAMES = [get_game(g).name["es"] for g in game_ids()]  # in the registry's order


def test_home_lists_every_game_and_speaks_english_on_request(open_page: Any, shots: Path) -> None:
    page = open_page(PHONE)
    page.goto("/")
    page.wait_for_selector(".game-card")
    text = page.locator("body").inner_text()
    assert "Elige un juego" in text
    assert page.locator(".game-card h3").all_inner_texts() == GAMES
    shoot(page, shots, "home", {"phone": PHONE, "desktop": DESKTOP})
    page.click("[data-testid=lang-switch]")
    page.wait_for_selector("text=Choose a game")
    assert spanish_leftovers(page) == []
    page.reload()  # the choice is remembered
    page.wait_for_selector("text=Choose a game")
    page.click("[data-testid=lang-switch]")
    page.wait_for_selector("text=Elige un juego")
    assert not page.errors, page.errors


def test_new_table_form_shows_rules_in_short_and_options_in_both_languages(open_page: Any) -> None:
    page = open_page(DESKTOP)
    page.goto("/#/new/wanted")
    summary = page.locator("[data-testid=rules-summary]")
    summary.wait_for()
    assert "Duelo" in summary.inner_text() and "recompensa" in summary.inner_text()
    assert "Modalidad" in page.locator("[data-testid=new-table]").inner_text()
    page.click("[data-testid=lang-switch]")
    page.wait_for_selector("text=In a nutshell")
    assert "Mode" in page.locator("[data-testid=new-table]").inner_text()
    assert spanish_leftovers(page) == []
    # The player counts follow the mode (asked of the server): a duel is two, a shootout three or more.
    counts = "[...document.querySelectorAll('[data-testid=players] option')].map((o) => o.value).join(',')"
    wait_js(page, f"{counts} === '2'")
    page.select_option("[data-option=mode]", "tiroteo")
    wait_js(page, f"{counts} === '3,4,5,6,7,8,9,10'")
    assert page.locator("[data-testid=players]").input_value() == "3"


def test_table_options_stay_open_while_the_form_redraws(open_page: Any) -> None:
    # Changing a seat or an option redraws the form; the table options the user opened stay open.
    page = open_page(PHONE)
    page.goto("/#/new/boon")
    page.wait_for_selector("[data-testid=new-table]")
    page.click("form details summary")
    page.fill("#topt-bot_delay_ms", "40")
    page.select_option("[data-seat-type='1']", "human")
    page.select_option("[data-testid=players]", "3")
    assert page.eval_on_selector("form details", "d => d.open")
    assert page.locator("#topt-bot_delay_ms").input_value() == "40"
    page.click("form details summary")
    page.select_option("[data-seat-type='1']", "bot")
    assert not page.eval_on_selector("form details", "d => d.open")


def test_new_table_form_fits_a_phone(open_page: Any) -> None:
    # A seat's bot level reads long ("Reglas del juego bien pensadas (heurístico)"): the form
    # still fits 390 px, in both languages, table options open.
    page = open_page(PHONE)
    for lang in ("es", "en"):
        for game in game_ids():
            page.goto(f"/#/new/{game}")
            page.wait_for_selector("[data-testid=new-table]")
            page.click("form details summary")
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= PHONE["width"], f"{game} ({lang}): the form scrolls sideways, {width}px"
        page.click("[data-testid=lang-switch]")
    assert not page.errors, page.errors


def test_unknown_invitation_code_is_explained(open_page: Any) -> None:
    page = open_page(PHONE)
    page.goto("/#/join/ZZZZ2222")
    page.click("[data-testid=join]")
    error = page.locator("[data-testid=join-form] .error")
    error.wait_for()
    # the words only: an internal code never enters the sentence
    assert "Código de invitación desconocido" in error.inner_text() and "(invite-code)" not in error.inner_text()


def test_join_by_code_and_watch_a_table(open_page: Any) -> None:
    host = open_page(DESKTOP)
    table = create_table(host, "boon", players=3, seats={1: "human"}, table_options={"bot_delay_ms": 40})
    code = host.locator("[data-testid=invite-code]").inner_text()
    assert re.fullmatch(r"[A-Z2-9]{8}", code)
    friend = open_page(PHONE)
    friend.goto("/")
    friend.fill("[data-testid=join-code]", code.lower())
    friend.press("[data-testid=join-code]", "Enter")
    friend.wait_for_selector("[data-testid=join-form]")
    friend.click("[data-testid=join]")
    friend.wait_for_url(re.compile(rf"#/table/{table}$"))
    assert wait_until(friend, lambda s: s["status"] == "playing")["seat"] == 1
    # A spectator from the open tables list sees the table without any hand.
    watcher = open_page(DESKTOP)
    watcher.goto("/")
    watcher.locator(f"a[href='#/table/{table}']").first.click()
    s = wait_until(watcher, lambda s: s["status"] == "playing")
    assert s["seat"] is None and s["legal"] == [] and s["view"]["hand"] == []
    assert watcher.locator(".boon-hand").count() == 0
    for page in (host, friend, watcher):
        assert not page.errors, page.errors


def test_rules_page_in_both_languages(open_page: Any) -> None:
    page = open_page(DESKTOP)
    page.goto("/#/rules/bacan")
    page.wait_for_selector("[data-testid=reglamento] summary")
    page.click("[data-testid=reglamento] summary")
    assert "Mazo y valores" in page.locator(".markdown").inner_text()
    page.click("[data-testid=lang-switch]")
    page.wait_for_selector("text=Rulebook")
    page.click("[data-testid=reglamento] summary")
    page.wait_for_selector("text=Deck and values")
    assert "Mazo y valores" not in page.locator(".markdown").inner_text()
    assert not page.errors, page.errors


def test_open_tables_name_who_sits_there_and_a_table_everyone_left_is_gone(open_page: Any) -> None:
    """Two friends at a table of Boon: the home list names them; both leave, the match is called
    off (no bot plays it out) and the list no longer shows it."""
    host = open_page(DESKTOP)
    lucia, mateo = own_name("Lucía"), own_name("Mateo")
    table = create_table(host, "boon", players=3, seats={1: "human"}, name=lucia, table_options={"bot_delay_ms": 40})
    code = host.locator("[data-testid=invite-code]").inner_text()
    friend = open_page(PHONE)
    friend.goto("/")
    friend.fill("[data-testid=player-name]", mateo)
    friend.fill("[data-testid=join-code]", code)
    friend.press("[data-testid=join-code]", "Enter")
    friend.wait_for_selector("[data-testid=join-form]")
    friend.click("[data-testid=join]")
    friend.wait_for_url(re.compile(rf"#/table/{table}$"))
    wait_until(friend, lambda s: s["status"] == "playing")
    watcher = open_page(DESKTOP)
    watcher.goto("/")
    row = watcher.locator(".open-tables li", has=watcher.locator(f"a[href='#/table/{table}']"))
    row.wait_for()
    people = row.locator("[data-testid=table-people]").inner_text()
    assert lucia in people and mateo in people, people
    watcher.locator(f"a[href='#/table/{table}']").first.click()
    wait_until(watcher, lambda s: s["status"] == "playing")
    for page in (host, friend):
        page.on("dialog", lambda dialog: dialog.accept())
        page.click("[data-tab=table]")
        page.click("[data-testid=leave-table]")
        page.wait_for_url(re.compile(r"#/$"))
    state = wait_until(watcher, lambda s: s["status"] == "abandoned", what="the match called off")
    assert not state["view"].get("over")
    shown = watcher.locator("body").inner_text()
    assert "todos se habían ido" in shown
    assert not re.search(r"\b(Jugador|Asiento) \d", shown), shown  # the seats they left keep their names
    watcher.goto("/")
    watcher.wait_for_selector(".open-tables > *")  # the list has come
    assert watcher.locator(f".open-tables a[href='#/table/{table}']").count() == 0
    for page in (host, friend, watcher):
        assert not page.errors, page.errors
