"""Game-agnostic players and the factory that names every bot kind."""

from __future__ import annotations

import random
from collections.abc import Callable

from tapete.engine import Bot, Game, TapeteError

from .ismcts import ISMCTSBot, ismcts_factory
from .random_bot import RandomBot

# Bot kinds by name; "heuristic" is each game's own player. Search bots add
# themselves here (e.g. "ismcts").
BOT_KINDS: dict[str, Callable[[Game, random.Random], Bot]] = {
    "random": lambda game, rng: RandomBot(rng),
    "heuristic": lambda game, rng: game.heuristic_bot(rng),
    "ismcts": ismcts_factory("normal"),
    "ismcts-easy": ismcts_factory("easy"),
    "ismcts-hard": ismcts_factory("hard"),
}


class UnknownBot(TapeteError):
    code = "unknown_bot"


def make_bot(kind: str, game: Game, seed: int) -> Bot:
    """A fresh bot of `kind` for one seat, with its own RNG."""
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        known = ", ".join(BOT_KINDS)
        raise UnknownBot(
            f"Bot desconocido: {kind!r}. Bots: {known}.",
            f"Unknown bot: {kind!r}. Bots: {known}.",
        ) from None
    return factory(game, random.Random(seed))


__all__ = ["BOT_KINDS", "ISMCTSBot", "RandomBot", "UnknownBot", "make_bot"]
