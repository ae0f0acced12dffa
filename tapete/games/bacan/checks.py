"""What a Bacan state must hold beyond its cards (`Game.state_problems`). Apart from
the position builder, which imports the game's instance: the game imports this."""

from __future__ import annotations

from .actions import MAX_ROW
from .phases import PHASES
from .rules import BacanState

HELD_SOURCES = ("deck", "discard", "row")


def problems(state: BacanState) -> list[tuple[str, str]]:
    """What is wrong with a Bacan state beyond its cards, as (es, en) sentences."""
    n = state.num_players
    if state.phase not in PHASES:
        return [(f"Fase desconocida «{state.phase}».", f"Unknown phase '{state.phase}'.")]
    if not 0 <= state.current < n or not 0 <= state.dealer < n:
        return [("El asiento en turno o el que reparte no existe.", "The seat on turn or the dealer does not exist.")]
    if len(state.rows) != n or len(state.scores) != n:
        return [("Hace falta una fila y una puntuación por asiento.", "One row and one score per seat are needed.")]
    if any(len(row) > MAX_ROW for row in state.rows):
        return [(f"Una fila tiene más de {MAX_ROW} cartas.", f"A row holds more than {MAX_ROW} cards.")]
    if any(mask >> (n + 1) for mask in state.known):
        return [("Una carta la conoce un asiento que no existe.", "A card is known to a seat that does not exist.")]
    holding = state.phase in ("drawn", "exchange")
    if holding and (state.held < 0 or state.held_source not in HELD_SOURCES):
        return [
            (
                "En esta fase el jugador en turno sostiene una carta, y no la hay.",
                "In this phase the seat on turn holds a card, and there is none.",
            )
        ]
    if not holding and state.held >= 0:
        return [("Hay una carta sostenida fuera de su fase.", "A card is held outside the phases that hold one.")]
    holes = any(card < 0 for row in state.rows for card in row)
    if holes and state.phase != "give":
        return [("Una fila tiene un hueco fuera de la fase «give».", "A row has a hole outside phase 'give'.")]
    if state.phase in ("turn", "drawn") and not state.in_play[state.current]:
        return [("El asiento en turno ya no juega.", "The seat on turn is out of play.")]
    return []
