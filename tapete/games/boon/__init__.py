"""Boon: trick-taking for 3 or 4 players built on Sheepshead (rules/boon.md)."""

from .game import BoonGame

GAME = BoonGame()

__all__ = ["GAME", "BoonGame"]
