"""WANTED: western duels, shootouts and gang fights with cards and dice."""

from .game import WantedGame

GAME = WantedGame()

__all__ = ["GAME"]
