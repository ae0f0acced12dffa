"""A Bacan deal: how many cards everyone peeks at, the shuffle and the
deal (BAC-7, BAC-8), then the simultaneous peek. Handlers of BacanState._apply."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tapete.engine import ALONE, Event

from . import actions as act
from .cards import FACE, NUM_CARDS
from .phases import PEEK, TURN

if TYPE_CHECKING:
    from .rules import BacanState

# The slots a peek mask names (BAC-8).
PEEK_SLOTS = [[i for i in range(act.INITIAL_ROW) if m >> i & 1] for m in range(1 << act.INITIAL_ROW)]


def deal(state: BacanState, seat: int, count: int, _b: int, events: list[Event]) -> None:
    """BAC-7, BAC-8: collect, shuffle, deal 4 face down to each seat in play."""
    n = state.num_players
    deck = shuffled_deck(state)
    state.known = [0] * NUM_CARDS
    state.moved = [0] * NUM_CARDS
    state.spent = 0
    state.discard = []
    state.held = -1
    state.held_source = ""
    state.revealed = False
    state.penalty_points = [0] * n
    state.turns = [0] * n
    state.last_discarder = -1
    seats = state._seats_in_play()
    rows: list[list[int]] = [[] for _ in range(n)]
    for s in seats:
        rows[s] = deck[-act.INITIAL_ROW :]
        del deck[-act.INITIAL_ROW :]
    state.rows = rows
    state.deck = deck
    state.round += 1
    state.peek_n = count
    events.append(Event("deal", {"round": state.round, "dealer": seat, "peek": count, "seats": seats}))
    if 0 < count < act.INITIAL_ROW:
        state.phase = PEEK
        state.peek_pending = sum(1 << s for s in seats)
        return
    if count == act.INITIAL_ROW:  # no choice to make: everyone sees their whole row
        for s in seats:
            peek(state, s, (1 << act.INITIAL_ROW) - 1, 0, events)
    start_play(state)


def shuffled_deck(state: BacanState) -> list[int]:
    """All 58 cards in a uniformly random order. One draw from the
    state's Rng seeds a generator whose random sort keys give the order:
    the same law as a shuffle at a fraction of its cost (deals are
    frequent in fast play)."""
    order = random.Random(state.rng.randint(0, (1 << 63) - 1))
    keys = [order.random() for _ in range(NUM_CARDS)]
    return sorted(range(NUM_CARDS), key=keys.__getitem__)


def peek(state: BacanState, seat: int, mask: int, _b: int, events: list[Event]) -> None:
    """BAC-8: look privately at the chosen slots of your own row."""
    row = state.rows[seat]
    slots = PEEK_SLOTS[mask]
    bit = 1 << seat
    for i in slots:
        state.known[row[i]] |= bit
    events.append(Event("peek", {"seat": seat, "slots": slots[:], "cards": [FACE[row[i]] for i in slots]}, ALONE[seat]))
    state.peek_pending &= ~bit
    if state.phase == PEEK and not state.peek_pending:
        start_play(state)


def start_play(state: BacanState) -> None:
    """BAC-9: the player to the dealer's right plays first."""
    state.phase = TURN
    state.current = state._next_in_play(state.dealer)
