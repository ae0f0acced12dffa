"""The game registry: the five games, by the ids people and records use.

Each package exposes `GAME`, an instance of its `Game` subclass with the id
it is listed under. Every listed game must load: an import error in a game,
a package without `GAME` or a `GAME` under another id is raised when the
registry is first read, never turned into a shorter list (the conformance
suite and every parametrized test iterate over `game_ids()`).
"""

from __future__ import annotations

import importlib
from functools import cache

from tapete.engine import Game, UnknownGame

# Game id -> package name under tapete.games (or a whole module path, for a game
# listed from elsewhere by `register`). Ids are interfaces: keep them as written.
PACKAGES = {
    "bacan": "bacan",
    "buracco": "buracco",
    "nacho-loco": "nacho_loco",
    "boon": "boon",
    "wanted": "wanted",
}


class GameNotRegistered(RuntimeError):
    """A listed game package that does not expose its `GAME` properly (a bug)."""


def module_of(game_id: str) -> str:
    """The module path of a listed game's package."""
    package = PACKAGES[game_id]
    return package if "." in package else f"{__name__}.{package}"


def register(game_id: str, package: str) -> None:
    """List one more game, from a package anywhere on the path (`GAME` in it, with
    its client pieces where its `client` facts say). The registry is read anew."""
    PACKAGES[game_id] = package
    _games.cache_clear()


def unregister(game_id: str) -> None:
    """Take a game `register` listed off the list again."""
    PACKAGES.pop(game_id, None)
    _games.cache_clear()


def _load(game_id: str) -> Game:
    """The registered game; any error in its package is raised."""
    name = module_of(game_id)
    module = importlib.import_module(name)
    game = vars(module).get("GAME")
    if not isinstance(game, Game) or game.id != game_id:
        raise GameNotRegistered(f"{name}.GAME must be the Game with id {game_id!r}, not {game!r}")
    return game


@cache
def _games() -> dict[str, Game]:
    return {g: _load(g) for g in PACKAGES}


def game_ids() -> tuple[str, ...]:
    """Ids of every game, in the canonical order (each one loads, or this raises)."""
    return tuple(_games())


def get_game(game_id: str) -> Game:
    game = _games().get(game_id)
    if game is None:
        known = ", ".join(PACKAGES)
        raise UnknownGame(
            f"Juego desconocido: {game_id!r}. Juegos: {known}.",
            f"Unknown game: {game_id!r}. Games: {known}.",
        )
    return game


def all_games() -> list[Game]:
    return list(_games().values())
