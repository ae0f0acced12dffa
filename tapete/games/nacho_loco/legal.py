"""What is legal now in Nacho Loco: each phase's actions (NAC-3..NAC-16).
Functions of NachoLocoState."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as act
from .cards import CARD_DESIGN, NUM_DESIGNS
from .geometry import NO_FIT
from .phases import AGAIN, CHOOSE, DRAWN, PLAY, ROUND_OVER

if TYPE_CHECKING:
    from .rules import NachoLocoState

CELL_STRIDE = NUM_DESIGNS * 3  # place ids of one cell


def legal_actions(state: NachoLocoState, seat: int) -> list[int]:
    """The legal actions of `seat`, the seat on turn, ascending."""
    phase = state.phase
    if phase == PLAY:
        found = placements(state, {CARD_DESIGN[c] for c in state.hands[seat]})
        if found:
            return found
        return [act.DRAW] if state.pile or state.cleared else [act.PASS]
    if phase == DRAWN:
        return [*placements(state, {CARD_DESIGN[state.hands[seat][-1]]}), act.PASS]
    if phase == AGAIN:
        return [*placements(state, {CARD_DESIGN[c] for c in state.hands[seat]}), act.PASS]
    if phase == CHOOSE:
        return [act.TARGET + s for s in range(state.num_players) if s != seat]
    if phase == ROUND_OVER:
        return [act.NEXT_ROUND]
    return []


def placements(state: NachoLocoState, designs: set[int]) -> list[int]:
    """Every legal (cell, design, rotation) for these designs (NAC-3..5)."""
    table = state.table
    rows = table.rows_cache  # read directly: this loop is the hot path
    found: list[int] = []
    for slot, pattern in enumerate(state.field.open.values()):
        row = rows[pattern]
        if row is None:
            row = table.row(pattern)
        if row is NO_FIT:
            continue
        base = slot * CELL_STRIDE
        for design in designs:
            fitting = row[design]
            if fitting:
                found.extend([base + off for off in fitting])
    found.sort()
    return found
