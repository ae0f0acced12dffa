"""What a Buracco state must hold beyond its cards (`Game.state_problems`). Apart from
the position builder, which imports the game's instance: the game imports this."""

from __future__ import annotations

from .cards import MUERTO_SIZE, WAITING
from .phases import MELD, PHASES
from .rules import BuraccoState


def problems(state: BuraccoState) -> list[tuple[str, str]]:
    """What is wrong with a Buracco state beyond its tiles, as (es, en) sentences."""
    n = state.num_players
    if state.phase not in PHASES:
        return [(f"Fase desconocida «{state.phase}».", f"Unknown phase '{state.phase}'.")]
    if not 0 <= state.turn < n or len(state.racks) != n:
        return [
            (
                "El asiento en turno no existe, o falta un atril.",
                "The seat on turn does not exist, or a rack is missing.",
            )
        ]
    for side in (0, 1):
        if state.muerto_state[side] == WAITING and len(state.muertos[side]) != MUERTO_SIZE:
            return [
                (
                    f"Un muerto que espera tiene {MUERTO_SIZE} fichas.",
                    f"A waiting muerto holds {MUERTO_SIZE} tiles.",
                )
            ]
        if state.muerto_state[side] != WAITING and state.muertos[side]:
            return [("Un muerto ya tomado no tiene fichas.", "A muerto already taken holds no tiles.")]
    if state.pending and state.phase != MELD:
        return [("Un juego a medio bajar fuera de la fase de bajar.", "A meld half laid outside the meld phase.")]
    return []
