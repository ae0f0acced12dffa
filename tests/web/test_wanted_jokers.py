"""WANTED's two jokers differ in colour only: the browser's card art tells them
apart by its text too (compared without any style), in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

# Both jokers drawn by the page's own cards.js, side by side, in the given language;
# each card's words as read without colour.
DRAW_JOKERS = """async (lang) => {
  const i18n = await import("/js/i18n.js");
  await (await import("/js/games/index.js")).loadGames();  // the games' words are in the catalogue
  const cards = await import("/js/games/wanted/art.js");
  i18n.setLang(lang);
  const info = { name: "Forajido", skill: 8, reward: 25, increment: null, decrement: null };
  const row = document.createElement("div");
  row.id = "jokers";
  row.style.cssText = "display:flex;gap:12px;padding:12px;background:#fff";
  const words = [];
  for (const face of ["joker-rojo", "joker-negro"]) {
    const card = cards.wantedCard(face, info);
    row.append(card);
    words.push(Array.from(card.querySelectorAll("text"), (node) => node.textContent).join(" "));
  }
  document.getElementById("jokers")?.remove();
  document.body.prepend(row);
  return words;
}"""


@pytest.mark.parametrize(("lang", "red", "black"), [("es", "ROJO", "NEGRO"), ("en", "RED", "BLACK")])
def test_the_two_jokers_read_differently_without_colour(
    lang: str, red: str, black: str, open_page: Any, shots: Path
) -> None:
    page = open_page()
    page.goto("/")
    red_words, black_words = page.evaluate(DRAW_JOKERS, lang)
    assert red_words != black_words
    assert red in red_words.split() and black not in red_words.split(), red_words
    assert black in black_words.split() and red not in black_words.split(), black_words
    page.locator("#jokers").screenshot(path=str(shots / f"wanted-jokers-{lang}.png"))
    assert not page.errors, page.errors
