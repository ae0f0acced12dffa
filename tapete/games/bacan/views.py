"""What one seat (or a spectator) may see of a Bacan match.

Row cards are shown by face only when the seat knows them and either the
rows are revealed (end of a round) or the memory option is `assisted` and
nobody else has moved the card since (BAC-10). In
`classic` memory a seat must remember what it saw: the peek arrives as a
private event that a client shows for a moment. The held card is shown to
whoever knows it (its drawer, or everyone when it came from the discard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FACE

if TYPE_CHECKING:
    from .rules import BacanState


def view(state: BacanState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    bit = n if seat is None else seat
    known, moved = state.known, state.moved
    revealed = state.revealed
    assisted = state.options.memory == "assisted"
    rows = []
    for s in range(n):
        cards: list[str | None] = []
        for card in state.rows[s]:
            if card < 0 or not known[card] >> bit & 1:
                cards.append(None)
            elif revealed or (assisted and not moved[card] >> bit & 1):
                cards.append(FACE[card])
            else:
                cards.append(None)
        rows.append(
            {
                "seat": s,
                "in_play": state.in_play[s],
                "size": len(cards),
                "cards": cards,
                "penalty_points": state.penalty_points[s],
                "turns": state.turns[s],
            }
        )
    held = state.held
    top = state.discard[-1] if state.discard else -1
    window = state.phase == "turn" and bool(state.discard)
    pending = list(state.pending) if state.pending[0] >= 0 else None
    return {
        "game": "bacan",
        "seat": seat,
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
        "held": FACE[held] if held >= 0 and known[held] >> bit & 1 else None,
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
