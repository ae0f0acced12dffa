"""The end of a Bacan round and of the match: reveal, total, score,
eliminate (BAC-24..29, BAC-4..6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine import Event

from .cards import FACE, VALUE
from .common import BACAN_MAX, ev
from .phases import DEAL, OVER

if TYPE_CHECKING:
    from .rules import BacanState


def end_round(state: BacanState, caller: int, events: list[Event]) -> None:
    """BAC-24..28 (a call) or BAC-15 (nothing left to draw, caller -1):
    reveal every row, total it, score, then BAC-29."""
    seats = state._seats_in_play()
    if state.held >= 0:
        state._to_discard(state.held)
        state.held = -1
    known, moved, public, rows = state.known, state.moved, state.public, state.rows
    totals: list[int | None] = [None] * state.num_players
    for s in seats:
        for card in rows[s]:
            known[card] = public
            moved[card] = 0
        totals[s] = state.row_total(s)
    state.revealed = True
    state.phase = DEAL  # until _check_match_end says otherwise
    deltas = totals[:]
    penalty_card = -1
    if caller < 0:
        result = "exhausted"
    elif state.is_super_bacan(caller):
        result = "super_bacan"
        deltas = [0 if t is not None else None for t in totals]
    else:
        mine = state.row_total(caller)
        if mine > BACAN_MAX:
            result = "failed"
            penalty_card = state._draw_card(events)
            if penalty_card >= 0:
                state._to_discard(penalty_card)
            deltas[caller] = mine + (VALUE[penalty_card] if penalty_card >= 0 else 0)
        elif all(mine < state.row_total(s) for s in seats if s != caller):
            result = "success"
            deltas[caller] = -5
        else:
            result = "tied"
    scores = state.scores
    for s in seats:
        scores[s] += deltas[s] or 0
    penalty_value = None if result != "failed" else VALUE[penalty_card] if penalty_card >= 0 else 0
    state.last_round = {
        "round": state.round,
        "caller": caller if caller >= 0 else None,
        "result": result,
        "totals": totals,
        "deltas": deltas,
        "penalty_value": penalty_value,
    }
    events.append(
        Event(
            "round_end",
            {
                "round": state.round,
                "caller": caller if caller >= 0 else None,
                "result": result,
                "rows": {str(s): list(map(FACE.__getitem__, rows[s])) for s in seats},
                "totals": {str(s): totals[s] for s in seats},
                "deltas": {str(s): deltas[s] for s in seats},
                "penalty_card": FACE[penalty_card] if penalty_card >= 0 else None,
                "scores": scores[:],
            },
        )
    )
    if result == "super_bacan":
        finish(state, (caller,), events)
        return
    check_match_end(state, seats, events)


def check_match_end(state: BacanState, seats: list[int], events: list[Event]) -> None:
    """BAC-4..6, BAC-29: anti-Bacan, eliminations, the last one standing."""
    limit = state.options.limit
    if state.options.anti_bacan:
        exact = tuple(s for s in seats if state.scores[s] == limit)
        if exact:
            finish(state, exact, events)
            return
    out = [s for s in seats if state.scores[s] >= limit]
    if out:
        for s in out:
            state.in_play[s] = False
        events.append(ev("eliminated", seats=out))
    left = [s for s in seats if state.in_play[s]]
    if len(left) == 1:
        finish(state, (left[0],), events)
    elif not left:  # BAC-5: the lowest score among them wins; ties share
        best = min(state.scores[s] for s in seats)
        finish(state, tuple(s for s in seats if state.scores[s] == best), events)
    else:
        state.dealer = state._next_in_play(state.dealer)
        state.current = state.dealer


def finish(state: BacanState, winners: tuple[int, ...], events: list[Event]) -> None:
    state.winners = winners
    state.phase = OVER
    events.append(ev("match_end", winners=list(winners), scores=list(state.scores)))
