"""Buracco options (house rules) with the rulebook's defaults.

BUR-4: `hand_size` is the number of tiles dealt to each player; 0 means the
rulebook's count for the table (12 with 2 players, 11 with 4).
BUR-23: `target` is the score that wins the match.
"""

from __future__ import annotations

from dataclasses import dataclass

from tapete.engine import option

STANDARD_HAND = {2: 12, 4: 11}


@dataclass(frozen=True)
class Options:
    hand_size: int = option(
        0,
        es="Fichas por jugador (BUR-4)",
        en="Tiles per player (BUR-4)",
        choices=(0, 9, 10, 11, 12, 13, 14, 15),
        help_es="0 = según la mesa: 12 con 2 jugadores, 11 con 4.",
        help_en="0 = by table: 12 with 2 players, 11 with 4.",
    )
    target: int = option(
        2000,
        es="Puntos para ganar (BUR-23)",
        en="Points to win (BUR-23)",
        minimum=100,
        maximum=20000,
        help_es="Gana el primer equipo que llega a este total.",
        help_en="The first side to reach this total wins.",
    )

    def tiles_per_player(self, num_players: int) -> int:
        return self.hand_size or STANDARD_HAND[num_players]
