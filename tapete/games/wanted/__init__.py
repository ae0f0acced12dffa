"""WANTED: western duels, shootouts and gang fights with cards and dice."""

from .game import RULES_VERSION, WantedGame

GAME = WantedGame()

__all__ = ["GAME", "RULES_VERSION", "WantedGame"]
