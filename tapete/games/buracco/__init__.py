"""Buracco (Burako): rummy with 106 tiles, 2 players or 4 in partnerships."""

from .game import RULES_VERSION, BuraccoGame

GAME = BuraccoGame()

__all__ = ["GAME", "RULES_VERSION", "BuraccoGame"]
