"""What is legal now in Boon: each phase's actions (BOO-4, BOO-5, BOO-7).
Functions of BoonState."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as act
from .cards import SUIT
from .phases import BID, BURY, PLAY, ROUND_OVER

if TYPE_CHECKING:
    from .rules import BoonState


def legal_actions(state: BoonState, seat: int) -> list[int]:
    """The legal actions of `seat`, the seat on turn, ascending."""
    phase = state.phase
    if phase == PLAY:
        hand = state.hands[seat]
        if state.trick:
            led = SUIT[state.trick[0]]
            follow = [act.PLAY_BASE + c for c in hand if SUIT[c] == led]
            if follow:
                return follow
        return [act.PLAY_BASE + c for c in hand]
    if phase == BID:
        return [act.PASS, act.TAKE]
    if phase == BURY:
        return [act.BURY_BASE + c for c in state.hands[seat]]
    if phase == ROUND_OVER:
        return [act.DEAL]
    return []
