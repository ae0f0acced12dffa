"""What one seat of a Boon match may see (the observer, apart from the rules).

A seat sees its own hand, the current trick and the last one, how many
tricks each seat has won, who passed and who took the Boon, and - if it is
the taker - the cards it buried. Others' hands, the Boon's contents and the
buried cards are absent. At the count, once a round is over, the buried
cards are shown to everyone (BOO-9); a Leaster's Boon stays face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FACES, REMOVED_FOR_THREE, SUIT, SUITS

if TYPE_CHECKING:
    from .rules import BoonState


def _played(cards: list[int], leader: int, n: int) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % n, "card": FACES[c]} for i, c in enumerate(cards)]


def view(state: BoonState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    over = state.phase == "over"
    data: dict[str, Any] = {
        "game": "boon",
        "seat": seat,
        "num_players": n,
        "phase": state.phase,
        "actors": list(state.actors()),
        "required": list(state.required_actors()),
        "round": state.round,
        "scores": list(state.victory),
        "over": over,
        "winners": list(state.winners()) if over else [],
        "dealer": state.dealer,
        "turn": None if over else state.turn,
        "hand": [FACES[c] for c in state.hands[seat]] if seat is not None else [],
        "hand_sizes": [len(h) for h in state.hands],
        "boon_size": state.boon_size,
        "passed": list(state.passed),
        "taker": state.taker if state.taker >= 0 else None,
        "leaster": state.leaster,
        "buried_count": len(state.buried),
        "leader": state.leader,
        "trick": _played(state.trick, state.leader, n),
        "led_suit": SUITS[SUIT[state.trick[0]]] if state.trick else None,
        "tricks_won": list(state.tricks_won),
        "last_trick": _last_trick(state),
        "last_result": _copy_result(state.last_result),
        "payouts": list(state.options.payout_table),
        "removed": [FACES[c] for c in REMOVED_FOR_THREE] if n == 3 else [],
    }
    if state.buried and not state.buried_hidden_from(seat):
        data["buried"] = [FACES[c] for c in state.buried]
    return data


def _copy_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last round's summary: flat numbers and lists of numbers (transfers nest one level)."""
    if result is None:
        return None
    copy = {k: v[:] if isinstance(v, list) else v for k, v in result.items()}
    copy["transfers"] = [t[:] for t in result["transfers"]]
    return copy


def _last_trick(state: BoonState) -> dict[str, Any] | None:
    if not state.last_trick:
        return None
    return {
        "leader": state.last_leader,
        "winner": state.last_winner,
        "cards": _played(state.last_trick, state.last_leader, state.num_players),
    }


def copy_json(value: Any) -> Any:
    """A copy of JSON-like data (lists, dicts, scalars) that shares nothing mutable."""
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    return value
