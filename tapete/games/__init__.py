"""The game registry: every game package under tapete.games that exists.

Each package exposes `GAME`, an instance of its `Game` subclass. A game that
has not been written yet is simply absent from `game_ids()`.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from tapete.engine import Game, UnknownGame

# Game id -> package name. Ids are interfaces: keep them as written.
PACKAGES = {
    "bacan": "bacan",
    "buracco": "buracco",
    "nacho-loco": "nacho_loco",
    "boon": "boon",
    "wanted": "wanted",
}


def _module_name(game_id: str) -> str:
    return f"{__name__}.{PACKAGES[game_id]}"


@cache
def game_ids() -> tuple[str, ...]:
    """Ids of the games whose package is present, in the canonical order."""
    return tuple(g for g in PACKAGES if importlib.util.find_spec(_module_name(g)) is not None)


@cache
def get_game(game_id: str) -> Game:
    if game_id not in game_ids():
        known = ", ".join(game_ids())
        raise UnknownGame(
            f"Juego desconocido: {game_id!r}. Juegos: {known}.",
            f"Unknown game: {game_id!r}. Games: {known}.",
        )
    module = importlib.import_module(_module_name(game_id))
    game: Game = module.GAME
    return game


def all_games() -> list[Game]:
    return [get_game(g) for g in game_ids()]
