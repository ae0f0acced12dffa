"""A name another player holds is refused in words where it was typed (issue 36, finding 1): the
form says so and offers picking another, and signing in when a password protects the name; nobody
is seated under a look-alike of it.

`TAPETE_SCREENSHOTS=1 pytest tests/web/test_taken_name.py` also writes the refusal's screenshots to
docs/screenshots/taken-name-unprotected-<lang>-<size>.png."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path
from typing import Any

from .conftest import PHONE, ROOT
from .helpers import create_table, own_name, wait_js, wait_until
from .test_analysis import modest

LAPTOP = {"width": 1280, "height": 800}
DOCS_SHOTS = ROOT / "docs" / "screenshots"
# what the refusal says, in each language, when the name's holder has no password: pick another
UNPROTECTED = {
    "es": ("ya lo usa otro jugador", "elige otro", "Elegir otro nombre"),
    "en": ("Another player already uses that name", "choose another", "Choose another name"),
}


def post(server_url: str, path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> dict[str, Any]:
    request = urllib.request.Request(
        server_url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


def test_a_protected_name_is_refused_in_the_form_with_the_way_to_sign_in(open_page: Any, server_url: str) -> None:
    owner = post(server_url, "/api/players", {"name": "Remedios"})
    post(
        server_url,
        f"/api/players/{owner['player_id']}/password",
        {"password": "palabras-de-remedios"},
        {"X-Tapete-Player": f"{owner['player_id']}:{owner['secret']}"},
    )
    for typed in ("Remedios", "REMEDIOS", "Remedios\u2800"):  # the name, its case, a braille blank after it
        page = open_page()
        page.goto("/#/new/boon")
        page.wait_for_selector("[data-testid=new-table]")
        page.fill("[data-testid=player-name]", typed)
        page.click("[data-testid=create]")
        wait_js(page, "document.querySelector('[data-testid=form-error]').innerText.length > 0")
        said = page.inner_text("[data-testid=form-error]")
        assert "contraseña" in said and "elige otro" in said, said
        assert page.locator("[data-testid=sign-in-instead]").get_attribute("href") == "#/profile"
        assert page.locator("[data-testid=pick-another]").count() == 1  # or another name
        assert "#/new/boon" in page.url  # no table was made, nobody sat
        stored = page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('identity'))")
        assert all(
            json.loads(page.evaluate(f"localStorage.getItem({json.dumps(k)})") or "{}").get("name") != typed
            for k in stored
        )
        assert not page.errors, page.errors


def test_a_name_an_unprotected_identity_holds_is_refused_in_words_and_nobody_sits_as_it(
    open_page: Any, server_url: str, shots: Path
) -> None:
    """A second browser typing the name of an identity without a password (or one that reads like it)
    used to be seated all the same, as a look-alike with no identity. It is told in words, in es and
    en, where it typed the name, with the way on: another name, which seats it."""
    host = open_page(LAPTOP)
    taken = own_name("Lucía")
    table = create_table(host, "boon", players=3, seats={1: "human", 2: "human"}, name=taken)
    code = host.locator("[data-testid=invite-code]").inner_text().strip()
    first, _, surname = taken.partition(" ")
    small_capital_a = "\u1d00"  # "ᴀ", drawn as an "a"
    typed_ways = (taken, taken.upper(), taken + "\u2800", first.replace("a", small_capital_a) + " " + surname)
    folders = [shots] + ([DOCS_SHOTS] if os.environ.get("TAPETE_SCREENSHOTS") == "1" else [])
    for lang, typed in (("es", typed_ways[0]), ("es", typed_ways[2]), ("en", typed_ways[1]), ("en", typed_ways[3])):
        guest = open_page(LAPTOP)
        guest.goto("/")
        guest.evaluate(f"localStorage.setItem('tapete.lang', {json.dumps(lang)})")
        guest.goto(f"/#/join/{code}")
        guest.reload()  # the language is read as the page loads
        guest.wait_for_selector("[data-testid=join-form]")
        guest.fill("[data-testid=player-name]", typed)
        guest.click("[data-testid=join]")
        wait_js(guest, "document.querySelector('[data-testid=form-error]').innerText.length > 0")
        said = guest.inner_text("[data-testid=form-error]")
        assert all(words in said for words in UNPROTECTED[lang]), said
        assert guest.locator("[data-testid=sign-in-instead]").count() == 0  # nobody's password to sign in with
        assert guest.get_attribute("[data-testid=player-name]", "aria-invalid") == "true"
        assert f"#/join/{code}" in guest.url  # not seated
        assert guest.evaluate("localStorage.getItem('tapete.identity')") is None  # no look-alike identity either
        if typed == taken or typed == taken.upper():
            for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
                guest.set_viewport_size(viewport)
                guest.locator("[data-testid=form-error]").scroll_into_view_if_needed()
                for folder in folders:
                    guest.screenshot(path=str(folder / f"taken-name-unprotected-{lang}-{size}.png"))
                    if folder == DOCS_SHOTS:
                        modest(folder / f"taken-name-unprotected-{lang}-{size}.png")
            guest.set_viewport_size(LAPTOP)
        assert not guest.errors, guest.errors  # type: ignore[attr-defined]
    maker = open_page(PHONE)  # the new-table form says the same where its name was typed
    maker.goto("/#/new/boon")
    maker.wait_for_selector("[data-testid=new-table]")
    maker.fill("[data-testid=player-name]", typed_ways[1])
    maker.click("[data-testid=create]")
    wait_js(maker, "document.querySelector('[data-testid=form-error]').innerText.length > 0")
    assert all(words in maker.inner_text("[data-testid=form-error]") for words in UNPROTECTED["es"])
    assert "#/new/boon" in maker.url and maker.evaluate("localStorage.getItem('tapete.identity')") is None
    seats = json.loads(urllib.request.urlopen(f"{server_url}/api/tables/{table}", timeout=10).read())
    assert [s["taken"] for s in seats["seats"]] == [True, False, False]  # nobody sat as a look-alike
    # the way on: another name, chosen where the refusal points, seats the person under it
    guest.click("[data-testid=pick-another]")
    assert guest.evaluate("document.activeElement?.dataset.testid") == "player-name"
    other = own_name("Lucas")
    guest.keyboard.type(other)  # the typed name was selected: typing replaces it
    guest.click("[data-testid=join]")
    guest.wait_for_url(re.compile(rf"#/table/{table}$"))
    wait_until(guest, lambda s: s["seat"] == 1, what="the seat under the other name")
    assert guest.evaluate("JSON.parse(localStorage.getItem('tapete.identity')).name") == other
