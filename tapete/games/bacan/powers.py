"""Bacan's powers: a comodín from the row (BAC-20), Secreto, Espía,
Intercambio and +1 (BAC-17..19). Handlers of BacanState._apply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine import ALONE, Event

from .cards import COMODIN, FACE, RANK
from .common import EXHAUSTED, NO_PENALTY, POINTS, ROW_FULL_PENALTY, ev
from .phases import DRAWN, EXCHANGE
from .round_end import end_round

if TYPE_CHECKING:
    from .rules import BacanState


def row_joker(state: BacanState, seat: int, slot: int, _b: int, events: list[Event]) -> None:
    """BAC-20: reveal a comodín of your row, instead of drawing, to use it.
    Ruling (BAC-20): any slot may be declared; if it is not a comodín with its
    power, it is shown to everyone, stays, and the seat takes a penalty
    card as for a wrong mirror (BAC-23); the turn goes on."""
    row = state.rows[seat]
    card = row[slot]
    state.known[card] = state.public  # shown to everyone, right or wrong
    state.moved[card] = 0
    if RANK[card] == COMODIN and not state.spent >> card & 1:
        row.pop(slot)
        state.held = card
        state.held_source = "row"
        state.phase = DRAWN
        events.append(ev("row_joker", seat=seat, slot=slot, card=FACE[card], ok=True, **NO_PENALTY))
        return
    penalty = state._penalty(seat, events)
    events.append(
        Event(
            "row_joker",
            {
                "seat": seat,
                "slot": slot,
                "card": FACE[card],
                "ok": False,
                "penalty_slot": penalty if penalty >= 0 else None,
                "penalty_points": ROW_FULL_PENALTY if penalty == POINTS else 0,
            },
        )
    )
    if penalty == EXHAUSTED:
        end_round(state, -1, events)


def secret(state: BacanState, seat: int, slot: int, _b: int, events: list[Event]) -> None:
    """BAC-17 Secreto: look at one of your own slots."""
    look(state, seat, seat, slot, "secret", events)


def spy(state: BacanState, seat: int, target: int, slot: int, events: list[Event]) -> None:
    """BAC-17 Espía: look at one slot of another player."""
    look(state, seat, target, slot, "spy", events)


def look(state: BacanState, seat: int, target: int, slot: int, power: str, events: list[Event]) -> None:
    card = state.rows[target][slot]
    state.known[card] |= 1 << seat
    state.moved[card] &= ~(1 << seat)
    used = use_held(state)
    events.append(ev("power", seat=seat, power=power, target=target, slot=slot, card=used))
    events.append(ev("look", ALONE[seat], seat=seat, target=target, slot=slot, card=FACE[card]))
    state._end_turn(seat)


def exchange(state: BacanState, seat: int, target: int, slot: int, events: list[Event]) -> None:
    """BAC-18 Intercambio: swap two slots of two different players,
    unseen. Picked in two steps: the first slot, then the second."""
    if state.phase == DRAWN:
        state._reveal(state.held)  # the power card is shown when used
        state.pending = (target, slot)
        state.phase = EXCHANGE
        events.append(ev("exchange_pick", seat=seat, target=target, slot=slot, card=FACE[state.held]))
        return
    first, first_slot = state.pending
    rows = state.rows
    rows[first][first_slot], rows[target][slot] = rows[target][slot], rows[first][first_slot]
    state._moved_by(seat, rows[first][first_slot])
    state._moved_by(seat, rows[target][slot])
    state.pending = (-1, -1)
    used = use_held(state)
    events.append(
        ev(
            "power",
            seat=seat,
            power="exchange",
            target=first,
            slot=first_slot,
            target2=target,
            slot2=slot,
            card=used,
        )
    )
    state._end_turn(seat)


def plus_one(state: BacanState, seat: int, target: int, _b: int, events: list[Event]) -> None:
    """BAC-19 +1: another player draws the deck's top card into a new slot, unseen."""
    state._reveal(state.held)
    card = state._draw_card(events)
    if card < 0:
        end_round(state, -1, events)
        return
    state.rows[target].append(card)
    used = use_held(state)
    events.append(ev("power", seat=seat, power="plus_one", target=target, slot=len(state.rows[target]) - 1, card=used))
    state._end_turn(seat)


def use_held(state: BacanState) -> str:
    """The used power card (or comodín, now spent) goes to the discard pile."""
    card = state.held
    if RANK[card] == COMODIN:
        state.spent |= 1 << card
    state._to_discard(card)
    state.held = -1
    return FACE[card]
