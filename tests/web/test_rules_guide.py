"""The rules page teaches each game: the guide's sections in the page's language,
its cards drawn by the table's renderer (SVG), the reglamento collapsed at the end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tapete.games import game_ids

from .conftest import DESKTOP, PHONE

RULE_ID = re.compile(r"\b[A-Z]{3}-\d+\b")
TITLES = {
    "es": ("Objetivo", "Tu turno, paso a paso", "Puntuación", "Ejemplos", "Opciones de la mesa"),
    "en": ("Goal", "Your turn, step by step", "Scoring", "Examples", "Table options"),
}
OPTION_KEYS = (  # the keys that are no word of either language
    "anti_bacan",
    "discard_draw_from_lap",
    "joker_power",
    "mirror_match",
    "hand_size",
    "all_contacts_must_match",
)


def _check_guide(page: Any, lang: str) -> None:
    guide = page.locator("[data-testid=guide]")
    page.wait_for_selector("[data-testid=guide-examples]")
    text = guide.inner_text()
    for title in TITLES[lang]:
        assert title in text, title
    cards = page.locator("[data-testid=guide-card] svg[role=img]")
    assert cards.count() >= 4, "the guide draws its cards with the table's art"
    assert page.locator("[data-testid=guide-example]").count() >= 2
    reglamento = page.locator("[data-testid=reglamento]")
    assert reglamento.get_attribute("open") is None, "the reglamento starts collapsed"
    assert reglamento.locator("summary").inner_text() == ("Reglamento" if lang == "es" else "Rulebook")
    seen = page.locator("main").inner_text()  # what is on screen: the closed reglamento shows its title only
    assert not RULE_ID.search(seen), RULE_ID.search(seen)
    assert not [k for k in OPTION_KEYS if k in seen]


@pytest.mark.parametrize("game", game_ids())
def test_rules_page_is_a_guide_with_the_reglamento_collapsed(open_page: Any, game: str, shots: Path) -> None:
    page = open_page({"width": 1280, "height": 800})
    page.goto(f"/#/rules/{game}")
    _check_guide(page, "es")
    if game == "nacho-loco":  # the examples' playfields, drawn with the table's segments
        assert page.locator("[data-testid=guide-field] svg polygon").count() > 10
    page.screenshot(path=str(shots / f"rules-guide-{game}-es-1280.png"), full_page=True)
    page.locator("[data-testid=reglamento] summary").click()
    assert page.locator("[data-testid=reglamento]").get_attribute("open") is not None
    assert RULE_ID.search(page.locator("[data-testid=reglamento]").inner_text()), "the reglamento keeps the rule ids"
    page.click("[data-testid=lang-switch]")
    page.wait_for_selector(f"text={TITLES['en'][0]}")
    _check_guide(page, "en")
    page.screenshot(path=str(shots / f"rules-guide-{game}-en-1280.png"), full_page=True)
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("lang", ["es", "en"])
def test_rules_page_fits_a_phone(open_page: Any, game: str, lang: str, shots: Path) -> None:
    page = open_page(PHONE)
    page.goto("/#/")
    if lang == "en":
        page.click("[data-testid=lang-switch]")
    page.goto(f"/#/rules/{game}")
    _check_guide(page, lang)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width}px"
    if game == "wanted":
        outlaw = page.locator("[data-testid=guide-card] svg[role=img]").first
        assert "$" in outlaw.inner_html(), "WANTED's cards carry their reward, as on the table"
    page.screenshot(path=str(shots / f"rules-guide-{game}-{lang}-390.png"), full_page=True)
    assert not page.errors, page.errors


def test_rules_page_from_desktop_default(open_page: Any) -> None:
    page = open_page(DESKTOP)
    page.goto("/#/rules/boon")
    _check_guide(page, "es")
    assert "Modo Menor" in page.locator("[data-testid=guide-turn]").inner_text()
