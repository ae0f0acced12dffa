"""Bacan: memory and speed with 58 cards (rules/bacan.md, BAC-1..BAC-30)."""

from .game import RULES_VERSION, BacanGame

GAME = BacanGame()

__all__ = ["GAME", "RULES_VERSION", "BacanGame"]
