"""Nacho Loco: triangular three-segment matching cards, 2-6 players."""

from .game import RULES_VERSION, NachoLocoGame

GAME = NachoLocoGame()

__all__ = ["GAME", "RULES_VERSION", "NachoLocoGame"]
