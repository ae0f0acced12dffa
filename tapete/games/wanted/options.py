"""WANTED options (the mode and the house rules) with the rulebook's defaults."""

from __future__ import annotations

from dataclasses import dataclass

from tapete.engine import option

DUELO, TIROTEO, PANDILLAS = "duelo", "tiroteo", "pandillas"
MODES: tuple[str, ...] = (DUELO, TIROTEO, PANDILLAS)

# Player counts per mode (WAN-5, WAN-7, WAN-9).
PLAYERS: dict[str, tuple[int, ...]] = {
    DUELO: (2,),
    TIROTEO: tuple(range(3, 11)),
    PANDILLAS: tuple(range(2, 11)),
}


@dataclass(frozen=True)
class Options:
    mode: str = option(
        DUELO,
        es="Modalidad",
        en="Mode",
        choices=MODES,
        choice_labels={DUELO: ("Duelo", "Duel"), TIROTEO: ("Tiroteo", "Shootout"), PANDILLAS: ("Pandillas", "Gangs")},
        help_es="Duelo (2 jugadores), Tiroteo (3 a 10) o Pandillas (2 a 10).",
        help_en="Duelo / duel (2 players), Tiroteo / shootout (3 to 10) or Pandillas / gangs (2 to 10).",
    )
    deals: int = option(
        3,
        es="Repartos en Pandillas (WAN-11)",
        en="Deals in Pandillas (WAN-11)",
        minimum=1,
        maximum=10,
        help_es="Cada reparto es una mano nueva de 5 cartas y una batalla de pandillas.",
        help_en="Each deal is a fresh hand of 5 cards and one gang battle.",
        only_when={"mode": (PANDILLAS,)},
    )
    replays: int = option(
        3,
        es="Desempates como máximo (WAN-12)",
        en="Tie-break replays at most (WAN-12)",
        minimum=0,
        maximum=10,
        help_es="Si tras estos desempates sigue el empate, los empatados comparten la victoria.",
        help_en="If still tied after these replays, the tied players share the win.",
    )
