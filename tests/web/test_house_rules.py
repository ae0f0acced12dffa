"""The rules page ends with the game's house rules, in the page's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import DESKTOP


def test_rules_page_lists_the_house_rules(open_page: Any, shots: Path) -> None:
    page = open_page(DESKTOP)
    page.goto("/#/rules/nacho-loco")
    page.click("[data-testid=reglamento] summary")  # the house rules close the collapsed reglamento
    page.wait_for_selector("text=Reglas de la casa")
    text = page.locator(".markdown").inner_text()
    assert "El campo no tiene borde" in text
    assert "«Todos los contactos deben coincidir»" not in text  # no house rule of Nacho Loco names that option
    page.get_by_role("heading", name="Reglas de la casa").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "rules-house-nacho-es.png"))
    page.click("[data-testid=lang-switch]")
    page.click("[data-testid=reglamento] summary")
    page.wait_for_selector("text=House rules")
    assert "The field has no edge" in page.locator(".markdown").inner_text()
    page.goto("/#/rules/wanted")
    page.click("[data-testid=reglamento] summary")
    page.wait_for_selector("text=House rules")
    assert "“Deals in Pandillas”" in page.locator(".markdown").inner_text()
    assert not page.errors, page.errors
