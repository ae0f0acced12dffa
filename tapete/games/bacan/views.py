"""What one seat (or a spectator) may see of a Bacan match.

Row cards are shown by face only when the seat knows them and either the
rows are revealed (end of a round) or the memory option is `assisted` and
nobody else has moved the card since (BAC-10). In
`classic` memory a seat must remember what it saw: the peek arrives as a
private event that a client shows for a moment. The held card is shown to
whoever knows it (its drawer, or everyone when it came from the discard).

Every seat sees the same table but for three things: who it is, the faces
in the rows it may see, and the held card. So the views of a broadcast are
the table worked out once (`_table`) with those three filled in per seat
(`_seen`), and a view alone is the same with a table of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .cards import FACE

if TYPE_CHECKING:
    from .rules import BacanState


def view(state: BacanState, seat: int | None) -> dict[str, Any]:
    return _seen(state, seat, _table(state))


def views(state: BacanState, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """Each seat's `view`, sharing the parts every seat sees alike."""
    table = _table(state)
    return {seat: _seen(state, seat, table) for seat in seats}


def _seen(state: BacanState, seat: int | None, table: dict[str, Any]) -> dict[str, Any]:
    """`table` as `seat` sees it: its seat, the faces it may see, the held card if it knows it."""
    bit = state.num_players if seat is None else seat
    held = state.held
    out = dict(table)  # the same keys in the same order: filled in place
    out["seat"] = seat
    if state.revealed or state.options.memory == "assisted":  # else no face shows before the reveal
        out["rows"] = [{**row, "cards": _faces(state, s, bit)} for s, row in enumerate(table["rows"])]
    out["held"] = FACE[held] if held >= 0 and state.known[held] >> bit & 1 else None
    return out


def _faces(state: BacanState, row: int, bit: int) -> list[str | None]:
    """The faces of a row's cards that the seat of `bit` may see (None: not shown)."""
    known = state.known
    if state.revealed:
        return [FACE[c] if c >= 0 and known[c] >> bit & 1 else None for c in state.rows[row]]
    moved = state.moved  # assisted memory: what it knows, unless someone else moved it since
    return [FACE[c] if c >= 0 and known[c] >> bit & 1 and not moved[c] >> bit & 1 else None for c in state.rows[row]]


def _table(state: BacanState) -> dict[str, Any]:
    """A view's every key, as every seat sees it: the seat, the rows' faces and the held card
    not yet filled in (`_seen` fills them for each seat)."""
    n = state.num_players
    rows = [
        {
            "seat": s,
            "in_play": state.in_play[s],
            "size": len(state.rows[s]),
            "cards": [None] * len(state.rows[s]),
            "penalty_points": state.penalty_points[s],
            "turns": state.turns[s],
        }
        for s in range(n)
    ]
    held = state.held
    top = state.discard[-1] if state.discard else -1
    window = state.phase == "turn" and bool(state.discard)
    pending = list(state.pending) if state.pending[0] >= 0 else None
    return {
        "game": "bacan",
        "seat": None,
        "num_players": n,
        "phase": state.phase,
        "actors": list(state.actors()),
        "required": list(state.required_actors()),
        "round": state.round,
        "scores": list(state.scores),
        "over": state.is_terminal(),
        "winners": list(state.winners),
        "limit": state.options.limit,
        "memory": state.options.memory,
        "dealer": state.dealer,
        "turn": state.current if state.phase in ("turn", "drawn", "exchange", "give") else None,
        "in_play": list(state.in_play),
        "rows": rows,
        "deck": len(state.deck),
        "discard": len(state.discard),
        "discard_top": FACE[top] if top >= 0 else None,
        "discard_top_spent": bool(top >= 0 and state.spent >> top & 1),
        "window": window,
        "last_discarder": state.last_discarder if state.last_discarder >= 0 else None,
        "held": None,
        "holding": state.current if held >= 0 else None,
        "held_source": state.held_source or None,
        "peek_count": state.peek_n,
        "peek_pending": [s for s in range(n) if state.peek_pending >> s & 1],
        "exchange_first": pending if state.phase == "exchange" else None,
        "hole": pending if state.phase == "give" else None,
        "claimant": state.claimant if state.claimant >= 0 else None,
        "revealed": state.revealed,
        "last_round": state.last_round,
    }
