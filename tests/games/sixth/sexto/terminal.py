"""Sexto in the terminal: drawn by its own text (TextBoard), its cards as green chips."""

from __future__ import annotations

from rich.text import Text

from tapete.tui.boards import TextBoard
from tapete.tui.games.common import cell

BOARD = TextBoard


def glyph(face: str, lang: str) -> Text:
    """A card as a chip: its value on green ("e3" -> " 3 ")."""
    return cell(face.removeprefix("e"), "bold white on dark_green")
