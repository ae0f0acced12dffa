"""Nacho Loco: triangular three-segment matching cards, 2-6 players."""

from .game import NachoLocoGame

GAME = NachoLocoGame()
