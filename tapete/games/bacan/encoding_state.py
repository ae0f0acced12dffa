"""Bacan's observation written straight from a match's state (the encoder is encoding.py).

`write_from_state(state, seat, ...)` gives the numbers of
`BacanEncoder.write_observation(views.view(state, seat), out)` without building the view,
reading only what that view shows: the faces of the rows only where the view shows them
(revealed, or assisted memory and not moved since, BAC-10) and the held card only to a
seat that knows it. The conformance suite checks both equal, and blind to hidden cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.engine.encoding import cells

from .cards import FACE, NUM_CARDS
from .encoding_layout import (
    HELD_AT,
    OBS_AT,
    PENALTY_SCALE,
    PHASE_AT,
    RESULT_AT,
    ROUND_SCALE,
    SEATS,
    SHOWN_FIELDS,
    SOURCE_AT,
    TOP_AT,
    TOTAL_SCALE,
    TURNS_SCALE,
    VALUE_OF,
    VALUE_SCALE,
    R,
    clip,
)


def write_from_state(
    state: Any, me: int, n: int, rel: list[int], limit: float, fixed: list[float], out: np.ndarray
) -> None:
    """The observation of seat `me` (`rel`: each seat relative to it; `limit`: the match's
    score limit; `fixed`: the options' numbers) into `out` (zeros)."""
    o = OBS_AT
    cell = cells(out)
    discard = state.discard
    top = discard[-1] if discard else -1
    phase = state.phase
    ones = [o["players"] + n - 2, PHASE_AT[phase]]
    options = o["options"]
    for i, value in enumerate(fixed):
        cell[options + i] = value
    cell[o["round"]] = min(state.round, ROUND_SCALE) / ROUND_SCALE
    cell[o["piles"]] = len(state.deck) / NUM_CARDS
    cell[o["piles"] + 1] = len(discard) / NUM_CARDS
    current, held = state.current, state.held
    ones.append(o["dealer"] + rel[state.dealer])
    if phase in ("turn", "drawn", "exchange", "give"):
        ones.append(o["turn"] + rel[current])
    if held >= 0:
        ones.append(o["holding"] + rel[current])
        if state.known[held] >> me & 1:
            ones += (o["held"], HELD_AT[FACE[held]])
    if state.last_discarder >= 0:
        ones.append(o["last_discarder"] + rel[state.last_discarder])
    if state.claimant >= 0:
        ones.append(o["claimant"] + rel[state.claimant])
    if state.held_source:
        ones.append(SOURCE_AT[state.held_source])
    if top >= 0:
        ones += (o["top"], TOP_AT[FACE[top]])
        if state.spent >> top & 1:
            ones.append(o["top"] + 1)
        if phase == "turn":
            ones.append(o["window"])
    ones.append(o["peek_count"] + state.peek_n)
    pending_peeks = state.peek_pending
    for seat in range(n):
        if pending_peeks >> seat & 1:
            ones.append(o["peek_pending"] + rel[seat])
    pending = state.pending
    if pending[0] >= 0 and phase in ("exchange", "give"):
        name = "exchange_first" if phase == "exchange" else "hole"
        ones += (o[name] + rel[pending[0]], o[name] + SEATS + pending[1])
    revealed = state.revealed
    if revealed:
        ones.append(o["revealed"])
    limit = limit
    shown_base = o["shown"]
    seats_at = o["seats"]
    scores, rows, in_play = state.scores, state.rows, state.in_play
    penalty_points, turns = state.penalty_points, state.turns
    faces = revealed or state.options.memory == "assisted"
    known, moved = state.known, state.moved
    for seat, row in enumerate(rows):
        r = rel[seat]
        size = len(row)
        at = seats_at + r * 5
        if in_play[seat]:
            cell[at] = 1.0
        cell[at + 1] = size / R
        cell[at + 2] = min(penalty_points[seat] / PENALTY_SCALE, 2.0)
        cell[at + 3] = min(turns[seat] / TURNS_SCALE, 2.0)
        cell[at + 4] = clip(scores[seat] / limit)
        if size:
            start = shown_base + r * R * SHOWN_FIELDS
            ones += range(start, start + size * SHOWN_FIELDS, SHOWN_FIELDS)
            if faces:
                for slot, card in enumerate(row):
                    if card >= 0 and known[card] >> me & 1 and (revealed or not moved[card] >> me & 1):
                        ones.append(start + slot * SHOWN_FIELDS + 2)
                        cell[start + slot * SHOWN_FIELDS + 3] = VALUE_OF[FACE[card]] / VALUE_SCALE
    if pending[0] >= 0 and phase == "give":
        ones.append(shown_base + (rel[pending[0]] * R + pending[1]) * SHOWN_FIELDS + 1)
    last = state.last_round
    if last is not None:
        if last["caller"] is not None:
            ones.append(o["last_caller"] + rel[last["caller"]])
        ones.append(RESULT_AT[last["result"]])
        for seat, delta in enumerate(last["deltas"]):
            if delta is not None:
                cell[o["last_deltas"] + rel[seat]] = clip(delta / TOTAL_SCALE)
    for at in ones:
        cell[at] = 1.0
