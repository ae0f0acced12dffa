"""Buracco (Burako): rummy with 106 tiles, 2 players or 4 in partnerships."""

from .game import BuraccoGame

GAME = BuraccoGame()

__all__ = ["GAME", "BuraccoGame"]
