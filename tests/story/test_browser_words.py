"""The browser's own words (js/i18n.js and each game's js/games/<game>/words.js), read without a
browser: a count of one is said in the singular ("1 carta", "Bury 1 more card"), WANTED counts
deals and battles, never rounds, and Bacan's pitch hides cards, not points (issue 36, finding 8)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "tapete" / "web" / "static" / "js"
FILES = [JS / "i18n.js", *sorted(JS.glob("games/*/words.js"))]
# "{n}" before a noun in the plural: the text needs its form for one (es1/en1)
COUNTED = re.compile(
    r"\{n\} (?:\w+ )?(cartas|fichas|jugadas|puntos|mensajes|partidas|jugadores|inscritos"
    r"|resultados|cards|tiles|moves|points|messages|matches|players|entries|results)\b"
)


def entries(path: Path) -> dict[str, dict[str, str]]:
    """The file's catalogue ({key: {es, en, es1?, en1?}}), its object literal read as JSON."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"(?:export default|export const STRINGS =) (\{.*?\n\});", text, re.S)
    assert found, path
    body = re.sub(r"^\s*//.*$", "", found.group(1), flags=re.M)
    body = re.sub(r"([{,]\s*)(es1|en1|es|en)\s*:", r'\1"\2":', body)
    body = re.sub(r",(\s*[}\]])", r"\1", body)
    read: dict[str, dict[str, str]] = json.loads(body)
    return read


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name if p.name == "words.js" else p.name)
def test_a_count_of_one_is_said_in_the_singular(path: Path) -> None:
    missing = [
        key
        for key, entry in entries(path).items()
        if any(COUNTED.search(entry.get(lang, "")) for lang in ("es", "en")) and not ("es1" in entry and "en1" in entry)
    ]
    assert not missing, f"{path.name}: no form for one in {missing}"


def test_no_plural_is_left_to_the_reader() -> None:
    """ "resultado(s)": a count says one or many, never both."""
    hedged = [
        (key, entry[lang])
        for path in FILES
        for key, entry in entries(path).items()
        for lang in ("es", "en", "es1", "en1")
        if re.search(r"\w\((s|es)\)", entry.get(lang, ""))
    ]
    assert not hedged, hedged


def test_wanted_says_deals_never_rounds() -> None:
    said = [
        (key, entry[lang])
        for key, entry in entries(JS / "games" / "wanted" / "words.js").items()
        for lang in ("es", "en", "es1", "en1")
        if re.search(r"\b(ronda|rondas|round|rounds)\b", entry.get(lang, ""), re.IGNORECASE)
    ]
    assert not said, said


def test_bacan_pitch_hides_cards_not_points() -> None:
    pitch = entries(JS / "games" / "bacan" / "words.js")["pitch.bacan"]
    assert "few points in your face-down cards" in pitch["en"], pitch["en"]
    assert "pocos puntos en tus cartas boca abajo" in pitch["es"], pitch["es"]


def test_a_clock_is_drawn_with_a_glyph_every_font_has() -> None:
    """The phone's prompt clock as the chip's (◔): "⏱" is an emoji a plain Linux font lacks (a box)."""
    clocks = {
        key: entry["es"] for key, entry in entries(JS / "i18n.js").items() if re.fullmatch(r"\W+ \{s\} s", entry["es"])
    }
    assert len(clocks) >= 2 and all(text.startswith("◔ ") for text in clocks.values()), clocks
