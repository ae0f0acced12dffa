"""What is legal now in WANTED: each phase's actions (WAN-4, WAN-9..WAN-11).
Functions of WantedState."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as act
from .phases import COMMIT, DEAL, DISCARD, LEADER

if TYPE_CHECKING:
    from .rules import WantedState


def legal_actions(state: WantedState, seat: int) -> list[int]:
    """The legal actions of `seat`, one of the actors, ascending."""
    phase = state.phase
    if phase == COMMIT:
        return list(state.hands[seat])  # hands are sorted; commit ids are card ids
    if phase == LEADER:
        return [act.LEADER_BASE + c for c in state.choices[seat]]
    if phase == DISCARD:
        return [act.DISCARD_BASE + c for c in sorted(state.table[seat])]
    if phase == DEAL:
        return [act.DEAL]
    return []
