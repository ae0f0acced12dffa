"""WANTED's house rules: the decisions tapete took beyond the printed rulebook."""

from __future__ import annotations

from tapete.engine.house_rules import HouseRule

HOUSE_RULES = (
    HouseRule(
        "Las cifras de las cartas (habilidad, a qué palo son fuertes o débiles, recompensa) son de tapete: las "
        "impresas se perdieron. Están hechas para que salgan los ejemplos del reglamento.",
        "The cards' figures (skill, which suit they are strong or weak against, reward) are tapete's: the "
        "printed ones are lost. They are made so that the rulebook's examples come out.",
    ),
    HouseRule(
        "Si en una batalla empatan los totales más altos, todas sus cartas salen del juego y nadie se lleva nada.",
        "If the highest totals of a battle tie, all its cards leave the game and nobody collects.",
    ),
    HouseRule(
        "Una partida de Pandillas dura un número fijo de repartos, de una batalla cada uno; gana la mayor "
        "suma de recompensas.",
        "A Pandillas match lasts a fixed number of deals, one battle each; the highest total of rewards wins.",
        "deals",
    ),
    HouseRule(
        "En Pandillas, un empate final se juega de nuevo con un reparto nuevo entre los empatados, hasta un "
        "máximo de veces; si siguen empatados, comparten la victoria.",
        "In Pandillas a final tie is played again with one fresh deal among the tied players, up to a number "
        "of times; still tied, they share the win.",
        "replays",
    ),
)
