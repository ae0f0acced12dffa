"""The game registry: every game package under tapete.games that exists.

Each package exposes `GAME`, an instance of its `Game` subclass. A game is
listed by `game_ids()` only once it registers properly: its package imports
and exposes `GAME`, the `Game` with the id it is listed under. A game not
written yet, or half written (a package missing one of its own modules, or
without `GAME`), is simply absent; any other error in a game package is a
bug and is raised.
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


def _load(game_id: str) -> Game | None:
    """The registered game, or None if its package is absent or half written."""
    name = _module_name(game_id)
    if importlib.util.find_spec(name) is None:
        return None
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is not None and (err.name == name or err.name.startswith(name + ".")):
            return None  # one of the package's own modules is not written yet
        raise
    game = getattr(module, "GAME", None)
    if game is None:
        return None  # its __init__ does not register it yet
    if not isinstance(game, Game) or game.id != game_id:
        raise TypeError(f"{name}.GAME must be the Game with id {game_id!r}, not {game!r}")
    return game


@cache
def game_ids() -> tuple[str, ...]:
    """Ids of the games that register properly, in the canonical order."""
    return tuple(g for g in PACKAGES if _load(g) is not None)


@cache
def get_game(game_id: str) -> Game:
    if game_id not in game_ids():
        known = ", ".join(game_ids())
        raise UnknownGame(
            f"Juego desconocido: {game_id!r}. Juegos: {known}.",
            f"Unknown game: {game_id!r}. Games: {known}.",
        )
    game = _load(game_id)
    assert game is not None
    return game


def all_games() -> list[Game]:
    return [get_game(g) for g in game_ids()]
