"""Boon: trick-taking for 3 or 4 players built on Sheepshead (rules/boon.md)."""

from .game import RULES_VERSION, BoonGame

GAME = BoonGame()

__all__ = ["GAME", "RULES_VERSION", "BoonGame"]
