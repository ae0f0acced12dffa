"""What a WANTED state must hold beyond its cards (`Game.state_problems`). Apart from
the position builder, which imports the game's instance: the game imports this."""

from __future__ import annotations

from .phases import COMMIT, PHASES
from .rules import WantedState


def problems(state: WantedState) -> list[tuple[str, str]]:
    """What is wrong with a WANTED state beyond its cards, as (es, en) sentences."""
    if state.phase not in PHASES:
        return [(f"Fase desconocida «{state.phase}».", f"Unknown phase '{state.phase}'.")]
    if any(not 1 <= d <= 6 for d in state.rolls):
        return [("Un dado marca de 1 a 6.", "A die shows 1 to 6.")]
    if state.phase == COMMIT:
        waiting = tuple(s for s in state.participants if len(state.pending[s]) < state.per)
        if tuple(state.actors()) != waiting:
            return [
                (
                    "Eligen a la vez quienes no han comprometido su carta, y solo ellos.",
                    "The seats that have not committed choose at once, and only they.",
                )
            ]
        if len(state.rolls) < state.per * len(state.participants):
            return [("Faltan dados para la batalla.", "Dice are missing for the battle.")]
    return []
