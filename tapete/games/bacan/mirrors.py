"""Bacan's mirrors: claims on the live discard and the gift after an
espejo ajeno (BAC-21..23). Handlers of BacanState._apply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine import Event

from . import actions as act
from .cards import FACE
from .common import EXHAUSTED, HOLE, POINTS, ROW_FULL_PENALTY, ev
from .phases import GIVE, TURN
from .round_end import end_round

if TYPE_CHECKING:
    from .rules import BacanState


def mirror(state: BacanState, seat: int, slot: int, _b: int, events: list[Event]) -> bool:
    """BAC-21 espejo / autoespejo: discard one of your own slots onto the top."""
    return claim(state, seat, seat, slot, events)


def mirror_other(state: BacanState, seat: int, target: int, slot: int, events: list[Event]) -> bool:
    """BAC-21 espejo ajeno: discard another player's slot onto the top;
    then give them one of yours (the `give` step)."""
    return claim(state, seat, target, slot, events)


def claim(state: BacanState, seat: int, target: int, slot: int, events: list[Event]) -> bool:
    """BAC-22: judged against the top as it stands now. BAC-23: a wrong
    mirror shows the card to all, it stays, and the claimant takes a
    penalty card. True when no row changed size (no refresh needed)."""
    row = state.rows[target]
    card = row[slot]
    key = state._match_key
    ok = key[card] == key[state.discard[-1]]
    variant = "mirror" if target == seat else "mirror_other"
    if target == seat == state.last_discarder:
        variant = "self_mirror"
    if not ok:
        state.known[card] = state.public  # inlined _reveal: the commonest path in fast play
        state.moved[card] = 0
        own = state.rows[seat]
        if len(own) >= act.MAX_ROW:  # inlined _penalty: the common case in fast play
            state.penalty_points[seat] += ROW_FULL_PENALTY
            penalty = POINTS
        else:
            penalty = state._penalty(seat, events)
        data = {
            "seat": seat,
            "target": target,
            "slot": slot,
            "card": FACE[card],
            "ok": False,
            "variant": variant,
            "penalty_slot": penalty if penalty >= 0 else None,
            "penalty_points": ROW_FULL_PENALTY if penalty == POINTS else 0,
        }
        events.append(Event("mirror", data))
        if penalty == EXHAUSTED:
            end_round(state, -1, events)
        return penalty == POINTS
    events.append(
        Event(
            "mirror",
            {
                "seat": seat,
                "target": target,
                "slot": slot,
                "card": FACE[card],
                "ok": True,
                "variant": variant,
                "penalty_slot": None,
                "penalty_points": 0,
            },
        )
    )
    state._to_discard(card)
    if target == seat:
        row.pop(slot)
        return False
    row[slot] = HOLE
    state.pending = (target, slot)
    state.claimant = seat
    state.phase = GIVE
    return False


def give(state: BacanState, seat: int, slot: int, _b: int, events: list[Event]) -> None:
    """BAC-21 espejo ajeno: give one of your slots, face down, into the emptied one."""
    target, hole = state.pending
    card = state.rows[seat].pop(slot)
    state.rows[target][hole] = card
    state._moved_by(seat, card)
    state.pending = (-1, -1)
    state.claimant = -1
    state.phase = TURN
    events.append(ev("give", seat=seat, slot=slot, target=target, to_slot=hole))
