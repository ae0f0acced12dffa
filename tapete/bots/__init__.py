"""Game-agnostic players and the factory that names every bot kind."""

from __future__ import annotations

import random
from collections.abc import Callable

from tapete.engine import Bot, Game, TapeteError

from .random_bot import RandomBot
from .search import ISMCTSBot, PolicyImprovementBot, search_bot_factory

# Bot kinds by name; "heuristic" is each game's own player. The names of the
# search levels are interfaces: "ismcts-easy" is a tree search, "ismcts" and
# "ismcts-hard" the policy-improvement bot (tapete.bots.search.config.LEVELS).
BOT_KINDS: dict[str, Callable[[Game, random.Random], Bot]] = {
    "random": lambda game, rng: RandomBot(rng),
    "heuristic": lambda game, rng: game.heuristic_bot(rng),
    "ismcts": search_bot_factory("normal"),
    "ismcts-easy": search_bot_factory("easy"),
    "ismcts-hard": search_bot_factory("hard"),
}


def kinds_for(game: Game) -> list[str]:
    """The bot kinds a game offers."""
    return list(BOT_KINDS)


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


__all__ = ["BOT_KINDS", "ISMCTSBot", "PolicyImprovementBot", "RandomBot", "UnknownBot", "kinds_for", "make_bot"]
