"""Tournaments in the browser: one person makes a Swiss of Boon with two bots, another joins,
the organiser starts it and is taken to their own seat; the page reads in both languages."""

from __future__ import annotations

from typing import Any

from .helpers import own_name, spanish_leftovers, wait_js, wait_until

ROWS = "document.querySelectorAll('[data-testid=standings] tbody tr').length"


def named(page: Any, name: str) -> None:
    page.goto("/")
    page.evaluate(f"localStorage.setItem('tapete.name', JSON.stringify({name!r}))")


def test_a_swiss_made_joined_started_and_played_from_the_page(open_page: Any) -> None:
    ana = open_page()
    named(ana, own_name("Tomasa"))
    ana.goto("/#/tournaments")
    form = "[data-testid=new-tournament]"
    ana.select_option(f"{form} select[name=kind]", "swiss")
    ana.select_option(f"{form} select[name=game]", "boon")
    ana.fill(f"{form} input[name=name]", "Copa de Boon")
    ana.fill(f"{form} input[name=rounds]", "1")
    ana.fill(f"{form} input[name=bots]", "2")
    ana.click(f"{form} button[type=submit]")
    # generous: making the identity and the tournament waited behind a loaded machine's other servers
    wait_js(ana, "location.hash.startsWith('#/tournament/')", timeout=60)
    wait_js(ana, f"{ROWS} === 3", timeout=60)  # Ana and the two bots
    where = ana.evaluate("location.hash")

    bea = open_page()
    berta = own_name("Berta")
    named(bea, berta)
    bea.goto(f"/{where}")
    bea.click("[data-testid=join-tournament]")
    wait_js(bea, f"{ROWS} === 4")
    assert berta in bea.locator("[data-testid=standings]").inner_text()

    ana.click("[data-testid=start-tournament]")
    ana.click("[data-testid=my-tournament-table]")
    wait_until(ana, lambda s: s["seat"] is not None and s["status"] == "playing", what="Ana at her tournament seat")

    bea.goto(f"/{where}")
    bea.click("[data-testid=lang-switch]")
    wait_js(bea, "document.querySelector('[data-testid=tournament-status]')?.innerText.includes('Swiss')")
    assert not spanish_leftovers(bea)
    assert not ana.errors and not bea.errors, (ana.errors, bea.errors)
