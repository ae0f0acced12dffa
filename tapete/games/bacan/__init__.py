"""Bacan: memory and speed with 58 cards (rules/bacan.md, BAC-1..BAC-30)."""

from .game import BacanGame

GAME = BacanGame()

__all__ = ["GAME", "BacanGame"]
