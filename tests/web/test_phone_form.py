"""The new-table form on a touch phone (issue 36, finding 6): at 390 px with touch emulation, every
select lies inside the screen, a tap on "Opciones de la mesa" opens the table options and a tap on
"Crear la mesa" creates the table (each tap lands on what it names, not on an element above it)."""

from __future__ import annotations

import re
from typing import Any

from tapete.games import game_ids

from .conftest import PHONE
from .helpers import own_name


def test_the_form_is_tapped_where_it_says_on_a_touch_phone(browser: Any, server_url: str) -> None:
    for game in game_ids():
        context = browser.new_context(viewport=PHONE, base_url=server_url, has_touch=True, is_mobile=True)
        try:
            page = context.new_page()
            page.set_default_timeout(10_000)
            errors: list[str] = []
            page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
            page.goto(f"/#/new/{game}")
            page.wait_for_selector("[data-testid=new-table]")
            page.wait_for_load_state("networkidle")  # the form is drawn again once the player counts come
            page.tap("form details summary")  # fails when another element would take the tap
            assert page.eval_on_selector("form details", "d => d.open"), game
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= PHONE["width"], f"{game}: the page pans sideways, {width}px"
            for select in page.locator("form select").all():
                box = select.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (game, box)
            if game == "wanted":  # one table made by a tap on "Crear la mesa"
                page.fill("[data-testid=player-name]", own_name("Tomasa"))
                page.locator("[data-testid=create]").scroll_into_view_if_needed()
                page.tap("[data-testid=create]")
                page.wait_for_url(re.compile(r"#/table/"))
            assert not errors, errors
        finally:
            context.close()
