"""Two friends in two browsers: a WANTED duel, chat both ways (typed words and a
quick phrase each reads in their own language), a rematch at the same table with
the same seats, then each profile lists both matches with replays that open, and
the game's leaderboard shows both players. Screens in es and en at 1280x800 and 390x844."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from tests.game_settings import settings

from .conftest import PHONE
from .helpers import Page, create_table, shoot, spanish_leftovers, state, wait_js, wait_until
from .play import wait_for_answers

LAPTOP = {"width": 1280, "height": 800}
SIZES = {"laptop": LAPTOP, "phone": PHONE}
OPTIONS = {"mode": "duelo", "deals": 1, "replays": 0}
TABLE = {"bot_delay_ms": 0, "result_pause_seconds": 0}
MATCH_SECONDS = 120


def play_to_the_end(pages: list[Page]) -> None:
    """Both people make their moves through the board until the duel is over."""
    done = {id(page): -1 for page in pages}
    deadline = time.monotonic() + MATCH_SECONDS
    while not all(state(page)["view"]["over"] for page in pages):
        assert time.monotonic() < deadline, "the duel did not end in time"
        moved = False
        for page in pages:
            s = state(page)
            if s["view"]["over"] or s["seat"] not in s["required"] or not s["legal"] or s["version"] == done[id(page)]:
                continue
            done[id(page)] = s["version"]
            settings("wanted").web_move(page, s)
            wait_for_answers(page)
            moved = True
        if not moved:
            time.sleep(0.05)


def shows(page: Page, testid: str, text: str) -> None:
    """Wait until the element with that test id says `text`."""
    wait_js(page, f"(document.querySelector('[data-testid={testid}]')?.innerText || '').includes({json.dumps(text)})")


def chat_lines(page: Page) -> str:
    text: str = page.locator("[data-testid=chat-lines]").inner_text()
    return text


def unread(page: Page) -> str:
    text: str = page.locator("[data-testid=chat-button] .chat-count").inner_text()
    return text


def no_codes_on_screen(page: Page) -> None:
    text = page.locator("body").inner_text()
    for word in ("null", "undefined", "None", "rate_limited", "bad_chat", "chat_off", "player_id"):
        assert not re.search(rf"\b{word}\b", text), f"{word!r} on screen: {text[:400]}"


def sit_two(
    open_page: Any,
    viewport: dict[str, int] = LAPTOP,
    public: bool | None = None,
    names: tuple[str, str] = ("Anabel", "Benito"),
) -> tuple[Page, Page, str]:
    """Anabel makes a duel table and Benito joins it by its code; both see it start. The match id too.
    A name is one identity's on a server, so each test of the shared server brings names of its own."""
    ana = open_page(viewport)
    first = create_table(
        ana, "wanted", players=2, seats={1: "human"}, options=OPTIONS, table_options=TABLE, name=names[0], public=public
    )
    code = ana.locator("[data-testid=invite-code]").inner_text().strip()
    beto = open_page(viewport)
    beto.goto(f"/#/join/{code}")
    beto.fill("[data-testid=player-name]", names[1])
    beto.click("[data-testid=join]")
    beto.wait_for_url(re.compile(r"#/table/"))
    for page in (ana, beto):
        wait_until(page, lambda s: s["status"] == "playing", what="the duel to start")
    return ana, beto, first


def test_friends_chat_rematch_profiles_and_leaderboard(open_page: Any, shots: Path) -> None:
    ana, beto, first = sit_two(open_page)
    seats = {"Anabel": state(ana)["seat"], "Benito": state(beto)["seat"]}
    assert sorted(seats.values()) == [0, 1]
    identities = [page.evaluate("JSON.parse(localStorage.getItem('tapete.identity'))") for page in (ana, beto)]
    assert all(who and who["player_id"] and who["secret"] for who in identities), identities
    assert identities[0]["player_id"] != identities[1]["player_id"]

    # Chat: Anabel writes, Benito (in English) sees an unread count, reads it and answers with a quick phrase.
    beto.click("[data-testid=lang-switch]")
    wait_js(beto, "document.documentElement.lang === 'en'")
    wait_until(beto, lambda s: s["status"] == "playing", what="Benito's socket in English")
    ana.click("[data-testid=chat-button]")
    ana.fill("[data-testid=chat-input]", "¡Hola, Benito! <b>suerte</b>")
    ana.click("[data-testid=chat-send]")
    shows(ana, "chat-lines", "¡Hola, Benito!")
    wait_js(beto, "document.querySelector('[data-testid=chat-button] .chat-count').innerText === '1'")
    beto.click("[data-testid=chat-button]")
    assert "¡Hola, Benito! <b>suerte</b>" in chat_lines(beto)  # inserted as text, never as markup
    assert beto.locator("[data-testid=chat-lines] b").count() == 0
    beto.click("[data-phrase=good_luck]")
    shows(ana, "chat-lines", "¡Suerte!")
    shows(beto, "chat-lines", "Good luck!")
    assert "Benito" in chat_lines(ana) and "Anabel" in chat_lines(beto)
    beto.fill("[data-testid=chat-input]", "x" * 300)  # the longest line the table takes
    beto.click("[data-testid=chat-send]")
    shows(ana, "chat-lines", "x" * 300)
    # A line that is nothing once cleaned (bidi overrides only) is refused, in words.
    beto.fill("[data-testid=chat-input]", "\u202e\u202d")
    beto.click("[data-testid=chat-send]")
    shows(beto, "chat-status", "between 1 and 300 characters")
    # Benito mutes Anabel for himself; then Anabel floods the table with quick phrases and is told to slow down.
    beto.click("[data-testid=chat-mutes] summary")
    beto.check("[data-mute=Anabel]")
    for _ in range(8):
        ana.click("[data-phrase=thanks]")
    shows(ana, "chat-status", "Vas muy rápido")
    shows(ana, "chat-lines", "Gracias")
    shows(beto, "chat-lines", "hidden messages from muted people")
    assert "Thanks" not in chat_lines(beto) and "¡Hola, Benito!" not in chat_lines(beto)
    # kept by who Anabel is (her player identity's key), not by a name someone else may share
    assert beto.evaluate("JSON.parse(localStorage.getItem('tapete.mutedSenders'))") == [
        f"player:{identities[0]['player_id']}"
    ]
    beto.uncheck("[data-mute=Anabel]")
    shows(beto, "chat-lines", "Thanks")
    # Someone watching writes too, marked as a spectator for everyone.
    watcher = open_page(PHONE)
    watcher.goto(f"/#/table/{first}")
    wait_until(watcher, lambda s: s["status"] == "playing" and s["seat"] is None, what="the spectator's view")
    watcher.click("[data-testid=chat-button]")
    shows(watcher, "chat-lines", "¡Hola, Benito!")  # the table's last lines, from hello
    watcher.fill("[data-testid=chat-input]", "¡Vamos!")
    watcher.click("[data-testid=chat-send]")
    wait_js(ana, "[...document.querySelectorAll('.chat-line.spectator')].some(l => l.innerText.includes('¡Vamos!'))")
    assert "espectador" in ana.locator(".chat-line.spectator").last.inner_text()
    # A second spectator: the two are told apart by name, and muting one leaves the other's lines. (Two
    # anonymous spectators behind one address are one sender, so that a reconnect keeps a mute: this one
    # watches with a player identity of its own.)
    other = open_page(PHONE)
    other.goto("/")
    other.evaluate("""async () => {
      const made = await fetch("/api/players", {method: "POST", headers: {"Content-Type": "application/json"},
                                                body: JSON.stringify({name: "Carmela"})});
      const who = await made.json();
      localStorage.setItem("tapete.identity", JSON.stringify({player_id: who.player_id, secret: who.secret,
                                                              name: who.name}));
    }""")
    other.goto(f"/#/table/{first}")
    wait_until(other, lambda s: s["status"] == "playing" and s["seat"] is None, what="a second spectator")
    other.click("[data-testid=chat-button]")
    other.fill("[data-testid=chat-input]", "¡Ánimo!")
    other.click("[data-testid=chat-send]")
    shows(ana, "chat-lines", "¡Ánimo!")
    names = ana.eval_on_selector_all(".chat-line.spectator .chat-name", "els => els.map(e => e.innerText)")
    assert len(names) == 2 and names[0] != names[1], names
    ana.click("[data-testid=chat-mutes] summary")
    ana.check(f"[data-mute='{names[0]}']")
    wait_js(ana, "!document.querySelector('[data-testid=chat-lines]').innerText.includes('¡Vamos!')")
    assert "¡Vamos!" not in chat_lines(ana) and "¡Ánimo!" in chat_lines(ana)
    ana.uncheck(f"[data-mute='{names[0]}']")
    shows(ana, "chat-lines", "¡Vamos!")
    ana.click("[data-testid=chat-mutes] summary")
    shoot(ana, shots, "friends-chat-es", SIZES)
    shoot(beto, shots, "friends-chat-en", SIZES)
    assert not spanish_leftovers(beto), spanish_leftovers(beto)
    for page in (ana, beto):
        page.set_viewport_size(LAPTOP)
        page.keyboard.press("Escape")  # closes the drawer: the board is all there
        wait_js(page, "document.querySelector('[data-testid=chat]').hidden")

    # The duel, then the rematch: Anabel asks, Benito sees her name and accepts; both move to the new match.
    play_to_the_end([ana, beto])
    for page in (ana, beto):
        page.wait_for_selector("[data-testid=rematch-yes]")
    beto.click("[data-testid=summary-chat]")  # the summary covers the top bar: the chat opens from it
    beto.click("[data-phrase=good_game]")
    shows(ana, "chat-button", "1")  # Anabel's unread count, on the button the summary hides
    beto.keyboard.press("Escape")
    ana.click("[data-testid=rematch-yes]")
    shows(beto, "rematch-answers", "Anabel")
    shoot(ana, shots, "friends-rematch-es", SIZES)
    shoot(beto, shots, "friends-rematch-en", SIZES)
    beto.click("[data-testid=rematch-yes]")
    for page in (ana, beto):
        page.wait_for_url(lambda url: "#/table/" in url and not url.endswith(first))
    second = ana.url.rsplit("/", 1)[-1]
    assert beto.url.rsplit("/", 1)[-1] == second != first
    watcher.wait_for_url(lambda url: url.endswith(f"#/table/{second}"))  # the spectator follows the table
    for page, name in ((ana, "Anabel"), (beto, "Benito")):
        s = wait_until(page, lambda s: s["status"] == "playing" and s["seat"] is not None, what="the rematch to start")
        assert s["seat"] == seats[name]
        assert {seat["name"] for seat in s["seats"]} == {"Anabel", "Benito"}
    # Reload-safe: opening the finished match again leads on to the rematch, still in the same seat.
    ana.goto(f"/#/table/{first}")
    ana.wait_for_url(lambda url: url.endswith(f"#/table/{second}"))
    wait_until(ana, lambda s: s["table"] == second and s["seat"] == seats["Anabel"], what="Anabel back in the rematch")
    play_to_the_end([ana, beto])

    # Each profile: both matches, newest first, with replays that open.
    for page, name in ((ana, "Anabel"), (beto, "Benito")):
        page.goto("/#/me")
        wait_js(page, "document.querySelectorAll('[data-testid=history] [data-match]').length === 2")
        assert name in page.locator("[data-testid=profile-title]").inner_text()
        listed = page.eval_on_selector_all("[data-testid=history] [data-match]", "els => els.map(e => e.dataset.match)")
        assert listed == [second, first], listed
        assert page.locator("[data-testid=history-more]").is_hidden()  # nothing more to fetch
        assert page.locator("[data-testid=profile-ratings] [data-game=wanted]").count() == 1
        no_codes_on_screen(page)
    shoot(ana, shots, "friends-profile-es", SIZES)
    shoot(beto, shots, "friends-profile-en", SIZES)
    assert not spanish_leftovers(beto), spanish_leftovers(beto)
    for index in (0, 1):
        ana.goto("/#/me")
        ana.locator("[data-testid=history-replay]").nth(index).click()
        ana.wait_for_selector("[data-testid=replay]")
        wait_js(ana, "/\\d+ de \\d+/.test(document.querySelector('[data-testid=replay-step]')?.innerText || '')")
        assert ana.url.endswith((second, first)[index])

    # Anabel protects her profile with a password and signs in on another device (a phone): same history.
    ana.goto("/#/me")
    ana.fill("[data-testid=password-input]", "tapete-de-ana")
    ana.click("[data-testid=password] button")
    wait_js(ana, "document.querySelector('[data-testid=password] .form-message').innerText.includes('Anabel')")
    phone = open_page(PHONE)
    phone.goto("/#/me")
    phone.fill("[data-testid=login-name]", "Anabel")
    phone.fill("[data-testid=login-password]", "not her password")
    phone.click("[data-testid=login] button")
    wait_js(phone, "document.querySelector('[data-testid=login] .form-message').innerText.length > 0")
    assert phone.evaluate("localStorage.getItem('tapete.identity')") is None
    phone.fill("[data-testid=login-password]", "tapete-de-ana")
    phone.click("[data-testid=login] button")
    wait_js(phone, "document.querySelectorAll('[data-testid=history] [data-match]').length === 2")
    assert phone.locator("[data-testid=profile-title]").inner_text() == "Anabel"
    device = phone.evaluate("JSON.parse(localStorage.getItem('tapete.identity'))")
    assert device["player_id"] == identities[0]["player_id"] and device["secret"] != identities[0]["secret"]

    # The leaderboard of WANTED: both friends by name, the viewer's own row marked.
    for page in (ana, beto):
        page.goto("/#/ratings/wanted")
        page.wait_for_selector("[data-testid=leaderboard]")
        board = page.locator("[data-testid=leaderboard]").inner_text()
        assert "Anabel" in board and "Benito" in board, board
        assert page.locator("[data-testid=leaderboard] tr.me").count() == 1
        no_codes_on_screen(page)
    shoot(ana, shots, "friends-leaderboard-es", SIZES)
    ana.click("[data-testid=leaderboard] a:text('Benito')")  # someone's public profile
    wait_js(ana, "document.querySelectorAll('[data-testid=history] [data-match]').length === 2")
    assert ana.locator("[data-testid=profile-title]").inner_text() == "Benito"
    assert ana.locator("[data-testid=rename]").count() == 0  # nothing to change on someone else's
    assert re.search(r"\b(Ganó|No ganó)\b", ana.locator("[data-testid=history]").inner_text())
    shoot(beto, shots, "friends-leaderboard-en", SIZES)
    assert not spanish_leftovers(beto), spanish_leftovers(beto)
    for page in (ana, beto, watcher, other, phone):
        assert not page.errors, page.errors


def test_who_declines_the_rematch_stays(open_page: Any) -> None:
    """Baltasar says no thanks, Aurora asks: the rematch starts with Baltasar's seat open; Aurora goes there and
    waits for a player, Baltasar stays at the finished match with a way to watch it."""
    ana, beto, first = sit_two(open_page, PHONE, names=("Aurora", "Baltasar"))
    play_to_the_end([ana, beto])
    beto.click("[data-testid=rematch-no]")
    shows(ana, "rematch-answers", "No juegan la revancha: Baltasar")
    shows(beto, "rematch", "Has dicho que no a la revancha")
    ana.click("[data-testid=rematch-yes]")
    ana.wait_for_url(lambda url: "#/table/" in url and not url.endswith(first))
    wait_until(ana, lambda s: s["status"] == "waiting" and s["seat"] is not None, what="the rematch waiting for a seat")
    beto.wait_for_selector("[data-testid=rematch-go]")
    assert beto.url.endswith(first)
    assert beto.locator("[data-testid=rematch-go]").inner_text() == "Mirar la revancha"
    beto.click("[data-testid=rematch-go]")
    wait_until(beto, lambda s: s["seat"] is None and s["status"] == "waiting", what="Baltasar watching the rematch")
    assert beto.url.endswith(ana.url.rsplit("/", 1)[-1])
    for page in (ana, beto):
        no_codes_on_screen(page)
        assert not page.errors, page.errors


def test_a_private_rematch_invites_someone_to_the_declined_seat(open_page: Any) -> None:
    """At a private table (no code in the lobby) Bernardo declines the rematch: Alba, waiting at the new
    match, has its own invitation code and link to share, and Candela sits in Bernardo's seat with it."""
    ana, beto, first = sit_two(open_page, public=False, names=("Alba", "Bernardo"))
    old_code = ana.evaluate(f"localStorage.getItem('tapete.code.{first}')")
    beto_seat = state(beto)["seat"]
    play_to_the_end([ana, beto])
    beto.click("[data-testid=rematch-no]")
    shows(ana, "rematch-answers", "Bernardo")
    ana.click("[data-testid=rematch-yes]")
    ana.wait_for_url(lambda url: "#/table/" in url and not url.endswith(first))
    second = ana.url.rsplit("/", 1)[-1]
    wait_until(ana, lambda s: s["status"] == "waiting" and s["seat"] is not None, what="the rematch waiting for a seat")
    ana.wait_for_selector("[data-testid=waiting] [data-testid=invite-code]")
    code = ana.locator("[data-testid=waiting] [data-testid=invite-code]").inner_text().strip()
    assert code and code != old_code
    link = ana.locator("[data-testid=waiting] [data-testid=invite-link]").input_value()
    assert link.endswith(f"#/join/{code}")
    carla = open_page(PHONE)
    carla.goto(link)
    carla.fill("[data-testid=player-name]", "Candela")
    carla.click("[data-testid=join]")
    carla.wait_for_url(lambda url: url.endswith(f"#/table/{second}"))
    for page in (ana, carla):
        s = wait_until(page, lambda s: s["status"] == "playing" and s["seat"] is not None, what="the rematch to start")
    assert s["seat"] == beto_seat
    assert {seat["name"] for seat in s["seats"]} == {"Alba", "Candela"}
    for page in (ana, beto, carla):
        no_codes_on_screen(page)
        assert not page.errors, page.errors


def test_a_spectator_is_told_in_words_when_only_players_may_chat(open_page: Any) -> None:
    ana = open_page(LAPTOP)
    table = create_table(
        ana, "wanted", players=2, name="Adela", options=OPTIONS, table_options={**TABLE, "spectator_chat": False}
    )
    wait_until(ana, lambda s: s["status"] == "playing", what="the duel against a bot")
    watcher = open_page(PHONE)
    watcher.goto(f"/#/table/{table}")
    wait_until(watcher, lambda s: s["seat"] is None, what="the spectator's view")
    watcher.click("[data-testid=chat-button]")
    watcher.fill("[data-testid=chat-input]", "hola")
    watcher.click("[data-testid=chat-send]")
    shows(watcher, "chat-status", "los espectadores no pueden escribir")
    ana.click("[data-testid=chat-button]")
    ana.click("[data-phrase=good_luck]")  # the players still may
    shows(watcher, "chat-lines", "¡Suerte!")
    assert "hola" not in chat_lines(ana)
    for page in (ana, watcher):
        no_codes_on_screen(page)
        assert not page.errors, page.errors
