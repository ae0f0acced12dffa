"""Per-game boards: `tapete/tui/games/<pkg>.py` exposes `BOARD`, a Board subclass,
and `glyph(face, lang)`, a card as its table draws it (the rules guide's cards).

The module is the game's `client.terminal` (tapete.engine.describe), or by
convention `tapete.tui.games.<package>`; a game without one is drawn by
`TextBoard` (its own render_text) and its cards by their face tokens.
Every legal move must be playable by a short key sequence (`Board.key`,
`key_state`): tests/tui/test_keys.py checks it over random matches, and
tests/tui/test_fit.py that the board fits 80x24 with the most players.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from rich.text import Text

from tapete.games import PACKAGES, get_game

from ..boards import Board, TextBoard
from .common import cell


def board_module(game_id: str) -> ModuleType | None:
    """The terminal module of a registered game, or None."""
    if game_id not in PACKAGES:
        return None
    game = get_game(game_id)
    name = game.client.terminal or f"{__name__}.{game.package().rpartition('.')[2]}"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        found = None
    return None if found is None else importlib.import_module(name)


def board_type(game_id: str) -> type[Board]:
    module = board_module(game_id)
    if module is None:
        return TextBoard
    board: type[Board] = module.BOARD
    return board


def glyph(game_id: str, face: str, lang: str) -> Text:
    """A card of the game as its terminal table draws it; its face token where it has no module."""
    module = board_module(game_id)
    draw = getattr(module, "glyph", None)
    if draw is None:
        return cell(face, "")
    found: Text = draw(face, lang)
    return found
