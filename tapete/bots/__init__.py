"""Game-agnostic players and the factory that names every bot kind."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from tapete.engine import Bot, Game, TapeteError

from .learned import LearnedBot, offers_learned
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
    # the network shipped for the game (tapete/models); offered only where it loads
    "learned": lambda game, rng: LearnedBot(game, rng),
}
# Kinds that need something a game may lack (a trained model), with the check.
NEEDS: dict[str, Callable[[Game], bool]] = {"learned": offers_learned}


def kinds_for(game: Game) -> list[str]:
    """The bot kinds a game offers: every kind, less those whose needs it lacks."""
    return [kind for kind in BOT_KINDS if kind not in NEEDS or NEEDS[kind](game)]


class UnknownBot(TapeteError):
    code = "unknown_bot"


def make_bot(kind: str, game: Game, seed: int) -> Bot:
    """A fresh bot of `kind` for one seat, with its own RNG: a named kind, or a
    researcher's own class given as `module:Class` (constructed as `Class(game, rng)`)."""
    factory = BOT_KINDS.get(kind)
    if factory is None and ":" in kind:
        factory = imported_bot(kind)
    if factory is None:
        known = ", ".join(BOT_KINDS)
        raise UnknownBot(
            f"Bot desconocido: {kind!r}. Bots: {known}, o módulo:Clase.",
            f"Unknown bot: {kind!r}. Bots: {known}, or module:Class.",
        )
    return factory(game, random.Random(seed))


def imported_bot(spec: str) -> Callable[[Game, random.Random], Bot]:
    """The class `module:Class` names, checked to be a Bot (UnknownBot otherwise)."""
    module_name, _, class_name = spec.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError, ValueError) as err:
        raise UnknownBot(
            f"No se puede importar el bot {spec!r}: {err}.",
            f"Cannot import the bot {spec!r}: {err}.",
        ) from None
    if not (isinstance(found, type) and issubclass(found, Bot)):
        raise UnknownBot(
            f"{spec!r} no es una clase de bot (tapete.engine.Bot).",
            f"{spec!r} is not a bot class (tapete.engine.Bot).",
        )
    return found


__all__ = [
    "BOT_KINDS",
    "ISMCTSBot",
    "LearnedBot",
    "PolicyImprovementBot",
    "RandomBot",
    "UnknownBot",
    "kinds_for",
    "make_bot",
]
