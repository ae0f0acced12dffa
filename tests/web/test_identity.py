"""The browser's player identity: made on first need and kept; one the server no longer
knows is forgotten and replaced on a lobby call, and dropped from the hello (the seat
still opens) on a socket."""

from __future__ import annotations

import json
from typing import Any

from .helpers import create_table, wait_js, wait_until

IDENTITY = "JSON.parse(localStorage.getItem('tapete.identity'))"


def test_an_identity_the_server_does_not_know_is_replaced(open_page: Any) -> None:
    page = open_page()
    page.goto("/")
    stranger = {"player_id": "nobody-here", "secret": "not-a-secret", "name": "Aitana"}
    page.evaluate(f"localStorage.setItem('tapete.identity', {json.dumps(json.dumps(stranger))})")
    table = create_table(page, "wanted", players=2, name="Aitana", table_options={"bot_delay_ms": 0})
    wait_until(page, lambda s: s["seat"] == 0, what="the seat")
    made = page.evaluate(IDENTITY)
    assert made["player_id"] != "nobody-here" and made["name"] == "Aitana"
    page.goto("/#/me")
    page.wait_for_selector("[data-testid=profile-title]")
    assert page.locator("[data-testid=profile-title]").inner_text() == "Aitana"

    # A secret the server refuses on hello: the seat opens all the same, and the identity is forgotten.
    page.evaluate(f"localStorage.setItem('tapete.identity', {json.dumps(json.dumps({**made, 'secret': 'wrong'}))})")
    page.goto(f"/#/table/{table}")
    page.reload()
    wait_until(page, lambda s: s["seat"] == 0, what="the seat again, without the refused identity")
    wait_js(page, "localStorage.getItem('tapete.identity') === null")
    assert not page.errors, page.errors


def test_the_profile_page_makes_an_identity_and_renames_it(open_page: Any) -> None:
    page = open_page()
    page.goto("/#/me")
    page.fill("[data-testid=profile-name]", "Carla")
    page.click("[data-testid=make-profile] button")
    page.wait_for_selector("[data-testid=profile-title]")
    first = page.evaluate(IDENTITY)
    assert first["name"] == "Carla" and first["secret"]
    page.fill("[data-testid=rename-input]", "Carla M.")
    page.click("[data-testid=rename] button")
    wait_js(page, "document.querySelector('[data-testid=profile-title]')?.innerText === 'Carla M.'")
    assert page.evaluate(IDENTITY) == {**first, "name": "Carla M."}
    page.reload()
    page.wait_for_selector("[data-testid=profile-title]")
    assert page.locator("[data-testid=profile-title]").inner_text() == "Carla M."  # as the server has it
    # The history arrives by its own request after the title: wait for it rather than read "Cargando…".
    wait_js(
        page,
        "document.querySelector('[data-testid=history]')?.parentElement.innerText"
        ".includes('Aún no hay partidas terminadas')",
    )
    assert not page.errors, page.errors


def test_a_profile_the_server_does_not_know_asks_for_a_new_one(open_page: Any) -> None:
    page = open_page()
    page.goto("/")
    stranger = {"player_id": "nobody-here", "secret": "not-a-secret", "name": "Ana"}
    page.evaluate(f"localStorage.setItem('tapete.identity', {json.dumps(json.dumps(stranger))})")
    page.goto("/#/me")
    page.wait_for_selector("[data-testid=make-profile]")
    assert page.evaluate(IDENTITY) is None
    assert not page.errors, page.errors
