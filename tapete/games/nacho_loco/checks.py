"""What a Nacho Loco state must hold beyond its cards (`Game.state_problems`). Apart from
the position builder, which imports the game's instance: the game imports this."""

from __future__ import annotations

from .geometry import ORIGIN, cell_coords, neighbours
from .phases import PHASES
from .rules import NachoLocoState


def problems(state: NachoLocoState) -> list[tuple[str, str]]:
    """What is wrong with a Nacho Loco state beyond its cards, as (es, en) sentences."""
    if state.phase not in PHASES:
        return [(f"Fase desconocida «{state.phase}».", f"Unknown phase '{state.phase}'.")]
    if not 0 <= state.turn < state.num_players:
        return [("El asiento en turno no existe.", "The seat on turn does not exist.")]
    cells = [cell for _, cell, _ in state.placed]
    if len(set(cells)) != len(cells):
        twice = next(cell_coords(c) for c in cells if cells.count(c) > 1)
        return [(f"Dos cartas en la celda {twice}.", f"Two cards in cell {twice}.")]
    if cells and cells[0] != ORIGIN:
        return [("La primera carta del campo está en (0,0).", "The field's first card lies at (0,0).")]
    for i, cell in enumerate(cells[1:], 1):  # the field grows card by card, each touching an earlier one
        if not any(across in cells[:i] for across, _ in neighbours(cell)):
            where = cell_coords(cell)
            return [
                (
                    f"La carta de la celda {where} no toca ninguna carta puesta antes.",
                    f"The card in cell {where} touches no card placed before it.",
                )
            ]
    if any(r not in (0, 1, 2) for _, _, r in state.placed):
        return [("Una carta está girada de un modo imposible.", "A card is turned in an impossible way.")]
    return []
