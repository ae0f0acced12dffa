"""Per-game boards: `tapete/tui/games/<pkg>.py` exposes `BOARD`, a Board subclass.

A game without a module here is drawn by `TextBoard` (its own render_text).
Every legal move must be playable by a short key sequence (`Board.key`,
`key_state`): tests/tui/test_keys.py checks it over random matches, and
tests/tui/test_fit.py that the board fits 80x24 with the most players.
"""

from __future__ import annotations

import importlib
import importlib.util

from tapete.games import PACKAGES

from ..boards import Board, TextBoard


def board_type(game_id: str) -> type[Board]:
    package = PACKAGES.get(game_id)
    if package is None:
        return TextBoard
    name = f"{__name__}.{package}"
    if importlib.util.find_spec(name) is None:
        return TextBoard
    board: type[Board] = importlib.import_module(name).BOARD
    return board
